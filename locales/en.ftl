# acey web client: English (the reference catalogue; every other language has the same ids).
# Move notation, position IDs and rule strings are never translated.
# $who is "you" when the sentence is about the reader, else "other" (with $name).

-acey-deucey = acey-deucey
-cube = doubling cube

## Page and header

page-title = acey · Acey-Deucey online
tagline = Acey-Deucey online
nav-players = Players
language-switch =
    .aria-label = Language
conn-reconnecting = reconnecting…
conn-banner = The connection is lost: reconnecting… The board waits until it is back.
conn-offline-intent = Not sent: the connection is down. Play it again once it is back.
conn-friend-needs-server = A game with a friend needs the connection: play the computer or on one screen until it is back.
conn-not-sent = Your last move did not reach the server before the connection broke: make it again.
clock-uncertain = Not connected: the clock may be behind the server's.
title-your-turn = (your turn)
notify-your-turn = Your turn: { $name } has played.
sound-on = Sounds on (click to mute)
sound-off = Sounds off (click to turn on)
settings-open =
    .title = Settings
    .aria-label = Settings
settings-title = Settings
settings-theme = Page
theme-system = as the system
theme-light = light
theme-dark = dark
settings-board = Board
board-theme-classic = classic green
board-theme-ocean = ocean blue
settings-speed = Animations
speed-0-5 = slow
speed-1 = normal
speed-2 = fast
speed-4 = fastest
settings-forced = Make forced plays by themselves
settings-confirm = Confirm a play by itself once no step is left
settings-close = Done

## Account

account-log-in = Log in
account-log-in-at = Log in at { $site }
account-log-out = Log out
account-name = Name
account-password = Password
account-new-password = New password
account-register = Register
account-change-password = Change password
account-close = Close
account-about = An account keeps your rating and your games. No email is needed: choose a name (2-20 letters, digits, _ or -) and a password of at least 8 characters.

## Home and lobby

home-play-online = Play online
home-your-name = Your name
home-your-name-input =
    .aria-label = your name
home-name-account = (your account)
home-name-guest = (guest)
home-play-offline = Play offline or with a friend
home-computer = Play the computer
home-computer-sub = Start now, nothing to set up
home-friend = Play a friend
home-friend-sub = Get a link to send; whoever opens it plays you
home-local = Same screen
home-local-sub = Two players on this device
home-about = Acey-Deucey is the backgammon variant of the US Navy: all fifteen checkers start off the board, and a roll of 1-2 lets you name any double and roll again. The rules follow the American preset unless you choose another.
home-cube-multiplies = The { -cube } multiplies it.
lobby-pools =
    .aria-label = quick pairing
lobby-cancel = Cancel
lobby-accept = Accept
lobby-seek-bot = Play the computer while you wait
lobby-open-challenges = Open challenges
lobby-no-challenges = No open challenges: make one, or press a quick-pairing button.
lobby-make-challenge = Make a challenge
lobby-create = Create
lobby-playing-now = Playing now
lobby-nobody-playing = Nobody is playing right now.
lobby-waiting =
    { $count ->
        [0] nobody waiting
        [one] { $count } waiting
       *[other] { $count } waiting
    }
lobby-online =
    { $count ->
        [one] { $count } player online
       *[other] { $count } players online
    }
lobby-looking = Looking for an opponent: { $pool }…
lobby-guest = { $name } (guest)
pool-american = American · single game
pool-american-match = American · 31-point match
pool-bgammon = bgammon.org rules · single game
pool-backgammon = Backgammon · 5-point match
col-player = Player
col-rating = Rating
col-rules = Rules
col-match = Match
col-clock = Clock
col-mode = Mode
col-result = Result
col-opponent = Opponent
col-points = Points
col-rated = Rated
col-date = Date
col-kind = Kind
col-games = Games

## Settings

setting-rules = Rules
setting-match = Match
setting-clock = Clock
setting-rated = Rated
setting-cube = Doubling cube
setting-on-device = On this device
    .title = Games against the computer and on one screen run in this browser, with or without a connection
setting-level = Computer level
clock-none = none
clock-per-turn-30 = 30 s a turn
clock-per-turn = { $seconds } s/turn
match-single = single game
match-points =
    { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
match-open = open session (no end)
mode-rated = rated
mode-casual = casual

## The rule presets (the rules explanation) and the computer's levels

preset-name-american = American
preset-name-bgammon = bgammon.org
preset-name-liberal-bearoff = Liberal bear-off
preset-name-old-navy = Old Navy
preset-name-britannica = Britannica
preset-name-backgammon = Backgammon
rules-option-doubling-cube-true = with the { -cube }
rules-option-doubling-cube-false = without the { -cube }
log-chosen = { $dice } chosen
preset-american = The default: the rules most sources agree on, as bkgm.com's American Acey-Deucey. All fifteen checkers start off the board; a 1-2 lets you name any double and roll again once it is played in full; a checker may bear off with a higher die when no checker is farther back.
preset-bgammon = What the bgammon.org server plays: a die-off starts every game, a roll again after any chosen double, and a checker bears off only with the exact number.
preset-liberal-bearoff = The old text taken literally: any checker may bear off when all your checkers are below the die's number.
preset-old-navy = Old folk rules: your first checker enters only with a double or a 1-2, all fifteen must enter before any moves on, doubles roll again, and bearing off needs the exact number.
preset-britannica = As the Britannica tells it: all fifteen enter before any moves on, you may hit only once you have a checker in your home board, and any checker may bear off with a higher die.
preset-backgammon = Standard backgammon: the usual starting position, gammons and backgammons, the { -cube }, and a die-off for the first roll.
level-beginner = Beginner: makes plenty of mistakes
level-casual = Casual: plays well, with some mistakes
level-intermediate = Intermediate: few mistakes
level-advanced = Advanced: the best move it sees at once; on a 1-2, or when the best moves are close, it looks one roll ahead
level-expert = Expert: looks one roll ahead
level-strongest = Strongest: looks two rolls ahead
level-name-beginner = beginner
level-name-casual = casual
level-name-intermediate = intermediate
level-name-advanced = advanced
level-name-expert = expert
level-name-strongest = strongest

## Scoring

scoring-checker-count-long = A game is worth 1 to 15 points: one for each of the loser's checkers not yet borne off. A match to 15 or more points lasts several games.
scoring-checker-count = a game is worth the loser's checkers not borne off
scoring-single-long = Every game won is worth 1 point.
scoring-single = a game is worth 1 point
scoring-gammon-backgammon-long = A game is worth 1 point, 2 for a gammon (the loser bore off none), 3 for a backgammon (and still has a checker in the winner's home board or on the bar).
scoring-gammon-backgammon = 1 point, 2 for a gammon, 3 for a backgammon

## Players

player-you = You
player-computer = Computer ({ $level })
player-friend = Friend
player-white = White
player-black = Black
player-you-mark = { $name } (you)
player-guest = { $name } (guest)
player-you-guest = { $name } (you, guest)
player-waiting = { $name } (waiting)
player-pips =
    { $pips ->
        [one] { $pips } pip
       *[other] { $pips } pips
    }
player-pips-title =
    .title = pip count
player-points-title =
    .title = points

## The game's status line

status-connecting = Connecting…
status-watching = Watching · { $text }
status-waiting-second = Waiting for the second player…
status-waiting-friend = Waiting for your friend to open the link…
status-your-move = Your move: { $dice }
status-your-move-acey = Your move: { $dice } — { -acey-deucey }!
status-your-move-chosen = Your move: { $dice } (the chosen double)
status-to-move = { $name } to move: { $dice }
status-to-move-acey = { $name } to move: { $dice } — { -acey-deucey }!
status-to-move-chosen = { $name } to move: { $dice } (the chosen double)
status-thinking = { $text } (thinking…)
status-confirm = Confirm your play, or undo.
status-name-double =
    { $who ->
        [you] You played 1-2 in full: name a double.
       *[other] { $name } played 1-2 in full: name a double.
    }
status-names-double = { $name } names a double…
status-roll = Roll.
status-roll-or-double = Roll, or offer the cube.
status-local-roll = { $name }: roll.
status-local-roll-or-double = { $name }: roll, or offer the cube.
status-to-roll = { $name } to roll
status-cube-offered-you = { $name } doubles to { $value }: take or drop?
status-cube-offered =
    { $who ->
        [you] You offered the cube at { $value }
       *[other] { $name } offered the cube at { $value }
    }
status-die-off = Rolling for who starts…
status-plays =
    { $who ->
        [you] You play { $dice }…
       *[other] { $name } plays { $dice }…
    }
status-rematch-waiting = Rematch offered: waiting for your friend.

## What just happened (notes and screen-reader announcements)

note-watching = You are watching this game.
note-watching-friend = You are watching. Both seats are taken. If this is your own game, open it in the browser you played it in, or with the "Play from another device" link that browser shows.
note-rolled =
    { $who ->
        [you] You rolled { $dice }.
       *[other] { $name } rolled { $dice }.
    }
note-no-play =
    { $who ->
        [you] You rolled { $dice }: no legal play.
       *[other] { $name } rolled { $dice }: no legal play.
    }
note-played = { $name }: { $notation }
note-named-double =
    { $who ->
        [you] You named { $value }-{ $value }.
       *[other] { $name } named { $value }-{ $value }.
    }
note-roll-again = Acey-deucey: roll again.
note-rolls-again = { $name } rolls again ({ -acey-deucey }).
note-rematch-offered = Rematch offered.
note-offers-rematch = { $name } offers a rematch.
note-you-declined = You declined the rematch.
note-declined = { $name } declined the rematch.
note-best = Best: { $notation }
note-no-hint = No play to hint.
note-chat = { $name }: { $text }
note-chat-watching = { $name } (watching):
note-point = point { $point }
note-point-checkers =
    { $count ->
        [one] point { $point } ({ $count } checker)
       *[other] point { $point } ({ $count } checkers)
    }
note-start = start
note-bar = the bar
note-off = off
note-to = To { $place }
note-chosen = { $place } chosen
note-chosen-to = { $place } chosen; to { $to }

## Game over

over-won =
    { $who ->
        [you] You won { $points }
       *[other] { $name } won { $points }
    }
over-match =
    { $who ->
        [you] You won the match { $mine }-{ $theirs }.
       *[other] { $name } won the match { $mine }-{ $theirs }.
    }
over-score-of = Score { $white }-{ $black } of { $match }.
over-score = Score { $white }-{ $black }.
over-dropped =
    { $points ->
        [one] { $points } point: the cube was dropped.
       *[other] { $points } points: the cube was dropped.
    }
# $how is "resigned" or "played"; $cube is 1 without a cube.
over-checkers =
    { $points ->
        [one] { $points } point
       *[other] { $points } points
    }{ $how ->
        [resigned] {" "}by resignation
       *[played] {""}
    }{ $cube ->
        [1] {""}
       *[other] {" "}({ $base } × cube { $cube })
    }: { $base } of { $loser ->
        [you] your checkers
       *[other] { $name }'s checkers
    } { $base ->
        [one] was
       *[other] were
    } not borne off.
over-gammon =
    { $kind ->
        [backgammon] a backgammon
        [gammon] a gammon
       *[single] a single game
    }{ $how ->
        [resigned] {" "}by resignation
       *[played] {""}
    }, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }{ $cube ->
        [1] {""}
       *[other] {" "}(cube { $cube })
    }.
over-single =
    { $points ->
        [one] { $points } point
       *[other] { $points } points
    }{ $how ->
        [resigned] {" "}by resignation
       *[played] {""}
    }{ $cube ->
        [1] {""}
       *[other] {" "}({ $base } × cube { $cube })
    }.

## Game screen: buttons, panel, offers

board =
    .aria-label = Board. Arrow keys go to the next checker that can move or, once one is chosen, the next destination; Enter chooses; Backspace takes back; Enter confirms; h hint; r roll; d double; y take; n drop or next game; f flip; ? keys
game-name-double = Name your double:
button-undo = Undo
button-confirm = Confirm
button-roll = Roll
button-double = Double
button-take = Take
button-drop = Drop
button-next-game = Next game
button-hint = Hint
button-takeback = Take back
button-keys = Keys
    .title = Keyboard keys
button-copy = Copy
button-claim = Claim the win
button-resign = Resign
button-rematch = Rematch
button-offer-rematch = Offer rematch
button-rematch-offered = Rematch offered…
button-accept = Accept
button-decline = Decline
button-download = Download record
button-replay = Replay
button-analyse = Analyse this game
button-flip = Flip
    .title = Turn the board
keys-title = Keys
keys-text = (click the board first): ←/→ next checker that can move, or next destination once one is chosen · Enter or Space choose · Backspace let go, or take back the last step · Enter confirm · 1–6 name a double · h hint · r roll · d double · y take · n drop / next game · f flip the board
game-send-link = Send this link to your friend:
game-invite-link =
    .aria-label = invite link
game-paired-waiting = Your opponent from quick pairing is waiting.
game-paired-go = Go to that game
game-moves = Moves
game-number = Game { $number }
game-other-device = Play from another device
game-other-device-text = Your seat is kept by this browser. To go on from another device, open this link there (keep it to yourself: whoever opens it plays your seat):
game-seat-link =
    .aria-label = your seat link
game-hints-head = Best plays (expected points) — click one to see it on the board:
game-no-move = (no move)
game-away-clock = { $name } left the game; their clock keeps running.
game-away-since = { $name } left the game { $seconds } s ago.
game-away-claim-in = { $name } left the game. You can claim the win in { $seconds } s if they do not come back.
game-away = { $name } left the game.
# At a rated game's end: each player's new rating ($rating0, "1512" or "1512?" while
# provisional) and its change ($change0, "+12" or "−12").
game-rated = New ratings: { $name0 } { $rating0 } ({ $change0 }), { $name1 } { $rating1 } ({ $change1 }).
# Why a game offered as rated moves no rating; $reason is "too_short", "same_address",
# "pair_limit" or "other".
game-unrated =
    { $reason ->
        [too_short] Not rated: the game ended before each player had made two moves.
        [same_address] Not rated: both players' accounts have been seen on one network.
        [pair_limit] Not rated: these two players have already played three rated games today.
       *[other] Not rated.
    }
game-resign = Resign this game?
game-resign-cost =
    { $who ->
        [you]
            { $points ->
                [one] Resign? You score { $points } point.
               *[other] Resign? You score { $points } points.
            }
       *[other]
            { $points ->
                [one] Resign? { $name } scores { $points } point.
               *[other] Resign? { $name } scores { $points } points.
            }
    }
# The rules line under the panel: the parts joined with " · ".
rules-line = Rules: { $rules }
rules-single-game = single game
rules-match-to = match to { $match }
rules-open-session = open session
rules-clock = clock { $clock }
rules-takebacks =
    { $count ->
        [one] one play taken back
       *[other] { $count } plays taken back
    }

## Chat

chat-title = Chat
chat-message =
    .aria-label = chat message
    .placeholder = Say something
chat-say-opponent = To your opponent
chat-say-spectators = To the spectators
chat-send = Send
chat-hide = Hide the spectators' chat

## Errors the server reports, by code (its own English text is shown only for an unknown code)

error-malformed = The server did not understand the message.
error-too_large = The message is too long.
error-rate_limited = Too many messages too fast: wait a moment.
error-version = This page is out of date: reload it.
error-not_found = No such game.
error-not_joined = Not in this game yet.
error-not_your_turn = It is not your turn.
error-illegal = That move is not allowed now.
error-bad_settings = Those settings are not allowed.
error-unavailable = The server could not save that; nothing changed. Try again.
error-too_long = This game has reached the most moves a game may hold.
error-forbidden = That is not allowed: a rated game needs an account, and a win can be claimed only after the opponent has been away long enough.
error-name_taken = That name belongs to an account, or looks like another player's: log in to use it, or choose another.
error-gone = That challenge is gone: taken, cancelled, or its player left.
error-bad_name = That name cannot be used: 2-20 letters of one script, digits, _ or -, with nothing invisible.

## Other screens

missing-title = No such game
missing-text = This link does not lead to a game: it may be mistyped, or the game was never started.
missing-home = Go to the home page
profile-chart =
    .aria-label = rating history
profile-recent = Recent games
profile-none = No finished games yet.
leaders-title = Players
leaders-acey = Acey-deucey
leaders-backgammon = Backgammon
leaders-none = No established ratings yet: a rating is listed after a few rated games.
replay-board =
    .aria-label = board
replay-first = «
    .title = Start
    .aria-label = Start
replay-prev = ‹
    .title = Back one play
    .aria-label = Back
replay-slider =
    .aria-label = play
replay-next = ›
    .title = Forward one play
    .aria-label = Forward
replay-last = »
    .title = End
    .aria-label = End
replay-flip = Flip
    .title = Turn the board: see the game from the other side
analysis-title = Analysis
analysis-graph =
    .aria-label = White's winning chances before each roll, with the marked decisions
analysis-graph-help = White's winning chances before each roll; a mark is a decision that lost equity (?! doubtful, ? bad, ?? very bad). Click one, or a move, to see it.

## Accounts: why the server refused (by HTTP status)

account-error-400 = That name or password does not fit: a name of 2-20 letters of one script, digits, _ or -, with nothing invisible, and a password of at least 8 characters.
account-error-401 = Wrong name or password.
account-error-409 = That name is taken: choose another.
account-error-429 = Too many tries: wait a minute.
account-error = Refused ({ $status }).

## The board's trays

tray-start = start
tray-off = off

## Replay

replay-white-person = White (person)
replay-black-person = Black (person)
replay-loading = Loading…
replay-load-failed = Could not load the game: { $error }
# $side is "white" or "black": the side the board is seen from.
replay-decision-alt = Decision { $number }: { $name } { $play } · seen from { $side ->
        [white] White
       *[black] Black
    }
replay-decision-alt-played = Decision { $number }: { $name } { $play } (played) · seen from { $side ->
        [white] White
       *[black] Black
    }
# $kind is "play" (with $dice) or "cube".
replay-decision = Decision { $number }: { $name } { $kind ->
        [play] to play { $dice }
       *[cube] at the cube
    } · played { $played } · seen from { $side ->
        [white] White
       *[black] Black
    }
replay-frame = Play { $number } of { $count }: { $what } · pips { $white }–{ $black } · score { $whiteScore }–{ $blackScore } · seen from { $side ->
        [white] White
       *[black] Black
    }
replay-start = start
replay-die-off = die-off { $white } against { $black }
replay-roll = roll { $dice }
replay-names = names { $value }-{ $value }
replay-resigns = { $name } resigns
replay-forfeits = { $name } forfeits
replay-next-game = next game
replay-double = double
replay-take = take
replay-drop = drop
replay-play = Play
    .title = Play
replay-pause = Pause

## Analysis

analysis-asking = Asking the server…
analysis-progress = Analysing: { $done } of { $total } decisions
analysis-failed = The analysis failed: { $error }
analysis-mark-doubtful = doubtful
analysis-mark-bad = bad
analysis-mark-very_bad = very bad
analysis-decisions = Decisions
analysis-error-rate = Error rate
analysis-luck = Luck
analysis-judged = Judged at { $plies }-ply by the { $level } level. Decisions: unforced (all). Error rate: points lost per unforced decision. Rating: 0 is perfect play.
analysis-no-marks = No decision is marked: both sides played as the bot would.
analysis-cube = cube: { $played }
analysis-cube-answer = cube answer: { $played }
analysis-action-double = double
analysis-action-no-double = no double
analysis-action-take = take
analysis-action-drop = drop
analysis-to-play = { $name } to play { $dice }
analysis-to-play-forced = { $name } to play { $dice } (forced)
analysis-double-or-roll = { $name }: double or roll (cube { $cube })
analysis-take-or-drop = { $name }: take or drop (cube { $cube })
analysis-verdict-marked = { $mark }: played { $played }, best { $best }, { $lost } points
analysis-forced = Forced: { $played }
analysis-played-lost = Played { $played }, best { $best } ({ $lost })
analysis-played-best = Played { $played }: the best
analysis-roll-luck = Luck of the roll: { $luck } points.
analysis-alt-played = { $play } (played)

## Player pages

# $family is "acey-deucey" or "backgammon", $kind "game" or "match".
profile-rating-name = { $family ->
        [backgammon] Backgammon
       *[acey-deucey] Acey-deucey
    } { $kind ->
        [match] matches
       *[game] single games
    }
profile-rating =
    { $games ->
        [one] { $name }: { $rating } (±{ $deviation }, { $games } game)
       *[other] { $name }: { $rating } (±{ $deviation }, { $games } games)
    }
profile-not-rated = Not rated yet.
profile-no-player = No such player.
profile-won = won
profile-lost = lost
profile-replay = replay
profile-on-device = on a device
profile-kind = { $kind ->
        [match] matches
       *[game] single games
    }

## The terminal (acey play): full screen, --plain and --online
# $who is "you" (the person playing the computer), "bot" (the computer), or "other" (a player
# named by $name: X or O between two people at one keyboard, a player's name online).
# Typed commands ('roll', 'resign yes') and keys (r, d, y, n) stay the same in every language.

term-name =
    { $who ->
        [you] you
        [bot] bot
       *[other] { $name }
    }
term-points =
    { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
term-die-off-again = Die-off: both roll { $die }; again.
term-die-off-starts =
    Die-off: X rolls { $x }, O rolls { $o }: { $who ->
        [you] you start
        [bot] bot starts
       *[other] { $name } starts
    }.
term-die-off-plays =
    Die-off: X rolls { $x }, O rolls { $o }: { $who ->
        [you] you start and play { $dice }
        [bot] bot starts and plays { $dice }
       *[other] { $name } starts and plays { $dice }
    }.
term-bot-doubles = The bot doubles to { $value }.
term-bot-takes = The bot takes the cube.
term-bot-drops = The bot drops the cube.
term-bot-no-plan = The bot has no plan; it takes the first choice.
term-bot-reconsiders = The bot reconsiders its play.
term-forced-play =
    Forced play for { $who ->
        [you] you
        [bot] bot
       *[other] { $name }
    }: { $play }
term-rolls =
    { $who ->
        [you] You roll { $dice }.
        [bot] Bot rolls { $dice }.
       *[other] { $name } rolls { $dice }.
    }
term-rolls-acey =
    { $who ->
        [you] You roll { $dice }: acey-deucey!
        [bot] Bot rolls { $dice }: acey-deucey!
       *[other] { $name } rolls { $dice }: acey-deucey!
    }
term-rolls-stuck =
    { $who ->
        [you] You roll { $dice } and cannot move.
        [bot] Bot rolls { $dice } and cannot move.
       *[other] { $name } rolls { $dice } and cannot move.
    }
term-step =
    { $who ->
        [you] You
        [bot] Bot
       *[other] { $name }
    }: { $step }
term-step-mirrored =
    { $who ->
        [you] You
        [bot] Bot
       *[other] { $name }
    }: { $step } (your side: { $mirrored })
term-played =
    { $who ->
        [you] You played { $play }.
        [bot] Bot played { $play }.
       *[other] { $name } played { $play }.
    }
term-named =
    { $who ->
        [you] You named { $value }-{ $value }.
        [bot] Bot named { $value }-{ $value }.
       *[other] { $name } named { $value }-{ $value }.
    }
term-takes-back =
    { $who ->
        [you] You take back a step.
        [bot] Bot takes back a step.
       *[other] { $name } takes back a step.
    }
term-err-bot-turn = It is the bot's turn.
term-err-wrong-phase = That cannot be done now.
term-err-bad-value = That value is not allowed.
term-err-no-offer = No resignation is offered.
# $level is "single", "gammon" or "backgammon".
term-err-not-an-offer =
    { $level ->
        [single] A single
        [gammon] A gammon
       *[backgammon] A backgammon
    } is not something to offer now: resigning costs { $cost }
# $level is what the points are worth: "single", "gammon", "backgammon", or "none" (checker count).
term-resign-cost =
    { $points ->
        [one] { $points } point
       *[other] { $points } points
    }{ $level ->
        [gammon] {", "}a gammon
        [backgammon] {", "}a backgammon
        [single] {", "}a single game
       *[none] {""}
    }
term-hint-double = double
term-hint-roll = roll without doubling
term-hint-take = take
term-hint-drop = drop
term-hint-verdict =
    { $action } ({ $verdict ->
        [no-double-take] not good enough to double yet
        [too-good] too good to double: play on for more
        [double-take] the answer should be a take
       *[double-pass] the answer should be a drop
    })
term-score = Score: { $x } { $xs }, { $o } { $os }
term-score-match = Score: { $x } { $xs }, { $o } { $os } (match to { $target })
term-final-score = Final score: { $x } { $xs }, { $o } { $os }
term-final-score-match = Final score: { $x } { $xs }, { $o } { $os } (match to { $target })
term-status-die-off = Die-off to decide who starts.
term-status-to-roll =
    { $who ->
        [you] You to roll.
        [bot] Bot to roll.
       *[other] { $name } to roll.
    }
term-status-doubled =
    { $who ->
        [you] You doubled
        [bot] Bot doubled
       *[other] { $name } doubled
    } to { $value }: { $taker ->
        [you] you
        [bot] bot
       *[other] { $taker_name }
    } to take or drop.
term-dice-done = none
term-status-to-play =
    { $who ->
        [you] You to play
        [bot] Bot to play
       *[other] { $name } to play
    } (dice left: { $dice }).
term-status-to-play-chosen =
    { $who ->
        [you] You to play
        [bot] Bot to play
       *[other] { $name } to play
    } the chosen { $double } (dice left: { $dice }).
term-status-to-play-acey =
    { $who ->
        [you] You to play
        [bot] Bot to play
       *[other] { $name } to play
    } the acey-deucey 1-2 (dice left: { $dice }).
term-status-name-double =
    { $who ->
        [you] You played
        [bot] Bot played
       *[other] { $name } played
    } the 1-2 in full: name a double (1-6).
# $how is why the points: "checkers" ($left of the loser's checkers not borne off, under
# checker-count scoring), "gammon", "backgammon", "played" (a single game), "resigned",
# "dropped" (the cube) or "forfeited"; $cube is the cube's value (1 without a cube).
term-status-won =
    { $who ->
        [you] You win
        [bot] Bot wins
       *[other] { $name } wins
    } { $points ->
        [one] { $points } point
       *[other] { $points } points
    }{ $how ->
        [checkers] {" "}({ $left ->
            [one] { $left } checker not borne off
           *[other] { $left } checkers not borne off
        })
        [gammon] {" "}(a gammon)
        [backgammon] {" "}(a backgammon)
        [resigned] {" "}by resignation
        [dropped] {" "}(cube dropped)
        [forfeited] {" "}by forfeit
       *[played] {""}
    }{ $cube ->
        [1] {""}
       *[other] , cube at { $cube }
    }.
term-status-won-match =
    { $who ->
        [you] You win the match.
        [bot] Bot wins the match.
       *[other] { $name } wins the match.
    }

## The terminal's line mode (acey play --plain)

term-plain-intro-bot = acey: you play { $mark } against the bot ({ $level }), rules { $rules }. Type 'help' for commands.
term-plain-intro-people = acey: X against O at one keyboard, rules { $rules }. Type 'help' for commands.
term-plain-help =
    Commands:
      13/7 8/7      a whole play in notation (also bar/22, in/19(4), 24/13, 6/off)
      13/7          one step of the play; then more steps, 'undo', and 'ok' to confirm
      1..6          the double to name after a fully played 1-2
      plays         list the legal plays (or doubles), numbered
      play N        make play N of that list (or name double N of it)
      hint          the bot's ranked suggestions
      best          do what the bot suggests first
      undo          take back the last step
      ok            confirm a play entered step by step
      roll, double, take, drop   roll, or use the doubling cube (when the rules have one)
      resign        say what resigning costs now; 'resign yes' resigns
      resign single offer a single (or 'resign gammon') when more is at stake, with gammons;
                    the bot accepts or declines, a second person types 'accept' or 'decline'
      rematch       after a game: the next game (a new match once a match is decided)
      analyse       after a game: judge it (acey analyse at 1-ply): summary and marked plays
      board         draw the board
      position      describe the position
      auto on|off   make forced plays automatically
      quit          save and stop (end of input does the same)
term-saved = Game saved to { $path }.
term-save-failed = Could not save the game: { $error }
term-prompt-game-over = game over: type 'rematch' for another game, 'analyse' to judge this one, or 'quit'
term-prompt-offer =
    { $taker }: { $name } offers to resign { $level ->
        [single] a single game
        [gammon] a gammon
       *[backgammon] a backgammon
    }: 'accept' or 'decline'
term-prompt-waiting = waiting
term-prompt-roll =
    { $who ->
        [you] You
        [bot] Bot
       *[other] { $name }
    }: 'roll' or 'double'
term-prompt-take =
    { $who ->
        [you] You
        [bot] Bot
       *[other] { $name }
    }: 'take' or 'drop' the cube
term-prompt-name-double =
    { $who ->
        [you] You
        [bot] Bot
       *[other] { $name }
    }: name a double, 1 to 6
term-prompt-move =
    { $who ->
        [you] You to play
        [bot] Bot to play
       *[other] { $name } to play
    } { $dice }: type a play
term-prompt-move-chosen =
    { $who ->
        [you] You to play
        [bot] Bot to play
       *[other] { $name } to play
    } the chosen { $double }: type a play
term-prompt-complete =
    { $who ->
        [you] You
        [bot] Bot
       *[other] { $name }
    }: play { $play } complete: 'ok' to confirm or 'undo'
term-prompt-next-step =
    { $who ->
        [you] You
        [bot] Bot
       *[other] { $name }
    }: so far { $play }, dice left { $dice }: next step
term-position-head =
    Position (points numbered from { $who ->
        [you] your side
        [bot] the bot's side
       *[other] { $name }'s side
    }, { $name }):
term-position-cube-owner =
    {"  "}Cube: { $value }, { $who ->
        [you] you
        [bot] bot
       *[other] { $name }
    } may double next
term-position-cube-middle = {"  "}Cube: { $value }, in the middle
term-position-side = {"  "}{ $mark } { $name }: { $points } | { $start ->
        [none] {""}
       *[other] start { $start },{" "}
    }bar { $bar }, off { $off } | pips { $pips }
term-auto-on = Forced plays are made automatically.
term-auto-off = Forced plays are not made automatically.
term-new-game = A new game begins.
term-not-over-rematch = The game is not over: finish it or 'resign' first.
term-not-over-analyse = The game is not over: 'analyse' judges a finished game.
term-accepted = Accepted.
term-declined = Declined: play on.
term-offer-pending = A resignation is offered: 'accept' or 'decline'.
term-nothing-to-do = Nothing to do now: { $status }
term-nothing-to-do-over = Nothing to do now: the game is over ('rematch' or 'quit')
term-not-time-to-roll = It is not the time to roll.
term-no-hint = No hint for this decision.
term-no-suggestion = No suggestion for this decision.
term-so-far-plays = So far { $play }; the plays that finish it:
term-no-choice =
    There is no choice { $number }: 'plays' lists { $count ->
        [one] { $count } play
       *[other] { $count } plays
    }.
term-resign-offer-item =
    'resign { $level }' offers { $level ->
        [single] a single
        [gammon] a gammon
       *[backgammon] a backgammon
    } ({ $points ->
        [one] { $points } point
       *[other] { $points } points
    })
term-resign-costs =
    Resigning gives { $who ->
        [you] you
        [bot] the bot
       *[other] { $name }
    } { $cost }: type 'resign yes' to resign.
term-resign-costs-offers =
    Resigning gives { $who ->
        [you] you
        [bot] the bot
       *[other] { $name }
    } { $cost }: type 'resign yes' to resign; { $offers } instead, which { $who ->
        [you] you
        [bot] the bot
       *[other] { $name }
    } may decline.
term-bot-accepts-offer =
    The bot accepts the { $level ->
        [single] single
        [gammon] gammon
       *[backgammon] backgammon
    }.
term-bot-declines-offer-plain =
    The bot declines the { $level ->
        [single] single
        [gammon] gammon
       *[backgammon] backgammon
    }: play on, or 'resign yes' ({ $cost }).
term-offers-resign =
    { $name } offers to resign { $level ->
        [single] a single
        [gammon] a gammon
       *[backgammon] a backgammon
    }: { $taker }, 'accept' or 'decline'?
term-resign-unknown = 'resign { $word }': write 'resign yes', or 'resign single' / 'gammon' / 'backgammon'
term-named-short = Named { $value }-{ $value }.
term-doubles =
    { $who ->
        [you] You double to { $value }.
        [bot] Bot doubles to { $value }.
       *[other] { $name } doubles to { $value }.
    }
term-taken = Taken.
term-dropped = Dropped.
term-played-short = Played { $play }.

## The terminal: refusals of typed plays and commands

term-err-game-over = the game is over
term-err-nothing-to-play = nothing to play now
term-err-too-much = '{ $text }' has more than the turn holds: the play before it ends the turn
term-err-not-a-roll = '{ $label }' is not a roll
term-err-wrong-roll = '{ $label }' is not the roll being played: that is { $dice }
term-err-wrong-roll-chosen = '{ $label }' is not the roll being played: that is the chosen { $double }
term-err-empty-play = type a play such as 13/7 8/7, or one step such as 13/7
term-err-play-complete = the play is complete: confirm it or undo a step
term-err-not-next-step = '{ $text }' is not a legal next step; legal steps: { $legal }
term-err-double-not-allowed = { $value }-{ $value } cannot be named now; choose one of { $allowed }
term-err-not-a-double = '{ $text }' is not a double: name one with a number from 1 to 6
term-err-not-a-move = '{ $text }' is not a move: write a play such as 13/7 8/7, or one step such as 13/7
term-err-not-legal = '{ $text }' is not a legal play with these dice: 'plays' lists them
term-err-ambiguous = '{ $text }' could be more than one play: write every step

## The terminal: the analysis of the game just played

term-review-failed = The game cannot be analysed: { $error }
term-review-head = Game { $number } judged at { $plies }-ply by the { $level } level (acey analyse):
term-review-col-player = player
term-review-col-decisions = decisions
term-review-col-unforced = unforced
term-review-col-error-rate = error rate
term-review-col-luck = luck
term-review-col-rating = rating
term-review-no-marks = No decision is marked: nothing lost worth a doubtful mark.
term-review-marked = Marked decisions ({ $count }):
term-review-decision = { $name } { $dice } { $mark }: played { $played }
term-review-best = {"    "}best { $best }  (lost { $lost })

## The terminal's full screen: messages and the keys line
# The keys (r, d, y, n, h, A, q, Enter, Esc, ←/→) are the same in every language; the keys line
# (with "?: help   q: save and quit" after it) must fit in 80 columns.

term-analysing = Analysing the game...
term-analysis-failed = The analysis could not be worked out.
term-hint-failed = The hint could not be worked out.
term-thread-stopped = The bot's thread stopped; it now thinks in the foreground.
# $next is "game" (the next game) or "match" (a new match).
term-saved-next =
    Game saved to { $path }. Press n for { $next ->
        [match] a new match
       *[game] the next game
    }, q to quit.
term-key-offer =
    { $name } offers to resign { $level ->
        [single] a single
        [gammon] a gammon
       *[backgammon] a backgammon
    } ({ $points ->
        [one] { $points } point
       *[other] { $points } points
    }): { $taker }, accept? y / n
term-key-typing = Type a play (e.g. 13/7 8/7) and press Enter; Esc cancels.
term-key-confirm-resign =
    Resign this game and give { $who ->
        [you] you
        [bot] the bot
       *[other] { $name }
    } { $cost }? y / n
term-key-offer-item =
    { $number }: offer { $level ->
        [single] a single
        [gammon] a gammon
       *[backgammon] a backgammon
    } ({ $points })
term-key-resign-item = y: resign ({ $cost })
term-key-play-on = Esc: play on
term-key-help-close = Any key closes the help.
term-key-review = ↑/↓ PgUp/PgDn: scroll   Esc: close
term-key-over-analysing = Analysing the game...   n: next game / rematch
term-key-over = n: next game / rematch   A: analyse the game
term-key-name-double = Name a double: ←/→ and Enter, or press 1-6
term-key-roll = r: roll   d: double   h: hint
term-key-cube = y: take   n: drop   h: hint
term-key-complete = Enter: confirm   Backspace: undo
term-key-destination = ←/→: destination   Enter: move   Backspace: back
term-key-checker = ←/→: checker   Enter: choose   Backspace: undo   : type   h: hint
term-key-waiting = Waiting for the other side...
term-key-tail = ?: help   q: save and quit
term-not-resigned = Not resigned.
term-no-such-choice = No such choice: not resigned.
term-not-your-turn = Not your turn.
term-bot-declines-offer =
    The bot declines the { $level ->
        [single] single
        [gammon] gammon
       *[backgammon] backgammon
    }: play on, or resign outright.
term-auto-now-on = Forced plays are now made automatically.
term-auto-now-off = Forced plays are no longer made automatically.
term-position-id-line = Position ID { $id } (to analyse: { $command })
term-hint-own-turn = A hint is for your own turn.
term-step-taken-back = Step taken back.
term-nothing-to-undo = Nothing to undo.
term-log-game = - game { $number } -
term-play-confirmed = Play confirmed.
term-resigned = Resigned.
term-doubled = Doubled.
term-cube-taken = Cube taken.
term-cube-dropped = Cube dropped.
term-too-small = The terminal is { $width }x{ $height }; the board needs at least { $min_width }x{ $min_height }. Enlarge it, or play with --plain. Keys wait until the board shows (q quits).
# $bot is the bot's side: "x", "o" or "both" (for the languages whose words change with it).
term-title-bot =
    { $bot ->
       *[other] { $x } (X) vs { $o } (O)
    }, bot level { $level }
term-title-people = X vs O at one keyboard
term-title = {" "}acey · { $score } · game { $number } · { $players } · { $preset }
term-seen-from =
    {" "}seen from { $who ->
        [you] you
        [bot] bot
       *[other] { $name }
    } ({ $name }){" "}
term-dice-label = Dice:{" "}
term-pips = Pips: X { $x }  O { $o }
# $owner is "centred", "you", "bot" or "other" (X or O, as $name).
term-cube-line =
    Cube: { $value } ({ $owner ->
        [centred] centred
        [you] yours
        [bot] bot's
       *[other] { $name }'s
    })
term-forced-automatic = (forced plays automatic)
term-position-id = Position ID: { $id }   (i: how to analyse it)
term-gnubg-id = GNUbg ID: { $id }
term-bot-thinking = The bot is thinking...
term-hint-working = The bot is working out a hint...
term-hint-title = {" "}hint{" "}
term-hint-title-close = {" "}hint (Esc closes){" "}
term-log-title = {" "}game log{" "}
term-typing-line = play> { $text }_
term-double-label = Double:{" "}
term-help-title = {" "}keys{" "}
term-help =
    Moving
      ←/→ or Tab       go to the next checker (or destination)
      Enter / Space    choose the checker, then its destination
      Backspace        let go of the checker / take back a step
      Enter            confirm the play when no step is left
      : or a digit     type a play, e.g. 13/7 8/7, bar/22, in/19(4)
    After a full 1-2   ←/→ and Enter, or 1-6, names the double
    Other keys
      h  hint (plays or cube)    a  forced plays automatic on/off
      i  position ID and the acey hint/eval command for it
      f  flip the board          R  resign (says what it costs;
                                    with gammons: offer a single)
      r  roll   d  double (cube) y/n  take/drop
      n  next game / rematch     q, Ctrl-C  save and quit
      A  at game end: analyse the game just played
term-review-title = {" "}analysis, lines { $first }-{ $last } of { $count } (↑/↓ scroll, Esc closes){" "}
term-saved-continue = Game saved to { $path }. Continue it with: acey play --load { $path }
term-kept-unfinished = { $path } held an unfinished game: it is kept as { $kept }; continue it with: acey play --load { $kept }
term-interrupted = Interrupted. The game is saved in { $path }.
term-needs-terminal = the full-screen game needs a terminal: use --plain for pipes and scripts
# Beside the board and in its middle: at most 6 columns for start and off, 5 for the bar.
term-board-start = start
term-board-off = off
term-board-bar = BAR

## The terminal online (acey play --online): lobby, games, chat
# $rated is "rated" or "casual"; $clock is a time control such as 3+12, or "none"; $points is
# the match length (1 for a single game).

term-server-says = The server says: { $message } ({ $code }).
term-server-refused = The server refused: { $text }
term-online-label-you = { $mark } { $name } (you)
term-online-clock-running = { $label } { $time } (running)
term-online-clock-line = Clock { $control }: { $x }, { $o }
term-online-prompt-match-over = match over: 'rematch' to play again, 'leave' for the lobby, 'quit'
term-online-prompt-game-over = game over: 'next' starts the next game
term-online-prompt-watching = watching: 'say TEXT' to chat, 'leave' for the lobby
term-online-prompt-gone = waiting for { $name }, gone for { $time }: 'claim' claims the game after 2 minutes
term-online-prompt-waiting-for = waiting for { $name }
term-online-prompt-roll = your turn: 'roll' or 'double'
term-online-prompt-take = { $name } doubles to { $value }: 'take' or 'drop'
term-online-prompt-name-double = name a double: { $doubles }
term-online-prompt-move-bare = your move
term-online-prompt-move = your move { $dice }: type a play ('plays' lists them)
term-online-prompt-move-chosen = your move the chosen { $double } { $dice }: type a play ('plays' lists them)
term-online-prompt-complete = your play { $play } is complete: 'ok' to confirm or 'undo'
term-online-prompt-next-step = so far { $play }, dice left { $dice }: next step
term-online-prompt-seeking = waiting in the { $pool } pool ('cancel' to stop)
term-online-prompt-lobby = lobby: 'seek american', 'challenge', 'accept N', 'watch N', 'help'
term-online-position-head = Position (points numbered from { $name }'s side), game { $number }:
term-online-position-head-match = Position (points numbered from { $name }'s side), game { $number } of a match to { $target }:
term-online-position-side = {"  "}{ $label }: { $points } | { $start ->
        [none] {""}
       *[other] start { $start },{" "}
    }bar { $bar }, off { $off } | pips { $pips } | score { $score }
term-online-dice = {"  "}Dice: { $dice }
term-online-welcome = Welcome, { $name }. Type 'help' for commands.
term-online-welcome-guest = Welcome, { $name } (guest). Type 'help' for commands.
term-online-your-challenge = Your challenge: { $text }
term-online-new-challenge = New challenge: { $text }
term-online-accept-n = { $text } ('accept { $number }')
term-online-challenge-gone = Challenge { $id } is gone.
term-online-seeking = Waiting in the { $pool } pool for an opponent ('cancel' to stop).
term-online-paired = Paired: joining the game.
term-online-joined = Joined game { $game }: { $x } vs { $o }, { $rules }{ $terms }.
term-online-watching = You are watching.
term-online-plays = { $name } plays { $play }.
term-online-sits = { $name } sits at { $mark }.
term-online-rematch-begins = The rematch begins.
term-online-you-offer-rematch = You offer a rematch.
term-online-offers-rematch = { $name } offers a rematch: 'rematch' accepts, 'decline' declines.
term-online-declines-rematch = { $name } declines the rematch.
term-online-guest-name = Playing under a guest name the server gives instead.
term-online-back = { $name } is back.
term-online-here = { $name } is here.
term-online-no-play = No legal play: the turn passes.
term-online-lobby = Lobby: { $count } online.
term-online-pools = Quick pairing ('seek POOL' or 'seek N'):
term-online-pool = {"  "}{ $number }. { $id } { $rules }{ $terms }, clock { $clock }: { $waiting } waiting
term-online-no-challenges = Open challenges: none ('challenge' makes one).
term-online-challenges = Open challenges ('accept N'):
term-online-no-games = Games being played: none.
term-online-games = Games being played ('watch N'):
term-online-game =
    {"  "}{ $number }. { $x } vs { $o }, { $rules }{ $rated ->
        [rated] , rated
       *[casual] {""}
    } [{ $id }]
term-online-help =
    In the lobby:
      lobby                 show the lobby again
      seek POOL             quick pairing: american, american-match, bgammon or backgammon (or 1-4)
      challenge [RULES] [match N] [clock 3+12|30/turn] [rated]
                            offer a game to anyone (default: american, one game, no clock)
      accept N|ID           accept challenge N of the list
      cancel [ID]           withdraw your challenges and seek
      watch N|ID            watch game N of the games being played
      resume [N|GAME]       go back to an unfinished game of yours (listed on arrival)
    In a game:
      13/7 8/7              a whole play (also bar/22, in/19(4), 24/13, 6/off); 13/7 alone is one step
      plays, play N         list the legal plays; make play N of the list
      undo, ok              take back a step; confirm a play made step by step
      1..6                  the double to name after a fully played 1-2
      roll, double, take, drop   the cube, when the rules have one
      resign                say what resigning costs; 'resign yes' resigns
      next                  start the next game of a match
      rematch, decline      offer or accept a rematch; decline the other side's offer
      say TEXT              write in the game's chat
      claim                 claim the game of an opponent gone on their turn (games without clocks)
      board, clock          draw the board; show both clocks
      leave                 leave the game for the lobby
    Anywhere:
      help, quit
term-online-left = You left the game.
term-online-say-what = Say what? 'say good luck'
term-online-chat-in-game = Chat is in a game: join or watch one first.
term-online-lists-challenges = { $error } ('lobby' lists the challenges)
term-online-nothing-to-cancel = Nothing to cancel.
term-online-left-pool = You left the pool.
term-online-lists-games = { $error } ('lobby' lists the games)
term-online-not-lobby-command = '{ $text }' is not a lobby command: 'help' lists them
term-online-finish-first = Finish or 'leave' this game first.
term-online-seek-which = seek which pool? { $pools }
term-online-no-clock = This game has no clock.
term-online-only-players-resign = Only a player can resign.
term-online-resign-cost =
    Resigning now gives { $name } { $points ->
        [one] { $points } point
       *[other] { $points } points
    }: 'resign yes' to resign.
term-online-no-play-to-choose = No play to choose now.
term-online-no-play-n =
    There is no play { $number }: 'plays' lists { $count ->
        [one] { $count } play
       *[other] { $count } plays
    }.
term-online-not-your-move = '{ $text }' is not a command, and it is not your move: 'help' lists the commands
term-online-not-rebuilt = the play could not be rebuilt here: use 'plays' and 'play N'
term-online-not-a-command = '{ $text }' is not a command: 'help' lists them
term-online-die-off = Die-off: { $x } { $xd }, { $o } { $od }.
term-online-rolls = { $name } rolls { $dice }.
term-online-names = { $name } names { $value }-{ $value }.
term-online-doubles = { $name } doubles.
term-online-takes = { $name } takes: the cube is at { $value }.
term-online-drops = { $name } drops.
term-online-resigns = { $name } resigns.
term-online-time-ran-out = { $name }'s time ran out.
term-online-forfeits = { $name } forfeits.
term-online-game-begins = Game { $number } begins.
term-online-wins =
    { $name } wins { $points ->
        [one] { $points } point
       *[other] { $points } points
    }. Score: { $x } { $xs }, { $o } { $os }.
term-online-wins-match = { $name } wins the match.
term-online-chat = [chat] { $from }: { $text }
term-online-chat-spectators = [chat (spectators)] { $from }: { $text }
term-online-match =
    { $points ->
        [one] , one game
       *[other] , match to { $points }
    }
term-online-terms =
    { $points ->
        [one] , one game
       *[other] , match to { $points }
    }{ $clock ->
        [none] , no clock
       *[other] , clock { $clock }
    }{ $rated ->
        [rated] , rated
       *[casual] , casual
    }
term-online-challenge =
    { $name }{ $guest ->
        [yes] {" "}(guest)
       *[no] {""}
    } { $rating ->
        [none] unrated
       *[other] { $rating }
    }{ $terms }, { $rules }, { $clock ->
        [none] no clock
       *[other] clock { $clock }
    }, { $rated ->
        [rated] rated
       *[casual] casual
    } [{ $id }]
term-online-which-one = which one? give its number or id
term-online-no-number = there is no number { $number }
term-online-match-needs-length = 'match' needs a length: match 5
term-online-not-match-length = '{ $text }' is not a match length
term-online-clock-needs-control = 'clock' needs a time control: clock 3+12 or clock 30/turn
term-online-not-challenge-part = '{ $text }' is not part of a challenge: challenge [RULES] [match N] [clock 3+12] [rated]
term-online-connected = Connected to { $url }.
term-online-reconnecting = Connection lost ({ $reason }): reconnecting...
term-online-seek-lost = Your seek and challenges were withdrawn with the connection: make them again once it is back.
term-online-reconnected = Connected again.
term-online-kept = Your unfinished games on this server:
term-online-kept-game = {"  "}{ $number }. { $game }: X { $x } vs O { $o }, { $rules } (you are { $mark })
term-online-kept-how = Type 'resume N' to go back to one.
term-online-resuming = Going back to game { $game }...
term-online-intent-made = '{ $text }', sent as the connection dropped, was made.
term-online-intent-lost = '{ $text }' did not reach the server before the connection dropped: it was not made. Type it again.
term-online-resume-how = To come back to this game later: acey play --online { $url } --resume { $game }
term-online-seat-gone = Your seat in game { $game } is no longer yours (the game is over or gone): it is forgotten.
term-online-prompt-reconnecting = reconnecting to the server...
term-online-prompt-rejoining = back: rejoining...
term-online-not-sent = Not connected: '{ $text }' was not sent. Type it again once the connection is back.
term-online-nothing-kept = No unfinished game of yours is kept for this server.
term-online-nothing-kept-for = No seat is kept for game { $game } on this server.
term-online-title-reconnecting = { $me } (reconnecting...)
term-seats-nowhere = Warning: no HOME or XDG_DATA_HOME: seat tokens are kept only while acey runs.
term-seats-unreadable = Warning: the kept seats in { $file } could not be read ({ $reason }): starting with none.
term-seats-unwritable = Warning: the seat could not be kept in { $file } ({ $reason }): this game cannot be resumed after quitting.
term-online-interrupted = Interrupted: leaving.
term-online-bye = Bye.
term-online-connecting = connecting
term-online-title = {" "}acey online · { $me } · { $url } · { $count } online
term-online-keys-game = {" "}type a move or a command, Enter · / chat · 'help' · Esc clear · Ctrl-C quit
term-online-keys-lobby = {" "}1-4 seek a pool · c challenge · a accept · w watch · x cancel · 'help' · q quit
term-online-side =
    {"  "}score { $score }
    {"  "}pips { $pips }
    {"  "}off { $off }
term-online-gone = {"   "}gone for { $time }
term-online-side-dice = Dice { $dice }
term-online-side-cube = Cube { $value }
term-online-side-clock = Clock { $clock }
term-online-side-match = Match to { $points }
term-online-side-rated = Rated
term-online-side-casual = Casual
term-online-side-recent = Recent plays:
term-online-game-title = {" "}game{" "}
term-online-lobby-title = {" "}lobby{" "}
term-online-messages-title = {" "}messages{" "}
term-online-chat-title = {" "}messages and chat{" "}
term-online-needs-terminal = the full-screen client needs a terminal: use --plain for pipes and scripts

## The terminal's errors (acey play): arguments, saved games, connecting and logging in
# Printed after "error:" (term-error). $reason is the system's or a library's own words where
# no message here says it (a rule string's fault, a record line's fault, a network error).

term-error = error: { $message }
term-error-lang = --lang { $lang }: not a language acey play speaks; choose one of { $languages }
term-internal-error-game = the game stopped on an internal error (reported above)
term-internal-error-client = the client stopped on an internal error
term-error-match-zero = --match needs at least 1 point
term-error-side-vs-human = --side is for games against the bot: two people play both sides
term-error-level = unknown level '{ $level }': choose one of { $levels }
term-error-name = --name '{ $name }': a name is 2 to 20 letters, digits, _ or -
term-error-rules = --rules { $rules }: { $reason }
# Why a file or a connection failed; $detail is the system's text for any other reason.
term-io-error =
    { $kind ->
        [not-found] no such file or folder
        [permission-denied] permission denied
        [connection-refused] connection refused
        [timed-out] no answer in time
       *[other] { $detail }
    }
term-error-read = cannot read { $path }: { $reason }
term-error-not-a-record = { $path } is not a readable game record: line { $line }: { $reason }
term-error-action-refused = { $path }: action { $number } of the record is refused: { $reason }
term-error-in-file = in { $path }: { $reason }
term-error-seat = unknown seat '{ $seat }' in '{ $line }' (expected human or bot)
term-error-two-seats = '{ $line }': expected two seats, e.g. 'human bot'
term-error-not-a-number = '{ $line }' is not a number
term-error-create-folder = cannot create the folder { $folder }: { $reason }
term-error-write = cannot write { $path }: { $reason }
term-error-not-a-file =
    { $path } is { $kind ->
        [folder] a folder
        [fifo] a FIFO (named pipe)
        [device] a device
        [socket] a socket
       *[other] a special file
    }, not a regular file: games are saved only to a regular file or a new one
term-error-link-loop = { $path }: too many levels of symbolic links
term-error-cannot-keep = { $path } holds an unfinished game and cannot be moved to { $kept }: { $reason }
term-error-not-an-address = '{ $url }' is not an address acey can play at: give http://HOST:PORT or https://HOST
term-error-ipv6 = '{ $url }': an IPv6 address needs its closing ']'
term-error-no-host = '{ $url }' has no host name: give http://HOST:PORT
term-error-port = '{ $url }': '{ $port }' is not a port number
term-error-not-websocket = '{ $url }' is not a WebSocket address: { $reason }
term-error-cookie = the session cookie is not a header value
term-error-no-answer = { $server } did not answer in time
term-error-closed = the server closed the connection
term-error-no-kept-seat = no seat is kept for game '{ $game }' at { $server } (kept: { $games })
term-error-silent = the server said nothing for { $seconds } seconds
term-error-no-roots = no trusted root certificate found for TLS (set SSL_CERT_FILE to a PEM bundle): { $reason }
term-error-closed-because = the server closed the connection: { $reason }
term-error-broke = the connection broke: { $reason }
term-error-thread-stopped = the connection thread stopped
term-error-connect = could not connect to { $server }: { $reason }
term-error-refused-websocket = { $url } refused the WebSocket (HTTP { $status }): is it an acey server?
term-error-websocket = could not open a WebSocket to { $url }: { $reason }
term-error-unreadable-message = an unreadable message from the server ({ $reason })
term-error-password-utf8 = ACEY_PASSWORD is not valid UTF-8
term-error-needs-password = --login { $name } needs a password: set ACEY_PASSWORD (there is no terminal to ask on)
# Asked on the terminal; what is typed is not shown.
term-password-prompt = Password for { $name }:
term-error-login-cancelled = login cancelled
term-error-not-acey = { $url } did not answer as an acey server does
term-error-no-cookie = the server accepted the login but sent no session cookie
term-error-login-refused = login refused: wrong name or password
term-error-too-many-logins = too many logins: wait a minute and try again
term-error-no-accounts = { $url } has no accounts (HTTP 404): is it an acey server?
term-error-login-failed = login failed: HTTP { $status }
# $said is the server's own words.
term-error-login-failed-said = login failed: HTTP { $status }: { $said }
term-error-cannot-find = cannot find { $host }: { $reason }
term-error-no-address = cannot find { $host }
term-error-stopped-answering = { $server } stopped answering: { $reason }
update-ready = A new version of acey is ready.
update-reload = Reload
home-device-games = Games on this device
device-game-computer = Against the computer ({ $level })
device-game-local = On one screen
device-game-going = { $plays } plays, to be continued
device-game-over = over, { $plays } plays: replay
device-game-add = Add to my history
device-game-added = in your history
device-game-add-failed = The game was not added to your history: { $reason }
home-my-games = Your games in this browser
my-game-over = over, { $score }, { $plays } plays: replay
