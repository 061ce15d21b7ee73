//! The languages of `acey play`: English, French, Russian and Norwegian Bokmål, from the same
//! Fluent catalogues (`locales/*.ftl`) the web client reads. The catalogues are compiled into
//! the binary, so an installed `acey` needs no files beside it.
//!
//! The language is chosen once, when `acey play` starts ([`choose`], then [`set`]); every text
//! a player sees then comes from [`text`] (usually through the [`t!`] macro) in that language.
//! A message missing from a catalogue, or one that fails to format, never stops the game: it
//! falls back to English, then to the message's id.
//!
//! Terminal-only messages have ids starting with `term-`; a message the web client already has
//! with exactly the same meaning (a server error code, say) is shared.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

/// A language `acey play` speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English (the reference catalogue, and the fallback).
    En,
    /// French.
    Fr,
    /// Russian.
    Ru,
    /// Norwegian Bokmål.
    Nb,
}

impl Lang {
    /// Every language, English first. Adding one: its catalogue in `locales/`, a variant here,
    /// and its line in this list and in [`Lang::source`].
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Fr, Lang::Ru, Lang::Nb];

    /// The language's code (`en`, `fr`, `ru`, `nb`), as `--lang` takes it.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::Ru => "ru",
            Lang::Nb => "nb",
        }
    }

    /// The language named in itself, for the list of languages offered.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Fr => "français",
            Lang::Ru => "русский",
            Lang::Nb => "norsk bokmål",
        }
    }

    /// The catalogue's text, embedded at build time.
    fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../../locales/en.ftl"),
            Lang::Fr => include_str!("../../../locales/fr.ftl"),
            Lang::Ru => include_str!("../../../locales/ru.ftl"),
            Lang::Nb => include_str!("../../../locales/nb.ftl"),
        }
    }

    /// The character between a number's whole part and its fraction: a point in English, a
    /// comma in French, Russian and Norwegian.
    pub fn decimal_separator(self) -> char {
        match self {
            Lang::En => '.',
            Lang::Fr | Lang::Ru | Lang::Nb => ',',
        }
    }

    fn index(self) -> usize {
        match self {
            Lang::En => 0,
            Lang::Fr => 1,
            Lang::Ru => 2,
            Lang::Nb => 3,
        }
    }
}

/// The language a code or locale names: `fr`, `fr-CA`, `fr_FR.UTF-8`, `ru_RU@euro`; `no` and
/// `nn` (Norwegian, Nynorsk) are given Bokmål, the Norwegian the catalogues have. `None` for
/// anything else (`C`, `POSIX`, `de_DE`).
pub fn parse(text: &str) -> Option<Lang> {
    // The language is what comes before the region, the encoding or the modifier.
    let lang = text
        .split(['-', '_', '.', '@'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    match lang.as_str() {
        "en" => Some(Lang::En),
        "fr" => Some(Lang::Fr),
        "ru" => Some(Lang::Ru),
        "nb" | "no" | "nn" => Some(Lang::Nb),
        _ => None,
    }
}

/// The language of `acey play`: `--lang` when given (an error that lists the languages when it
/// names none of them), else the locale by POSIX precedence: the first of `LC_ALL`,
/// `LC_MESSAGES` and `LANG` that is set and not empty decides, and a locale without a catalogue
/// (`C`, `POSIX`, `de_DE.UTF-8`) gives English.
pub fn choose(
    flag: Option<&str>,
    lc_all: Option<&str>,
    lc_messages: Option<&str>,
    lang: Option<&str>,
) -> Result<Lang, String> {
    let locale = [lc_all, lc_messages, lang]
        .into_iter()
        .flatten()
        .find(|v| !v.is_empty());
    let from_locale = locale.and_then(parse).unwrap_or(Lang::En);
    if let Some(f) = flag {
        // Refused in the locale's language: the only one known to be the player's.
        return parse(f).ok_or_else(|| {
            let offered: Vec<String> = Lang::ALL
                .iter()
                .map(|l| format!("{} ({})", l.code(), l.native_name()))
                .collect();
            text_in(
                from_locale,
                "term-error-lang",
                &[
                    ("lang", FluentValue::from(f)),
                    ("languages", FluentValue::from(offered.join(", "))),
                ],
            )
        });
    }
    Ok(from_locale)
}

/// [`choose`] with the process's environment.
pub fn from_env(flag: Option<&str>) -> Result<Lang, String> {
    let var = |name: &str| std::env::var(name).ok();
    choose(
        flag,
        var("LC_ALL").as_deref(),
        var("LC_MESSAGES").as_deref(),
        var("LANG").as_deref(),
    )
}

/// The language chosen for this process, as [`Lang::index`]; English until [`set`].
static CURRENT: AtomicU8 = AtomicU8::new(0);

/// Chooses the language every later [`text`] speaks.
pub fn set(lang: Lang) {
    CURRENT.store(lang.index() as u8, Ordering::Relaxed);
}

#[cfg(test)]
thread_local! {
    static THREAD_LANG: std::cell::Cell<Option<Lang>> = const { std::cell::Cell::new(None) };
}

/// Speaks `lang` on this thread only, whatever [`set`] chose: the screen tests draw every
/// language at once, on parallel threads.
#[cfg(test)]
pub fn set_for_thread(lang: Option<Lang>) {
    THREAD_LANG.with(|l| l.set(lang));
}

/// The language chosen with [`set`] (English before).
pub fn current() -> Lang {
    #[cfg(test)]
    if let Some(lang) = THREAD_LANG.with(std::cell::Cell::get) {
        return lang;
    }
    Lang::ALL[CURRENT.load(Ordering::Relaxed) as usize % Lang::ALL.len()]
}

type Bundle = FluentBundle<FluentResource>;

/// The four bundles, built at first use. `concurrent` bundles, because the bot's threads and
/// the online client's network thread format texts too.
fn bundles() -> &'static [Bundle] {
    static BUNDLES: OnceLock<Vec<Bundle>> = OnceLock::new();
    BUNDLES.get_or_init(|| Lang::ALL.iter().map(|l| bundle(*l)).collect())
}

fn bundle(lang: Lang) -> Bundle {
    let id = lang
        .code()
        .parse::<unic_langid::LanguageIdentifier>()
        .unwrap_or_default();
    let mut b = Bundle::new_concurrent(vec![id]);
    // Terminals show Unicode isolation marks as stray characters, and they would break the
    // width of the board's labels.
    b.set_use_isolating(false);
    // A catalogue with a syntax error keeps what parsed: the rest falls back to English.
    let resource = match FluentResource::try_new(lang.source().to_string()) {
        Ok(r) => r,
        Err((r, _)) => r,
    };
    // Errors here are only ids defined twice: the first is kept.
    let _ = b.add_resource(resource);
    b
}

/// Message `id` in `lang`, with `args`, or `None` when the catalogue lacks it or it does not
/// format cleanly.
fn format_in(lang: Lang, id: &str, args: Option<&FluentArgs>) -> Option<String> {
    let bundle = bundles().get(lang.index())?;
    let pattern = bundle.get_message(id)?.value()?;
    let mut errors = Vec::new();
    let out = bundle.format_pattern(pattern, args, &mut errors);
    errors.is_empty().then(|| out.into_owned())
}

/// Message `id` in `lang`: English when that language lacks it (or cannot format it), the id
/// itself when English lacks it too. Never panics.
pub fn text_in(lang: Lang, id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
    let mut fluent = FluentArgs::new();
    for (k, v) in args {
        fluent.set(*k, v.clone());
    }
    let args = (!args.is_empty()).then_some(&fluent);
    format_in(lang, id, args)
        .or_else(|| format_in(Lang::En, id, args))
        .unwrap_or_else(|| id.to_string())
}

/// Message `id` in the chosen language, only if that language's catalogue has it (no fallback):
/// for ids made at run time, such as a server error code's `error-CODE`.
pub fn lookup(id: &str, args: &[(&str, FluentValue<'_>)]) -> Option<String> {
    let mut fluent = FluentArgs::new();
    for (k, v) in args {
        fluent.set(*k, v.clone());
    }
    format_in(current(), id, (!args.is_empty()).then_some(&fluent))
}

/// Message `id` in the chosen language ([`set`]).
pub fn text(id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
    text_in(current(), id, args)
}

/// `value` with `digits` digits after the decimal separator of `lang`: `0.125` in English,
/// `0,125` in French, Russian and Norwegian. A negative value keeps its '-', unless it rounds
/// to zero (`0.000`, never `-0.000`).
pub fn decimal(lang: Lang, value: f64, digits: usize) -> String {
    with_separator(lang, format!("{:.digits$}", unsigned_zero(value, digits)))
}

/// [`decimal`] with a sign always, as equities are shown: `+0.125`, `-0,250`, `+0,000`.
pub fn signed(lang: Lang, value: f64, digits: usize) -> String {
    with_separator(lang, format!("{:+.digits$}", unsigned_zero(value, digits)))
}

/// `value`, or a positive zero when it shows as zero with `digits` digits (`-0.0001`, `-0.0`).
fn unsigned_zero(value: f64, digits: usize) -> f64 {
    let shown = format!("{value:.digits$}");
    if shown.chars().all(|c| matches!(c, '-' | '0' | '.')) {
        0.0
    } else {
        value
    }
}

fn with_separator(lang: Lang, text: String) -> String {
    match lang.decimal_separator() {
        '.' => text,
        c => text.replace('.', c.encode_utf8(&mut [0; 4])),
    }
}

/// Why a file or a connection failed, in the chosen language for the usual reasons (no such
/// file, permission denied, connection refused, timed out); the system's own English text for
/// the others.
pub fn io_reason(e: &std::io::Error) -> String {
    use std::io::ErrorKind;
    let kind = match e.kind() {
        ErrorKind::NotFound => "not-found",
        ErrorKind::PermissionDenied => "permission-denied",
        ErrorKind::ConnectionRefused => "connection-refused",
        ErrorKind::TimedOut | ErrorKind::WouldBlock => "timed-out",
        _ => "other",
    };
    text(
        "term-io-error",
        &[
            ("kind", FluentValue::from(kind)),
            ("detail", FluentValue::from(e.to_string())),
        ],
    )
}

/// A bot level's name in the chosen language (the web client's `level-name-*` messages).
pub fn level_name(level: acey_ai::Level) -> String {
    text(&format!("level-name-{}", level.as_str()), &[])
}

/// A message in the chosen language: `t!("term-new-game")`, `t!("term-points", points = 3)`.
/// Numbers stay numbers, so Fluent picks plural forms from them.
macro_rules! t {
    ($id:expr) => {
        $crate::i18n::text($id, &[])
    };
    ($id:expr, $($key:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::text(
            $id,
            &[$((stringify!($key), fluent_bundle::FluentValue::from($value))),+],
        )
    };
}
pub(crate) use t;

#[cfg(test)]
mod tests {
    use super::*;

    fn n(x: i64) -> FluentValue<'static> {
        FluentValue::from(x)
    }

    #[test]
    fn the_language_comes_from_the_flag_then_lc_all_lc_messages_lang() {
        let c = |flag, all, msg, lang| choose(flag, all, msg, lang);
        assert_eq!(c(Some("fr"), Some("ru_RU.UTF-8"), None, None), Ok(Lang::Fr));
        assert_eq!(c(Some("fr-CA"), None, None, None), Ok(Lang::Fr));
        assert_eq!(c(Some("nb_NO"), None, None, None), Ok(Lang::Nb));
        assert_eq!(c(Some("no"), None, None, None), Ok(Lang::Nb));
        assert_eq!(c(Some("nn"), None, None, None), Ok(Lang::Nb));
        assert_eq!(c(Some("RU"), None, None, None), Ok(Lang::Ru));
        assert_eq!(c(Some("en"), Some("fr_FR"), None, None), Ok(Lang::En));
        let e = c(Some("xx"), None, None, None).unwrap_err();
        assert!(e.contains("--lang xx"), "{e}");
        assert!(e.contains("not a language"), "{e}");
        for l in ["en", "fr", "ru", "nb"] {
            assert!(e.contains(l), "{e}");
        }
        // Refused in the locale's language, the one known to be the player's.
        let e = c(Some("xx"), None, None, Some("fr_FR.UTF-8")).unwrap_err();
        assert!(e.starts_with("--lang xx : acey play ne parle pas"), "{e}");
        assert!(e.contains("ru (русский)"), "{e}");
        // POSIX: LC_ALL, then LC_MESSAGES, then LANG; empty means unset.
        let fr = Some("fr_FR.UTF-8");
        let ru = Some("ru_RU.UTF-8");
        let nb = Some("nb_NO.UTF-8");
        assert_eq!(c(None, fr, ru, nb), Ok(Lang::Fr));
        assert_eq!(c(None, Some(""), ru, nb), Ok(Lang::Ru));
        assert_eq!(c(None, None, None, nb), Ok(Lang::Nb));
        assert_eq!(c(None, None, None, Some("ru_RU@euro")), Ok(Lang::Ru));
        // C and POSIX decide too: English, whatever LANG says.
        assert_eq!(c(None, Some("C"), None, fr), Ok(Lang::En));
        assert_eq!(c(None, None, Some("POSIX"), fr), Ok(Lang::En));
        assert_eq!(c(None, None, None, Some("de_DE.UTF-8")), Ok(Lang::En));
        assert_eq!(c(None, None, None, None), Ok(Lang::En));
    }

    #[test]
    fn the_title_names_the_bot_in_the_case_each_language_needs() {
        let title = |lang, bot: &str| {
            let args = [
                ("bot", FluentValue::from(bot.to_string())),
                (
                    "x",
                    FluentValue::from(text_in(lang, "term-name", &[("who", "you".into())])),
                ),
                (
                    "o",
                    FluentValue::from(text_in(lang, "term-name", &[("who", "bot".into())])),
                ),
                ("level", FluentValue::from("1")),
            ];
            text_in(lang, "term-title-bot", &args)
        };
        assert_eq!(title(Lang::En, "o"), "you (X) vs bot (O), bot level 1");
        assert_eq!(
            title(Lang::Fr, "o"),
            "vous (X) contre l’ordinateur (O), niveau 1"
        );
        assert_eq!(
            title(Lang::Fr, "x"),
            "l’ordinateur (X) contre vous (O), niveau 1"
        );
        assert_eq!(
            title(Lang::Ru, "o"),
            "вы (X) против компьютера (O), уровень 1"
        );
        assert_eq!(
            title(Lang::Ru, "x"),
            "компьютер (X) против вас (O), уровень 1"
        );
    }

    #[test]
    fn russian_plurals_at_1_2_5_21() {
        // `play 9` when 'plays' lists fewer: the count of plays in its plural form.
        let none = |lang, k| text_in(lang, "term-no-choice", &[("number", n(9)), ("count", n(k))]);
        for (k, want) in [
            (1, "Варианта 9 нет: «plays» показывает 1 ход."),
            (2, "Варианта 9 нет: «plays» показывает 2 хода."),
            (5, "Варианта 9 нет: «plays» показывает 5 ходов."),
            (21, "Варианта 9 нет: «plays» показывает 21 ход."),
        ] {
            assert_eq!(none(Lang::Ru, k), want);
        }
        let points = |k| text_in(Lang::Ru, "term-points", &[("points", n(k))]);
        assert_eq!(points(1), "1 очко");
        assert_eq!(points(2), "2 очка");
        assert_eq!(points(5), "5 очков");
        assert_eq!(points(21), "21 очко");
        for (lang, k, want) in [
            (Lang::En, 1, "There is no choice 9: 'plays' lists 1 play."),
            (Lang::En, 5, "There is no choice 9: 'plays' lists 5 plays."),
            (
                Lang::Fr,
                2,
                "Il n’y a pas de choix 9 : « plays » liste 2 coups.",
            ),
        ] {
            assert_eq!(none(lang, k), want);
        }
    }

    #[test]
    fn decimals_take_each_languages_separator_and_keep_their_sign() {
        let cases = [
            (Lang::En, "0.125", "+0.125", "-0.250", "1523.4"),
            (Lang::Fr, "0,125", "+0,125", "-0,250", "1523,4"),
            (Lang::Ru, "0,125", "+0,125", "-0,250", "1523,4"),
            (Lang::Nb, "0,125", "+0,125", "-0,250", "1523,4"),
        ];
        for (lang, plain, plus, minus, rating) in cases {
            assert_eq!(decimal(lang, 0.125, 3), plain, "{lang:?}");
            assert_eq!(signed(lang, 0.125, 3), plus, "{lang:?}");
            assert_eq!(signed(lang, -0.25, 3), minus, "{lang:?}");
            assert_eq!(decimal(lang, 1523.44, 1), rating, "{lang:?}");
            // What shows as zero has no minus.
            assert_eq!(
                decimal(lang, -0.0, 3),
                format!("0{}000", lang.decimal_separator())
            );
            assert_eq!(
                signed(lang, -0.0004, 3),
                format!("+0{}000", lang.decimal_separator())
            );
            assert_eq!(
                decimal(lang, -0.04, 1),
                format!("0{}0", lang.decimal_separator())
            );
            // No fraction, no separator.
            assert_eq!(decimal(lang, 3.0, 0), "3", "{lang:?}");
            assert_eq!(
                signed(lang, 0.0, 2),
                format!("+0{}00", lang.decimal_separator())
            );
        }
        // An f32 equity shown through f64 keeps its digits.
        assert_eq!(signed(Lang::Fr, f64::from(-0.1f32), 3), "-0,100");
    }

    #[test]
    fn file_and_network_reasons_are_said_in_the_language() {
        use std::io::{Error, ErrorKind};
        let said = |lang, kind| {
            let e = Error::from(kind);
            text_in(
                lang,
                "term-io-error",
                &[
                    (
                        "kind",
                        FluentValue::from(match kind {
                            ErrorKind::NotFound => "not-found",
                            _ => "other",
                        }),
                    ),
                    ("detail", FluentValue::from(e.to_string())),
                ],
            )
        };
        assert_eq!(
            said(Lang::En, ErrorKind::NotFound),
            "no such file or folder"
        );
        assert_eq!(
            said(Lang::Fr, ErrorKind::NotFound),
            "fichier ou dossier introuvable"
        );
        // Another reason is the system's own text.
        let other = said(Lang::Ru, ErrorKind::OutOfMemory);
        assert_eq!(other, Error::from(ErrorKind::OutOfMemory).to_string());
        // In English before any language is chosen.
        assert_eq!(
            io_reason(&Error::from(ErrorKind::NotFound)),
            "no such file or folder"
        );
    }

    #[test]
    fn a_missing_message_falls_back_to_english_then_to_its_id() {
        assert_eq!(text_in(Lang::Fr, "no-such-message", &[]), "no-such-message");
        // A placeholder left without its value is a formatting error: English is used, and
        // English too lacks the value, so the id comes back rather than a half sentence.
        let half = text_in(Lang::Fr, "term-points", &[]);
        assert_eq!(half, "term-points");
        // No isolation marks around placeables.
        let s = text_in(Lang::En, "term-points", &[("points", n(3))]);
        assert_eq!(s, "3 points");
        assert!(!s.contains('\u{2068}'));
    }

    /// Every id given to the `t!` macro in the sources of `acey play` is in en.ftl (and, by the server's
    /// locales test, in every other catalogue).
    #[test]
    fn every_message_the_cli_uses_is_in_english() {
        let english = Lang::En.source();
        let ids: std::collections::BTreeSet<&str> = english
            .lines()
            .filter_map(|l| l.split_once(" =").map(|(id, _)| id.trim()))
            .filter(|id| !id.is_empty() && !id.starts_with('#') && !id.starts_with(' '))
            .collect();
        let mut missing = Vec::new();
        let mut used = 0;
        for (path, source) in rust_files() {
            for marker in ["t!(\"", "text(\"", "text_in(Lang::En, \""] {
                for (at, _) in source.match_indices(marker) {
                    // A `format!` call ends like the macro: only the macro itself counts.
                    let before = source[..at].chars().next_back();
                    if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                        continue;
                    }
                    let rest = &source[at + marker.len()..];
                    let id = rest.split('"').next().unwrap_or("");
                    used += 1;
                    if !ids.contains(id) {
                        missing.push(format!("{}: {id}", path.display()));
                    }
                }
            }
        }
        assert!(used > 100, "the scan finds the messages ({used})");
        assert!(missing.is_empty(), "not in en.ftl: {missing:#?}");
    }

    /// Every Rust file of the crate's sources: (path, text).
    fn rust_files() -> Vec<(std::path::PathBuf, String)> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut out = Vec::new();
        let mut stack = vec![root];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).expect("src/ is readable") {
                let path = entry.expect("an entry").path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|x| x == "rs") {
                    let text = std::fs::read_to_string(&path).expect("a readable source");
                    out.push((path, text));
                }
            }
        }
        out
    }

    /// The sources of `acey play` outside their tests: (path, text).
    fn sources() -> Vec<(std::path::PathBuf, String)> {
        rust_files()
            .into_iter()
            .map(|(path, text)| {
                // A file's tests come last: what they name does not count as used.
                let code = match text.find("#[cfg(test)]\nmod tests") {
                    Some(at) => text[..at].to_string(),
                    None => text,
                };
                (path, code)
            })
            .collect()
    }

    /// Every terminal message of en.ftl (`term-...`) is named, quoted, in the code of
    /// crates/cli/src (tests aside), and every `"term-..."` the code names is in en.ftl: no
    /// message kept for nothing, none missing. The web client's messages are not the CLI's.
    #[test]
    fn every_terminal_message_is_used_and_every_used_one_exists() {
        let ids: std::collections::BTreeSet<String> = Lang::En
            .source()
            .lines()
            .filter(|l| l.starts_with("term-"))
            .filter_map(|l| l.split_once(" =").map(|(id, _)| id.trim().to_string()))
            .collect();
        assert!(ids.len() > 300, "the scan finds en.ftl's terminal messages");
        let code = sources();
        let mut named = std::collections::BTreeSet::new();
        for (path, text) in &code {
            for (at, _) in text.match_indices("\"term-") {
                let rest = &text[at + 1..];
                let id: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                    .collect();
                // An id is followed by its closing quote (not "term-{...}" built at run time).
                if rest[id.len()..].starts_with('"') {
                    named.insert((id, path.display().to_string()));
                }
            }
        }
        let unused: Vec<&String> = ids
            .iter()
            .filter(|id| !named.iter().any(|(n, _)| n == *id))
            .collect();
        assert!(unused.is_empty(), "in en.ftl but used nowhere: {unused:#?}");
        let unknown: Vec<&(String, String)> =
            named.iter().filter(|(n, _)| !ids.contains(n)).collect();
        assert!(unknown.is_empty(), "used but not in en.ftl: {unknown:#?}");
    }
}
