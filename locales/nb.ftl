# Nettklienten til acey: norsk bokmål. Samme ID-er som en.ftl (referansen).
# Trekknotasjon, posisjons-ID-er og regelstrenger oversettes ikke.
# $who er «you» når setningen handler om leseren, ellers «other» (med $name).

-acey-deucey = acey-deucey
-cube = doblingskuben

## Side og topplinje

page-title = acey · Acey-Deucey på nett
tagline = Acey-Deucey på nett
nav-players = Spillere
language-switch =
    .aria-label = Språk
conn-reconnecting = kobler til igjen …
conn-banner = Forbindelsen er borte: kobler til igjen … Brettet venter til den er tilbake.
conn-offline-intent = Ikke sendt: forbindelsen er nede. Spill det igjen når den er tilbake.
conn-friend-needs-server = Et parti mot en venn trenger forbindelsen: spill mot datamaskinen eller på samme skjerm til den er tilbake.
conn-not-sent = Ditt siste trekk nådde ikke serveren før forbindelsen brøt: gjør det igjen.
clock-uncertain = Ikke tilkoblet: klokken kan ligge etter serverens.
title-your-turn = (ditt trekk)
notify-your-turn = Ditt trekk: { $name } har spilt.
sound-on = Lyd på (klikk for å slå av)
sound-off = Lyd av (klikk for å slå på)
settings-open =
    .title = Innstillinger
    .aria-label = Innstillinger
settings-title = Innstillinger
settings-theme = Side
theme-system = som systemet
theme-light = lys
theme-dark = mørk
settings-board = Brett
board-theme-classic = klassisk grønn
board-theme-ocean = havblå
settings-speed = Animasjoner
speed-0-5 = langsomme
speed-1 = normale
speed-2 = raske
speed-4 = raskest
settings-forced = Spill tvungne trekk av seg selv
settings-confirm = Bekreft et trekk av seg selv når ingen steg er igjen
settings-close = Ferdig

## Konto

account-log-in = Logg inn
account-log-in-at = Logg inn på { $site }
account-log-out = Logg ut
account-name = Navn
account-password = Passord
account-new-password = Nytt passord
account-register = Registrer deg
account-change-password = Bytt passord
account-close = Lukk
account-about = En konto tar vare på ratingen og partiene dine. Ingen e-post trengs: velg et navn (2–20 bokstaver, sifre, _ eller -) og et passord på minst 8 tegn.

## Forside og lobby

home-play-online = Spill på nett
home-your-name = Navnet ditt
home-your-name-input =
    .aria-label = navnet ditt
home-name-account = (kontoen din)
home-name-guest = (gjest)
home-play-offline = Spill uten nett eller mot en venn
home-computer = Spill mot datamaskinen
home-computer-sub = Start nå, ingenting å stille inn
home-friend = Spill mot en venn
home-friend-sub = Få en lenke å sende; den som åpner den, spiller mot deg
home-local = Samme skjerm
home-local-sub = To spillere på denne enheten
home-about = Acey-Deucey er backgammonvarianten til den amerikanske marinen: alle femten brikkene starter utenfor brettet, og et kast på 1-2 lar deg velge hvilken som helst dobbel og kaste igjen. Reglene følger forhåndsvalget Amerikansk hvis du ikke velger noe annet.
home-cube-multiplies = Doblingskuben ganger verdien.
lobby-pools =
    .aria-label = hurtigparing
lobby-cancel = Avbryt
lobby-accept = Godta
lobby-seek-bot = Spill mot datamaskinen mens du venter
lobby-open-challenges = Åpne utfordringer
lobby-no-challenges = Ingen åpne utfordringer: lag en, eller trykk på en hurtigparingsknapp.
lobby-make-challenge = Lag en utfordring
lobby-create = Opprett
lobby-playing-now = Spiller nå
lobby-nobody-playing = Ingen spiller akkurat nå.
lobby-waiting =
    { $count ->
        [0] ingen venter
        [one] { $count } venter
       *[other] { $count } venter
    }
lobby-online =
    { $count ->
        [one] { $count } spiller pålogget
       *[other] { $count } spillere pålogget
    }
lobby-looking = Leter etter en motstander: { $pool } …
lobby-guest = { $name } (gjest)
pool-american = Amerikansk · enkeltparti
pool-american-match = Amerikansk · match til 31 poeng
pool-bgammon = bgammon.org-regler · enkeltparti
pool-backgammon = Backgammon · match til 5 poeng
col-player = Spiller
col-rating = Rating
col-rules = Regler
col-match = Match
col-clock = Klokke
col-mode = Type
col-result = Resultat
col-opponent = Motstander
col-points = Poeng
col-rated = Ratet
col-date = Dato
col-kind = Slag
col-games = Partier

## Innstillinger

setting-rules = Regler
setting-match = Match
setting-clock = Klokke
setting-rated = Ratet
setting-cube = Doblingskube
setting-on-device = På denne enheten
    .title = Spill mot datamaskinen og på samme skjerm kjøres i denne nettleseren, med eller uten forbindelse
setting-level = Datamaskinens nivå
clock-none = ingen
clock-per-turn-30 = 30 s per tur
clock-per-turn = { $seconds } s/tur
match-single = enkeltparti
match-points =
    { $points ->
        [one] { $points } poeng
       *[other] { $points } poeng
    }
match-open = åpen økt (uten slutt)
mode-rated = ratet
mode-casual = uformell

## Forhåndsvalgene for regler (regelforklaringen) og datamaskinens nivåer

preset-name-american = Amerikansk
preset-name-bgammon = bgammon.org
preset-name-liberal-bearoff = Fritt uttak
preset-name-old-navy = Gamle marinen
preset-name-britannica = Britannica
preset-name-backgammon = Backgammon
rules-option-doubling-cube-true = med { -cube }
rules-option-doubling-cube-false = uten { -cube }
log-chosen = { $dice } valgt
preset-american = Standard: reglene de fleste kilder er enige om, som den amerikanske Acey-Deucey på bkgm.com. Alle femten brikkene starter utenfor brettet; et 1-2 spilt helt ut lar deg velge hvilken som helst dobbel og kaste igjen; en brikke kan bæres av med en høyere terning når ingen brikke står lenger bak.
preset-bgammon = Det bgammon.org-serveren spiller: hvert parti starter med et kast om hvem som begynner, du kaster igjen etter enhver valgt dobbel, og en brikke tas ut bare med nøyaktig tall.
preset-liberal-bearoff = Den gamle teksten tatt bokstavelig: hvilken som helst brikke kan tas ut når alle brikkene dine står under terningens tall.
preset-old-navy = Gamle folkeregler: den første brikken kommer bare inn med en dobbel eller 1-2, alle femten må inn før noen flyttes videre, dobler kaster igjen, og å ta ut brikker krever nøyaktig tall.
preset-britannica = Slik Britannica forteller det: alle femten kommer inn før noen flyttes videre, du kan bare slå når du har en brikke i hjemmebrettet ditt, og hvilken som helst brikke kan tas ut med en høyere terning.
preset-backgammon = Vanlig backgammon: den vanlige startstillingen, gammon og backgammon, { -cube }, og et kast om hvem som begynner.
level-beginner = Nybegynner: gjør mange feil
level-casual = Hobbyspiller: spiller godt, med noen feil
level-intermediate = Middels: få feil
level-advanced = Viderekommen: det beste trekket den ser med en gang; på 1-2, eller når de beste trekkene er nesten like gode, ser den ett kast fram
level-expert = Ekspert: ser ett kast fram
level-strongest = Sterkest: ser to kast fram
level-name-beginner = nybegynner
level-name-casual = hobbyspiller
level-name-intermediate = middels
level-name-advanced = viderekommen
level-name-expert = ekspert
level-name-strongest = sterkest

## Poeng

scoring-checker-count-long = Et parti er verdt 1 til 15 poeng: ett for hver av taperens brikker som ikke er tatt ut. En match til 15 poeng eller mer varer flere partier.
scoring-checker-count = et parti er verdt taperens brikker som ikke er tatt ut
scoring-single-long = Hvert vunnet parti er verdt 1 poeng.
scoring-single = et parti er verdt 1 poeng
scoring-gammon-backgammon-long = Et parti er verdt 1 poeng, 2 for gammon (taperen har ikke tatt ut noen brikker), 3 for backgammon (og har fortsatt en brikke i vinnerens hjemmebrett eller på baren).
scoring-gammon-backgammon = 1 poeng, 2 for gammon, 3 for backgammon

## Spillere

player-you = Du
player-computer = Datamaskinen ({ $level })
player-friend = Venn
player-white = Hvit
player-black = Svart
player-you-mark = { $name } (deg)
player-guest = { $name } (gjest)
player-you-guest = { $name } (deg, gjest)
player-waiting = { $name } (venter)
player-pips =
    { $pips ->
        [one] { $pips } pip
       *[other] { $pips } pips
    }
player-pips-title =
    .title = pipstall
player-points-title =
    .title = poeng

## Statuslinjen

status-connecting = Kobler til …
status-watching = Ser på · { $text }
status-waiting-second = Venter på den andre spilleren …
status-waiting-friend = Venter på at vennen din åpner lenken …
status-your-move = Ditt trekk: { $dice }
status-your-move-acey = Ditt trekk: { $dice } – { -acey-deucey }!
status-your-move-chosen = Ditt trekk: { $dice } (den valgte dobbelen)
status-to-move = { $name } trekker: { $dice }
status-to-move-acey = { $name } trekker: { $dice } – { -acey-deucey }!
status-to-move-chosen = { $name } trekker: { $dice } (den valgte dobbelen)
status-thinking = { $text } (tenker …)
status-confirm = Bekreft trekket, eller angre.
status-name-double =
    { $who ->
        [you] Du spilte 1-2 helt ut: velg en dobbel.
       *[other] { $name } spilte 1-2 helt ut: velg en dobbel.
    }
status-names-double = { $name } velger en dobbel …
status-roll = Kast.
status-roll-or-double = Kast, eller tilby kuben.
status-local-roll = { $name }: kast.
status-local-roll-or-double = { $name }: kast, eller tilby kuben.
status-to-roll = { $name } skal kaste
status-cube-offered-you = { $name } dobler til { $value }: ta imot eller gi opp?
status-cube-offered =
    { $who ->
        [you] Du tilbød kuben på { $value }
       *[other] { $name } tilbød kuben på { $value }
    }
status-die-off = Kaster om hvem som begynner …
status-plays =
    { $who ->
        [you] Du spiller { $dice } …
       *[other] { $name } spiller { $dice } …
    }
status-rematch-waiting = Omkamp tilbudt: venter på vennen din.

## Det som nettopp skjedde (notater og opplesning for skjermleser)

note-watching = Du ser på dette partiet.
note-watching-friend = Du ser på. Begge plassene er tatt. Hvis dette er ditt eget parti, åpne det i nettleseren du spilte i, eller med lenken «Spill fra en annen enhet» som den nettleseren viser.
note-rolled =
    { $who ->
        [you] Du slo { $dice }.
       *[other] { $name } slo { $dice }.
    }
note-no-play =
    { $who ->
        [you] Du slo { $dice }: ingen lovlige trekk.
       *[other] { $name } slo { $dice }: ingen lovlige trekk.
    }
note-played = { $name }: { $notation }
note-named-double =
    { $who ->
        [you] Du valgte { $value }-{ $value }.
       *[other] { $name } valgte { $value }-{ $value }.
    }
note-roll-again = Acey-deucey: kast igjen.
note-rolls-again = { $name } kaster igjen ({ -acey-deucey }).
note-rematch-offered = Omkamp tilbudt.
note-offers-rematch = { $name } tilbyr omkamp.
note-you-declined = Du takket nei til omkamp.
note-declined = { $name } takket nei til omkamp.
note-best = Best: { $notation }
note-no-hint = Ingen trekk å foreslå.
note-chat = { $name }: { $text }
note-chat-watching = { $name } (tilskuer):
note-point = punkt { $point }
note-point-checkers =
    { $count ->
        [one] punkt { $point } ({ $count } brikke)
       *[other] punkt { $point } ({ $count } brikker)
    }
note-start = start
note-bar = baren
note-off = ut
note-to = Til { $place }
note-chosen = { $place } valgt
note-chosen-to = { $place } valgt; til { $to }

## Slutt på partiet

over-won =
    { $who ->
        [you] Du vant { $points }
       *[other] { $name } vant { $points }
    }
over-match =
    { $who ->
        [you] Du vant matchen { $mine }-{ $theirs }.
       *[other] { $name } vant matchen { $mine }-{ $theirs }.
    }
over-score-of = Stilling { $white }-{ $black } av { $match }.
over-score = Stilling { $white }-{ $black }.
over-dropped =
    { $points ->
        [one] { $points } poeng: kuben ble gitt opp.
       *[other] { $points } poeng: kuben ble gitt opp.
    }
# $how er «resigned» eller «played»; $cube er 1 uten kube.
over-checkers =
    { $points ->
        [one] { $points } poeng
       *[other] { $points } poeng
    }{ $how ->
        [resigned] {" "}ved oppgivelse
       *[played] {""}
    }{ $cube ->
        [1] {""}
       *[other] {" "}({ $base } × kube { $cube })
    }: { $base } av { $loser ->
        [you] brikkene dine
       *[other] brikkene til { $name }
    } ble ikke tatt ut.
over-gammon =
    { $kind ->
        [backgammon] backgammon
        [gammon] gammon
       *[single] enkelt parti
    }{ $how ->
        [resigned] {" "}ved oppgivelse
       *[played] {""}
    }, { $points ->
        [one] { $points } poeng
       *[other] { $points } poeng
    }{ $cube ->
        [1] {""}
       *[other] {" "}(kube { $cube })
    }.
over-single =
    { $points ->
        [one] { $points } poeng
       *[other] { $points } poeng
    }{ $how ->
        [resigned] {" "}ved oppgivelse
       *[played] {""}
    }{ $cube ->
        [1] {""}
       *[other] {" "}({ $base } × kube { $cube })
    }.

## Spillskjermen: knapper, panel, tilbud

board =
    .aria-label = Brett. Piltastene går til neste brikke som kan flyttes, eller, når en er valgt, til neste mål; Enter velger; Rettetast tar tilbake; Enter bekrefter; h hint; r kast; d doble; y ta imot; n gi opp eller neste parti; f snu; ? taster
game-name-double = Velg dobbelen din:
button-undo = Angre
button-confirm = Bekreft
button-roll = Kast
button-double = Doble
button-take = Ta imot
button-drop = Gi opp
button-next-game = Neste parti
button-hint = Hint
button-takeback = Ta tilbake
button-keys = Taster
    .title = Tastatursnarveier
button-copy = Kopier
button-claim = Krev seieren
button-resign = Gi opp partiet
button-rematch = Omkamp
button-offer-rematch = Tilby omkamp
button-rematch-offered = Omkamp tilbudt …
button-accept = Godta
button-decline = Avslå
button-download = Last ned partiet
button-replay = Se igjen
button-analyse = Analyser partiet
button-flip = Snu
    .title = Snu brettet
keys-title = Taster
keys-text = (klikk på brettet først): ←/→ neste brikke som kan flyttes, eller neste mål når en er valgt · Enter eller mellomrom velg · Rettetast slipp, eller ta tilbake siste steg · Enter bekreft · 1–6 velg dobbel · h hint · r kast · d doble · y ta imot · n gi opp / neste parti · f snu brettet
game-send-link = Send denne lenken til vennen din:
game-invite-link =
    .aria-label = invitasjonslenke
game-paired-waiting = Motstanderen din fra hurtigparingen venter.
game-paired-go = Gå til det partiet
game-moves = Trekk
game-number = Parti { $number }
game-other-device = Spill fra en annen enhet
game-other-device-text = Plassen din er lagret i denne nettleseren. For å fortsette på en annen enhet, åpne denne lenken der (hold den for deg selv: den som åpner den, spiller på plassen din):
game-seat-link =
    .aria-label = lenken til plassen din
game-hints-head = Beste trekk (forventede poeng) – klikk på ett for å se det på brettet:
game-no-move = (ingen trekk)
game-away-clock = { $name } har forlatt partiet; klokken går videre.
game-away-since = { $name } forlot partiet for { $seconds } s siden.
game-away-claim-in = { $name } har forlatt partiet. Du kan kreve seieren om { $seconds } s hvis motstanderen ikke kommer tilbake.
game-away = { $name } har forlatt partiet.
game-rated = Nye ratinger: { $name0 } { $rating0 } ({ $change0 }), { $name1 } { $rating1 } ({ $change1 }).
# Why a game offered as rated moves no rating; $reason is "too_short", "same_address",
# "pair_limit" or "other".
game-unrated =
    { $reason ->
        [too_short] Ikke rangert: partiet sluttet før hver spiller hadde gjort to trekk.
        [same_address] Ikke rangert: begge spillernes kontoer er sett på samme nettverk.
        [pair_limit] Ikke rangert: disse to har allerede spilt tre rangerte partier i dag.
       *[other] Ikke rangert.
    }
game-resign = Gi opp dette partiet?
game-resign-cost =
    { $who ->
        [you]
            { $points ->
                [one] Gi opp? Du får { $points } poeng.
               *[other] Gi opp? Du får { $points } poeng.
            }
       *[other]
            { $points ->
                [one] Gi opp? { $name } får { $points } poeng.
               *[other] Gi opp? { $name } får { $points } poeng.
            }
    }
# Regellinjen under panelet: delene skilt med « · ».
rules-line = Regler: { $rules }
rules-single-game = enkeltparti
rules-match-to = match til { $match }
rules-open-session = åpen økt
rules-clock = klokke { $clock }
rules-takebacks =
    { $count ->
        [one] ett trekk tatt tilbake
       *[other] { $count } trekk tatt tilbake
    }

## Chat

chat-title = Chat
chat-message =
    .aria-label = chatmelding
    .placeholder = Si noe
chat-say-opponent = Til motstanderen
chat-say-spectators = Til tilskuerne
chat-send = Send
chat-hide = Skjul tilskuernes chat

## Feil serveren melder, etter kode

error-malformed = Serveren forsto ikke meldingen.
error-too_large = Meldingen er for lang.
error-rate_limited = For mange meldinger for fort: vent litt.
error-version = Denne siden er utdatert: last den inn på nytt.
error-not_found = Partiet finnes ikke.
error-not_joined = Du er ikke med i dette partiet ennå.
error-not_your_turn = Det er ikke din tur.
error-illegal = Det trekket er ikke lov nå.
error-bad_settings = De innstillingene er ikke lov.
error-unavailable = Serveren kunne ikke lagre det; ingenting ble endret. Prøv igjen.
error-too_long = Partiet har nådd det høyeste antallet trekk et parti kan ha.
error-forbidden = Det er ikke lov: et ratet parti krever en konto, og seieren kan bare kreves når motstanderen har vært borte lenge nok.
error-name_taken = Det navnet tilhører en konto, eller ligner en annen spillers: logg inn for å bruke det, eller velg et annet.
error-gone = Den utfordringen finnes ikke lenger: tatt, avbrutt, eller spilleren gikk.
error-bad_name = Det navnet kan ikke brukes: 2–20 bokstaver fra ett skriftsystem, sifre, _ eller -, uten usynlige tegn.

## Andre skjermer

missing-title = Partiet finnes ikke
missing-text = Denne lenken fører ikke til et parti: den kan være feilskrevet, eller partiet ble aldri startet.
missing-home = Gå til forsiden
profile-chart =
    .aria-label = ratinghistorikk
profile-recent = Siste partier
profile-none = Ingen ferdige partier ennå.
leaders-title = Spillere
leaders-acey = Acey-deucey
leaders-backgammon = Backgammon
leaders-none = Ingen etablerte ratinger ennå: en rating vises etter noen ratede partier.
replay-board =
    .aria-label = brett
replay-first = «
    .title = Start
    .aria-label = Start
replay-prev = ‹
    .title = Ett trekk tilbake
    .aria-label = Tilbake
replay-slider =
    .aria-label = trekk
replay-next = ›
    .title = Ett trekk fram
    .aria-label = Fram
replay-last = »
    .title = Slutt
    .aria-label = Slutt
replay-flip = Snu
    .title = Snu brettet: se partiet fra den andre siden
analysis-title = Analyse
analysis-graph =
    .aria-label = Hvits vinnersjanser før hvert kast, med de merkede avgjørelsene
analysis-graph-help = Hvits vinnersjanser før hvert kast; et merke er en avgjørelse som tapte equity (?! tvilsom, ? dårlig, ?? svært dårlig). Klikk på et merke, eller et trekk, for å se det.

## Kontoer: hvorfor serveren sa nei (etter HTTP-status)

account-error-400 = Navnet eller passordet passer ikke: et navn på 2–20 bokstaver fra ett skriftsystem, sifre, _ eller -, uten usynlige tegn, og et passord på minst 8 tegn.
account-error-401 = Feil navn eller passord.
account-error-409 = Navnet er tatt: velg et annet.
account-error-429 = For mange forsøk: vent et minutt.
account-error = Avvist ({ $status }).

## Brettets skuffer

tray-start = start
tray-off = ute

## Se partiet igjen

replay-white-person = Hvit (person)
replay-black-person = Svart (person)
replay-loading = Laster …
replay-load-failed = Kunne ikke laste partiet: { $error }
# $side er «white» eller «black»: siden brettet ses fra.
replay-decision-alt = Avgjørelse { $number }: { $name } { $play } · sett fra { $side ->
        [white] hvit
       *[black] svart
    }
replay-decision-alt-played = Avgjørelse { $number }: { $name } { $play } (spilt) · sett fra { $side ->
        [white] hvit
       *[black] svart
    }
# $kind er «play» (med $dice) eller «cube».
replay-decision = Avgjørelse { $number }: { $name } { $kind ->
        [play] skal spille { $dice }
       *[cube] ved kuben
    } · spilte { $played } · sett fra { $side ->
        [white] hvit
       *[black] svart
    }
replay-frame = Trekk { $number } av { $count }: { $what } · pips { $white }–{ $black } · stilling { $whiteScore }–{ $blackScore } · sett fra { $side ->
        [white] hvit
       *[black] svart
    }
replay-start = start
replay-die-off = kast om start { $white } mot { $black }
replay-roll = kast { $dice }
replay-names = velger { $value }-{ $value }
replay-resigns = { $name } gir opp
replay-forfeits = { $name } taper på walkover
replay-next-game = neste parti
replay-double = dobler
replay-take = tar imot
replay-drop = gir opp
replay-play = Spill av
    .title = Spill av
replay-pause = Pause

## Analyse

analysis-asking = Spør serveren …
analysis-progress = Analyserer: { $done } av { $total } avgjørelser
analysis-failed = Analysen mislyktes: { $error }
analysis-mark-doubtful = tvilsom
analysis-mark-bad = dårlig
analysis-mark-very_bad = svært dårlig
analysis-decisions = Avgjørelser
analysis-error-rate = Feilrate
analysis-luck = Flaks
analysis-judged = Vurdert med { $plies } halvtrekk av nivået { $level }. Avgjørelser: ikke tvungne (alle). Feilrate: poeng tapt per ikke tvungen avgjørelse. Rating: 0 er feilfritt spill.
analysis-no-marks = Ingen avgjørelser er merket: begge sider spilte som boten ville.
analysis-cube = kube: { $played }
analysis-cube-answer = svar på kuben: { $played }
analysis-action-double = doble
analysis-action-no-double = ikke doble
analysis-action-take = ta imot
analysis-action-drop = gi opp
analysis-to-play = { $name } skal spille { $dice }
analysis-to-play-forced = { $name } skal spille { $dice } (tvunget)
analysis-double-or-roll = { $name }: doble eller kaste (kube { $cube })
analysis-take-or-drop = { $name }: ta imot eller gi opp (kube { $cube })
analysis-verdict-marked = { $mark }: spilte { $played }, best { $best }, { $lost } poeng
analysis-forced = Tvunget: { $played }
analysis-played-lost = Spilte { $played }, best { $best } ({ $lost })
analysis-played-best = Spilte { $played }: det beste
analysis-roll-luck = Flaks i kastet: { $luck } poeng.
analysis-alt-played = { $play } (spilt)

## Spillersider

# $family er «acey-deucey» eller «backgammon», $kind «game» eller «match».
profile-rating-name = { $family ->
        [backgammon] Backgammon
       *[acey-deucey] Acey-deucey
    }, { $kind ->
        [match] matcher
       *[game] enkeltpartier
    }
profile-rating =
    { $games ->
        [one] { $name }: { $rating } (±{ $deviation }, { $games } parti)
       *[other] { $name }: { $rating } (±{ $deviation }, { $games } partier)
    }
profile-not-rated = Ikke ratet ennå.
profile-no-player = Spilleren finnes ikke.
profile-won = vant
profile-lost = tapte
profile-replay = se igjen
profile-on-device = på en enhet
profile-kind = { $kind ->
        [match] matcher
       *[game] enkeltpartier
    }

## Terminalen (acey play): fullskjerm, --plain og --online
# $who er «you» (personen som spiller mot datamaskinen), «bot» (datamaskinen) eller «other» (en
# spiller med navnet $name: X eller O når to spiller ved ett tastatur, et navn på nett).
# Kommandoene («roll», «resign yes») og tastene (r, d, y, n) er de samme på alle språk.

term-name =
    { $who ->
        [you] du
        [bot] maskinen
       *[other] { $name }
    }
term-points =
    { $points ->
        [one] { $points } poeng
       *[other] { $points } poeng
    }
term-die-off-again = Åpningskast: begge slår { $die }; kast igjen.
term-die-off-starts =
    Åpningskast: X slår { $x }, O slår { $o }: { $who ->
        [you] du begynner
        [bot] maskinen begynner
       *[other] { $name } begynner
    }.
term-die-off-plays =
    Åpningskast: X slår { $x }, O slår { $o }: { $who ->
        [you] du begynner og spiller { $dice }
        [bot] maskinen begynner og spiller { $dice }
       *[other] { $name } begynner og spiller { $dice }
    }.
term-bot-doubles = Maskinen dobler til { $value }.
term-bot-takes = Maskinen tar imot kuben.
term-bot-drops = Maskinen gir opp kuben.
term-bot-no-plan = Maskinen har ingen plan; den tar det første valget.
term-bot-reconsiders = Maskinen tenker om trekket sitt.
term-forced-play =
    Tvunget trekk for { $who ->
        [you] deg
        [bot] maskinen
       *[other] { $name }
    }: { $play }
term-rolls =
    { $who ->
        [you] Du slår { $dice }.
        [bot] Maskinen slår { $dice }.
       *[other] { $name } slår { $dice }.
    }
term-rolls-acey =
    { $who ->
        [you] Du slår { $dice }: acey-deucey!
        [bot] Maskinen slår { $dice }: acey-deucey!
       *[other] { $name } slår { $dice }: acey-deucey!
    }
term-rolls-stuck =
    { $who ->
        [you] Du slår { $dice } og kan ikke flytte.
        [bot] Maskinen slår { $dice } og kan ikke flytte.
       *[other] { $name } slår { $dice } og kan ikke flytte.
    }
term-step =
    { $who ->
        [you] Du
        [bot] Maskinen
       *[other] { $name }
    }: { $step }
term-step-mirrored =
    { $who ->
        [you] Du
        [bot] Maskinen
       *[other] { $name }
    }: { $step } (på din side: { $mirrored })
term-played =
    { $who ->
        [you] Du spilte { $play }.
        [bot] Maskinen spilte { $play }.
       *[other] { $name } spilte { $play }.
    }
term-named =
    { $who ->
        [you] Du valgte { $value }-{ $value }.
        [bot] Maskinen valgte { $value }-{ $value }.
       *[other] { $name } valgte { $value }-{ $value }.
    }
term-takes-back =
    { $who ->
        [you] Du tar tilbake et steg.
        [bot] Maskinen tar tilbake et steg.
       *[other] { $name } tar tilbake et steg.
    }
term-err-bot-turn = Det er maskinens tur.
term-err-wrong-phase = Det går ikke nå.
term-err-bad-value = Den verdien er ikke tillatt.
term-err-no-offer = Ingen oppgivelse er tilbudt.
term-err-not-an-offer =
    { $level ->
        [single] Et enkelt parti
        [gammon] En gammon
       *[backgammon] En backgammon
    } kan ikke tilbys nå: å gi opp koster { $cost }
term-resign-cost =
    { $points ->
        [one] { $points } poeng
       *[other] { $points } poeng
    }{ $level ->
        [gammon] {", "}en gammon
        [backgammon] {", "}en backgammon
        [single] {", "}et enkelt parti
       *[none] {""}
    }
term-hint-double = doble
term-hint-roll = kast uten å doble
term-hint-take = ta imot
term-hint-drop = gi opp
term-hint-verdict =
    { $action } ({ $verdict ->
        [no-double-take] ikke godt nok til å doble ennå
        [too-good] for godt til å doble: spill videre for mer
        [double-take] svaret bør være å ta imot
       *[double-pass] svaret bør være å gi opp
    })
term-score = Stilling: { $x } { $xs }, { $o } { $os }
term-score-match = Stilling: { $x } { $xs }, { $o } { $os } (match til { $target })
term-final-score = Sluttstilling: { $x } { $xs }, { $o } { $os }
term-final-score-match = Sluttstilling: { $x } { $xs }, { $o } { $os } (match til { $target })
term-status-die-off = Åpningskast om hvem som begynner.
term-status-to-roll =
    { $who ->
        [you] Din tur til å kaste.
        [bot] Maskinens tur til å kaste.
       *[other] { $name } skal kaste.
    }
term-status-doubled =
    { $who ->
        [you] Du doblet
        [bot] Maskinen doblet
       *[other] { $name } doblet
    } til { $value }: { $taker ->
        [you] du
        [bot] maskinen
       *[other] { $taker_name }
    } skal ta imot eller gi opp.
term-dice-done = ingen
term-status-to-play =
    { $who ->
        [you] Ditt trekk
        [bot] Maskinens trekk
       *[other] { $name } trekker
    } (terninger igjen: { $dice }).
term-status-to-play-chosen =
    { $who ->
        [you] Ditt trekk
        [bot] Maskinens trekk
       *[other] { $name } trekker
    }: den valgte { $double } (terninger igjen: { $dice }).
term-status-to-play-acey =
    { $who ->
        [you] Ditt trekk
        [bot] Maskinens trekk
       *[other] { $name } trekker
    }: acey-deucey 1-2 (terninger igjen: { $dice }).
term-status-name-double =
    { $who ->
        [you] Du spilte
        [bot] Maskinen spilte
       *[other] { $name } spilte
    } 1-2 helt ut: velg en dobbel (1-6).
term-status-won =
    { $who ->
        [you] Du vinner
        [bot] Maskinen vinner
       *[other] { $name } vinner
    } { $points ->
        [one] { $points } poeng
       *[other] { $points } poeng
    }{ $how ->
        [checkers] {" "}({ $left ->
            [one] { $left } brikke ikke tatt ut
           *[other] { $left } brikker ikke tatt ut
        })
        [gammon] {" "}(gammon)
        [backgammon] {" "}(backgammon)
        [resigned] {" "}ved oppgivelse
        [dropped] {" "}(kuben gitt opp)
        [forfeited] {" "}på walkover
       *[played] {""}
    }{ $cube ->
        [1] {""}
       *[other] , kuben på { $cube }
    }.
term-status-won-match =
    { $who ->
        [you] Du vinner matchen.
        [bot] Maskinen vinner matchen.
       *[other] { $name } vinner matchen.
    }

## Terminalens linjemodus (acey play --plain)

term-plain-intro-bot = acey: du spiller { $mark } mot maskinen ({ $level }), regler { $rules }. Skriv «help» for kommandoene.
term-plain-intro-people = acey: X mot O ved ett tastatur, regler { $rules }. Skriv «help» for kommandoene.
term-plain-help =
    Kommandoer (på engelsk i alle språk):
      13/7 8/7      et helt trekk i notasjon (også bar/22, in/19(4), 24/13, 6/off)
      13/7          ett steg av trekket; så flere steg, «undo», og «ok» for å bekrefte
      1..6          dobbelen du velger etter en 1-2 spilt helt ut
      plays         nummerert liste over lovlige trekk (eller dobler)
      play N        spill trekk N fra listen (eller velg dobbel N)
      hint          maskinens rangerte forslag
      best          gjør det maskinen foreslår først
      undo          ta tilbake siste steg
      ok            bekreft et trekk lagt inn steg for steg
      roll, double, take, drop   kast, doble, ta imot eller gi opp kuben (når reglene har den)
      resign        si hva det koster å gi opp nå; «resign yes» gir opp
      resign single tilby et enkelt parti (eller «resign gammon») når mer står på spill, med
                    gammon; maskinen godtar eller avslår, en annen person skriver «accept»
                    eller «decline»
      rematch       etter et parti: neste parti (en ny match når matchen er avgjort)
      analyse       etter et parti: vurder det (acey analyse på 1 halvtrekk): oversikt og merkede trekk
      board         tegn brettet
      position      beskriv stillingen
      auto on|off   spill tvungne trekk automatisk
      quit          lagre og avslutt (slutt på inndata gjør det samme)
term-saved = Partiet er lagret i { $path }.
term-save-failed = Kunne ikke lagre partiet: { $error }
term-prompt-game-over = partiet er over: skriv «rematch» for et nytt parti, «analyse» for å vurdere dette, eller «quit»
term-prompt-offer =
    { $taker }: { $name } tilbyr å gi opp { $level ->
        [single] et enkelt parti
        [gammon] en gammon
       *[backgammon] en backgammon
    }: «accept» eller «decline»
term-prompt-waiting = venter
term-prompt-roll =
    { $who ->
        [you] Du
        [bot] Maskinen
       *[other] { $name }
    }: «roll» for å kaste eller «double» for å doble
term-prompt-take =
    { $who ->
        [you] Du
        [bot] Maskinen
       *[other] { $name }
    }: «take» for å ta imot kuben eller «drop» for å gi opp
term-prompt-name-double =
    { $who ->
        [you] Du
        [bot] Maskinen
       *[other] { $name }
    }: velg en dobbel, 1 til 6
term-prompt-move =
    { $who ->
        [you] Ditt trekk
        [bot] Maskinens trekk
       *[other] { $name } trekker
    } { $dice }: skriv et trekk
term-prompt-move-chosen =
    { $who ->
        [you] Ditt trekk
        [bot] Maskinens trekk
       *[other] { $name } trekker
    }, den valgte { $double }: skriv et trekk
term-prompt-complete =
    { $who ->
        [you] Du
        [bot] Maskinen
       *[other] { $name }
    }: trekket { $play } er ferdig: «ok» for å bekrefte eller «undo»
term-prompt-next-step =
    { $who ->
        [you] Du
        [bot] Maskinen
       *[other] { $name }
    }: hittil { $play }, terninger igjen { $dice }: neste steg
term-position-head =
    Stilling (punktene nummerert fra { $who ->
        [you] din side
        [bot] maskinens side
       *[other] siden til { $name }
    }, { $name }):
term-position-cube-owner =
    {"  "}Kube: { $value }, { $who ->
        [you] du
        [bot] maskinen
       *[other] { $name }
    } kan doble neste gang
term-position-cube-middle = {"  "}Kube: { $value }, i midten
term-position-side = {"  "}{ $mark } { $name }: { $points } | { $start ->
        [none] {""}
       *[other] start { $start },{" "}
    }bar { $bar }, ute { $off } | pips { $pips }
term-auto-on = Tvungne trekk spilles automatisk.
term-auto-off = Tvungne trekk spilles ikke automatisk.
term-new-game = Et nytt parti begynner.
term-not-over-rematch = Partiet er ikke over: spill det ferdig eller gi opp («resign») først.
term-not-over-analyse = Partiet er ikke over: «analyse» vurderer et ferdig parti.
term-accepted = Godtatt.
term-declined = Avslått: spill videre.
term-offer-pending = En oppgivelse er tilbudt: «accept» eller «decline».
term-nothing-to-do = Ingenting å gjøre nå: { $status }
term-nothing-to-do-over = Ingenting å gjøre nå: partiet er over («rematch» eller «quit»)
term-not-time-to-roll = Det er ikke tid for å kaste nå.
term-no-hint = Ingen hint for denne avgjørelsen.
term-no-suggestion = Ikke noe forslag for denne avgjørelsen.
term-so-far-plays = Hittil { $play }; trekkene som fullfører det:
term-no-choice =
    Det finnes ikke noe valg { $number }: «plays» viser { $count ->
        [one] { $count } trekk
       *[other] { $count } trekk
    }.
term-resign-offer-item =
    «resign { $level }» tilbyr { $level ->
        [single] et enkelt parti
        [gammon] en gammon
       *[backgammon] en backgammon
    } ({ $points ->
        [one] { $points } poeng
       *[other] { $points } poeng
    })
term-resign-costs =
    Å gi opp gir { $who ->
        [you] deg
        [bot] maskinen
       *[other] { $name }
    } { $cost }: skriv «resign yes» for å gi opp.
term-resign-costs-offers =
    Å gi opp gir { $who ->
        [you] deg
        [bot] maskinen
       *[other] { $name }
    } { $cost }: skriv «resign yes» for å gi opp; eller { $offers }, som { $who ->
        [you] du
        [bot] maskinen
       *[other] { $name }
    } kan avslå.
term-bot-accepts-offer =
    Maskinen godtar { $level ->
        [single] det enkle partiet
        [gammon] gammonen
       *[backgammon] backgammonen
    }.
term-bot-declines-offer-plain =
    Maskinen avslår { $level ->
        [single] det enkle partiet
        [gammon] gammonen
       *[backgammon] backgammonen
    }: spill videre, eller «resign yes» ({ $cost }).
term-offers-resign =
    { $name } tilbyr å gi opp { $level ->
        [single] et enkelt parti
        [gammon] en gammon
       *[backgammon] en backgammon
    }: { $taker }, «accept» eller «decline»?
term-resign-unknown = «resign { $word }»: skriv «resign yes», eller «resign single» / «gammon» / «backgammon»
term-named-short = Valgte { $value }-{ $value }.
term-doubles =
    { $who ->
        [you] Du dobler til { $value }.
        [bot] Maskinen dobler til { $value }.
       *[other] { $name } dobler til { $value }.
    }
term-taken = Tatt imot.
term-dropped = Gitt opp.
term-played-short = Spilte { $play }.

## Terminalen: avviste trekk og kommandoer

term-err-game-over = partiet er over
term-err-nothing-to-play = ingenting å spille nå
term-err-too-much = «{ $text }» er mer enn turen rommer: trekket før det avslutter turen
term-err-not-a-roll = «{ $label }» er ikke et kast
term-err-wrong-roll = «{ $label }» er ikke kastet som spilles: det er { $dice }
term-err-wrong-roll-chosen = «{ $label }» er ikke kastet som spilles: det er den valgte { $double }
term-err-empty-play = skriv et trekk som 13/7 8/7, eller ett steg som 13/7
term-err-play-complete = trekket er ferdig: bekreft det eller ta tilbake et steg
term-err-not-next-step = «{ $text }» er ikke et lovlig neste steg; lovlige steg: { $legal }
term-err-double-not-allowed = { $value }-{ $value } kan ikke velges nå; velg en av { $allowed }
term-err-not-a-double = «{ $text }» er ikke en dobbel: velg en med et tall fra 1 til 6
term-err-not-a-move = «{ $text }» er ikke et trekk: skriv et trekk som 13/7 8/7, eller ett steg som 13/7
term-err-not-legal = «{ $text }» er ikke et lovlig trekk med disse terningene: «plays» viser dem
term-err-ambiguous = «{ $text }» kan være flere trekk: skriv hvert steg

## Terminalen: vurderingen av partiet som nettopp ble spilt

term-review-failed = Partiet kan ikke analyseres: { $error }
term-review-head = Parti { $number } vurdert på { $plies } halvtrekk av nivået { $level } (acey analyse):
term-review-col-player = spiller
term-review-col-decisions = avgjørelser
term-review-col-unforced = frie
term-review-col-error-rate = feilrate
term-review-col-luck = flaks
term-review-col-rating = rating
term-review-no-marks = Ingen avgjørelser er merket: ingenting tapt som fortjener et merke.
term-review-marked = Merkede avgjørelser ({ $count }):
term-review-decision = { $name } { $dice } { $mark }: spilte { $played }
term-review-best = {"    "}best { $best }  (tapte { $lost })

## Terminalens fullskjerm: meldinger og tastelinjen
# Tastene (r, d, y, n, h, A, q, Enter, Esc, ←/→) er de samme på alle språk; tastelinjen (med
# «?: hjelp   q: lagre og avslutt» etter) må få plass i 80 kolonner.

term-analysing = Analyserer partiet...
term-analysis-failed = Analysen kunne ikke gjennomføres.
term-hint-failed = Hintet kunne ikke regnes ut.
term-thread-stopped = Maskinens tråd stoppet; den tenker nå i forgrunnen.
term-saved-next =
    Partiet er lagret i { $path }. Trykk n for { $next ->
        [match] en ny match
       *[game] neste parti
    }, q for å avslutte.
term-key-offer =
    { $name } tilbyr å gi opp { $level ->
        [single] et enkelt parti
        [gammon] en gammon
       *[backgammon] en backgammon
    } ({ $points ->
        [one] { $points } poeng
       *[other] { $points } poeng
    }): { $taker }, godta? y / n
term-key-typing = Skriv et trekk (f.eks. 13/7 8/7) og trykk Enter; Esc avbryter.
term-key-confirm-resign =
    Gi opp partiet og gi { $who ->
        [you] deg
        [bot] maskinen
       *[other] { $name }
    } { $cost }? y / n
term-key-offer-item =
    { $number }: tilby { $level ->
        [single] enkelt
        [gammon] gammon
       *[backgammon] backgammon
    } ({ $points })
term-key-resign-item = y: gi opp ({ $cost })
term-key-play-on = Esc: spill videre
term-key-help-close = En hvilken som helst tast lukker hjelpen.
term-key-review = ↑/↓ PgUp/PgDn: bla   Esc: lukk
term-key-over-analysing = Analyserer partiet...   n: neste parti / omkamp
term-key-over = n: neste parti / omkamp   A: analyser partiet
term-key-name-double = Velg en dobbel: ←/→ og Enter, eller trykk 1-6
term-key-roll = r: kast   d: doble   h: hint
term-key-cube = y: ta imot   n: gi opp   h: hint
term-key-complete = Enter: bekreft   Rettetast: angre
term-key-destination = ←/→: mål   Enter: flytt   Rettetast: tilbake
term-key-checker = ←/→: brikke   Enter: velg   Rettetast: angre   : skriv   h: hint
term-key-waiting = Venter på den andre siden...
term-key-tail = ?: hjelp   q: lagre og avslutt
term-not-resigned = Ikke gitt opp.
term-no-such-choice = Det valget finnes ikke: ikke gitt opp.
term-not-your-turn = Ikke din tur.
term-bot-declines-offer =
    Maskinen avslår { $level ->
        [single] det enkle partiet
        [gammon] gammonen
       *[backgammon] backgammonen
    }: spill videre, eller gi opp helt.
term-auto-now-on = Tvungne trekk spilles nå automatisk.
term-auto-now-off = Tvungne trekk spilles ikke lenger automatisk.
term-position-id-line = Stillings-ID { $id } (for å analysere: { $command })
term-hint-own-turn = Hint gis bare på din egen tur.
term-step-taken-back = Steget er tatt tilbake.
term-nothing-to-undo = Ingenting å angre.
term-log-game = - parti { $number } -
term-play-confirmed = Trekket er bekreftet.
term-resigned = Gitt opp.
term-doubled = Doblet.
term-cube-taken = Kuben tatt imot.
term-cube-dropped = Kuben gitt opp.
term-too-small = Terminalen er { $width }x{ $height }; brettet trenger minst { $min_width }x{ $min_height }. Gjør den større, eller spill med --plain. Tastene venter til brettet vises (q avslutter).
term-title-bot =
    { $bot ->
       *[other] { $x } (X) mot { $o } (O)
    }, nivå { $level }
term-title-people = X mot O ved ett tastatur
term-title = {" "}acey · { $score } · parti { $number } · { $players } · { $preset }
term-seen-from =
    {" "}sett fra { $who ->
        [you] din side
        [bot] maskinens side
       *[other] siden til { $name }
    } ({ $name }){" "}
term-dice-label = Terninger:{" "}
term-pips = Pips: X { $x }  O { $o }
term-cube-line =
    Kube: { $value } ({ $owner ->
        [centred] i midten
        [you] din
        [bot] maskinens
       *[other] { $name } sin
    })
term-forced-automatic = (tvungne trekk automatisk)
term-position-id = Stillings-ID: { $id }   (i: slik analyserer du den)
term-gnubg-id = GNUbg-ID: { $id }
term-bot-thinking = Maskinen tenker...
term-hint-working = Maskinen regner ut et hint...
term-hint-title = {" "}hint{" "}
term-hint-title-close = {" "}hint (Esc lukker){" "}
term-log-title = {" "}trekkliste{" "}
term-typing-line = trekk> { $text }_
term-double-label = Dobbel:{" "}
term-help-title = {" "}taster{" "}
term-help =
    Flytte
      ←/→ eller Tab     gå til neste brikke (eller mål)
      Enter / mellomrom velg brikken, deretter målet
      Rettetast         slipp brikken / ta tilbake et steg
      Enter             bekreft trekket når ingen steg er igjen
      : eller et siffer skriv et trekk, f.eks. 13/7 8/7, bar/22, in/19(4)
    Etter en hel 1-2    ←/→ og Enter, eller 1-6, velger dobbelen
    Andre taster
      h  hint (trekk eller kube)   a  tvungne trekk automatisk av/på
      i  stillings-ID og acey hint/eval-kommandoen for den
      f  snu brettet               R  gi opp (sier hva det koster;
                                      med gammon: tilby et enkelt parti)
      r  kast   d  doble (kube)    y/n  ta imot/gi opp
      n  neste parti / omkamp      q, Ctrl-C  lagre og avslutt
      A  ved slutten av partiet: analyser partiet som ble spilt
term-review-title = {" "}analyse, linje { $first }-{ $last } av { $count } (↑/↓ bla, Esc lukker){" "}
term-saved-continue = Partiet er lagret i { $path }. Fortsett med: acey play --load { $path }
term-kept-unfinished = { $path } inneholdt et uferdig parti: det er tatt vare på som { $kept }; fortsett det med: acey play --load { $kept }
term-interrupted = Avbrutt. Partiet er lagret i { $path }.
term-needs-terminal = fullskjermspillet trenger en terminal: bruk --plain for rør og skript
term-board-start = start
term-board-off = ute
term-board-bar = BAR

## Terminalen på nett (acey play --online): lobby, partier, chat
# $rated er «rated» eller «casual»; $clock er en tidskontroll som 3+12, eller «none»; $points er
# matchlengden (1 for et enkelt parti).

term-server-says = Serveren svarer: { $message } ({ $code }).
term-server-refused = Serveren sa nei: { $text }
term-online-label-you = { $mark } { $name } (deg)
term-online-clock-running = { $label } { $time } (går)
term-online-clock-line = Klokke { $control }: { $x }, { $o }
term-online-prompt-match-over = matchen er over: «rematch» for å spille igjen, «leave» for lobbyen, «quit»
term-online-prompt-game-over = partiet er over: «next» starter neste parti
term-online-prompt-watching = ser på: «say TEKST» for å chatte, «leave» for lobbyen
term-online-prompt-gone = venter på { $name }, borte i { $time }: «claim» krever partiet etter 2 minutter
term-online-prompt-waiting-for = venter på { $name }
term-online-prompt-roll = din tur: «roll» for å kaste eller «double» for å doble
term-online-prompt-take = { $name } dobler til { $value }: «take» for å ta imot eller «drop» for å gi opp
term-online-prompt-name-double = velg en dobbel: { $doubles }
term-online-prompt-move-bare = ditt trekk
term-online-prompt-move = ditt trekk { $dice }: skriv et trekk («plays» viser dem)
term-online-prompt-move-chosen = ditt trekk, den valgte { $double } { $dice }: skriv et trekk («plays» viser dem)
term-online-prompt-complete = trekket { $play } er ferdig: «ok» for å bekrefte eller «undo»
term-online-prompt-next-step = hittil { $play }, terninger igjen { $dice }: neste steg
term-online-prompt-seeking = venter i køen { $pool } («cancel» for å stoppe)
term-online-prompt-lobby = lobby: «seek american», «challenge», «accept N», «watch N», «help»
term-online-position-head = Stilling (punktene nummerert fra siden til { $name }), parti { $number }:
term-online-position-head-match = Stilling (punktene nummerert fra siden til { $name }), parti { $number } i en match til { $target }:
term-online-position-side = {"  "}{ $label }: { $points } | { $start ->
        [none] {""}
       *[other] start { $start },{" "}
    }bar { $bar }, ute { $off } | pips { $pips } | poeng { $score }
term-online-dice = {"  "}Terninger: { $dice }
term-online-welcome = Velkommen, { $name }. Skriv «help» for kommandoene.
term-online-welcome-guest = Velkommen, { $name } (gjest). Skriv «help» for kommandoene.
term-online-your-challenge = Din utfordring: { $text }
term-online-new-challenge = Ny utfordring: { $text }
term-online-accept-n = { $text } («accept { $number }»)
term-online-challenge-gone = Utfordringen { $id } er borte.
term-online-seeking = Venter i køen { $pool } på en motstander («cancel» for å stoppe).
term-online-paired = Motstander funnet: går inn i partiet.
term-online-joined = Gikk inn i parti { $game }: { $x } mot { $o }, { $rules }{ $terms }.
term-online-watching = Du ser på.
term-online-plays = { $name } spiller { $play }.
term-online-sits = { $name } setter seg på { $mark }.
term-online-rematch-begins = Omkampen begynner.
term-online-you-offer-rematch = Du tilbyr omkamp.
term-online-offers-rematch = { $name } tilbyr omkamp: «rematch» godtar, «decline» avslår.
term-online-declines-rematch = { $name } takker nei til omkamp.
term-online-guest-name = Spiller under et gjestenavn serveren gir i stedet.
term-online-back = { $name } er tilbake.
term-online-here = { $name } er her.
term-online-no-play = Ingen lovlige trekk: turen går videre.
term-online-lobby = Lobby: { $count } pålogget.
term-online-pools = Hurtigparing («seek KØ» eller «seek N»):
term-online-pool = {"  "}{ $number }. { $id } { $rules }{ $terms }, klokke { $clock }: { $waiting } venter
term-online-no-challenges = Åpne utfordringer: ingen («challenge» lager en).
term-online-challenges = Åpne utfordringer («accept N»):
term-online-no-games = Partier som spilles: ingen.
term-online-games = Partier som spilles («watch N»):
term-online-game =
    {"  "}{ $number }. { $x } mot { $o }, { $rules }{ $rated ->
        [rated] , rangert
       *[casual] {""}
    } [{ $id }]
term-online-help =
    Kommandoer (på engelsk i alle språk).
    I lobbyen:
      lobby                 vis lobbyen igjen
      seek KØ               hurtigparing: american, american-match, bgammon eller backgammon (eller 1-4)
      challenge [REGLER] [match N] [clock 3+12|30/turn] [rated]
                            tilby et parti til alle (standard: american, ett parti, uten klokke)
      accept N|ID           godta utfordring N i listen
      cancel [ID]           trekk tilbake utfordringene og søket ditt
      watch N|ID            se på parti N av partiene som spilles
      resume [N|GAME]       gå tilbake til et uferdig parti av dine (listet ved ankomst)
    I et parti:
      13/7 8/7              et helt trekk (også bar/22, in/19(4), 24/13, 6/off); 13/7 alene er ett steg
      plays, play N         vis de lovlige trekkene; spill trekk N i listen
      undo, ok              ta tilbake et steg; bekreft et trekk spilt steg for steg
      1..6                  dobbelen du velger etter en 1-2 spilt helt ut
      roll, double, take, drop   kast og doblingskuben, når reglene har den
      resign                si hva det koster å gi opp; «resign yes» gir opp
      next                  start neste parti i en match
      rematch, decline      tilby eller godta omkamp; avslå motstanderens tilbud
      say TEKST             skriv i partiets chat
      claim                 krev partiet når motstanderen er borte på sin tur (partier uten klokke)
      board, clock          tegn brettet; vis begge klokkene
      leave                 forlat partiet for lobbyen
    Overalt:
      help, quit
term-online-left = Du forlot partiet.
term-online-say-what = Si hva? «say lykke til»
term-online-chat-in-game = Chatten hører til et parti: gå inn i eller se på et parti først.
term-online-lists-challenges = { $error } («lobby» viser utfordringene)
term-online-nothing-to-cancel = Ingenting å avbryte.
term-online-left-pool = Du forlot køen.
term-online-lists-games = { $error } («lobby» viser partiene)
term-online-not-lobby-command = «{ $text }» er ikke en lobbykommando: «help» viser dem
term-online-finish-first = Spill ferdig eller forlat («leave») dette partiet først.
term-online-seek-which = hvilken kø? { $pools }
term-online-no-clock = Dette partiet har ingen klokke.
term-online-only-players-resign = Bare en spiller kan gi opp.
term-online-resign-cost =
    Å gi opp nå gir { $name } { $points ->
        [one] { $points } poeng
       *[other] { $points } poeng
    }: «resign yes» for å gi opp.
term-online-no-play-to-choose = Ingen trekk å velge nå.
term-online-no-play-n =
    Det finnes ikke noe trekk { $number }: «plays» viser { $count ->
        [one] { $count } trekk
       *[other] { $count } trekk
    }.
term-online-not-your-move = «{ $text }» er ikke en kommando, og det er ikke ditt trekk: «help» viser kommandoene
term-online-not-rebuilt = trekket kunne ikke bygges opp her: bruk «plays» og «play N»
term-online-not-a-command = «{ $text }» er ikke en kommando: «help» viser dem
term-online-die-off = Åpningskast: { $x } { $xd }, { $o } { $od }.
term-online-rolls = { $name } slår { $dice }.
term-online-names = { $name } velger { $value }-{ $value }.
term-online-doubles = { $name } dobler.
term-online-takes = { $name } tar imot: kuben står på { $value }.
term-online-drops = { $name } gir opp kuben.
term-online-resigns = { $name } gir opp.
term-online-time-ran-out = Tiden til { $name } er ute.
term-online-forfeits = { $name } taper på walkover.
term-online-game-begins = Parti { $number } begynner.
term-online-wins =
    { $name } vinner { $points ->
        [one] { $points } poeng
       *[other] { $points } poeng
    }. Stilling: { $x } { $xs }, { $o } { $os }.
term-online-wins-match = { $name } vinner matchen.
term-online-chat = [chat] { $from }: { $text }
term-online-chat-spectators = [chat (tilskuere)] { $from }: { $text }
term-online-match =
    { $points ->
        [one] , ett parti
       *[other] , match til { $points }
    }
term-online-terms =
    { $points ->
        [one] , ett parti
       *[other] , match til { $points }
    }{ $clock ->
        [none] , uten klokke
       *[other] , klokke { $clock }
    }{ $rated ->
        [rated] , rangert
       *[casual] , vennskapelig
    }
term-online-challenge =
    { $name }{ $guest ->
        [yes] {" "}(gjest)
       *[no] {""}
    } { $rating ->
        [none] uten rating
       *[other] { $rating }
    }{ $terms }, { $rules }, { $clock ->
        [none] uten klokke
       *[other] klokke { $clock }
    }, { $rated ->
        [rated] rangert
       *[casual] vennskapelig
    } [{ $id }]
term-online-which-one = hvilken? oppgi nummeret eller id-en
term-online-no-number = det finnes ikke noe nummer { $number }
term-online-match-needs-length = «match» trenger en lengde: match 5
term-online-not-match-length = «{ $text }» er ikke en matchlengde
term-online-clock-needs-control = «clock» trenger en tidskontroll: clock 3+12 eller clock 30/turn
term-online-not-challenge-part = «{ $text }» hører ikke til en utfordring: challenge [REGLER] [match N] [clock 3+12] [rated]
term-online-connected = Koblet til { $url }.
term-online-reconnecting = Forbindelsen ble brutt ({ $reason }): kobler til igjen …
term-online-seek-lost = Søket og utfordringene dine ble trukket tilbake med forbindelsen: lag dem på nytt når den er tilbake.
term-online-reconnected = Koblet til igjen.
term-online-kept = Dine uferdige partier på denne serveren:
term-online-kept-game = {"  "}{ $number }. { $game }: X { $x } mot O { $o }, { $rules } (du er { $mark })
term-online-kept-how = Skriv «resume N» for å gå tilbake til et av dem.
term-online-resuming = Går tilbake til parti { $game } …
term-online-intent-made = «{ $text }», sendt da forbindelsen brøt, ble gjort.
term-online-intent-lost = «{ $text }» nådde ikke serveren før forbindelsen brøt: det ble ikke gjort. Skriv det igjen.
term-online-resume-how = For å komme tilbake til dette partiet senere: acey play --online { $url } --resume { $game }
term-online-seat-gone = Plassen din i parti { $game } er ikke lenger din (partiet er over eller borte): den er glemt.
term-online-prompt-reconnecting = kobler til serveren igjen …
term-online-prompt-rejoining = tilbake: går inn i partiet igjen …
term-online-not-sent = Ikke tilkoblet: «{ $text }» ble ikke sendt. Skriv det igjen når forbindelsen er tilbake.
term-online-nothing-kept = Ingen uferdige partier av dine er tatt vare på for denne serveren.
term-online-nothing-kept-for = Ingen plass er tatt vare på for parti { $game } på denne serveren.
term-online-title-reconnecting = { $me } (kobler til igjen …)
term-seats-nowhere = Advarsel: verken HOME eller XDG_DATA_HOME: plassnøkler tas bare vare på mens acey kjører.
term-seats-unreadable = Advarsel: plassene i { $file } kunne ikke leses ({ $reason }): begynner uten.
term-seats-unwritable = Advarsel: plassen kunne ikke tas vare på i { $file } ({ $reason }): dette partiet kan ikke gjenopptas etter at du avslutter.
term-online-interrupted = Avbrutt: går ut.
term-online-bye = Ha det.
term-online-connecting = kobler til
term-online-title = {" "}acey på nett · { $me } · { $url } · { $count } pålogget
term-online-keys-game = {" "}trekk eller kommando, Enter · / chat · «help» · Esc tøm · Ctrl-C avslutt
term-online-keys-lobby = {" "}1-4 kø · c utfordre · a godta · w se på · x avbryt · «help» · q avslutt
term-online-side =
    {"  "}poeng { $score }
    {"  "}pips { $pips }
    {"  "}ute { $off }
term-online-gone = {"   "}borte i { $time }
term-online-side-dice = Terninger { $dice }
term-online-side-cube = Kube { $value }
term-online-side-clock = Klokke { $clock }
term-online-side-match = Match til { $points }
term-online-side-rated = Rangert
term-online-side-casual = Vennskapelig
term-online-side-recent = Siste trekk:
term-online-game-title = {" "}parti{" "}
term-online-lobby-title = {" "}lobby{" "}
term-online-messages-title = {" "}meldinger{" "}
term-online-chat-title = {" "}meldinger og chat{" "}
term-online-needs-terminal = fullskjermklienten trenger en terminal: bruk --plain for rør og skript

## Terminalens feil (acey play): argumenter, lagrede partier, tilkobling og innlogging

term-error = feil: { $message }
term-error-lang = --lang { $lang }: det språket snakker ikke acey play; velg et av { $languages }
term-internal-error-game = partiet stoppet på en intern feil (meldt over)
term-internal-error-client = klienten stoppet på en intern feil
term-error-match-zero = --match krever minst 1 poeng
term-error-side-vs-human = --side er for partier mot maskinen: to personer spiller begge sider
term-error-level = ukjent nivå «{ $level }»: velg et av { $levels }
term-error-name = --name '{ $name }': et navn er 2 til 20 bokstaver, sifre, _ eller -
term-error-rules = --rules { $rules }: { $reason }
term-io-error =
    { $kind ->
        [not-found] ingen slik fil eller mappe
        [permission-denied] ingen tilgang
        [connection-refused] tilkoblingen ble avvist
        [timed-out] ikke svar i tide
       *[other] { $detail }
    }
term-error-read = kan ikke lese { $path }: { $reason }
term-error-not-a-record = { $path } er ikke en lesbar partiprotokoll: linje { $line }: { $reason }
term-error-action-refused = { $path }: handling { $number } i protokollen avvises: { $reason }
term-error-in-file = i { $path }: { $reason }
term-error-seat = ukjent plass «{ $seat }» i «{ $line }» (human eller bot ventet)
term-error-two-seats = «{ $line }»: to plasser ventet, for eksempel «human bot»
term-error-not-a-number = «{ $line }» er ikke et tall
term-error-create-folder = kan ikke opprette mappen { $folder }: { $reason }
term-error-write = kan ikke skrive { $path }: { $reason }
term-error-not-a-file =
    { $path } er { $kind ->
        [folder] en mappe
        [fifo] et navngitt rør (FIFO)
        [device] en enhet
        [socket] en sokkel
       *[other] en spesialfil
    }, ikke en vanlig fil: partier lagres bare i en vanlig fil eller en ny fil
term-error-link-loop = { $path }: for mange nivåer av symbolske lenker
term-error-cannot-keep = { $path } inneholder et uferdig parti og kan ikke flyttes til { $kept }: { $reason }
term-error-not-an-address = «{ $url }» er ikke en adresse acey kan spille på: oppgi http://VERT:PORT eller https://VERT
term-error-ipv6 = «{ $url }»: en IPv6-adresse trenger sin avsluttende «]»
term-error-no-host = «{ $url }» har ikke noe vertsnavn: oppgi http://VERT:PORT
term-error-port = «{ $url }»: «{ $port }» er ikke et portnummer
term-error-not-websocket = «{ $url }» er ikke en WebSocket-adresse: { $reason }
term-error-cookie = øktinformasjonskapselen er ikke en gyldig headerverdi
term-error-no-answer = { $server } svarte ikke i tide
term-error-closed = serveren lukket tilkoblingen
term-error-no-kept-seat = ingen plass er tatt vare på for parti «{ $game }» på { $server } (tatt vare på: { $games })
term-error-silent = serveren sa ingenting på { $seconds } sekunder
term-error-no-roots = fant ingen klarerte rotsertifikater for TLS (sett SSL_CERT_FILE til en PEM-fil): { $reason }
term-error-closed-because = serveren lukket tilkoblingen: { $reason }
term-error-broke = tilkoblingen brøt: { $reason }
term-error-thread-stopped = tilkoblingstråden stoppet
term-error-connect = kunne ikke koble til { $server }: { $reason }
term-error-refused-websocket = { $url } avviste WebSocket-forbindelsen (HTTP { $status }): er det en acey-server?
term-error-websocket = kunne ikke åpne en WebSocket til { $url }: { $reason }
term-error-unreadable-message = en uleselig melding fra serveren ({ $reason })
term-error-password-utf8 = ACEY_PASSWORD er ikke gyldig UTF-8
term-error-needs-password = --login { $name } trenger et passord: sett ACEY_PASSWORD (det finnes ingen terminal å spørre i)
term-password-prompt = Passord for { $name }:
term-error-login-cancelled = innloggingen ble avbrutt
term-error-not-acey = { $url } svarte ikke slik en acey-server gjør
term-error-no-cookie = serveren godtok innloggingen, men sendte ingen øktinformasjonskapsel
term-error-login-refused = innlogging avvist: feil navn eller passord
term-error-too-many-logins = for mange innlogginger: vent et minutt og prøv igjen
term-error-no-accounts = { $url } har ingen kontoer (HTTP 404): er det en acey-server?
term-error-login-failed = innloggingen mislyktes: HTTP { $status }
term-error-login-failed-said = innloggingen mislyktes: HTTP { $status }: { $said }
term-error-cannot-find = finner ikke { $host }: { $reason }
term-error-no-address = finner ikke { $host }
term-error-stopped-answering = { $server } sluttet å svare: { $reason }
update-ready = En ny versjon av acey er klar.
update-reload = Last inn på nytt
home-device-games = Partier på denne enheten
device-game-computer = Mot datamaskinen ({ $level })
device-game-local = På samme skjerm
device-game-going = { $plays } trekk, fortsett
device-game-over = ferdig, { $plays } trekk: se igjen
device-game-add = Legg til i min historikk
device-game-added = i historikken din
device-game-add-failed = Partiet ble ikke lagt til i historikken din: { $reason }
home-my-games = Dine partier i denne nettleseren
my-game-over = ferdig, { $score }, { $plays } trekk: se igjen
