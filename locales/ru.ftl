# Веб-клиент acey: русский. Те же идентификаторы, что в en.ftl (эталон).
# Запись ходов, идентификаторы позиций и строки правил не переводятся.
# $who равно «you», когда фраза о самом читателе, иначе «other» (с $name).
# Фразы о другом игроке построены без глагола прошедшего времени («{ $name }: выпало 3-1»),
# чтобы не зависеть от рода имени.

-acey-deucey = эйси-дьюси
-cube = куб удвоения

## Страница и заголовок

page-title = acey · Эйси-дьюси онлайн
tagline = Эйси-дьюси онлайн
nav-players = Игроки
language-switch =
    .aria-label = Язык
conn-reconnecting = переподключение…
conn-banner = Соединение потеряно: переподключение… Доска ждёт, пока оно вернётся.
conn-offline-intent = Не отправлено: нет соединения. Сделайте ход снова, когда оно вернётся.
conn-friend-needs-server = Для игры с другом нужно соединение: пока его нет, играйте с компьютером или на одном экране.
conn-not-sent = Ваш последний ход не дошёл до сервера до обрыва связи: сделайте его снова.
clock-uncertain = Нет соединения: часы могут отставать от серверных.
title-your-turn = (ваш ход)
notify-your-turn = Ваш ход: { $name } сходил(а).
sound-on = Звук включён (нажмите, чтобы выключить)
sound-off = Звук выключен (нажмите, чтобы включить)
settings-open =
    .title = Настройки
    .aria-label = Настройки
settings-title = Настройки
settings-theme = Страница
theme-system = как в системе
theme-light = светлая
theme-dark = тёмная
settings-board = Доска
board-theme-classic = классическая зелёная
board-theme-ocean = океан
settings-speed = Анимация
speed-0-5 = медленно
speed-1 = обычно
speed-2 = быстро
speed-4 = очень быстро
settings-forced = Делать вынужденные ходы автоматически
settings-confirm = Подтверждать ход автоматически, когда шагов не осталось
settings-close = Готово

## Учётная запись

account-log-in = Войти
account-log-in-at = Войти на { $site }
account-log-out = Выйти
account-name = Имя
account-password = Пароль
account-new-password = Новый пароль
account-register = Зарегистрироваться
account-change-password = Сменить пароль
account-close = Закрыть
account-about = Учётная запись хранит ваш рейтинг и ваши партии. Почта не нужна: выберите имя (2–20 букв, цифр, _ или -) и пароль не короче 8 символов.

## Главная и лобби

home-play-online = Игра онлайн
home-your-name = Ваше имя
home-your-name-input =
    .aria-label = ваше имя
home-name-account = (ваша учётная запись)
home-name-guest = (гость)
home-play-offline = Игра без сети или с другом
home-computer = Играть с компьютером
home-computer-sub = Сразу, без настроек
home-friend = Играть с другом
home-friend-sub = Получите ссылку: кто её откроет, тот и играет с вами
home-local = Один экран
home-local-sub = Два игрока на этом устройстве
home-about = Эйси-дьюси — вариант нард (бэкгаммона) американского флота: все пятнадцать шашек начинают вне доски, а бросок 1-2 позволяет назвать любой дубль и бросить ещё раз. Правила — по набору «Американские», если вы не выберете другой.
home-cube-multiplies = Куб удвоения умножает эту стоимость.
lobby-pools =
    .aria-label = быстрый подбор
lobby-cancel = Отмена
lobby-accept = Принять
lobby-seek-bot = Сыграть с компьютером, пока ждёте
lobby-open-challenges = Открытые вызовы
lobby-no-challenges = Открытых вызовов нет: создайте свой или нажмите кнопку быстрого подбора.
lobby-make-challenge = Создать вызов
lobby-create = Создать
lobby-playing-now = Сейчас играют
lobby-nobody-playing = Сейчас никто не играет.
lobby-waiting =
    { $count ->
        [0] никто не ждёт
        [one] { $count } ждёт
        [few] { $count } ждут
       *[many] { $count } ждут
    }
lobby-online =
    { $count ->
        [one] { $count } игрок в сети
        [few] { $count } игрока в сети
       *[many] { $count } игроков в сети
    }
lobby-looking = Поиск соперника: { $pool }…
lobby-guest = { $name } (гость)
pool-american = Американские · одна партия
pool-american-match = Американские · матч до 31 очка
pool-bgammon = Правила bgammon.org · одна партия
pool-backgammon = Бэкгаммон · матч до 5 очков
col-player = Игрок
col-rating = Рейтинг
col-rules = Правила
col-match = Матч
col-clock = Часы
col-mode = Режим
col-result = Итог
col-opponent = Соперник
col-points = Очки
col-rated = Рейтинговая
col-date = Дата
col-kind = Вид
col-games = Партии

## Настройки

setting-rules = Правила
setting-match = Матч
setting-clock = Часы
setting-rated = Рейтинговая
setting-cube = Куб удвоения
setting-on-device = На этом устройстве
    .title = Игры с компьютером и на одном экране идут в этом браузере, с соединением или без
setting-level = Уровень компьютера
clock-none = без часов
clock-per-turn-30 = 30 с на ход
clock-per-turn = { $seconds } с/ход
match-single = одна партия
match-points =
    { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }
match-open = свободная игра (без конца)
mode-rated = рейтинговая
mode-casual = товарищеская

## Наборы правил (объяснение правил) и уровни компьютера

preset-name-american = Американские
preset-name-bgammon = bgammon.org
preset-name-liberal-bearoff = Свободное выбрасывание
preset-name-old-navy = Старый флот
preset-name-britannica = Британника
preset-name-backgammon = Бэкгаммон
rules-option-doubling-cube-true = с кубом удвоения
rules-option-doubling-cube-false = без куба удвоения
log-chosen = выбран { $dice }
preset-american = По умолчанию: правила, в которых сходится большинство источников, как американский эйси-дьюси на bkgm.com. Все пятнадцать шашек начинают вне доски; 1-2, сыгранный полностью, позволяет назвать любой дубль и бросить ещё раз; шашку можно выбросить большим числом, если дальше неё шашек нет.
preset-bgammon = Как играет сервер bgammon.org: каждая партия начинается с розыгрыша первого хода, после любого названного дубля бросок повторяется, а шашка выбрасывается только точным числом.
preset-liberal-bearoff = Старый текст буквально: любую шашку можно выбросить, когда все ваши шашки стоят ниже числа на кубике.
preset-old-navy = Старые народные правила: первая шашка входит только с дублем или 1-2, все пятнадцать должны войти, прежде чем какая-либо пойдёт дальше, после дубля бросок повторяется, а выбрасывание требует точного числа.
preset-britannica = По «Британнике»: все пятнадцать входят, прежде чем какая-либо пойдёт дальше, бить можно только имея шашку в своём доме, а любую шашку можно выбросить большим числом.
preset-backgammon = Обычный бэкгаммон: привычная начальная расстановка, марсы и коксы, { -cube } и розыгрыш первого хода.
level-beginner = Новичок: часто ошибается
level-casual = Любитель: играет неплохо, иногда ошибается
level-intermediate = Средний: ошибается редко
level-advanced = Сильный: лучший ход, который видит сразу; на 1-2 или когда лучшие ходы почти равны, смотрит на бросок вперёд
level-expert = Эксперт: смотрит на бросок вперёд
level-strongest = Сильнейший: смотрит на два броска вперёд
level-name-beginner = новичок
level-name-casual = любитель
level-name-intermediate = средний
level-name-advanced = сильный
level-name-expert = эксперт
level-name-strongest = сильнейший

## Счёт

scoring-checker-count-long = Партия стоит от 1 до 15 очков: по одному за каждую ещё не выброшенную шашку проигравшего. Матч до 15 очков и больше длится несколько партий.
scoring-checker-count = партия стоит столько, сколько шашек проигравший не выбросил
scoring-single-long = Каждая выигранная партия стоит 1 очко.
scoring-single = партия стоит 1 очко
scoring-gammon-backgammon-long = Партия стоит 1 очко, 2 за марс (проигравший не выбросил ни одной шашки), 3 за кокс (и у него ещё есть шашка в доме победителя или на баре).
scoring-gammon-backgammon = 1 очко, 2 за марс, 3 за кокс

## Игроки

player-you = Вы
player-computer = Компьютер ({ $level })
player-friend = Друг
player-white = Белые
player-black = Чёрные
player-you-mark = { $name } (вы)
player-guest = { $name } (гость)
player-you-guest = { $name } (вы, гость)
player-waiting = { $name } (ожидание)
player-pips =
    { $pips ->
        [one] { $pips } пипс
        [few] { $pips } пипса
       *[many] { $pips } пипсов
    }
player-pips-title =
    .title = счёт пипсов
player-points-title =
    .title = очки

## Строка состояния партии

status-connecting = Подключение…
status-watching = Просмотр · { $text }
status-waiting-second = Ждём второго игрока…
status-waiting-friend = Ждём, пока друг откроет ссылку…
status-your-move = Ваш ход: { $dice }
status-your-move-acey = Ваш ход: { $dice } — { -acey-deucey }!
status-your-move-chosen = Ваш ход: { $dice } (названный дубль)
status-to-move = Ходит { $name }: { $dice }
status-to-move-acey = Ходит { $name }: { $dice } — { -acey-deucey }!
status-to-move-chosen = Ходит { $name }: { $dice } (названный дубль)
status-thinking = { $text } (думает…)
status-confirm = Подтвердите ход или отмените.
status-name-double =
    { $who ->
        [you] 1-2 сыгран полностью: назовите дубль.
       *[other] { $name }: 1-2 сыгран полностью, назовите дубль.
    }
status-names-double = { $name } называет дубль…
status-roll = Бросайте кубики.
status-roll-or-double = Бросайте кубики или предложите удвоение.
status-local-roll = { $name }: бросайте кубики.
status-local-roll-or-double = { $name }: бросайте кубики или предложите удвоение.
status-to-roll = Бросает { $name }
status-cube-offered-you = { $name } удваивает до { $value }: принять или сдаться?
status-cube-offered =
    { $who ->
        [you] Вы предложили удвоение до { $value }
       *[other] { $name } предлагает удвоение до { $value }
    }
status-die-off = Розыгрыш первого хода…
status-plays =
    { $who ->
        [you] Вы ходите { $dice }…
       *[other] Ходит { $name }: { $dice }…
    }
status-rematch-waiting = Реванш предложен: ждём ответа друга.

## Что сейчас произошло (заметки и объявления для экранного диктора)

note-watching = Вы смотрите эту партию.
note-watching-friend = Вы зритель: оба места заняты. Если это ваша партия, откройте её в браузере, где вы играли, или по ссылке «Играть с другого устройства», которую показывает тот браузер.
note-rolled =
    { $who ->
        [you] Вам выпало { $dice }.
       *[other] { $name }: выпало { $dice }.
    }
note-no-play =
    { $who ->
        [you] Вам выпало { $dice }: ходов нет.
       *[other] { $name }: выпало { $dice }, ходов нет.
    }
note-played = { $name }: { $notation }
note-named-double =
    { $who ->
        [you] Вы назвали { $value }-{ $value }.
       *[other] { $name }: назван дубль { $value }-{ $value }.
    }
note-roll-again = Эйси-дьюси: бросайте ещё раз.
note-rolls-again = { $name } бросает ещё раз ({ -acey-deucey }).
note-rematch-offered = Реванш предложен.
note-offers-rematch = { $name } предлагает реванш.
note-you-declined = Вы отказались от реванша.
note-declined = { $name }: от реванша отказ.
note-best = Лучший ход: { $notation }
note-no-hint = Подсказать нечего.
note-chat = { $name }: { $text }
note-chat-watching = { $name } (зритель):
note-point = пункт { $point }
note-point-checkers =
    { $count ->
        [one] пункт { $point } ({ $count } шашка)
        [few] пункт { $point } ({ $count } шашки)
       *[many] пункт { $point } ({ $count } шашек)
    }
note-start = старт
note-bar = бар
note-off = выброс
note-to = На { $place }
note-chosen = Выбрано: { $place }
note-chosen-to = Выбрано: { $place }; на { $to }

## Конец партии

over-won =
    { $who ->
        [you] Вы выиграли: { $points }
       *[other] Выигрыш: { $name }, { $points }
    }
over-match =
    { $who ->
        [you] Вы выиграли матч { $mine }-{ $theirs }.
       *[other] Матч выигран: { $name }, { $mine }-{ $theirs }.
    }
over-score-of = Счёт { $white }-{ $black } из { $match }.
over-score = Счёт { $white }-{ $black }.
over-dropped =
    { $points ->
        [one] { $points } очко: от удвоения отказались.
        [few] { $points } очка: от удвоения отказались.
       *[many] { $points } очков: от удвоения отказались.
    }
# $how — «resigned» или «played»; $cube равно 1 без куба.
over-checkers =
    { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }{ $how ->
        [resigned] {" "}(сдача)
       *[played] {""}
    }{ $cube ->
        [1] {""}
       *[other] {" "}({ $base } × куб { $cube })
    }: { $loser ->
        [you] у вас
       *[other] у { $name }
    } { $base ->
        [one] не выброшена { $base } шашка
        [few] не выброшены { $base } шашки
       *[many] не выброшено { $base } шашек
    }.
over-gammon =
    { $kind ->
        [backgammon] кокс
        [gammon] марс
       *[single] простая победа
    }{ $how ->
        [resigned] {" "}(сдача)
       *[played] {""}
    }, { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }{ $cube ->
        [1] {""}
       *[other] {" "}(куб { $cube })
    }.
over-single =
    { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }{ $how ->
        [resigned] {" "}(сдача)
       *[played] {""}
    }{ $cube ->
        [1] {""}
       *[other] {" "}({ $base } × куб { $cube })
    }.

## Экран партии: кнопки, панель, предложения

board =
    .aria-label = Доска. Стрелки ведут к следующей шашке, которая может ходить, или, когда шашка выбрана, к следующей цели; Enter выбирает; Backspace возвращает; Enter подтверждает; h подсказка; r бросок; d удвоить; y принять; n сдаться или следующая партия; f перевернуть; ? клавиши
game-name-double = Назовите дубль:
button-undo = Отменить
button-confirm = Подтвердить
button-roll = Бросить
button-double = Удвоить
button-take = Принять
button-drop = Сдаться
button-next-game = Следующая партия
button-hint = Подсказка
button-takeback = Вернуть ход
button-keys = Клавиши
    .title = Клавиши управления
button-copy = Копировать
button-claim = Забрать победу
button-resign = Сдать партию
button-rematch = Реванш
button-offer-rematch = Предложить реванш
button-rematch-offered = Реванш предложен…
button-accept = Принять
button-decline = Отказаться
button-download = Скачать запись
button-replay = Просмотр
button-analyse = Анализ партии
button-flip = Перевернуть
    .title = Перевернуть доску
keys-title = Клавиши
keys-text = (сначала щёлкните по доске): ←/→ следующая шашка, которая может ходить, или следующая цель, когда шашка выбрана · Enter или Пробел выбрать · Backspace отпустить или вернуть последний шаг · Enter подтвердить · 1–6 назвать дубль · h подсказка · r бросок · d удвоить · y принять · n сдаться / следующая партия · f перевернуть доску
game-send-link = Отправьте эту ссылку другу:
game-invite-link =
    .aria-label = ссылка-приглашение
game-paired-waiting = Соперник из быстрого подбора ждёт вас.
game-paired-go = Перейти к этой партии
game-moves = Ходы
game-number = Партия { $number }
game-other-device = Играть с другого устройства
game-other-device-text = Ваше место хранится в этом браузере. Чтобы продолжить на другом устройстве, откройте там эту ссылку (не показывайте её никому: кто её откроет, играет за вас):
game-seat-link =
    .aria-label = ссылка на ваше место
game-hints-head = Лучшие ходы (ожидаемые очки) — щёлкните, чтобы увидеть ход на доске:
game-no-move = (хода нет)
game-away-clock = { $name }: вышел из партии; часы продолжают идти.
game-away-since = { $name }: нет в партии уже { $seconds } с.
game-away-claim-in = { $name }: нет в партии. Если соперник не вернётся, через { $seconds } с можно будет забрать победу.
game-away = { $name }: нет в партии.
game-rated = Новые рейтинги: { $name0 } { $rating0 } ({ $change0 }), { $name1 } { $rating1 } ({ $change1 }).
# Why a game offered as rated moves no rating; $reason is "too_short", "same_address",
# "pair_limit" or "other".
game-unrated =
    { $reason ->
        [too_short] Без рейтинга: партия закончилась раньше, чем каждый игрок сделал два хода.
        [same_address] Без рейтинга: учётные записи обоих игроков замечены в одной сети.
        [pair_limit] Без рейтинга: эти двое уже сыграли сегодня три рейтинговые партии.
       *[other] Без рейтинга.
    }
game-resign = Сдать эту партию?
game-resign-cost =
    { $who ->
        [you]
            { $points ->
                [one] Сдаться? Вы получите { $points } очко.
                [few] Сдаться? Вы получите { $points } очка.
               *[many] Сдаться? Вы получите { $points } очков.
            }
       *[other]
            { $points ->
                [one] Сдаться? { $name } получит { $points } очко.
                [few] Сдаться? { $name } получит { $points } очка.
               *[many] Сдаться? { $name } получит { $points } очков.
            }
    }
# Строка правил под панелью: части через « · ».
rules-line = Правила: { $rules }
rules-single-game = одна партия
rules-match-to = матч до { $match }
rules-open-session = свободная игра
rules-clock = часы { $clock }
rules-takebacks =
    { $count ->
        [one] { $count } ход взят назад
        [few] { $count } хода взяты назад
       *[many] { $count } ходов взято назад
    }

## Чат

chat-title = Чат
chat-message =
    .aria-label = сообщение
    .placeholder = Напишите что-нибудь
chat-say-opponent = Сопернику
chat-say-spectators = Зрителям
chat-send = Отправить
chat-hide = Скрыть чат зрителей

## Ошибки сервера по коду

error-malformed = Сервер не понял сообщение.
error-too_large = Сообщение слишком длинное.
error-rate_limited = Слишком много сообщений подряд: подождите немного.
error-version = Страница устарела: перезагрузите её.
error-not_found = Такой партии нет.
error-not_joined = Вы ещё не в этой партии.
error-not_your_turn = Сейчас не ваш ход.
error-illegal = Такой ход сейчас невозможен.
error-bad_settings = Такие настройки недопустимы.
error-unavailable = Сервер не смог это сохранить; ничего не изменилось. Попробуйте ещё раз.
error-too_long = В партии уже наибольшее допустимое число ходов.
error-forbidden = Так нельзя: для рейтинговой партии нужна учётная запись, а забрать победу можно, только если соперника нет достаточно долго.
error-name_taken = Это имя принадлежит учётной записи или похоже на имя другого игрока: войдите, чтобы его использовать, или выберите другое.
error-gone = Этого вызова уже нет: его приняли, отменили, или его автор ушёл.
error-bad_name = Это имя нельзя использовать: 2–20 букв одной письменности, цифр, _ или -, без невидимых символов.

## Другие экраны

missing-title = Партия не найдена
missing-text = Эта ссылка не ведёт к партии: возможно, в ней опечатка, или партия так и не началась.
missing-home = На главную
profile-chart =
    .aria-label = история рейтинга
profile-recent = Последние партии
profile-none = Законченных партий пока нет.
leaders-title = Игроки
leaders-acey = Эйси-дьюси
leaders-backgammon = Бэкгаммон
leaders-none = Устоявшихся рейтингов пока нет: рейтинг появляется после нескольких рейтинговых партий.
replay-board =
    .aria-label = доска
replay-first = «
    .title = В начало
    .aria-label = В начало
replay-prev = ‹
    .title = На ход назад
    .aria-label = Назад
replay-slider =
    .aria-label = ход
replay-next = ›
    .title = На ход вперёд
    .aria-label = Вперёд
replay-last = »
    .title = В конец
    .aria-label = В конец
replay-flip = Перевернуть
    .title = Перевернуть доску: смотреть партию с другой стороны
analysis-title = Анализ
analysis-graph =
    .aria-label = Шансы белых на победу перед каждым броском, с отмеченными решениями
analysis-graph-help = Шансы белых на победу перед каждым броском; отметка — решение, потерявшее эквити (?! сомнительное, ? плохое, ?? очень плохое). Щёлкните по отметке или по ходу, чтобы увидеть его.

## Учётные записи: почему сервер отказал (по коду HTTP)

account-error-400 = Имя или пароль не подходят: имя из 2–20 букв одной письменности, цифр, _ или -, без невидимых символов, пароль не короче 8 символов.
account-error-401 = Неверное имя или пароль.
account-error-409 = Это имя занято: выберите другое.
account-error-429 = Слишком много попыток: подождите минуту.
account-error = Отказ ({ $status }).

## Лотки у доски

tray-start = старт
tray-off = снято

## Просмотр партии

replay-white-person = Белые (человек)
replay-black-person = Чёрные (человек)
replay-loading = Загрузка…
replay-load-failed = Не удалось загрузить партию: { $error }
# $side — «white» или «black»: с чьей стороны видна доска.
replay-decision-alt = Решение { $number }: { $name } { $play } · вид со стороны { $side ->
        [white] белых
       *[black] чёрных
    }
replay-decision-alt-played = Решение { $number }: { $name } { $play } (сыграно) · вид со стороны { $side ->
        [white] белых
       *[black] чёрных
    }
# $kind — «play» (с $dice) или «cube».
replay-decision = Решение { $number }: { $name } { $kind ->
        [play] ходит { $dice }
       *[cube] у куба
    } · сыграно { $played } · вид со стороны { $side ->
        [white] белых
       *[black] чёрных
    }
replay-frame = Ход { $number } из { $count }: { $what } · пипсы { $white }–{ $black } · счёт { $whiteScore }–{ $blackScore } · вид со стороны { $side ->
        [white] белых
       *[black] чёрных
    }
replay-start = начало
replay-die-off = розыгрыш первого хода { $white } против { $black }
replay-roll = бросок { $dice }
replay-names = назван { $value }-{ $value }
replay-resigns = { $name } сдаётся
replay-forfeits = { $name }: поражение (время или уход)
replay-next-game = следующая партия
replay-double = удвоение
replay-take = принято
replay-drop = сдача
replay-play = Пуск
    .title = Пуск
replay-pause = Пауза

## Анализ

analysis-asking = Запрос к серверу…
analysis-progress = Анализ: { $done } из { $total } решений
analysis-failed = Анализ не удался: { $error }
analysis-mark-doubtful = сомнительно
analysis-mark-bad = плохо
analysis-mark-very_bad = очень плохо
analysis-decisions = Решения
analysis-error-rate = Доля ошибок
analysis-luck = Удача
analysis-judged = Оценено на глубину { $plies } полухода уровнем «{ $level }». Решения: невынужденные (все). Доля ошибок: очки, потерянные за невынужденное решение. Рейтинг: 0 — безупречная игра.
analysis-no-marks = Нет отмеченных решений: обе стороны играли как бот.
analysis-cube = куб: { $played }
analysis-cube-answer = ответ на удвоение: { $played }
analysis-action-double = удвоить
analysis-action-no-double = не удваивать
analysis-action-take = принять
analysis-action-drop = сдаться
analysis-to-play = { $name } ходит { $dice }
analysis-to-play-forced = { $name } ходит { $dice } (вынужденно)
analysis-double-or-roll = { $name }: удвоить или бросать (куб { $cube })
analysis-take-or-drop = { $name }: принять или сдаться (куб { $cube })
analysis-verdict-marked = { $mark }: сыграно { $played }, лучше { $best }, { $lost } очка
analysis-forced = Вынужденно: { $played }
analysis-played-lost = Сыграно { $played }, лучше { $best } ({ $lost })
analysis-played-best = Сыграно { $played }: лучший ход
analysis-roll-luck = Удача броска: { $luck } очка.
analysis-alt-played = { $play } (сыграно)

## Страницы игроков

# $family — «acey-deucey» или «backgammon», $kind — «game» или «match».
profile-rating-name = { $family ->
        [backgammon] Бэкгаммон
       *[acey-deucey] Эйси-дьюси
    }, { $kind ->
        [match] матчи
       *[game] одиночные партии
    }
profile-rating =
    { $games ->
        [one] { $name }: { $rating } (±{ $deviation }, { $games } партия)
        [few] { $name }: { $rating } (±{ $deviation }, { $games } партии)
       *[many] { $name }: { $rating } (±{ $deviation }, { $games } партий)
    }
profile-not-rated = Рейтинга пока нет.
profile-no-player = Такого игрока нет.
profile-won = победа
profile-lost = поражение
profile-replay = просмотр
profile-on-device = на устройстве
profile-kind = { $kind ->
        [match] матчи
       *[game] одиночные партии
    }

## Терминал (acey play): полный экран, --plain и --online
# $who — «you» (человек, играющий с компьютером), «bot» (компьютер) или «other» (игрок по имени
# $name: X или O, когда двое играют за одной клавиатурой, или имя игрока в сети).
# Команды («roll», «resign yes») и клавиши (r, d, y, n) одинаковы во всех языках.

term-name =
    { $who ->
        [you] вы
        [bot] компьютер
       *[other] { $name }
    }
term-points =
    { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }
term-die-off-again = Розыгрыш первого хода: у обоих { $die }; бросаем ещё раз.
term-die-off-starts =
    Розыгрыш первого хода: у X { $x }, у O { $o }: { $who ->
        [you] начинаете вы
        [bot] начинает компьютер
       *[other] начинает { $name }
    }.
term-die-off-plays =
    Розыгрыш первого хода: у X { $x }, у O { $o }: { $who ->
        [you] начинаете вы и ходите { $dice }
        [bot] начинает компьютер и ходит { $dice }
       *[other] начинает { $name } и ходит { $dice }
    }.
term-bot-doubles = Компьютер удваивает до { $value }.
term-bot-takes = Компьютер принимает удвоение.
term-bot-drops = Компьютер отказывается от удвоения и сдаётся.
term-bot-no-plan = У компьютера нет плана; он берёт первый вариант.
term-bot-reconsiders = Компьютер пересматривает свой ход.
term-forced-play =
    Вынужденный ход { $who ->
        [you] у вас
        [bot] у компьютера
       *[other] у { $name }
    }: { $play }
term-rolls =
    { $who ->
        [you] Вам выпало { $dice }.
        [bot] Компьютеру выпало { $dice }.
       *[other] { $name }: выпало { $dice }.
    }
term-rolls-acey =
    { $who ->
        [you] Вам выпало { $dice }: эйси-дьюси!
        [bot] Компьютеру выпало { $dice }: эйси-дьюси!
       *[other] { $name }: выпало { $dice }, эйси-дьюси!
    }
term-rolls-stuck =
    { $who ->
        [you] Вам выпало { $dice }, ходов нет.
        [bot] Компьютеру выпало { $dice }, ходов нет.
       *[other] { $name }: выпало { $dice }, ходов нет.
    }
term-step =
    { $who ->
        [you] Вы
        [bot] Компьютер
       *[other] { $name }
    }: { $step }
term-step-mirrored =
    { $who ->
        [you] Вы
        [bot] Компьютер
       *[other] { $name }
    }: { $step } (с вашей стороны: { $mirrored })
term-played =
    { $who ->
        [you] Вы сыграли { $play }.
        [bot] Компьютер сыграл { $play }.
       *[other] { $name }: сыграно { $play }.
    }
term-named =
    { $who ->
        [you] Вы назвали { $value }-{ $value }.
        [bot] Компьютер назвал { $value }-{ $value }.
       *[other] { $name }: назван дубль { $value }-{ $value }.
    }
term-takes-back =
    { $who ->
        [you] Вы отменяете шаг.
        [bot] Компьютер отменяет шаг.
       *[other] { $name }: шаг отменён.
    }
term-err-bot-turn = Сейчас ходит компьютер.
term-err-wrong-phase = Сейчас это сделать нельзя.
term-err-bad-value = Такое значение не допускается.
term-err-no-offer = Сдача не предлагалась.
term-err-not-an-offer =
    { $level ->
        [single] Простую победу
        [gammon] Марс
       *[backgammon] Кокс
    } сейчас предложить нельзя: сдача стоит { $cost }
term-resign-cost =
    { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }{ $level ->
        [gammon] {", "}марс
        [backgammon] {", "}кокс
        [single] {", "}простая победа
       *[none] {""}
    }
term-hint-double = удвоить
term-hint-roll = бросить без удвоения
term-hint-take = принять
term-hint-drop = сдаться
term-hint-verdict =
    { $action } ({ $verdict ->
        [no-double-take] удваивать пока рано
        [too-good] слишком хорошо для удвоения: играйте на большее
        [double-take] ответом должно быть «принять»
       *[double-pass] ответом должно быть «сдаться»
    })
term-score = Счёт: { $x } { $xs }, { $o } { $os }
term-score-match = Счёт: { $x } { $xs }, { $o } { $os } (матч до { $target })
term-final-score = Итоговый счёт: { $x } { $xs }, { $o } { $os }
term-final-score-match = Итоговый счёт: { $x } { $xs }, { $o } { $os } (матч до { $target })
term-status-die-off = Розыгрыш: кто начинает.
term-status-to-roll =
    { $who ->
        [you] Ваш бросок.
        [bot] Бросает компьютер.
       *[other] Бросает { $name }.
    }
term-status-doubled =
    { $who ->
        [you] Вы удвоили
        [bot] Компьютер удвоил
       *[other] { $name } удваивает
    } до { $value }: { $taker ->
        [you] вам
        [bot] компьютеру
       *[other] { $taker_name }
    } решать, принять или сдаться.
term-dice-done = все сыграны
term-status-to-play =
    { $who ->
        [you] Ваш ход
        [bot] Ходит компьютер
       *[other] Ходит { $name }
    } (осталось кубиков: { $dice }).
term-status-to-play-chosen =
    { $who ->
        [you] Ваш ход
        [bot] Ходит компьютер
       *[other] Ходит { $name }
    }: названный дубль { $double } (осталось кубиков: { $dice }).
term-status-to-play-acey =
    { $who ->
        [you] Ваш ход
        [bot] Ходит компьютер
       *[other] Ходит { $name }
    }: эйси-дьюси 1-2 (осталось кубиков: { $dice }).
term-status-name-double =
    { $who ->
        [you] Вы сыграли 1-2 полностью
        [bot] Компьютер сыграл 1-2 полностью
       *[other] { $name }: 1-2 сыгран полностью
    }: назовите дубль (1-6).
term-status-won =
    { $who ->
        [you] Вы выигрываете
        [bot] Компьютер выигрывает
       *[other] { $name } выигрывает
    } { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }{ $how ->
        [checkers] {" "}({ $left ->
            [one] { $left } шашка не выброшена
            [few] { $left } шашки не выброшены
           *[many] { $left } шашек не выброшено
        })
        [gammon] {" "}(марс)
        [backgammon] {" "}(кокс)
        [resigned] {" "}(сдача)
        [dropped] {" "}(отказ от удвоения)
        [forfeited] {" "}(поражение засчитано)
       *[played] {""}
    }{ $cube ->
        [1] {""}
       *[other] , куб на { $cube }
    }.
term-status-won-match =
    { $who ->
        [you] Вы выиграли матч.
        [bot] Компьютер выиграл матч.
       *[other] Матч выиграл { $name }.
    }

## Строчный режим терминала (acey play --plain)

term-plain-intro-bot = acey: вы играете за { $mark } против компьютера ({ $level }), правила { $rules }. Введите «help», чтобы увидеть команды.
term-plain-intro-people = acey: X против O за одной клавиатурой, правила { $rules }. Введите «help», чтобы увидеть команды.
term-plain-help =
    Команды (по-английски во всех языках):
      13/7 8/7      весь ход в нотации (также bar/22, in/19(4), 24/13, 6/off)
      13/7          один шаг хода; затем другие шаги, «undo», и «ok» для подтверждения
      1..6          дубль, который называют после полностью сыгранного 1-2
      plays         пронумерованный список допустимых ходов (или дублей)
      play N        сделать ход N из списка (или назвать дубль N)
      hint          подсказки компьютера по порядку
      best          сделать то, что компьютер советует первым
      undo          отменить последний шаг
      ok            подтвердить ход, введённый по шагам
      roll, double, take, drop   бросить кубики, удвоить, принять или сдаться (если есть куб)
      resign        сказать, чего стоит сдача; «resign yes» сдаёт партию
      resign single предложить простую победу (или «resign gammon»), когда на кону больше,
                    со счётом марсов; компьютер соглашается или отказывает, второй игрок
                    вводит «accept» или «decline»
      rematch       после партии: следующая партия (новый матч, когда матч решён)
      analyse       после партии: разбор (acey analyse на 1 полуход): итоги и отмеченные ходы
      board         нарисовать доску
      position      описать позицию
      auto on|off   делать вынужденные ходы автоматически
      quit          сохранить и выйти (конец ввода делает то же самое)
term-saved = Партия сохранена в { $path }.
term-save-failed = Не удалось сохранить партию: { $error }
term-prompt-game-over = партия окончена: «rematch» — ещё партия, «analyse» — разбор этой, «quit» — выход
term-prompt-offer =
    { $taker }: { $name } предлагает сдаться { $level ->
        [single] с простой победой
        [gammon] с марсом
       *[backgammon] с коксом
    }: «accept» или «decline»
term-prompt-waiting = ожидание
term-prompt-roll =
    { $who ->
        [you] Вы
        [bot] Компьютер
       *[other] { $name }
    }: «roll» — бросить кубики, «double» — удвоить
term-prompt-take =
    { $who ->
        [you] Вы
        [bot] Компьютер
       *[other] { $name }
    }: «take» — принять удвоение, «drop» — сдаться
term-prompt-name-double =
    { $who ->
        [you] Вы
        [bot] Компьютер
       *[other] { $name }
    }: назовите дубль, от 1 до 6
term-prompt-move =
    { $who ->
        [you] Ваш ход
        [bot] Ходит компьютер
       *[other] Ходит { $name }
    } { $dice }: введите ход
term-prompt-move-chosen =
    { $who ->
        [you] Ваш ход
        [bot] Ходит компьютер
       *[other] Ходит { $name }
    }, названный дубль { $double }: введите ход
term-prompt-complete =
    { $who ->
        [you] Вы
        [bot] Компьютер
       *[other] { $name }
    }: ход { $play } готов: «ok» — подтвердить, «undo» — отменить
term-prompt-next-step =
    { $who ->
        [you] Вы
        [bot] Компьютер
       *[other] { $name }
    }: сделано { $play }, осталось кубиков { $dice }: следующий шаг
term-position-head =
    Позиция (пункты пронумерованы { $who ->
        [you] с вашей стороны
        [bot] со стороны компьютера
       *[other] со стороны { $name }
    }, { $name }):
term-position-cube-owner =
    {"  "}Куб: { $value }, следующим удвоить может { $who ->
        [you] вы
        [bot] компьютер
       *[other] { $name }
    }
term-position-cube-middle = {"  "}Куб: { $value }, в центре
term-position-side = {"  "}{ $mark } { $name }: { $points } | { $start ->
        [none] {""}
       *[other] старт { $start },{" "}
    }бар { $bar }, выброшено { $off } | пипсы { $pips }
term-auto-on = Вынужденные ходы делаются автоматически.
term-auto-off = Вынужденные ходы не делаются автоматически.
term-new-game = Начинается новая партия.
term-not-over-rematch = Партия не окончена: доиграйте её или сначала сдайтесь («resign»).
term-not-over-analyse = Партия не окончена: «analyse» разбирает законченную партию.
term-accepted = Принято.
term-declined = Отказано: игра продолжается.
term-offer-pending = Предложена сдача: «accept» или «decline».
term-nothing-to-do = Сейчас делать нечего: { $status }
term-nothing-to-do-over = Сейчас делать нечего: партия окончена («rematch» или «quit»)
term-not-time-to-roll = Сейчас не время бросать кубики.
term-no-hint = Для этого решения подсказки нет.
term-no-suggestion = Для этого решения совета нет.
term-so-far-plays = Уже сделано { $play }; ходы, которые его завершают:
term-no-choice =
    Варианта { $number } нет: «plays» показывает { $count ->
        [one] { $count } ход
        [few] { $count } хода
       *[many] { $count } ходов
    }.
term-resign-offer-item =
    «resign { $level }» предлагает { $level ->
        [single] простую победу
        [gammon] марс
       *[backgammon] кокс
    } ({ $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    })
term-resign-costs =
    Сдача даёт { $who ->
        [you] вам
        [bot] компьютеру
       *[other] { $name }
    } { $cost }: введите «resign yes», чтобы сдаться.
term-resign-costs-offers =
    Сдача даёт { $who ->
        [you] вам
        [bot] компьютеру
       *[other] { $name }
    } { $cost }: введите «resign yes», чтобы сдаться; или вместо этого { $offers }, но { $who ->
        [you] вы можете
        [bot] компьютер может
       *[other] { $name } может
    } отказаться.
term-bot-accepts-offer =
    Компьютер соглашается на { $level ->
        [single] простую победу
        [gammon] марс
       *[backgammon] кокс
    }.
term-bot-declines-offer-plain =
    Компьютер не согласен на { $level ->
        [single] простую победу
        [gammon] марс
       *[backgammon] кокс
    }: играйте дальше или «resign yes» ({ $cost }).
term-offers-resign =
    { $name } предлагает сдаться { $level ->
        [single] с простой победой
        [gammon] с марсом
       *[backgammon] с коксом
    }: { $taker }, «accept» или «decline»?
term-resign-unknown = «resign { $word }»: пишите «resign yes» или «resign single» / «gammon» / «backgammon»
term-named-short = Назван дубль { $value }-{ $value }.
term-doubles =
    { $who ->
        [you] Вы удваиваете до { $value }.
        [bot] Компьютер удваивает до { $value }.
       *[other] { $name } удваивает до { $value }.
    }
term-taken = Принято.
term-dropped = Отказ: сдача.
term-played-short = Сыграно { $play }.

## Терминал: отказы на введённые ходы и команды

term-err-game-over = партия окончена
term-err-nothing-to-play = сейчас ходить нечем
term-err-too-much = «{ $text }» больше, чем вмещает ход: ход перед ним завершает очередь
term-err-not-a-roll = «{ $label }» — это не бросок
term-err-wrong-roll = «{ $label }» — не тот бросок, что сейчас играется: сейчас { $dice }
term-err-wrong-roll-chosen = «{ $label }» — не тот бросок, что сейчас играется: сейчас названный дубль { $double }
term-err-empty-play = введите ход, например 13/7 8/7, или один шаг, например 13/7
term-err-play-complete = ход завершён: подтвердите его или отмените шаг
term-err-not-next-step = «{ $text }» — недопустимый следующий шаг; допустимые шаги: { $legal }
term-err-double-not-allowed = { $value }-{ $value } сейчас назвать нельзя; выберите из { $allowed }
term-err-not-a-double = «{ $text }» — не дубль: назовите его числом от 1 до 6
term-err-not-a-move = «{ $text }» — не ход: пишите ход, например 13/7 8/7, или шаг, например 13/7
term-err-not-legal = «{ $text }» — недопустимый ход с этими кубиками: «plays» покажет допустимые
term-err-ambiguous = «{ $text }» может означать несколько ходов: напишите все шаги

## Терминал: разбор только что сыгранной партии

term-review-failed = Партию нельзя разобрать: { $error }
term-review-head = Партия { $number }: разбор уровнем «{ $level }» на глубину { $plies } { $plies ->
        [one] полуход
        [few] полухода
       *[many] полуходов
    } (acey analyse):
term-review-col-player = игрок
term-review-col-decisions = решения
term-review-col-unforced = свободные
term-review-col-error-rate = ошибки
term-review-col-luck = удача
term-review-col-rating = оценка
term-review-no-marks = Отмеченных решений нет: ничего существенного не потеряно.
term-review-marked = Отмеченные решения ({ $count }):
term-review-decision = { $name } { $dice } { $mark }: сыграно { $played }
term-review-best = {"    "}лучше { $best }  (потеря { $lost })

## Полноэкранный режим терминала: сообщения и строка клавиш
# Клавиши (r, d, y, n, h, A, q, Enter, Esc, ←/→) одинаковы во всех языках; строка клавиш
# (и после неё «?: справка   q: сохранить и выйти») помещается в 80 столбцов.

term-analysing = Разбор партии...
term-analysis-failed = Разбор не удалось выполнить.
term-hint-failed = Подсказку не удалось рассчитать.
term-thread-stopped = Поток компьютера остановился; теперь он думает в основном потоке.
term-saved-next =
    Партия сохранена в { $path }. Нажмите n — { $next ->
        [match] новый матч
       *[game] следующая партия
    }, q — выход.
term-key-offer =
    { $name } предлагает сдаться { $level ->
        [single] с простой победой
        [gammon] с марсом
       *[backgammon] с коксом
    } ({ $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }): { $taker }, согласны? y / n
term-key-typing = Введите ход (например 13/7 8/7) и нажмите Enter; Esc — отмена.
term-key-confirm-resign =
    Сдать партию и отдать { $who ->
        [you] вам
        [bot] компьютеру
       *[other] { $name }
    } { $cost }? y / n
term-key-offer-item =
    { $number }: предложить { $level ->
        [single] простую
        [gammon] марс
       *[backgammon] кокс
    } ({ $points })
term-key-resign-item = y: сдаться ({ $cost })
term-key-play-on = Esc: играть дальше
term-key-help-close = Любая клавиша закрывает справку.
term-key-review = ↑/↓ PgUp/PgDn: прокрутка   Esc: закрыть
term-key-over-analysing = Разбор партии...   n: следующая партия
term-key-over = n: следующая партия / реванш   A: разбор
term-key-name-double = Назовите дубль: ←/→ и Enter, или 1-6
term-key-roll = r: бросить   d: удвоить   h: подсказка
term-key-cube = y: принять   n: сдаться   h: подсказка
term-key-complete = Enter: подтвердить   Backspace: отменить
term-key-destination = ←/→: куда   Enter: ходить   Backspace: назад
term-key-checker = ←/→: шашка   Enter: выбрать   Backspace: отменить   : ввод   h: подсказка
term-key-waiting = Ждём другую сторону...
term-key-tail = ?: справка   q: сохранить и выйти
term-not-resigned = Не сдаёмся.
term-no-such-choice = Такого варианта нет: не сдаёмся.
term-not-your-turn = Сейчас не ваш ход.
term-bot-declines-offer =
    Компьютер не согласен на { $level ->
        [single] простую победу
        [gammon] марс
       *[backgammon] кокс
    }: играйте дальше или сдайтесь полностью.
term-auto-now-on = Вынужденные ходы теперь делаются автоматически.
term-auto-now-off = Вынужденные ходы больше не делаются автоматически.
term-position-id-line = ID позиции { $id } (для разбора: { $command })
term-hint-own-turn = Подсказка — только в ваш ход.
term-step-taken-back = Шаг отменён.
term-nothing-to-undo = Отменять нечего.
term-log-game = - партия { $number } -
term-play-confirmed = Ход подтверждён.
term-resigned = Партия сдана.
term-doubled = Удвоено.
term-cube-taken = Удвоение принято.
term-cube-dropped = Отказ от удвоения.
term-too-small = Терминал { $width }x{ $height }; доске нужно не меньше { $min_width }x{ $min_height }. Увеличьте окно или играйте с --plain. Клавиши ждут, пока доска не появится (q — выход).
term-title-bot =
    { $bot ->
        [x] компьютер (X) против вас (O)
        [o] вы (X) против компьютера (O)
       *[both] { $x } (X) против { $o } (O)
    }, уровень { $level }
term-title-people = X против O за одной клавиатурой
term-title = {" "}acey · { $score } · партия { $number } · { $players } · { $preset }
term-seen-from =
    {" "}вид { $who ->
        [you] с вашей стороны
        [bot] со стороны компьютера
       *[other] со стороны { $name }
    } ({ $name }){" "}
term-dice-label = Кубики:{" "}
term-pips = Пипсы: X { $x }  O { $o }
term-cube-line =
    Куб: { $value } ({ $owner ->
        [centred] в центре
        [you] у вас
        [bot] у компьютера
       *[other] у { $name }
    })
term-forced-automatic = (вынужденные ходы автоматически)
term-position-id = ID позиции: { $id }   (i: как её разобрать)
term-gnubg-id = ID GNUbg: { $id }
term-bot-thinking = Компьютер думает...
term-hint-working = Компьютер готовит подсказку...
term-hint-title = {" "}подсказка{" "}
term-hint-title-close = {" "}подсказка (Esc закрывает){" "}
term-log-title = {" "}запись партии{" "}
term-typing-line = ход> { $text }_
term-double-label = Дубль:{" "}
term-help-title = {" "}клавиши{" "}
term-help =
    Ходы
      ←/→ или Tab      к следующей шашке (или цели)
      Enter / пробел   выбрать шашку, затем её цель
      Backspace        отпустить шашку / отменить шаг
      Enter            подтвердить ход, когда шагов не осталось
      : или цифра      ввести ход, например 13/7 8/7, bar/22, in/19(4)
    После полного 1-2  ←/→ и Enter, или 1-6: назвать дубль
    Другие клавиши
      h  подсказка (ход или куб)   a  вынужденные ходы автоматически вкл/выкл
      i  ID позиции и команда acey hint/eval для её разбора
      f  перевернуть доску         R  сдаться (говорит, чего это стоит;
                                      с марсами: предложить простую победу)
      r  бросить   d  удвоить (куб)   y/n  принять/сдаться
      n  следующая партия / реванш   q, Ctrl-C  сохранить и выйти
      A  в конце партии: разобрать только что сыгранную партию
term-review-title = {" "}разбор, строки { $first }-{ $last } из { $count } (↑/↓ прокрутка, Esc закрывает){" "}
term-saved-continue = Партия сохранена в { $path }. Продолжить: acey play --load { $path }
term-kept-unfinished = В { $path } была незаконченная партия: она сохранена как { $kept }; продолжить её: acey play --load { $kept }
term-interrupted = Прервано. Партия сохранена в { $path }.
term-needs-terminal = полноэкранной игре нужен терминал: для конвейеров и скриптов используйте --plain
term-board-start = старт
term-board-off = выброс
term-board-bar = БАР

## Терминал в сети (acey play --online): лобби, партии, чат
# $rated — «rated» или «casual»; $clock — контроль времени вроде 3+12 или «none»; $points —
# длина матча (1 для одной партии).

term-server-says = Ответ сервера: { $message } ({ $code }).
term-server-refused = Сервер отказал: { $text }
term-online-label-you = { $mark } { $name } (вы)
term-online-clock-running = { $label } { $time } (идут)
term-online-clock-line = Часы { $control }: { $x }, { $o }
term-online-prompt-match-over = матч окончен: «rematch» — сыграть ещё, «leave» — в лобби, «quit» — выход
term-online-prompt-game-over = партия окончена: «next» начинает следующую партию
term-online-prompt-watching = просмотр: «say ТЕКСТ» — написать в чат, «leave» — в лобби
term-online-prompt-gone = ждём { $name }, нет уже { $time }: «claim» забирает партию через 2 минуты
term-online-prompt-waiting-for = ждём { $name }
term-online-prompt-roll = ваш ход: «roll» — бросить кубики, «double» — удвоить
term-online-prompt-take = { $name } удваивает до { $value }: «take» — принять, «drop» — сдаться
term-online-prompt-name-double = назовите дубль: { $doubles }
term-online-prompt-move-bare = ваш ход
term-online-prompt-move = ваш ход { $dice }: введите ход («plays» покажет список)
term-online-prompt-move-chosen = ваш ход, названный дубль { $double } { $dice }: введите ход («plays» покажет список)
term-online-prompt-complete = ваш ход { $play } готов: «ok» — подтвердить, «undo» — отменить
term-online-prompt-next-step = сделано { $play }, осталось кубиков { $dice }: следующий шаг
term-online-prompt-seeking = ждём соперника в очереди { $pool } («cancel» — прекратить)
term-online-prompt-lobby = лобби: «seek american», «challenge», «accept N», «watch N», «help»
term-online-position-head = Позиция (пункты пронумерованы со стороны { $name }), партия { $number }:
term-online-position-head-match = Позиция (пункты пронумерованы со стороны { $name }), партия { $number } матча до { $target }:
term-online-position-side = {"  "}{ $label }: { $points } | { $start ->
        [none] {""}
       *[other] старт { $start },{" "}
    }бар { $bar }, выброшено { $off } | пипсы { $pips } | счёт { $score }
term-online-dice = {"  "}Кубики: { $dice }
term-online-welcome = Добро пожаловать, { $name }. Введите «help», чтобы увидеть команды.
term-online-welcome-guest = Добро пожаловать, { $name } (гость). Введите «help», чтобы увидеть команды.
term-online-your-challenge = Ваш вызов: { $text }
term-online-new-challenge = Новый вызов: { $text }
term-online-accept-n = { $text } («accept { $number }»)
term-online-challenge-gone = Вызова { $id } больше нет.
term-online-seeking = Ждём соперника в очереди { $pool } («cancel» — прекратить).
term-online-paired = Соперник найден: переходим в партию.
term-online-joined = Партия { $game }: { $x } против { $o }, { $rules }{ $terms }.
term-online-watching = Вы зритель.
term-online-plays = { $name } ходит { $play }.
term-online-sits = { $name } садится за { $mark }.
term-online-rematch-begins = Реванш начинается.
term-online-you-offer-rematch = Вы предлагаете реванш.
term-online-offers-rematch = { $name } предлагает реванш: «rematch» — принять, «decline» — отказаться.
term-online-declines-rematch = { $name } отказывается от реванша.
term-online-guest-name = Играем под гостевым именем, которое дал сервер.
term-online-back = { $name } вернулся.
term-online-here = { $name } здесь.
term-online-no-play = Ходов нет: очередь переходит.
term-online-lobby = Лобби: в сети { $count }.
term-online-pools = Быстрый подбор («seek ОЧЕРЕДЬ» или «seek N»):
term-online-pool = {"  "}{ $number }. { $id } { $rules }{ $terms }, часы { $clock }: ждут { $waiting }
term-online-no-challenges = Открытых вызовов нет («challenge» создаёт вызов).
term-online-challenges = Открытые вызовы («accept N»):
term-online-no-games = Сейчас никто не играет.
term-online-games = Идущие партии («watch N»):
term-online-game =
    {"  "}{ $number }. { $x } против { $o }, { $rules }{ $rated ->
        [rated] , рейтинговая
       *[casual] {""}
    } [{ $id }]
term-online-help =
    Команды (по-английски во всех языках).
    В лобби:
      lobby                 показать лобби ещё раз
      seek ОЧЕРЕДЬ          быстрый подбор: american, american-match, bgammon или backgammon (или 1-4)
      challenge [ПРАВИЛА] [match N] [clock 3+12|30/turn] [rated]
                            предложить партию всем (по умолчанию: american, одна партия, без часов)
      accept N|ID           принять вызов N из списка
      cancel [ID]           отозвать свои вызовы и поиск
      watch N|ID            смотреть партию N из идущих
      resume [N|GAME]       вернуться в свою незаконченную партию (список при входе)
    В партии:
      13/7 8/7              весь ход (также bar/22, in/19(4), 24/13, 6/off); 13/7 отдельно — один шаг
      plays, play N         список допустимых ходов; сделать ход N из списка
      undo, ok              отменить шаг; подтвердить ход, сделанный по шагам
      1..6                  дубль, который называют после полностью сыгранного 1-2
      roll, double, take, drop   бросок и куб удвоения, если он есть в правилах
      resign                сказать, чего стоит сдача; «resign yes» сдаёт партию
      next                  начать следующую партию матча
      rematch, decline      предложить или принять реванш; отказаться от реванша соперника
      say ТЕКСТ             написать в чат партии
      claim                 забрать партию соперника, ушедшего в свой ход (без часов)
      board, clock          нарисовать доску; показать обои часы
      leave                 выйти из партии в лобби
    Везде:
      help, quit
term-online-left = Вы вышли из партии.
term-online-say-what = Что сказать? «say удачи»
term-online-chat-in-game = Чат есть только в партии: сначала войдите в партию или смотрите её.
term-online-lists-challenges = { $error } («lobby» покажет вызовы)
term-online-nothing-to-cancel = Отменять нечего.
term-online-left-pool = Вы вышли из очереди.
term-online-lists-games = { $error } («lobby» покажет партии)
term-online-not-lobby-command = «{ $text }» — не команда лобби: «help» покажет список
term-online-finish-first = Сначала закончите эту партию или выйдите из неё («leave»).
term-online-seek-which = какая очередь? { $pools }
term-online-no-clock = В этой партии нет часов.
term-online-only-players-resign = Сдаться может только игрок.
term-online-resign-cost =
    Сдача сейчас даёт { $name } { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }: «resign yes» — сдаться.
term-online-no-play-to-choose = Сейчас выбирать нечего.
term-online-no-play-n =
    Хода { $number } нет: «plays» показывает { $count ->
        [one] { $count } ход
        [few] { $count } хода
       *[many] { $count } ходов
    }.
term-online-not-your-move = «{ $text }» — не команда, и сейчас не ваш ход: «help» покажет команды
term-online-not-rebuilt = ход не удалось восстановить здесь: используйте «plays» и «play N»
term-online-not-a-command = «{ $text }» — не команда: «help» покажет список
term-online-die-off = Розыгрыш первого хода: { $x } { $xd }, { $o } { $od }.
term-online-rolls = { $name }: выпало { $dice }.
term-online-names = { $name } называет { $value }-{ $value }.
term-online-doubles = { $name } удваивает.
term-online-takes = { $name } принимает: куб на { $value }.
term-online-drops = { $name } отказывается от удвоения.
term-online-resigns = { $name } сдаётся.
term-online-time-ran-out = У { $name } кончилось время.
term-online-forfeits = { $name }: поражение засчитано.
term-online-game-begins = Начинается партия { $number }.
term-online-wins =
    { $name } выигрывает { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }. Счёт: { $x } { $xs }, { $o } { $os }.
term-online-wins-match = { $name } выигрывает матч.
term-online-chat = [чат] { $from }: { $text }
term-online-chat-spectators = [чат зрителей] { $from }: { $text }
term-online-match =
    { $points ->
        [one] , одна партия
       *[other] , матч до { $points }
    }
term-online-terms =
    { $points ->
        [one] , одна партия
       *[other] , матч до { $points }
    }{ $clock ->
        [none] , без часов
       *[other] , часы { $clock }
    }{ $rated ->
        [rated] , рейтинговая
       *[casual] , товарищеская
    }
term-online-challenge =
    { $name }{ $guest ->
        [yes] {" "}(гость)
       *[no] {""}
    } { $rating ->
        [none] без рейтинга
       *[other] { $rating }
    }{ $terms }, { $rules }, { $clock ->
        [none] без часов
       *[other] часы { $clock }
    }, { $rated ->
        [rated] рейтинговая
       *[casual] товарищеская
    } [{ $id }]
term-online-which-one = какой? укажите номер или id
term-online-no-number = номера { $number } нет
term-online-match-needs-length = «match» требует длины: match 5
term-online-not-match-length = «{ $text }» — не длина матча
term-online-clock-needs-control = «clock» требует контроля времени: clock 3+12 или clock 30/turn
term-online-not-challenge-part = «{ $text }» не входит в вызов: challenge [ПРАВИЛА] [match N] [clock 3+12] [rated]
term-online-connected = Подключено к { $url }.
term-online-reconnecting = Соединение потеряно ({ $reason }): переподключение…
term-online-seek-lost = Ваш поиск и вызовы сняты вместе с соединением: повторите их, когда соединение вернётся.
term-online-reconnected = Снова подключено.
term-online-kept = Ваши незаконченные партии на этом сервере:
term-online-kept-game = {"  "}{ $number }. { $game }: X { $x } против O { $o }, { $rules } (вы — { $mark })
term-online-kept-how = Введите «resume N», чтобы вернуться в партию.
term-online-resuming = Возвращаемся в партию { $game }…
term-online-intent-made = «{ $text }», отправленное в момент обрыва, сделано.
term-online-intent-lost = «{ $text }» не дошло до сервера до обрыва соединения: ход не сделан. Введите его снова.
term-online-resume-how = Чтобы вернуться в эту партию позже: acey play --online { $url } --resume { $game }
term-online-seat-gone = Ваше место в партии { $game } больше не ваше (партия окончена или удалена): оно забыто.
term-online-prompt-reconnecting = переподключение к серверу…
term-online-prompt-rejoining = снова на связи: возвращаемся в партию…
term-online-not-sent = Нет соединения: «{ $text }» не отправлено. Введите снова, когда соединение вернётся.
term-online-nothing-kept = Для этого сервера не сохранено ни одной вашей незаконченной партии.
term-online-nothing-kept-for = Для партии { $game } на этом сервере место не сохранено.
term-online-title-reconnecting = { $me } (переподключение…)
term-seats-nowhere = Внимание: нет ни HOME, ни XDG_DATA_HOME: токены мест хранятся только пока работает acey.
term-seats-unreadable = Внимание: сохранённые места в { $file } не прочитаны ({ $reason }): начинаем без них.
term-seats-unwritable = Внимание: место не удалось сохранить в { $file } ({ $reason }): после выхода в эту партию не вернуться.
term-online-interrupted = Прервано: выходим.
term-online-bye = До свидания.
term-online-connecting = подключение
term-online-title = {" "}acey в сети · { $me } · { $url } · в сети { $count }
term-online-keys-game = {" "}ход или команда, Enter · / чат · «help» · Esc очистить · Ctrl-C выход
term-online-keys-lobby = {" "}1-4 очередь · c вызов · a принять · w смотреть · x отменить · «help» · q выход
term-online-side =
    {"  "}счёт { $score }
    {"  "}пипсы { $pips }
    {"  "}выброшено { $off }
term-online-gone = {"   "}нет уже { $time }
term-online-side-dice = Кубики { $dice }
term-online-side-cube = Куб { $value }
term-online-side-clock = Часы { $clock }
term-online-side-match = Матч до { $points }
term-online-side-rated = Рейтинговая
term-online-side-casual = Товарищеская
term-online-side-recent = Последние ходы:
term-online-game-title = {" "}партия{" "}
term-online-lobby-title = {" "}лобби{" "}
term-online-messages-title = {" "}сообщения{" "}
term-online-chat-title = {" "}сообщения и чат{" "}
term-online-needs-terminal = полноэкранному клиенту нужен терминал: для конвейеров и скриптов используйте --plain

## Ошибки терминала (acey play): аргументы, сохранённые партии, подключение и вход

term-error = ошибка: { $message }
term-error-lang = --lang { $lang }: acey play не говорит на этом языке; выберите один из: { $languages }
term-internal-error-game = игра остановилась из-за внутренней ошибки (о ней сказано выше)
term-internal-error-client = клиент остановился из-за внутренней ошибки
term-error-match-zero = для --match нужно хотя бы 1 очко
term-error-side-vs-human = --side — для игры против компьютера: двое людей играют за обе стороны
term-error-level = неизвестный уровень «{ $level }»: выберите один из: { $levels }
term-error-name = --name '{ $name }': имя — от 2 до 20 букв, цифр, _ или -
term-error-rules = --rules { $rules }: { $reason }
term-io-error =
    { $kind ->
        [not-found] нет такого файла или папки
        [permission-denied] доступ запрещён
        [connection-refused] в подключении отказано
        [timed-out] нет ответа вовремя
       *[other] { $detail }
    }
term-error-read = не удаётся прочитать { $path }: { $reason }
term-error-not-a-record = { $path } — не читаемая запись партии: строка { $line }: { $reason }
term-error-action-refused = { $path }: действие { $number } записи отклонено: { $reason }
term-error-in-file = в { $path }: { $reason }
term-error-seat = неизвестное место «{ $seat }» в «{ $line }» (ожидается human или bot)
term-error-two-seats = «{ $line }»: ожидаются два места, например «human bot»
term-error-not-a-number = «{ $line }» — не число
term-error-create-folder = не удаётся создать папку { $folder }: { $reason }
term-error-write = не удаётся записать { $path }: { $reason }
term-error-not-a-file =
    { $path } — { $kind ->
        [folder] папка
        [fifo] именованный канал (FIFO)
        [device] устройство
        [socket] сокет
       *[other] особый файл
    }, а не обычный файл: партии сохраняются только в обычный файл или в новый
term-error-link-loop = { $path }: слишком много уровней символических ссылок
term-error-cannot-keep = в { $path } незаконченная партия, и её не удаётся перенести в { $kept }: { $reason }
term-error-not-an-address = «{ $url }» — не адрес, где acey может играть: укажите http://ХОСТ:ПОРТ или https://ХОСТ
term-error-ipv6 = «{ $url }»: адресу IPv6 нужна закрывающая «]»
term-error-no-host = в «{ $url }» нет имени хоста: укажите http://ХОСТ:ПОРТ
term-error-port = «{ $url }»: «{ $port }» — не номер порта
term-error-not-websocket = «{ $url }» — не адрес WebSocket: { $reason }
term-error-cookie = cookie сессии не годится как значение заголовка
term-error-no-answer = сервер { $server } не ответил вовремя
term-error-closed = сервер закрыл соединение
term-error-no-kept-seat = для партии «{ $game }» на { $server } место не сохранено (сохранены: { $games })
term-error-silent = сервер молчал { $seconds } с
term-error-no-roots = не найдено ни одного доверенного корневого сертификата для TLS (укажите файл PEM в SSL_CERT_FILE): { $reason }
term-error-closed-because = сервер закрыл соединение: { $reason }
term-error-broke = соединение оборвалось: { $reason }
term-error-thread-stopped = поток соединения остановился
term-error-connect = не удаётся подключиться к { $server }: { $reason }
term-error-refused-websocket = сервер { $url } отказал в WebSocket (HTTP { $status }): это точно сервер acey?
term-error-websocket = не удаётся открыть WebSocket к { $url }: { $reason }
term-error-unreadable-message = нечитаемое сообщение от сервера ({ $reason })
term-error-password-utf8 = ACEY_PASSWORD — не корректный UTF-8
term-error-needs-password = для --login { $name } нужен пароль: задайте ACEY_PASSWORD (спросить его негде: нет терминала)
term-password-prompt = Пароль для { $name }:
term-error-login-cancelled = вход отменён
term-error-not-acey = сервер { $url } ответил не так, как отвечает сервер acey
term-error-no-cookie = сервер принял вход, но не прислал cookie сессии
term-error-login-refused = вход отклонён: неверное имя или пароль
term-error-too-many-logins = слишком много попыток входа: подождите минуту и попробуйте снова
term-error-no-accounts = на { $url } нет учётных записей (HTTP 404): это точно сервер acey?
term-error-login-failed = вход не удался: HTTP { $status }
term-error-login-failed-said = вход не удался: HTTP { $status }: { $said }
term-error-cannot-find = не удаётся найти { $host }: { $reason }
term-error-no-address = не удаётся найти { $host }
term-error-stopped-answering = сервер { $server } перестал отвечать: { $reason }
update-ready = Готова новая версия acey.
update-reload = Перезагрузить
home-device-games = Игры на этом устройстве
device-game-computer = Против компьютера ({ $level })
device-game-local = На одном экране
device-game-going = ходов: { $plays }, продолжить
device-game-over = окончена, ходов: { $plays }: просмотр
device-game-add = Добавить в мою историю
device-game-added = в вашей истории
device-game-add-failed = Игра не добавлена в вашу историю: { $reason }
home-my-games = Ваши игры в этом браузере
my-game-over = окончена, { $score }, ходов: { $plays }: просмотр
