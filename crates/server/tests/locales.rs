//! The Fluent catalogues of `locales/`: each parses, has every message, term and attribute of
//! en.ftl and no other, and uses the same placeholders (`$name`) in each as English does; the
//! web client offers exactly these languages; Russian picks its plural forms right.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource};
use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every catalogue's language code and text, English first.
fn catalogues() -> Vec<(String, String)> {
    let mut all: Vec<(String, String)> = std::fs::read_dir(root().join("locales"))
        .expect("locales/")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .map(|p| {
            let lang = p.file_stem().unwrap().to_string_lossy().into_owned();
            (
                lang,
                std::fs::read_to_string(&p).expect("a readable catalogue"),
            )
        })
        .collect();
    all.sort_by_key(|(lang, _)| (lang != "en", lang.clone()));
    assert_eq!(all[0].0, "en", "locales/en.ftl is the reference");
    all
}

/// An entry's id (`-term` for a term), with its attributes' names and the variables each part
/// (value "" or attribute) uses.
type Entries = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

fn entries(lang: &str, text: &str) -> Entries {
    let resource = match fluent_syntax::parser::parse(text) {
        Ok(r) => r,
        Err((_, errors)) => panic!("{lang}.ftl does not parse: {errors:?}"),
    };
    let mut out = Entries::new();
    for entry in &resource.body {
        let (id, value, attributes) = match entry {
            Entry::Message(m) => (m.id.name.to_string(), m.value.as_ref(), &m.attributes),
            Entry::Term(t) => (format!("-{}", t.id.name), Some(&t.value), &t.attributes),
            Entry::Junk { content } => panic!("{lang}.ftl: junk: {content}"),
            _ => continue,
        };
        let mut parts = BTreeMap::new();
        if let Some(v) = value {
            parts.insert(String::new(), variables(v));
        }
        for a in attributes {
            parts.insert(format!(".{}", a.id.name), variables(&a.value));
        }
        assert!(
            out.insert(id.clone(), parts).is_none(),
            "{lang}.ftl: {id} twice"
        );
    }
    out
}

fn variables(pattern: &Pattern<&str>) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            in_expression(expression, &mut found);
        }
    }
    found
}

fn in_expression(e: &Expression<&str>, found: &mut BTreeSet<String>) {
    match e {
        Expression::Select { selector, variants } => {
            in_inline(selector, found);
            for v in variants {
                found.extend(variables(&v.value));
            }
        }
        Expression::Inline(i) => in_inline(i, found),
    }
}

fn in_inline(e: &InlineExpression<&str>, found: &mut BTreeSet<String>) {
    match e {
        InlineExpression::VariableReference { id } => {
            found.insert(format!("${}", id.name));
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                in_inline(a, found);
            }
            for a in &arguments.named {
                in_inline(&a.value, found);
            }
        }
        InlineExpression::Placeable { expression } => in_expression(expression, found),
        _ => {}
    }
}

#[test]
fn every_catalogue_has_the_messages_and_placeholders_of_english() {
    let all = catalogues();
    let english = entries("en", &all[0].1);
    for (lang, text) in &all[1..] {
        let other = entries(lang, text);
        // Terms (`-bar`) are the translator's own: only messages must match.
        let messages = |e: &Entries| -> BTreeSet<String> {
            e.keys().filter(|k| !k.starts_with('-')).cloned().collect()
        };
        let missing: Vec<_> = messages(&english)
            .difference(&messages(&other))
            .cloned()
            .collect();
        let extra: Vec<_> = messages(&other)
            .difference(&messages(&english))
            .cloned()
            .collect();
        assert!(missing.is_empty(), "{lang}.ftl lacks {missing:?}");
        assert!(
            extra.is_empty(),
            "{lang}.ftl has ids en.ftl lacks: {extra:?}"
        );
        for (id, parts) in english.iter().filter(|(k, _)| !k.starts_with('-')) {
            let theirs = &other[id];
            let names =
                |p: &BTreeMap<String, BTreeSet<String>>| p.keys().cloned().collect::<Vec<_>>();
            assert_eq!(
                names(parts),
                names(theirs),
                "{lang}.ftl: {id} has other parts (value, attributes) than in English"
            );
            for (part, vars) in parts {
                assert_eq!(
                    vars, &theirs[part],
                    "{lang}.ftl: {id}{part} uses other placeholders than in English"
                );
            }
        }
    }
}

#[test]
fn the_web_client_offers_exactly_the_catalogues() {
    let script = std::fs::read_to_string(root().join("web/i18n.js")).expect("web/i18n.js");
    let line = script
        .lines()
        .find(|l| l.starts_with("export const LANGUAGES = {"))
        .expect("the LANGUAGES line");
    let offered: BTreeSet<String> = line
        .split(['{', '}', ','])
        .filter_map(|part| part.split_once(':'))
        .map(|(code, _)| code.trim().to_string())
        .collect();
    let files: BTreeSet<String> = catalogues().into_iter().map(|(lang, _)| lang).collect();
    assert_eq!(offered, files);
    let web =
        std::fs::read_to_string(root().join("crates/server/src/http/mod.rs")).expect("http/mod.rs");
    for lang in &files {
        assert!(
            web.contains(&format!("\"locales/{lang}.ftl\"")),
            "locales/{lang}.ftl is not embedded in the server"
        );
    }
}

fn bundle(lang: &str) -> FluentBundle<FluentResource> {
    let text = std::fs::read_to_string(root().join(format!("locales/{lang}.ftl"))).unwrap();
    let resource = FluentResource::try_new(text).expect("a catalogue that parses");
    let mut bundle = FluentBundle::new(vec![lang.parse().expect("a language tag")]);
    bundle.set_use_isolating(false);
    bundle.add_resource(resource).expect("no clashing ids");
    bundle
}

fn format(bundle: &FluentBundle<FluentResource>, id: &str, var: &str, n: i64) -> String {
    let message = bundle.get_message(id).expect("the message");
    let mut args = FluentArgs::new();
    args.set(var, n);
    let mut errors = vec![];
    let text = bundle.format_pattern(message.value().unwrap(), Some(&args), &mut errors);
    assert!(errors.is_empty(), "{id}: {errors:?}");
    text.into_owned()
}

#[test]
fn russian_plurals_take_the_right_form() {
    // Russian has three forms: one (1, 21), few (2-4, 22-24), many (5-20, 25...).
    let ru = bundle("ru");
    let online = |n| format(&ru, "lobby-online", "count", n);
    assert_eq!(online(1), "1 игрок в сети");
    assert_eq!(online(2), "2 игрока в сети");
    assert_eq!(online(5), "5 игроков в сети");
    assert_eq!(online(21), "21 игрок в сети");
    let pips = |n| format(&ru, "player-pips", "pips", n);
    assert_eq!(pips(1), "1 пипс");
    assert_eq!(pips(2), "2 пипса");
    assert_eq!(pips(5), "5 пипсов");
    assert_eq!(pips(21), "21 пипс");
}
