//! `acey play` in the player's language: a whole game in French with `--lang fr` on stdin, the
//! language taken from `LANG` without `--lang`, and a language it does not speak refused.

mod common;

use common::{stderr, stdout, temp_dir, whole_plain_game, Acey};

/// `acey play --plain` with `args` and the locale variables `env` (the machine's own removed),
/// playing the first listed play at every prompt until a prompt starts with `over`, then
/// `quit`. Returns everything printed, once the program has ended successfully.
fn whole_game(args: &[&str], env: &[(&str, &str)], over: &str) -> String {
    whole_plain_game(
        Acey::new(["play", "--plain", "--level", "beginner"])
            .args(args)
            .no_locale()
            .envs(env.iter().copied()),
        over,
    )
}

#[test]
fn a_whole_game_in_french_with_lang_fr() {
    let dir = temp_dir();
    let save = dir.path().join("french.txt");
    let save_arg = save.to_str().unwrap();
    // LANG says Russian, but --lang decides.
    let text = whole_game(
        &["--lang", "fr", "--seed", "42", "--save", save_arg],
        &[("LANG", "ru_RU.UTF-8")],
        "partie terminée",
    );
    // The prompts, the position and the status are French.
    assert!(
        text.contains("acey : vous jouez X contre l’ordinateur (débutant)"),
        "{text}"
    );
    assert!(
        text.contains("> À vous de jouer "),
        "the move prompt: {text}"
    );
    assert!(text.contains(": tapez un coup"), "{text}");
    assert!(
        text.contains("Position (flèches numérotées de votre côté, X) :"),
        "{text}"
    );
    assert!(
        text.contains("L’ordinateur fait ") || text.contains("Vous faites "),
        "{text}"
    );
    assert!(
        text.contains("> partie terminée : tapez « rematch »"),
        "{text}"
    );
    // The game was played to its end: someone won, and the final score says it.
    assert!(
        text.contains("Vous gagnez ") || text.contains("L’ordinateur gagne "),
        "the end of the game: {text}"
    );
    let last = text.lines().last().unwrap_or_default();
    assert!(last.starts_with("Score final : vous "), "{last}");
    assert!(text.contains("Partie enregistrée dans "), "{text}");
    // No English prompt or status is left.
    for english in [
        "type a play",
        "game over",
        "Final score",
        "You roll",
        "Bot rolls",
        "to play",
        "Position (points numbered",
        "Game saved",
        "Type 'help'",
        "You win",
        "Bot wins",
    ] {
        assert!(!text.contains(english), "'{english}' in: {text}");
    }
    // The save file stays English and language-neutral: it loads back in any language.
    let saved = std::fs::read_to_string(&save).expect("the game is saved");
    assert!(saved.starts_with("# acey game record"), "{saved}");
}

/// `acey play --plain` with `args` and the locale variables `env`, stdin closed at once.
fn quick(args: &[&str], env: &[(&str, &str)]) -> (Option<i32>, String, String) {
    let o = Acey::new(["play", "--plain", "--seed", "3"])
        .args(args)
        .no_locale()
        .envs(env.iter().copied())
        .output();
    (o.status.code(), stdout(&o), stderr(&o))
}

#[test]
fn the_locale_chooses_the_language_without_lang() {
    let dir = temp_dir();
    let save = dir.path().join("russian.txt");
    let save = save.to_str().unwrap();
    let (code, out, err) = quick(&["--save", save], &[("LANG", "ru_RU.UTF-8")]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("acey: вы играете за X против компьютера"),
        "{out}"
    );
    assert!(
        out.contains("Позиция (пункты пронумерованы с вашей стороны, X):"),
        "{out}"
    );
    assert!(
        out.lines()
            .last()
            .unwrap_or_default()
            .starts_with("Итоговый счёт: вы 0, компьютер 0"),
        "{out}"
    );
    assert!(!out.contains("Final score"), "{out}");
    // LC_ALL comes before LANG; Nynorsk and plain Norwegian get Bokmål.
    let (_, out, _) = quick(
        &["--save", save],
        &[("LC_ALL", "nn_NO.UTF-8"), ("LANG", "ru_RU.UTF-8")],
    );
    assert!(out.contains("acey: du spiller X mot maskinen"), "{out}");
    // C gives English.
    let (_, out, _) = quick(
        &["--save", save],
        &[("LC_ALL", "C"), ("LANG", "fr_FR.UTF-8")],
    );
    assert!(out.contains("acey: you play X against the bot"), "{out}");
}

#[test]
fn a_language_acey_does_not_speak_is_a_clear_usage_error() {
    let (code, out, err) = quick(&["--lang", "xx"], &[]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(err.contains("--lang xx"), "{err}");
    for offered in [
        "en (English)",
        "fr (français)",
        "ru (русский)",
        "nb (norsk bokmål)",
    ] {
        assert!(err.contains(offered), "{err}");
    }
    assert!(!err.contains("panicked"), "{err}");
    // Region forms and aliases are accepted.
    let dir = temp_dir();
    for lang in ["fr-CA", "nb_NO", "no", "RU"] {
        let save = dir.path().join(format!("alias-{lang}.txt"));
        let (code, _, err) = quick(&["--lang", lang, "--save", save.to_str().unwrap()], &[]);
        assert_eq!(code, Some(0), "{lang}: {err}");
    }
}

/// `acey play --plain` with `args` (and no seed: `--load` takes none) and the locale variables
/// `env`, stdin closed at once: the exit code and stderr.
fn refused(args: &[&str], env: &[(&str, &str)]) -> (Option<i32>, String) {
    let o = Acey::new(["play", "--plain"])
        .args(args)
        .no_locale()
        .env_remove("ACEY_PASSWORD")
        .envs(env.iter().copied())
        .output();
    (o.status.code(), stderr(&o))
}

#[test]
fn errors_of_acey_play_are_in_the_players_language_with_their_exit_codes() {
    // Arguments: exit code 2, "error:" and the sentence in the language.
    let (code, err) = refused(&["--lang", "fr", "--match", "0"], &[]);
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(err, "erreur : --match demande au moins 1 point\n");
    let (code, err) = refused(&["--match", "0"], &[]);
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(err, "error: --match needs at least 1 point\n");
    let (code, err) = refused(
        &["--vs", "human", "--side", "o"],
        &[("LANG", "ru_RU.UTF-8")],
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.starts_with("ошибка: --side — для игры против компьютера"),
        "{err}"
    );
    let (code, err) = refused(&["--lang", "nb", "--level", "wizard"], &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.starts_with("feil: ukjent nivå «wizard»: velg et av beginner"),
        "{err}"
    );
    // A --lang it does not speak, refused in the locale's language.
    let (code, err) = refused(&["--lang", "xx"], &[("LC_ALL", "fr_FR.UTF-8")]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.starts_with("erreur : --lang xx : acey play ne parle pas"),
        "{err}"
    );

    // Saved games: a file that is missing, one that is no record, one with a bad header line.
    let dir = temp_dir();
    let missing = dir.path().join("no-such-save.txt");
    let (code, err) = refused(&["--lang", "nb", "--load", missing.to_str().unwrap()], &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.starts_with("feil: kan ikke lese "), "{err}");
    assert!(err.contains(": ingen slik fil eller mappe"), "{err}");
    let bad = dir.path().join("not-a-record.txt");
    std::fs::write(&bad, "nonsense\n").unwrap();
    let (code, err) = refused(
        &["--load", bad.to_str().unwrap()],
        &[("LANG", "ru_RU.UTF-8")],
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(err.starts_with("ошибка: "), "{err}");
    assert!(
        err.contains("— не читаемая запись партии: строка 1: "),
        "{err}"
    );
    std::fs::write(&bad, "Rules: american\nSeats: human robot\n\ngame 1\n").unwrap();
    let (code, err) = refused(&["--lang", "fr", "--load", bad.to_str().unwrap()], &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("place inconnue « robot »"), "{err}");

    // Online: an address it cannot use (2), a server that is not there (1).
    let (code, err) = refused(&["--lang", "ru", "--online", "ftp://acey.example"], &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("не адрес, где acey может играть"), "{err}");
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let nobody = closed.local_addr().unwrap();
    drop(closed);
    let url = format!("http://{nobody}");
    let (code, err) = refused(&["--lang", "fr", "--online", &url], &[]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.starts_with(&format!(
            "erreur : impossible de se connecter à {nobody} : "
        )),
        "{err}"
    );
    let (code, err) = refused(&["--lang", "nb", "--online", &url, "--login", "zoe"], &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.starts_with("feil: --login zoe trenger et passord"),
        "{err}"
    );
}

#[test]
fn equities_and_error_rates_are_written_with_a_decimal_comma_in_french() {
    let dir = temp_dir();
    let save = dir.path().join("decimals.txt");
    let o = Acey::new([
        "play", "--plain", "--lang", "fr", "--seed", "3", "--level", "beginner",
    ])
    .args(["--save", save.to_str().unwrap()])
    .no_locale()
    .output_with_stdin("hint\nresign yes\nanalyse\nquit\n");
    let out = stdout(&o);
    assert!(o.status.success(), "{out}");
    // The hint: "1. -2,030 in/22 22/21", the sign kept.
    let hints: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("1. ") || l.starts_with("2. "))
        .collect();
    assert!(!hints.is_empty(), "{out}");
    for h in &hints {
        let equity = h.split(' ').nth(1).unwrap();
        assert!(equity.starts_with(['+', '-']), "{h}");
        assert_eq!(equity.len(), 6, "{h}");
        assert_eq!(&equity[2..3], ",", "{h}");
    }
    // The analysis's summary rows: error rate, luck and rating with commas, no points.
    let lines: Vec<&str> = out.lines().collect();
    let head = lines
        .iter()
        .position(|l| l.starts_with("joueur "))
        .unwrap_or_else(|| panic!("the summary's headings: {out}"));
    let rows = &lines[head + 1..head + 3];
    assert!(rows[0].starts_with("vous "), "{out}");
    assert!(rows[1].starts_with("ordinateur "), "{out}");
    for row in rows {
        let cells: Vec<&str> = row.split_whitespace().collect();
        let tail = &cells[cells.len() - 3..];
        assert!(
            tail.iter().all(|c| c.contains(',') && !c.contains('.')),
            "{row}"
        );
        assert!(tail[1].starts_with(['+', '-']), "luck has its sign: {row}");
    }
}
