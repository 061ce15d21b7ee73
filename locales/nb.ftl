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

## Konto

account-log-in = Logg inn
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
preset-american = Standard: reglene de fleste kilder er enige om, som den amerikanske Acey-Deucey på bkgm.com. Alle femten brikkene starter utenfor brettet; et 1-2 spilt helt ut lar deg velge hvilken som helst dobbel og kaste igjen; en brikke kan bæres av med en høyere terning når ingen brikke står lenger bak.
preset-bgammon = Det bgammon.org-serveren spiller: hvert parti starter med et kast om hvem som begynner, du kaster igjen etter enhver valgt dobbel, og en brikke tas ut bare med nøyaktig tall.
preset-liberal-bearoff = Den gamle teksten tatt bokstavelig: hvilken som helst brikke kan tas ut når alle brikkene dine står under terningens tall.
preset-old-navy = Gamle folkeregler: den første brikken kommer bare inn med en dobbel eller 1-2, alle femten må inn før noen flyttes videre, dobler kaster igjen, og å ta ut brikker krever nøyaktig tall.
preset-britannica = Slik Britannica forteller det: alle femten kommer inn før noen flyttes videre, du kan bare slå når du har en brikke i hjemmebrettet ditt, og hvilken som helst brikke kan tas ut med en høyere terning.
preset-backgammon = Vanlig backgammon: den vanlige startstillingen, gammon og backgammon, { -cube }, og et kast om hvem som begynner.
level-beginner = Nybegynner: gjør mange feil
level-casual = Hobbyspiller: spiller godt, med noen feil
level-intermediate = Middels: få feil
level-advanced = Viderekommen: det beste trekket den ser med en gang
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

## Chat

chat-title = Chat
chat-message =
    .aria-label = chatmelding
    .placeholder = Si noe
chat-say-opponent = Si noe til motstanderen din
chat-say-spectators = Si noe til de andre tilskuerne
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
error-name_taken = Det navnet tilhører en konto: logg inn for å bruke det, eller velg et annet.
error-gone = Den utfordringen finnes ikke lenger: tatt, avbrutt, eller spilleren gikk.

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

account-error-400 = Navnet eller passordet passer ikke: et navn på 2–20 bokstaver, sifre, _ eller -, og et passord på minst 8 tegn.
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
profile-kind = { $kind ->
        [match] matcher
       *[game] enkeltpartier
    }
