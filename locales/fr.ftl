# Client web d'acey : français. Mêmes identifiants que en.ftl (la référence).
# La notation des coups, les identifiants de position et les chaînes de règles ne se traduisent pas.
# $who vaut « you » quand la phrase parle du lecteur, sinon « other » (avec $name).

-acey-deucey = acey-deucey
-cube = videau

## Page et en-tête

page-title = acey · Acey-Deucey en ligne
tagline = Acey-Deucey en ligne
nav-players = Joueurs
language-switch =
    .aria-label = Langue
conn-reconnecting = reconnexion…
conn-banner = La connexion est perdue : reconnexion… Le plateau attend son retour.
conn-offline-intent = Non envoyé : la connexion est coupée. Rejouez-le une fois revenue.
conn-friend-needs-server = Une partie avec un ami a besoin de la connexion : jouez contre l'ordinateur ou sur un même écran en attendant.
conn-not-sent = Votre dernier coup n’est pas parvenu au serveur avant la coupure : rejouez-le.
clock-uncertain = Non connecté : la pendule peut être en retard sur celle du serveur.
title-your-turn = (à vous)
notify-your-turn = À vous de jouer : { $name } a joué.
sound-on = Sons activés (cliquer pour couper)
sound-off = Sons coupés (cliquer pour activer)
settings-open =
    .title = Réglages
    .aria-label = Réglages
settings-title = Réglages
settings-theme = Page
theme-system = comme le système
theme-light = claire
theme-dark = sombre
settings-board = Plateau
board-theme-classic = vert classique
board-theme-ocean = bleu océan
settings-speed = Animations
speed-0-5 = lentes
speed-1 = normales
speed-2 = rapides
speed-4 = très rapides
settings-forced = Jouer seuls les coups forcés
settings-confirm = Confirmer seul un coup quand aucun pas ne reste
settings-close = Terminé

## Compte

account-log-in = Se connecter
account-log-in-at = Se connecter sur { $site }
account-log-out = Se déconnecter
account-name = Nom
account-password = Mot de passe
account-new-password = Nouveau mot de passe
account-register = Créer un compte
account-change-password = Changer le mot de passe
account-close = Fermer
account-about = Un compte garde votre classement et vos parties. Aucune adresse e-mail n’est demandée : choisissez un nom (2 à 20 lettres, chiffres, _ ou -) et un mot de passe d’au moins 8 caractères.

## Accueil et salon

home-play-online = Jouer en ligne
home-your-name = Votre nom
home-your-name-input =
    .aria-label = votre nom
home-name-account = (votre compte)
home-name-guest = (invité)
home-play-offline = Jouer hors ligne ou avec un ami
home-computer = Jouer contre l’ordinateur
home-computer-sub = Tout de suite, rien à régler
home-friend = Jouer contre un ami
home-friend-sub = Un lien à envoyer : qui l’ouvre joue contre vous
home-local = Même écran
home-local-sub = Deux joueurs sur cet appareil
home-about = L’acey-deucey est la variante du backgammon de la marine américaine : les quinze dames partent hors du plateau, et un 1-2 permet d’annoncer le double de son choix puis de rejouer. Les règles suivent le préréglage Américain, sauf si vous en choisissez un autre.
home-cube-multiplies = Le { -cube } multiplie cette valeur.
lobby-pools =
    .aria-label = appariement rapide
lobby-cancel = Annuler
lobby-accept = Accepter
lobby-seek-bot = Jouer contre l’ordinateur en attendant
lobby-open-challenges = Défis ouverts
lobby-no-challenges = Aucun défi ouvert : lancez-en un, ou choisissez un appariement rapide.
lobby-make-challenge = Lancer un défi
lobby-create = Créer
lobby-playing-now = Parties en cours
lobby-nobody-playing = Personne ne joue en ce moment.
lobby-waiting =
    { $count ->
        [0] personne n’attend
        [one] { $count } en attente
       *[other] { $count } en attente
    }
lobby-online =
    { $count ->
        [one] { $count } joueur en ligne
       *[other] { $count } joueurs en ligne
    }
lobby-looking = Recherche d’un adversaire : { $pool }…
lobby-guest = { $name } (invité)
pool-american = Américain · partie simple
pool-american-match = Américain · match en 31 points
pool-bgammon = Règles bgammon.org · partie simple
pool-backgammon = Backgammon · match en 5 points
col-player = Joueur
col-rating = Classement
col-rules = Règles
col-match = Match
col-clock = Pendule
col-mode = Mode
col-result = Résultat
col-opponent = Adversaire
col-points = Points
col-rated = Classée
col-date = Date
col-kind = Type
col-games = Parties

## Réglages

setting-rules = Règles
setting-match = Match
setting-clock = Pendule
setting-rated = Classée
setting-cube = Videau
setting-on-device = Sur cet appareil
    .title = Les parties contre l'ordinateur et sur un même écran se jouent dans ce navigateur, avec ou sans connexion
setting-level = Niveau de l’ordinateur
clock-none = aucune
clock-per-turn-30 = 30 s par tour
clock-per-turn = { $seconds } s/tour
match-single = partie simple
match-points =
    { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
match-open = session libre (sans fin)
mode-rated = classée
mode-casual = amicale

## Les préréglages de règles (l’explication des règles) et les niveaux de l’ordinateur

preset-name-american = Américain
preset-name-bgammon = bgammon.org
preset-name-liberal-bearoff = Sortie libérale
preset-name-old-navy = Vieille marine
preset-name-britannica = Britannica
preset-name-backgammon = Backgammon
rules-option-doubling-cube-true = avec le { -cube }
rules-option-doubling-cube-false = sans le { -cube }
log-chosen = { $dice } choisi
preset-american = Par défaut : les règles sur lesquelles la plupart des sources s’accordent, comme l’acey-deucey américain de bkgm.com. Les quinze dames partent hors du plateau ; un 1-2 joué en entier permet d’annoncer le double de son choix puis de rejouer ; une dame peut sortir avec un dé plus fort quand aucune dame n’est plus loin.
preset-bgammon = Ce que joue le serveur bgammon.org : chaque partie commence par un lancer de départ, on rejoue après tout double annoncé, et une dame ne sort qu’avec le nombre exact.
preset-liberal-bearoff = L’ancien texte pris à la lettre : n’importe quelle dame peut sortir quand toutes vos dames sont en dessous du nombre du dé.
preset-old-navy = Anciennes règles populaires : votre première dame n’entre qu’avec un double ou un 1-2, les quinze doivent entrer avant d’avancer, les doubles rejouent, et sortir demande le nombre exact.
preset-britannica = Selon la Britannica : les quinze entrent avant d’avancer, on ne peut frapper qu’avec une dame dans son jan intérieur, et toute dame peut sortir avec un dé plus fort.
preset-backgammon = Le backgammon classique : la position de départ habituelle, gammons et backgammons, le { -cube }, et un lancer de départ pour le premier coup.
level-beginner = Débutant : fait beaucoup d’erreurs
level-casual = Détendu : joue bien, avec quelques erreurs
level-intermediate = Intermédiaire : peu d’erreurs
level-advanced = Avancé : le meilleur coup qu’il voit tout de suite ; sur un 1-2, ou quand les meilleurs coups se valent presque, il regarde un lancer plus loin
level-expert = Expert : regarde un lancer plus loin
level-strongest = Le plus fort : regarde deux lancers plus loin
level-name-beginner = débutant
level-name-casual = détendu
level-name-intermediate = intermédiaire
level-name-advanced = avancé
level-name-expert = expert
level-name-strongest = le plus fort

## Marque

scoring-checker-count-long = Une partie vaut de 1 à 15 points : un par dame du perdant pas encore sortie. Un match en 15 points ou plus dure plusieurs parties.
scoring-checker-count = une partie vaut les dames du perdant non sorties
scoring-single-long = Chaque partie gagnée vaut 1 point.
scoring-single = une partie vaut 1 point
scoring-gammon-backgammon-long = Une partie vaut 1 point, 2 pour un gammon (le perdant n’a sorti aucune dame), 3 pour un backgammon (et il a encore une dame dans le jan intérieur du gagnant ou sur la barre).
scoring-gammon-backgammon = 1 point, 2 pour un gammon, 3 pour un backgammon

## Joueurs

player-you = Vous
player-computer = Ordinateur ({ $level })
player-friend = Ami
player-white = Blancs
player-black = Noirs
player-you-mark = { $name } (vous)
player-guest = { $name } (invité)
player-you-guest = { $name } (vous, invité)
player-waiting = { $name } (en attente)
player-pips =
    { $pips ->
        [one] { $pips } pip
       *[other] { $pips } pips
    }
player-pips-title =
    .title = compte des pips
player-points-title =
    .title = points

## La ligne d’état de la partie

status-connecting = Connexion…
status-watching = Spectateur · { $text }
status-waiting-second = En attente du second joueur…
status-waiting-friend = En attente de votre ami : il doit ouvrir le lien…
status-your-move = À vous de jouer : { $dice }
status-your-move-acey = À vous de jouer : { $dice } — { -acey-deucey } !
status-your-move-chosen = À vous de jouer : { $dice } (le double annoncé)
status-to-move = { $name } joue : { $dice }
status-to-move-acey = { $name } joue : { $dice } — { -acey-deucey } !
status-to-move-chosen = { $name } joue : { $dice } (le double annoncé)
status-thinking = { $text } (réfléchit…)
status-confirm = Validez votre coup, ou annulez.
status-name-double =
    { $who ->
        [you] Vous avez joué le 1-2 en entier : annoncez un double.
       *[other] { $name } a joué le 1-2 en entier : annoncez un double.
    }
status-names-double = { $name } annonce un double…
status-roll = Lancez les dés.
status-roll-or-double = Lancez les dés, ou proposez le videau.
status-local-roll = { $name } : lancez les dés.
status-local-roll-or-double = { $name } : lancez les dés, ou proposez le videau.
status-to-roll = À { $name } de lancer
status-cube-offered-you = { $name } double à { $value } : accepter ou refuser ?
status-cube-offered =
    { $who ->
        [you] Vous avez proposé le videau à { $value }
       *[other] { $name } a proposé le videau à { $value }
    }
status-die-off = Lancer pour savoir qui commence…
status-plays =
    { $who ->
        [you] Vous jouez { $dice }…
       *[other] { $name } joue { $dice }…
    }
status-rematch-waiting = Revanche proposée : en attente de votre ami.

## Ce qui vient de se passer (notes et annonces pour lecteur d’écran)

note-watching = Vous regardez cette partie.
note-watching-friend = Vous êtes spectateur : les deux places sont prises. Si c’est votre partie, ouvrez-la dans le navigateur où vous l’avez jouée, ou avec le lien « Jouer depuis un autre appareil » que ce navigateur affiche.
note-rolled =
    { $who ->
        [you] Vous avez fait { $dice }.
       *[other] { $name } a fait { $dice }.
    }
note-no-play =
    { $who ->
        [you] Vous avez fait { $dice } : aucun coup possible.
       *[other] { $name } a fait { $dice } : aucun coup possible.
    }
note-played = { $name } : { $notation }
note-named-double =
    { $who ->
        [you] Vous avez annoncé { $value }-{ $value }.
       *[other] { $name } a annoncé { $value }-{ $value }.
    }
note-roll-again = Acey-deucey : rejouez.
note-rolls-again = { $name } rejoue ({ -acey-deucey }).
note-rematch-offered = Revanche proposée.
note-offers-rematch = { $name } propose une revanche.
note-you-declined = Vous avez refusé la revanche.
note-declined = { $name } a refusé la revanche.
note-best = Meilleur coup : { $notation }
note-no-hint = Aucun coup à conseiller.
note-chat = { $name } : { $text }
note-chat-watching = { $name } (spectateur) :
note-point = flèche { $point }
note-point-checkers =
    { $count ->
        [one] flèche { $point } ({ $count } dame)
       *[other] flèche { $point } ({ $count } dames)
    }
note-start = départ
note-bar = la barre
note-off = sortie
note-to = Vers { $place }
note-chosen = { $place } choisie
note-chosen-to = { $place } choisie ; vers { $to }

## Fin de partie

over-won =
    { $who ->
        [you] Vous gagnez { $points }
       *[other] { $name } gagne { $points }
    }
over-match =
    { $who ->
        [you] Vous gagnez le match { $mine }-{ $theirs }.
       *[other] { $name } gagne le match { $mine }-{ $theirs }.
    }
over-score-of = Score { $white }-{ $black } sur { $match }.
over-score = Score { $white }-{ $black }.
over-dropped =
    { $points ->
        [one] { $points } point : le videau a été refusé.
       *[other] { $points } points : le videau a été refusé.
    }
# $how vaut « resigned » ou « played » ; $cube vaut 1 sans videau.
over-checkers =
    { $points ->
        [one] { $points } point
       *[other] { $points } points
    }{ $how ->
        [resigned] {" "}par abandon
       *[played] {""}
    }{ $cube ->
        [1] {""}
       *[other] {" "}({ $base } × videau { $cube })
    } : { $base } { $loser ->
        [you] de vos dames
       *[other] des dames de { $name }
    } { $base ->
        [one] n’est pas sortie.
       *[other] ne sont pas sorties.
    }
over-gammon =
    { $kind ->
        [backgammon] un backgammon
        [gammon] un gammon
       *[single] une partie simple
    }{ $how ->
        [resigned] {" "}par abandon
       *[played] {""}
    }, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }{ $cube ->
        [1] {""}
       *[other] {" "}(videau { $cube })
    }.
over-single =
    { $points ->
        [one] { $points } point
       *[other] { $points } points
    }{ $how ->
        [resigned] {" "}par abandon
       *[played] {""}
    }{ $cube ->
        [1] {""}
       *[other] {" "}({ $base } × videau { $cube })
    }.

## Écran de jeu : boutons, panneau, offres

board =
    .aria-label = Plateau. Les flèches vont à la prochaine dame qui peut bouger ou, une fois une dame choisie, à la prochaine destination ; Entrée choisit ; Retour arrière reprend ; Entrée valide ; h conseil ; r lancer ; d doubler ; y accepter ; n refuser ou partie suivante ; f retourner ; ? touches
game-name-double = Annoncez votre double :
button-undo = Annuler
button-confirm = Valider
button-roll = Lancer
button-double = Doubler
button-take = Accepter
button-drop = Refuser
button-next-game = Partie suivante
button-hint = Conseil
button-takeback = Reprendre
button-keys = Touches
    .title = Touches du clavier
button-copy = Copier
button-claim = Réclamer la victoire
button-resign = Abandonner
button-rematch = Revanche
button-offer-rematch = Proposer une revanche
button-rematch-offered = Revanche proposée…
button-accept = Accepter
button-decline = Refuser
button-download = Télécharger la partie
button-replay = Revoir
button-analyse = Analyser cette partie
button-flip = Retourner
    .title = Retourner le plateau
keys-title = Touches
keys-text = (cliquez d’abord sur le plateau) : ←/→ prochaine dame qui peut bouger, ou prochaine destination une fois une dame choisie · Entrée ou Espace choisir · Retour arrière lâcher, ou reprendre le dernier pas · Entrée valider · 1–6 annoncer un double · h conseil · r lancer · d doubler · y accepter · n refuser / partie suivante · f retourner le plateau
game-send-link = Envoyez ce lien à votre ami :
game-invite-link =
    .aria-label = lien d’invitation
game-paired-waiting = Votre adversaire de l’appariement rapide vous attend.
game-paired-go = Aller à cette partie
game-moves = Coups
game-number = Partie { $number }
game-other-device = Jouer depuis un autre appareil
game-other-device-text = Ce navigateur garde votre place. Pour continuer sur un autre appareil, ouvrez-y ce lien (gardez-le pour vous : qui l’ouvre joue à votre place) :
game-seat-link =
    .aria-label = le lien de votre place
game-hints-head = Meilleurs coups (points espérés) — cliquez pour le voir sur le plateau :
game-no-move = (aucun coup)
game-away-clock = { $name } a quitté la partie ; sa pendule continue de tourner.
game-away-since = { $name } a quitté la partie il y a { $seconds } s.
game-away-claim-in = { $name } a quitté la partie. Vous pourrez réclamer la victoire dans { $seconds } s s’il ne revient pas.
game-away = { $name } a quitté la partie.
game-rated = Nouveaux classements : { $name0 } { $rating0 } ({ $change0 }), { $name1 } { $rating1 } ({ $change1 }).
# Why a game offered as rated moves no rating; $reason is "too_short", "same_address",
# "pair_limit" or "other".
game-unrated =
    { $reason ->
        [too_short] Non classée : la partie s’est terminée avant que chaque joueur ait joué deux coups.
        [same_address] Non classée : les comptes des deux joueurs ont été vus sur un même réseau.
        [pair_limit] Non classée : ces deux joueurs ont déjà joué trois parties classées aujourd’hui.
       *[other] Non classée.
    }
game-resign = Abandonner cette partie ?
game-resign-cost =
    { $who ->
        [you]
            { $points ->
                [one] Abandonner ? Vous marquez { $points } point.
               *[other] Abandonner ? Vous marquez { $points } points.
            }
       *[other]
            { $points ->
                [one] Abandonner ? { $name } marque { $points } point.
               *[other] Abandonner ? { $name } marque { $points } points.
            }
    }
# La ligne des règles sous le panneau : les parties jointes par « · ».
rules-line = Règles : { $rules }
rules-single-game = partie simple
rules-match-to = match en { $match }
rules-open-session = session libre
rules-clock = pendule { $clock }
rules-takebacks =
    { $count ->
        [one] un coup repris
       *[other] { $count } coups repris
    }

## Discussion

chat-title = Discussion
chat-message =
    .aria-label = message
    .placeholder = Un mot
chat-say-opponent = À votre adversaire
chat-say-spectators = Aux spectateurs
chat-send = Envoyer
chat-hide = Masquer la discussion des spectateurs

## Erreurs signalées par le serveur, par code

error-malformed = Le serveur n’a pas compris le message.
error-too_large = Le message est trop long.
error-rate_limited = Trop de messages trop vite : patientez un instant.
error-version = Cette page n’est plus à jour : rechargez-la.
error-not_found = Cette partie n’existe pas.
error-not_joined = Vous n’êtes pas encore dans cette partie.
error-not_your_turn = Ce n’est pas votre tour.
error-illegal = Ce coup n’est pas permis maintenant.
error-bad_settings = Ces réglages ne sont pas permis.
error-unavailable = Le serveur n’a pas pu l’enregistrer ; rien n’a changé. Réessayez.
error-too_long = Cette partie a atteint le nombre maximal de coups.
error-forbidden = Ce n’est pas permis : une partie classée demande un compte, et la victoire ne se réclame qu’après une absence assez longue de l’adversaire.
error-name_taken = Ce nom appartient à un compte, ou ressemble à celui d’un autre joueur : connectez-vous pour l’utiliser, ou choisissez-en un autre.
error-gone = Ce défi n’existe plus : accepté, annulé, ou son joueur est parti.
error-bad_name = Ce nom ne peut pas être utilisé : 2 à 20 lettres d’une seule écriture, chiffres, _ ou -, sans caractère invisible.

## Autres écrans

missing-title = Partie introuvable
missing-text = Ce lien ne mène à aucune partie : il est peut-être mal recopié, ou la partie n’a jamais commencé.
missing-home = Aller à l’accueil
profile-chart =
    .aria-label = historique du classement
profile-recent = Parties récentes
profile-none = Aucune partie terminée pour l’instant.
leaders-title = Joueurs
leaders-acey = Acey-deucey
leaders-backgammon = Backgammon
leaders-none = Pas encore de classement établi : un classement apparaît après quelques parties classées.
replay-board =
    .aria-label = plateau
replay-first = «
    .title = Début
    .aria-label = Début
replay-prev = ‹
    .title = Reculer d’un coup
    .aria-label = Reculer
replay-slider =
    .aria-label = coup
replay-next = ›
    .title = Avancer d’un coup
    .aria-label = Avancer
replay-last = »
    .title = Fin
    .aria-label = Fin
replay-flip = Retourner
    .title = Retourner le plateau : voir la partie de l’autre côté
analysis-title = Analyse
analysis-graph =
    .aria-label = Les chances de gain des Blancs avant chaque lancer, avec les décisions marquées
analysis-graph-help = Les chances de gain des Blancs avant chaque lancer ; une marque est une décision qui a perdu de l’équité (?! douteuse, ? mauvaise, ?? très mauvaise). Cliquez sur une marque, ou sur un coup, pour la voir.

## Comptes : pourquoi le serveur a refusé (selon le statut HTTP)

account-error-400 = Ce nom ou ce mot de passe ne convient pas : un nom de 2 à 20 lettres d’une seule écriture, chiffres, _ ou -, sans caractère invisible, et un mot de passe d’au moins 8 caractères.
account-error-401 = Nom ou mot de passe incorrect.
account-error-409 = Ce nom est déjà pris : choisissez-en un autre.
account-error-429 = Trop d’essais : patientez une minute.
account-error = Refusé ({ $status }).

## Les plateaux latéraux

tray-start = départ
tray-off = sorties

## Revoir une partie

replay-white-person = Blancs (joueur)
replay-black-person = Noirs (joueur)
replay-loading = Chargement…
replay-load-failed = Impossible de charger la partie : { $error }
# $side vaut « white » ou « black » : le côté d’où l’on voit le plateau.
replay-decision-alt = Décision { $number } : { $name } { $play } · vu des { $side ->
        [white] Blancs
       *[black] Noirs
    }
replay-decision-alt-played = Décision { $number } : { $name } { $play } (joué) · vu des { $side ->
        [white] Blancs
       *[black] Noirs
    }
# $kind vaut « play » (avec $dice) ou « cube ».
replay-decision = Décision { $number } : { $name } { $kind ->
        [play] joue { $dice }
       *[cube] au videau
    } · joué { $played } · vu des { $side ->
        [white] Blancs
       *[black] Noirs
    }
replay-frame = Coup { $number } sur { $count } : { $what } · pips { $white }–{ $black } · score { $whiteScore }–{ $blackScore } · vu des { $side ->
        [white] Blancs
       *[black] Noirs
    }
replay-start = départ
replay-die-off = lancer de départ { $white } contre { $black }
replay-roll = lancer { $dice }
replay-names = annonce { $value }-{ $value }
replay-resigns = { $name } abandonne
replay-forfeits = { $name } perd par forfait
replay-next-game = partie suivante
replay-double = double
replay-take = accepte
replay-drop = refuse
replay-play = Lecture
    .title = Lecture
replay-pause = Pause

## Analyse

analysis-asking = Demande au serveur…
analysis-progress = Analyse : { $done } décisions sur { $total }
analysis-failed = L’analyse a échoué : { $error }
analysis-mark-doubtful = douteux
analysis-mark-bad = mauvais
analysis-mark-very_bad = très mauvais
analysis-decisions = Décisions
analysis-error-rate = Taux d’erreur
analysis-luck = Chance
analysis-judged = Jugé à { $plies } demi-coups par le niveau { $level }. Décisions : non forcées (toutes). Taux d’erreur : points perdus par décision non forcée. Classement : 0 est le jeu parfait.
analysis-no-marks = Aucune décision marquée : les deux camps ont joué comme le robot.
analysis-cube = videau : { $played }
analysis-cube-answer = réponse au videau : { $played }
analysis-action-double = doubler
analysis-action-no-double = ne pas doubler
analysis-action-take = accepter
analysis-action-drop = refuser
analysis-to-play = { $name } joue { $dice }
analysis-to-play-forced = { $name } joue { $dice } (forcé)
analysis-double-or-roll = { $name } : doubler ou lancer (videau { $cube })
analysis-take-or-drop = { $name } : accepter ou refuser (videau { $cube })
analysis-verdict-marked = { $mark } : joué { $played }, meilleur { $best }, { $lost } points
analysis-forced = Forcé : { $played }
analysis-played-lost = Joué { $played }, meilleur { $best } ({ $lost })
analysis-played-best = Joué { $played } : le meilleur
analysis-roll-luck = Chance du lancer : { $luck } points.
analysis-alt-played = { $play } (joué)

## Pages des joueurs

# $family vaut « acey-deucey » ou « backgammon », $kind « game » ou « match ».
profile-rating-name = { $family ->
        [backgammon] Backgammon
       *[acey-deucey] Acey-deucey
    } { $kind ->
        [match] en match
       *[game] en partie simple
    }
profile-rating =
    { $games ->
        [one] { $name } : { $rating } (±{ $deviation }, { $games } partie)
       *[other] { $name } : { $rating } (±{ $deviation }, { $games } parties)
    }
profile-not-rated = Pas encore classé.
profile-no-player = Ce joueur n’existe pas.
profile-won = gagnée
profile-lost = perdue
profile-replay = revoir
profile-on-device = sur un appareil
profile-kind = { $kind ->
        [match] match
       *[game] partie simple
    }

## Le terminal (acey play) : plein écran, --plain et --online
# $who vaut « you » (la personne qui joue contre l’ordinateur), « bot » (l’ordinateur) ou
# « other » (un joueur nommé par $name : X ou O à deux sur un clavier, un nom en ligne).
# Les commandes tapées (« roll », « resign yes ») et les touches (r, d, y, n) restent les mêmes
# dans toutes les langues.

term-name =
    { $who ->
        [you] vous
        [bot] ordinateur
       *[other] { $name }
    }
term-points =
    { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
term-die-off-again = Lancer d’ouverture : les deux font { $die } ; on relance.
term-die-off-starts =
    Lancer d’ouverture : X fait { $x }, O fait { $o } : { $who ->
        [you] vous commencez
        [bot] l’ordinateur commence
       *[other] { $name } commence
    }.
term-die-off-plays =
    Lancer d’ouverture : X fait { $x }, O fait { $o } : { $who ->
        [you] vous commencez et jouez { $dice }
        [bot] l’ordinateur commence et joue { $dice }
       *[other] { $name } commence et joue { $dice }
    }.
term-bot-doubles = L’ordinateur double à { $value }.
term-bot-takes = L’ordinateur accepte le videau.
term-bot-drops = L’ordinateur refuse le videau.
term-bot-no-plan = L’ordinateur n’a pas de plan ; il prend le premier choix.
term-bot-reconsiders = L’ordinateur revoit son coup.
term-forced-play =
    Coup forcé pour { $who ->
        [you] vous
        [bot] l’ordinateur
       *[other] { $name }
    } : { $play }
term-rolls =
    { $who ->
        [you] Vous faites { $dice }.
        [bot] L’ordinateur fait { $dice }.
       *[other] { $name } fait { $dice }.
    }
term-rolls-acey =
    { $who ->
        [you] Vous faites { $dice } : acey-deucey !
        [bot] L’ordinateur fait { $dice } : acey-deucey !
       *[other] { $name } fait { $dice } : acey-deucey !
    }
term-rolls-stuck =
    { $who ->
        [you] Vous faites { $dice } et ne pouvez pas jouer.
        [bot] L’ordinateur fait { $dice } et ne peut pas jouer.
       *[other] { $name } fait { $dice } et ne peut pas jouer.
    }
term-step =
    { $who ->
        [you] Vous
        [bot] Ordinateur
       *[other] { $name }
    } : { $step }
term-step-mirrored =
    { $who ->
        [you] Vous
        [bot] Ordinateur
       *[other] { $name }
    } : { $step } (de votre côté : { $mirrored })
term-played =
    { $who ->
        [you] Vous avez joué { $play }.
        [bot] L’ordinateur a joué { $play }.
       *[other] { $name } a joué { $play }.
    }
term-named =
    { $who ->
        [you] Vous avez annoncé { $value }-{ $value }.
        [bot] L’ordinateur a annoncé { $value }-{ $value }.
       *[other] { $name } a annoncé { $value }-{ $value }.
    }
term-takes-back =
    { $who ->
        [you] Vous reprenez un pas.
        [bot] L’ordinateur reprend un pas.
       *[other] { $name } reprend un pas.
    }
term-err-bot-turn = C’est au tour de l’ordinateur.
term-err-wrong-phase = Ce n’est pas possible maintenant.
term-err-bad-value = Cette valeur n’est pas permise.
term-err-no-offer = Aucun abandon n’est proposé.
term-err-not-an-offer =
    { $level ->
        [single] Une partie simple
        [gammon] Un gammon
       *[backgammon] Un backgammon
    } ne peut pas être proposé maintenant : abandonner coûte { $cost }
term-resign-cost =
    { $points ->
        [one] { $points } point
       *[other] { $points } points
    }{ $level ->
        [gammon] {", "}un gammon
        [backgammon] {", "}un backgammon
        [single] {", "}une partie simple
       *[none] {""}
    }
term-hint-double = doubler
term-hint-roll = lancer sans doubler
term-hint-take = accepter
term-hint-drop = refuser
term-hint-verdict =
    { $action } ({ $verdict ->
        [no-double-take] pas encore assez bon pour doubler
        [too-good] trop bon pour doubler : jouez pour plus
        [double-take] la réponse devrait être d’accepter
       *[double-pass] la réponse devrait être de refuser
    })
term-score = Score : { $x } { $xs }, { $o } { $os }
term-score-match = Score : { $x } { $xs }, { $o } { $os } (match en { $target })
term-final-score = Score final : { $x } { $xs }, { $o } { $os }
term-final-score-match = Score final : { $x } { $xs }, { $o } { $os } (match en { $target })
term-status-die-off = Lancer d’ouverture pour savoir qui commence.
term-status-to-roll =
    { $who ->
        [you] À vous de lancer.
        [bot] À l’ordinateur de lancer.
       *[other] À { $name } de lancer.
    }
term-status-doubled =
    { $who ->
        [you] Vous avez doublé
        [bot] L’ordinateur a doublé
       *[other] { $name } a doublé
    } à { $value } : { $taker ->
        [you] à vous
        [bot] à l’ordinateur
       *[other] à { $taker_name }
    } d’accepter ou de refuser.
term-dice-done = aucun
term-status-to-play =
    { $who ->
        [you] À vous de jouer
        [bot] À l’ordinateur de jouer
       *[other] À { $name } de jouer
    } (dés restants : { $dice }).
term-status-to-play-chosen =
    { $who ->
        [you] À vous de jouer
        [bot] À l’ordinateur de jouer
       *[other] À { $name } de jouer
    } le { $double } annoncé (dés restants : { $dice }).
term-status-to-play-acey =
    { $who ->
        [you] À vous de jouer
        [bot] À l’ordinateur de jouer
       *[other] À { $name } de jouer
    } l’acey-deucey 1-2 (dés restants : { $dice }).
term-status-name-double =
    { $who ->
        [you] Vous avez joué
        [bot] L’ordinateur a joué
       *[other] { $name } a joué
    } le 1-2 en entier : annoncez un double (1-6).
term-status-won =
    { $who ->
        [you] Vous gagnez
        [bot] L’ordinateur gagne
       *[other] { $name } gagne
    } { $points ->
        [one] { $points } point
       *[other] { $points } points
    }{ $how ->
        [checkers] {" "}({ $left ->
            [one] { $left } dame non sortie
           *[other] { $left } dames non sorties
        })
        [gammon] {" "}(gammon)
        [backgammon] {" "}(backgammon)
        [resigned] {" "}par abandon
        [dropped] {" "}(videau refusé)
        [forfeited] {" "}par forfait
       *[played] {""}
    }{ $cube ->
        [1] {""}
       *[other] , videau à { $cube }
    }.
term-status-won-match =
    { $who ->
        [you] Vous gagnez le match.
        [bot] L’ordinateur gagne le match.
       *[other] { $name } gagne le match.
    }

## Le mode ligne du terminal (acey play --plain)

term-plain-intro-bot = acey : vous jouez { $mark } contre l’ordinateur ({ $level }), règles { $rules }. Tapez « help » pour les commandes.
term-plain-intro-people = acey : X contre O sur un même clavier, règles { $rules }. Tapez « help » pour les commandes.
term-plain-help =
    Commandes (en anglais, dans toutes les langues) :
      13/7 8/7      un coup entier en notation (aussi bar/22, in/19(4), 24/13, 6/off)
      13/7          un pas du coup ; puis d’autres pas, « undo », et « ok » pour valider
      1..6          le double à annoncer après un 1-2 joué en entier
      plays         la liste numérotée des coups permis (ou des doubles)
      play N        jouer le coup N de cette liste (ou annoncer son double N)
      hint          les conseils classés de l’ordinateur
      best          jouer le premier conseil de l’ordinateur
      undo          reprendre le dernier pas
      ok            valider un coup entré pas à pas
      roll, double, take, drop   lancer les dés, doubler, accepter ou refuser le videau
      resign        dire ce que coûte l’abandon ; « resign yes » abandonne
      resign single proposer une partie simple (ou « resign gammon ») quand plus est en jeu,
                    avec gammons ; l’ordinateur accepte ou refuse, un second joueur tape
                    « accept » ou « decline »
      rematch       après une partie : la suivante (un nouveau match une fois le match joué)
      analyse       après une partie : la juger (acey analyse à 1 demi-coup) : bilan et coups marqués
      board         dessiner le plateau
      position      décrire la position
      auto on|off   jouer les coups forcés automatiquement
      quit          enregistrer et arrêter (la fin de l’entrée fait de même)
term-saved = Partie enregistrée dans { $path }.
term-save-failed = Impossible d’enregistrer la partie : { $error }
term-prompt-game-over = partie terminée : tapez « rematch » pour une autre partie, « analyse » pour juger celle-ci, ou « quit »
term-prompt-offer =
    { $taker } : { $name } propose d’abandonner { $level ->
        [single] une partie simple
        [gammon] un gammon
       *[backgammon] un backgammon
    } : « accept » ou « decline »
term-prompt-waiting = en attente
term-prompt-roll =
    { $who ->
        [you] Vous
        [bot] Ordinateur
       *[other] { $name }
    } : « roll » pour lancer les dés ou « double » pour doubler
term-prompt-take =
    { $who ->
        [you] Vous
        [bot] Ordinateur
       *[other] { $name }
    } : « take » pour accepter le videau ou « drop » pour le refuser
term-prompt-name-double =
    { $who ->
        [you] Vous
        [bot] Ordinateur
       *[other] { $name }
    } : annoncez un double, de 1 à 6
term-prompt-move =
    { $who ->
        [you] À vous de jouer
        [bot] À l’ordinateur de jouer
       *[other] À { $name } de jouer
    } { $dice } : tapez un coup
term-prompt-move-chosen =
    { $who ->
        [you] À vous de jouer
        [bot] À l’ordinateur de jouer
       *[other] À { $name } de jouer
    } le { $double } annoncé : tapez un coup
term-prompt-complete =
    { $who ->
        [you] Vous
        [bot] Ordinateur
       *[other] { $name }
    } : coup { $play } complet : « ok » pour valider ou « undo »
term-prompt-next-step =
    { $who ->
        [you] Vous
        [bot] Ordinateur
       *[other] { $name }
    } : déjà { $play }, dés restants { $dice } : pas suivant
term-position-head =
    Position (flèches numérotées { $who ->
        [you] de votre côté
        [bot] du côté de l’ordinateur
       *[other] du côté de { $name }
    }, { $name }) :
term-position-cube-owner =
    {"  "}Videau : { $value }, { $who ->
        [you] vous pouvez
        [bot] l’ordinateur peut
       *[other] { $name } peut
    } doubler ensuite
term-position-cube-middle = {"  "}Videau : { $value }, au centre
term-position-side = {"  "}{ $mark } { $name } : { $points } | { $start ->
        [none] {""}
       *[other] départ { $start },{" "}
    }barre { $bar }, sorties { $off } | pips { $pips }
term-auto-on = Les coups forcés sont joués automatiquement.
term-auto-off = Les coups forcés ne sont pas joués automatiquement.
term-new-game = Une nouvelle partie commence.
term-not-over-rematch = La partie n’est pas finie : terminez-la ou abandonnez (« resign ») d’abord.
term-not-over-analyse = La partie n’est pas finie : « analyse » juge une partie terminée.
term-accepted = Accepté.
term-declined = Refusé : la partie continue.
term-offer-pending = Un abandon est proposé : « accept » ou « decline ».
term-nothing-to-do = Rien à faire maintenant : { $status }
term-nothing-to-do-over = Rien à faire maintenant : la partie est finie (« rematch » ou « quit »)
term-not-time-to-roll = Ce n’est pas le moment de lancer les dés.
term-no-hint = Aucun conseil pour cette décision.
term-no-suggestion = Aucune suggestion pour cette décision.
term-so-far-plays = Déjà { $play } ; les coups qui le terminent :
term-no-choice =
    Il n’y a pas de choix { $number } : « plays » liste { $count ->
        [one] { $count } coup
       *[other] { $count } coups
    }.
term-resign-offer-item =
    « resign { $level } » propose { $level ->
        [single] une partie simple
        [gammon] un gammon
       *[backgammon] un backgammon
    } ({ $points ->
        [one] { $points } point
       *[other] { $points } points
    })
term-resign-costs =
    Abandonner donne { $cost } { $who ->
        [you] à vous
        [bot] à l’ordinateur
       *[other] à { $name }
    } : tapez « resign yes » pour abandonner.
term-resign-costs-offers =
    Abandonner donne { $cost } { $who ->
        [you] à vous
        [bot] à l’ordinateur
       *[other] à { $name }
    } : tapez « resign yes » pour abandonner ; ou bien { $offers }, que { $who ->
        [you] vous pouvez
        [bot] l’ordinateur peut
       *[other] { $name } peut
    } refuser.
term-bot-accepts-offer =
    L’ordinateur accepte { $level ->
        [single] la partie simple
        [gammon] le gammon
       *[backgammon] le backgammon
    }.
term-bot-declines-offer-plain =
    L’ordinateur refuse { $level ->
        [single] la partie simple
        [gammon] le gammon
       *[backgammon] le backgammon
    } : continuez, ou « resign yes » ({ $cost }).
term-offers-resign =
    { $name } propose d’abandonner { $level ->
        [single] une partie simple
        [gammon] un gammon
       *[backgammon] un backgammon
    } : { $taker }, « accept » ou « decline » ?
term-resign-unknown = « resign { $word } » : écrivez « resign yes », ou « resign single » / « gammon » / « backgammon »
term-named-short = { $value }-{ $value } annoncé.
term-doubles =
    { $who ->
        [you] Vous doublez à { $value }.
        [bot] L’ordinateur double à { $value }.
       *[other] { $name } double à { $value }.
    }
term-taken = Accepté.
term-dropped = Refusé.
term-played-short = Joué { $play }.

## Le terminal : refus des coups et des commandes tapés

term-err-game-over = la partie est finie
term-err-nothing-to-play = rien à jouer maintenant
term-err-too-much = « { $text } » va au-delà du tour : le coup qui le précède termine le tour
term-err-not-a-roll = « { $label } » n’est pas un lancer
term-err-wrong-roll = « { $label } » n’est pas le lancer en jeu : c’est { $dice }
term-err-wrong-roll-chosen = « { $label } » n’est pas le lancer en jeu : c’est le { $double } annoncé
term-err-empty-play = tapez un coup comme 13/7 8/7, ou un pas comme 13/7
term-err-play-complete = le coup est complet : validez-le ou reprenez un pas
term-err-not-next-step = « { $text } » n’est pas un pas suivant permis ; pas permis : { $legal }
term-err-double-not-allowed = { $value }-{ $value } ne peut pas être annoncé maintenant ; choisissez parmi { $allowed }
term-err-not-a-double = « { $text } » n’est pas un double : annoncez-en un par un chiffre de 1 à 6
term-err-not-a-move = « { $text } » n’est pas un coup : écrivez un coup comme 13/7 8/7, ou un pas comme 13/7
term-err-not-legal = « { $text } » n’est pas un coup permis avec ces dés : « plays » les liste
term-err-ambiguous = « { $text } » peut désigner plusieurs coups : écrivez chaque pas

## Le terminal : l’analyse de la partie qui vient de se jouer

term-review-failed = La partie ne peut pas être analysée : { $error }
term-review-head = Partie { $number } jugée à { $plies } { $plies ->
        [one] demi-coup
       *[other] demi-coups
    } par le niveau { $level } (acey analyse) :
term-review-col-player = joueur
term-review-col-decisions = décisions
term-review-col-unforced = libres
term-review-col-error-rate = taux d’err.
term-review-col-luck = chance
term-review-col-rating = note
term-review-no-marks = Aucune décision marquée : rien de perdu qui mérite une marque.
term-review-marked = Décisions marquées ({ $count }) :
term-review-decision = { $name } { $dice } { $mark } : joué { $played }
term-review-best = {"    "}meilleur { $best }  (perte { $lost })

## Le plein écran du terminal : messages et ligne des touches
# Les touches (r, d, y, n, h, A, q, Entrée, Échap, ←/→) sont les mêmes dans toutes les langues ;
# la ligne des touches (suivie de « ? : aide   q : enregistrer et quitter ») tient en 80 colonnes.

term-analysing = Analyse de la partie...
term-analysis-failed = L’analyse n’a pas pu être faite.
term-hint-failed = Le conseil n’a pas pu être calculé.
term-thread-stopped = Le fil de l’ordinateur s’est arrêté ; il réfléchit désormais au premier plan.
term-saved-next =
    Partie enregistrée dans { $path }. Touche n pour { $next ->
        [match] un nouveau match
       *[game] la partie suivante
    }, q pour quitter.
term-key-offer =
    { $name } propose d’abandonner { $level ->
        [single] une partie simple
        [gammon] un gammon
       *[backgammon] un backgammon
    } ({ $points ->
        [one] { $points } point
       *[other] { $points } points
    }) : { $taker }, accepter ? y / n
term-key-typing = Tapez un coup (ex. 13/7 8/7) puis Entrée ; Échap annule.
term-key-confirm-resign =
    Abandonner cette partie et donner { $cost } { $who ->
        [you] à vous
        [bot] à l’ordinateur
       *[other] à { $name }
    } ? y / n
term-key-offer-item =
    { $number } : proposer { $level ->
        [single] une simple
        [gammon] un gammon
       *[backgammon] un backgammon
    } ({ $points })
term-key-resign-item = y : abandonner ({ $cost })
term-key-play-on = Échap : continuer
term-key-help-close = Une touche ferme l’aide.
term-key-review = ↑/↓ PgUp/PgDn : défiler   Échap : fermer
term-key-over-analysing = Analyse de la partie...   n : partie suivante
term-key-over = n : partie suivante / revanche   A : analyser
term-key-name-double = Annoncez un double : ←/→ et Entrée, ou 1-6
term-key-roll = r : lancer   d : doubler   h : conseil
term-key-cube = y : accepter   n : refuser   h : conseil
term-key-complete = Entrée : valider   Ret. arr. : reprendre
term-key-destination = ←/→ : destination   Entrée : jouer   Ret. arr. : lâcher
term-key-checker = ←/→ : dame   Entrée : choisir   Ret. arr. : reprendre   : taper   h : conseil
term-key-waiting = En attente de l’autre camp...
term-key-tail = ? : aide   q : enregistrer et quitter
term-not-resigned = Pas d’abandon.
term-no-such-choice = Ce choix n’existe pas : pas d’abandon.
term-not-your-turn = Ce n’est pas votre tour.
term-bot-declines-offer =
    L’ordinateur refuse { $level ->
        [single] la partie simple
        [gammon] le gammon
       *[backgammon] le backgammon
    } : continuez, ou abandonnez tout.
term-auto-now-on = Les coups forcés sont désormais joués automatiquement.
term-auto-now-off = Les coups forcés ne sont plus joués automatiquement.
term-position-id-line = ID de position { $id } (pour l’analyser : { $command })
term-hint-own-turn = Le conseil est pour votre propre tour.
term-step-taken-back = Pas repris.
term-nothing-to-undo = Rien à reprendre.
term-log-game = - partie { $number } -
term-play-confirmed = Coup validé.
term-resigned = Abandon.
term-doubled = Doublé.
term-cube-taken = Videau accepté.
term-cube-dropped = Videau refusé.
term-too-small = Le terminal fait { $width }x{ $height } ; le plateau demande au moins { $min_width }x{ $min_height }. Agrandissez-le, ou jouez avec --plain. Les touches attendent que le plateau s’affiche (q quitte).
term-title-bot =
    { $bot ->
        [x] l’ordinateur (X) contre vous (O)
        [o] vous (X) contre l’ordinateur (O)
       *[both] { $x } (X) contre { $o } (O)
    }, niveau { $level }
term-title-people = X contre O sur un même clavier
term-title = {" "}acey · { $score } · partie { $number } · { $players } · { $preset }
term-seen-from =
    {" "}vu { $who ->
        [you] de votre côté
        [bot] du côté de l’ordinateur
       *[other] du côté de { $name }
    } ({ $name }){" "}
term-dice-label = Dés :{" "}
term-pips = Pips : X { $x }  O { $o }
term-cube-line =
    Videau : { $value } ({ $owner ->
        [centred] au centre
        [you] à vous
        [bot] à l’ordinateur
       *[other] à { $name }
    })
term-forced-automatic = (coups forcés automatiques)
term-position-id = ID de position : { $id }   (i : comment l’analyser)
term-gnubg-id = ID GNUbg : { $id }
term-bot-thinking = L’ordinateur réfléchit...
term-hint-working = L’ordinateur prépare un conseil...
term-hint-title = {" "}conseil{" "}
term-hint-title-close = {" "}conseil (Échap ferme){" "}
term-log-title = {" "}coups joués{" "}
term-typing-line = coup> { $text }_
term-double-label = Double :{" "}
term-help-title = {" "}touches{" "}
term-help =
    Jouer
      ←/→ ou Tab        aller à la dame suivante (ou à la destination suivante)
      Entrée / Espace   choisir la dame, puis sa destination
      Retour arrière    lâcher la dame / reprendre un pas
      Entrée            valider le coup quand il ne reste aucun pas
      : ou un chiffre   taper un coup, ex. 13/7 8/7, bar/22, in/19(4)
    Après un 1-2 joué   ←/→ et Entrée, ou 1-6, annonce le double
    Autres touches
      h  conseil (coups ou videau)   a  coups forcés automatiques oui/non
      i  ID de position et la commande acey hint/eval qui l’analyse
      f  retourner le plateau        R  abandonner (dit ce que cela coûte ;
                                        avec gammons : proposer une partie simple)
      r  lancer   d  doubler (videau)   y/n  accepter/refuser
      n  partie suivante / revanche  q, Ctrl-C  enregistrer et quitter
      A  en fin de partie : analyser la partie jouée
term-review-title = {" "}analyse, lignes { $first }-{ $last } sur { $count } (↑/↓ défiler, Échap ferme){" "}
term-saved-continue = Partie enregistrée dans { $path }. Pour la continuer : acey play --load { $path }
term-kept-unfinished = { $path } contenait une partie inachevée : elle est gardée sous { $kept } ; pour la continuer : acey play --load { $kept }
term-interrupted = Interrompu. La partie est enregistrée dans { $path }.
term-needs-terminal = le jeu plein écran a besoin d’un terminal : utilisez --plain pour les tubes et les scripts
term-board-start = départ
term-board-off = sortie
term-board-bar = BARRE

## Le terminal en ligne (acey play --online) : salon, parties, discussion
# $rated vaut « rated » ou « casual » ; $clock est une cadence comme 3+12, ou « none » ; $points
# est la longueur du match (1 pour une partie simple).

term-server-says = Le serveur répond : { $message } ({ $code }).
term-server-refused = Le serveur a refusé : { $text }
term-online-label-you = { $mark } { $name } (vous)
term-online-clock-running = { $label } { $time } (tourne)
term-online-clock-line = Pendule { $control } : { $x }, { $o }
term-online-prompt-match-over = match terminé : « rematch » pour rejouer, « leave » pour le salon, « quit »
term-online-prompt-game-over = partie terminée : « next » lance la partie suivante
term-online-prompt-watching = spectateur : « say TEXTE » pour parler, « leave » pour le salon
term-online-prompt-gone = en attente de { $name }, absent depuis { $time } : « claim » réclame la partie après 2 minutes
term-online-prompt-waiting-for = en attente de { $name }
term-online-prompt-roll = à vous : « roll » pour lancer ou « double » pour doubler
term-online-prompt-take = { $name } double à { $value } : « take » pour accepter ou « drop » pour refuser
term-online-prompt-name-double = annoncez un double : { $doubles }
term-online-prompt-move-bare = à vous de jouer
term-online-prompt-move = à vous de jouer { $dice } : tapez un coup (« plays » les liste)
term-online-prompt-move-chosen = à vous de jouer le { $double } annoncé { $dice } : tapez un coup (« plays » les liste)
term-online-prompt-complete = votre coup { $play } est complet : « ok » pour valider ou « undo »
term-online-prompt-next-step = déjà { $play }, dés restants { $dice } : pas suivant
term-online-prompt-seeking = en attente dans la file { $pool } (« cancel » pour arrêter)
term-online-prompt-lobby = salon : « seek american », « challenge », « accept N », « watch N », « help »
term-online-position-head = Position (flèches numérotées du côté de { $name }), partie { $number } :
term-online-position-head-match = Position (flèches numérotées du côté de { $name }), partie { $number } d’un match en { $target } :
term-online-position-side = {"  "}{ $label } : { $points } | { $start ->
        [none] {""}
       *[other] départ { $start },{" "}
    }barre { $bar }, sorties { $off } | pips { $pips } | score { $score }
term-online-dice = {"  "}Dés : { $dice }
term-online-welcome = Bienvenue, { $name }. Tapez « help » pour les commandes.
term-online-welcome-guest = Bienvenue, { $name } (invité). Tapez « help » pour les commandes.
term-online-your-challenge = Votre défi : { $text }
term-online-new-challenge = Nouveau défi : { $text }
term-online-accept-n = { $text } (« accept { $number } »)
term-online-challenge-gone = Le défi { $id } n’existe plus.
term-online-seeking = En attente d’un adversaire dans la file { $pool } (« cancel » pour arrêter).
term-online-paired = Adversaire trouvé : vous rejoignez la partie.
term-online-joined = Partie { $game } rejointe : { $x } contre { $o }, { $rules }{ $terms }.
term-online-watching = Vous êtes spectateur.
term-online-plays = { $name } joue { $play }.
term-online-sits = { $name } prend la place { $mark }.
term-online-rematch-begins = La revanche commence.
term-online-you-offer-rematch = Vous proposez une revanche.
term-online-offers-rematch = { $name } propose une revanche : « rematch » accepte, « decline » refuse.
term-online-declines-rematch = { $name } refuse la revanche.
term-online-guest-name = Vous jouez sous un nom d’invité donné par le serveur.
term-online-back = { $name } est de retour.
term-online-here = { $name } est là.
term-online-no-play = Aucun coup possible : le tour passe.
term-online-lobby = Salon : { $count } en ligne.
term-online-pools = Appariement rapide (« seek FILE » ou « seek N ») :
term-online-pool = {"  "}{ $number }. { $id } { $rules }{ $terms }, pendule { $clock } : { $waiting } en attente
term-online-no-challenges = Défis ouverts : aucun (« challenge » en crée un).
term-online-challenges = Défis ouverts (« accept N ») :
term-online-no-games = Parties en cours : aucune.
term-online-games = Parties en cours (« watch N ») :
term-online-game =
    {"  "}{ $number }. { $x } contre { $o }, { $rules }{ $rated ->
        [rated] , classée
       *[casual] {""}
    } [{ $id }]
term-online-help =
    Commandes (en anglais, dans toutes les langues).
    Dans le salon :
      lobby                 afficher de nouveau le salon
      seek FILE             appariement rapide : american, american-match, bgammon ou backgammon (ou 1-4)
      challenge [RÈGLES] [match N] [clock 3+12|30/turn] [rated]
                            proposer une partie à tous (par défaut : american, une partie, sans pendule)
      accept N|ID           accepter le défi N de la liste
      cancel [ID]           retirer vos défis et votre recherche
      watch N|ID            regarder la partie N des parties en cours
      resume [N|GAME]       revenir à une de vos parties inachevées (listées à l’arrivée)
    Dans une partie :
      13/7 8/7              un coup entier (aussi bar/22, in/19(4), 24/13, 6/off) ; 13/7 seul est un pas
      plays, play N         lister les coups permis ; jouer le coup N de la liste
      undo, ok              reprendre un pas ; valider un coup joué pas à pas
      1..6                  le double à annoncer après un 1-2 joué en entier
      roll, double, take, drop   lancer, doubler, accepter ou refuser le videau
      resign                dire ce que coûte l’abandon ; « resign yes » abandonne
      next                  lancer la partie suivante d’un match
      rematch, decline      proposer ou accepter une revanche ; refuser celle de l’adversaire
      say TEXTE             écrire dans la discussion de la partie
      claim                 réclamer la partie d’un adversaire parti pendant son tour (sans pendule)
      board, clock          dessiner le plateau ; montrer les deux pendules
      leave                 quitter la partie pour le salon
    Partout :
      help, quit
term-online-left = Vous avez quitté la partie.
term-online-say-what = Dire quoi ? « say bonne chance »
term-online-chat-in-game = La discussion a lieu dans une partie : rejoignez-en ou regardez-en une d’abord.
term-online-lists-challenges = { $error } (« lobby » liste les défis)
term-online-nothing-to-cancel = Rien à annuler.
term-online-left-pool = Vous avez quitté la file.
term-online-lists-games = { $error } (« lobby » liste les parties)
term-online-not-lobby-command = « { $text } » n’est pas une commande du salon : « help » les liste
term-online-finish-first = Terminez ou quittez (« leave ») d’abord cette partie.
term-online-seek-which = quelle file ? { $pools }
term-online-no-clock = Cette partie n’a pas de pendule.
term-online-only-players-resign = Seul un joueur peut abandonner.
term-online-resign-cost =
    Abandonner maintenant donne { $points ->
        [one] { $points } point
       *[other] { $points } points
    } à { $name } : « resign yes » pour abandonner.
term-online-no-play-to-choose = Aucun coup à choisir maintenant.
term-online-no-play-n =
    Il n’y a pas de coup { $number } : « plays » liste { $count ->
        [one] { $count } coup
       *[other] { $count } coups
    }.
term-online-not-your-move = « { $text } » n’est pas une commande, et ce n’est pas à vous de jouer : « help » liste les commandes
term-online-not-rebuilt = le coup n’a pas pu être reconstruit ici : utilisez « plays » et « play N »
term-online-not-a-command = « { $text } » n’est pas une commande : « help » les liste
term-online-die-off = Lancer d’ouverture : { $x } { $xd }, { $o } { $od }.
term-online-rolls = { $name } fait { $dice }.
term-online-names = { $name } annonce { $value }-{ $value }.
term-online-doubles = { $name } double.
term-online-takes = { $name } accepte : le videau est à { $value }.
term-online-drops = { $name } refuse le videau.
term-online-resigns = { $name } abandonne.
term-online-time-ran-out = Le temps de { $name } est écoulé.
term-online-forfeits = { $name } perd par forfait.
term-online-game-begins = La partie { $number } commence.
term-online-wins =
    { $name } gagne { $points ->
        [one] { $points } point
       *[other] { $points } points
    }. Score : { $x } { $xs }, { $o } { $os }.
term-online-wins-match = { $name } gagne le match.
term-online-chat = [discussion] { $from } : { $text }
term-online-chat-spectators = [discussion (spectateurs)] { $from } : { $text }
term-online-match =
    { $points ->
        [one] , une partie
       *[other] , match en { $points }
    }
term-online-terms =
    { $points ->
        [one] , une partie
       *[other] , match en { $points }
    }{ $clock ->
        [none] , sans pendule
       *[other] , pendule { $clock }
    }{ $rated ->
        [rated] , classée
       *[casual] , amicale
    }
term-online-challenge =
    { $name }{ $guest ->
        [yes] {" "}(invité)
       *[no] {""}
    } { $rating ->
        [none] non classé
       *[other] { $rating }
    }{ $terms }, { $rules }, { $clock ->
        [none] sans pendule
       *[other] pendule { $clock }
    }, { $rated ->
        [rated] classée
       *[casual] amicale
    } [{ $id }]
term-online-which-one = lequel ? donnez son numéro ou son id
term-online-no-number = il n’y a pas de numéro { $number }
term-online-match-needs-length = « match » demande une longueur : match 5
term-online-not-match-length = « { $text } » n’est pas une longueur de match
term-online-clock-needs-control = « clock » demande une cadence : clock 3+12 ou clock 30/turn
term-online-not-challenge-part = « { $text } » ne fait pas partie d’un défi : challenge [RÈGLES] [match N] [clock 3+12] [rated]
term-online-connected = Connecté à { $url }.
term-online-reconnecting = Connexion perdue ({ $reason }) : reconnexion…
term-online-seek-lost = Votre recherche et vos défis ont été retirés avec la connexion : refaites-les une fois la connexion revenue.
term-online-reconnected = Reconnecté.
term-online-kept = Vos parties inachevées sur ce serveur :
term-online-kept-game = {"  "}{ $number }. { $game } : X { $x } contre O { $o }, { $rules } (vous êtes { $mark })
term-online-kept-how = Tapez « resume N » pour y revenir.
term-online-resuming = Retour à la partie { $game }…
term-online-intent-made = « { $text } », envoyé quand la connexion a été coupée, a été joué.
term-online-intent-lost = « { $text } » n’a pas atteint le serveur avant la coupure : il n’a pas été joué. Tapez-le de nouveau.
term-online-resume-how = Pour revenir plus tard à cette partie : acey play --online { $url } --resume { $game }
term-online-seat-gone = Votre place dans la partie { $game } n’est plus la vôtre (partie finie ou disparue) : elle est oubliée.
term-online-prompt-reconnecting = reconnexion au serveur…
term-online-prompt-rejoining = revenu : retour dans la partie…
term-online-not-sent = Pas de connexion : « { $text } » n’a pas été envoyé. Tapez-le de nouveau quand la connexion sera revenue.
term-online-nothing-kept = Aucune partie inachevée n’est gardée pour ce serveur.
term-online-nothing-kept-for = Aucune place n’est gardée pour la partie { $game } sur ce serveur.
term-online-title-reconnecting = { $me } (reconnexion…)
term-seats-nowhere = Attention : ni HOME ni XDG_DATA_HOME : les jetons de place ne sont gardés que pendant qu’acey tourne.
term-seats-unreadable = Attention : les places gardées dans { $file } n’ont pas pu être lues ({ $reason }) : on repart sans.
term-seats-unwritable = Attention : la place n’a pas pu être gardée dans { $file } ({ $reason }) : cette partie ne pourra pas être reprise après avoir quitté.
term-online-interrupted = Interrompu : départ.
term-online-bye = Au revoir.
term-online-connecting = connexion
term-online-title = {" "}acey en ligne · { $me } · { $url } · { $count } en ligne
term-online-keys-game = {" "}coup ou commande, Entrée · / discuter · « help » · Échap efface · Ctrl-C quitte
term-online-keys-lobby = {" "}1-4 file · c défi · a accepter · w regarder · x annuler · « help » · q quitter
term-online-side =
    {"  "}score { $score }
    {"  "}pips { $pips }
    {"  "}sorties { $off }
term-online-gone = {"   "}absent depuis { $time }
term-online-side-dice = Dés { $dice }
term-online-side-cube = Videau { $value }
term-online-side-clock = Pendule { $clock }
term-online-side-match = Match en { $points }
term-online-side-rated = Classée
term-online-side-casual = Amicale
term-online-side-recent = Derniers coups :
term-online-game-title = {" "}partie{" "}
term-online-lobby-title = {" "}salon{" "}
term-online-messages-title = {" "}messages{" "}
term-online-chat-title = {" "}messages et discussion{" "}
term-online-needs-terminal = le client plein écran a besoin d’un terminal : utilisez --plain pour les tubes et les scripts

## Les erreurs du terminal (acey play) : arguments, parties enregistrées, connexion

term-error = erreur : { $message }
term-error-lang = --lang { $lang } : acey play ne parle pas cette langue ; choisissez parmi { $languages }
term-internal-error-game = la partie s’est arrêtée sur une erreur interne (signalée plus haut)
term-internal-error-client = le client s’est arrêté sur une erreur interne
term-error-match-zero = --match demande au moins 1 point
term-error-side-vs-human = --side sert aux parties contre l’ordinateur : deux personnes jouent les deux camps
term-error-level = niveau inconnu « { $level } » : choisissez parmi { $levels }
term-error-name = --name '{ $name }' : un nom compte de 2 à 20 lettres, chiffres, _ ou -
term-error-rules = --rules { $rules } : { $reason }
term-io-error =
    { $kind ->
        [not-found] fichier ou dossier introuvable
        [permission-denied] permission refusée
        [connection-refused] connexion refusée
        [timed-out] pas de réponse à temps
       *[other] { $detail }
    }
term-error-read = impossible de lire { $path } : { $reason }
term-error-not-a-record = { $path } n’est pas un enregistrement de partie lisible : ligne { $line } : { $reason }
term-error-action-refused = { $path } : l’action { $number } de l’enregistrement est refusée : { $reason }
term-error-in-file = dans { $path } : { $reason }
term-error-seat = place inconnue « { $seat } » dans « { $line } » (human ou bot attendu)
term-error-two-seats = « { $line } » : deux places attendues, par exemple « human bot »
term-error-not-a-number = « { $line } » n’est pas un nombre
term-error-create-folder = impossible de créer le dossier { $folder } : { $reason }
term-error-write = impossible d’écrire { $path } : { $reason }
term-error-not-a-file =
    { $path } est { $kind ->
        [folder] un dossier
        [fifo] un tube nommé (FIFO)
        [device] un périphérique
        [socket] une socket
       *[other] un fichier spécial
    }, pas un fichier ordinaire : les parties ne sont enregistrées que dans un fichier ordinaire ou un nouveau fichier
term-error-link-loop = { $path } : trop de niveaux de liens symboliques
term-error-cannot-keep = { $path } contient une partie inachevée et ne peut pas être déplacé vers { $kept } : { $reason }
term-error-not-an-address = « { $url } » n’est pas une adresse où acey peut jouer : donnez http://HÔTE:PORT ou https://HÔTE
term-error-ipv6 = « { $url } » : une adresse IPv6 doit être fermée par « ] »
term-error-no-host = « { $url } » n’a pas de nom d’hôte : donnez http://HÔTE:PORT
term-error-port = « { $url } » : « { $port } » n’est pas un numéro de port
term-error-not-websocket = « { $url } » n’est pas une adresse WebSocket : { $reason }
term-error-cookie = le cookie de session n’est pas une valeur d’en-tête
term-error-no-answer = { $server } n’a pas répondu à temps
term-error-closed = le serveur a fermé la connexion
term-error-no-kept-seat = aucune place n’est gardée pour la partie « { $game } » sur { $server } (gardées : { $games })
term-error-silent = le serveur n’a rien dit pendant { $seconds } secondes
term-error-no-roots = aucun certificat racine de confiance trouvé pour TLS (donnez un fichier PEM dans SSL_CERT_FILE) : { $reason }
term-error-closed-because = le serveur a fermé la connexion : { $reason }
term-error-broke = la connexion a été coupée : { $reason }
term-error-thread-stopped = le fil de la connexion s’est arrêté
term-error-connect = impossible de se connecter à { $server } : { $reason }
term-error-refused-websocket = { $url } a refusé le WebSocket (HTTP { $status }) : est-ce bien un serveur acey ?
term-error-websocket = impossible d’ouvrir un WebSocket vers { $url } : { $reason }
term-error-unreadable-message = un message illisible du serveur ({ $reason })
term-error-password-utf8 = ACEY_PASSWORD n’est pas de l’UTF-8 valide
term-error-needs-password = --login { $name } demande un mot de passe : définissez ACEY_PASSWORD (il n’y a pas de terminal où le demander)
term-password-prompt = Mot de passe pour { $name } :
term-error-login-cancelled = connexion annulée
term-error-not-acey = { $url } n’a pas répondu comme le fait un serveur acey
term-error-no-cookie = le serveur a accepté la connexion mais n’a pas envoyé de cookie de session
term-error-login-refused = connexion refusée : nom ou mot de passe incorrect
term-error-too-many-logins = trop de connexions : patientez une minute et réessayez
term-error-no-accounts = { $url } n’a pas de comptes (HTTP 404) : est-ce bien un serveur acey ?
term-error-login-failed = échec de la connexion : HTTP { $status }
term-error-login-failed-said = échec de la connexion : HTTP { $status } : { $said }
term-error-cannot-find = impossible de trouver { $host } : { $reason }
term-error-no-address = impossible de trouver { $host }
term-error-stopped-answering = { $server } a cessé de répondre : { $reason }
update-ready = Une nouvelle version d'acey est prête.
update-reload = Recharger
home-device-games = Parties sur cet appareil
device-game-computer = Contre l'ordinateur ({ $level })
device-game-local = Sur un même écran
device-game-going = { $plays } coups, à suivre
device-game-over = terminée, { $plays } coups : revoir
device-game-add = Ajouter à mon historique
device-game-added = dans votre historique
device-game-add-failed = La partie n'a pas été ajoutée à votre historique : { $reason }
home-my-games = Vos parties dans ce navigateur
my-game-over = terminée, { $score }, { $plays } coups : revoir
