//! `acey export-web DIR`: the web client as static files.

mod common;

use common::{acey, assert_success, assert_usage_error, stdout, temp_dir};

#[test]
fn the_site_is_written_whole_and_a_file_in_the_way_is_named() {
    let dir = temp_dir();
    let site = dir.path().join("site");
    let o = acey(&["export-web".as_ref(), site.as_os_str()]);
    assert_success(&o);
    assert!(stdout(&o).contains("wrote"), "{}", stdout(&o));
    for file in [
        "index.html",
        "404.html",
        "sw.js",
        "engine/acey.wasm",
        "api/options",
        "locales/ru.ftl",
    ] {
        assert!(site.join(file).is_file(), "{file} is written");
    }
    let wasm = std::fs::read(site.join("engine/acey.wasm")).unwrap();
    assert_eq!(&wasm[..4], b"\0asm", "the engine is WebAssembly");
    let sw = std::fs::read_to_string(site.join("sw.js")).unwrap();
    assert!(
        !sw.contains("__ACEY_"),
        "the service worker has its version and files"
    );
    // Again over the same folder: the files are replaced, the count is the same.
    let again = acey(&["export-web".as_ref(), site.as_os_str()]);
    assert_success(&again);
    assert_eq!(stdout(&again), stdout(&o));

    let file = dir.path().join("a-file");
    std::fs::write(&file, "keep me").unwrap();
    let o = acey(&["export-web".as_ref(), file.as_os_str()]);
    assert_usage_error(&o, "is not a folder");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep me");
}

#[test]
fn a_site_for_a_server_elsewhere_names_it_in_its_pages_and_a_bad_address_is_refused() {
    let dir = temp_dir();
    let site = dir.path().join("site");
    let o = acey(&[
        "export-web".as_ref(),
        site.as_os_str(),
        "--server".as_ref(),
        "https://Play.Example.org/".as_ref(),
    ]);
    assert_success(&o);
    assert!(
        stdout(&o).contains("https://play.example.org"),
        "{}",
        stdout(&o)
    );
    let tag = r#"<meta name="acey-server" content="https://play.example.org">"#;
    for page in ["index.html", "404.html"] {
        let text = std::fs::read_to_string(site.join(page)).unwrap();
        assert_eq!(text.matches(tag).count(), 1, "{page}: {text}");
    }
    // A version of its own, written into its service worker and said on the way out.
    let sw = std::fs::read_to_string(site.join("sw.js")).unwrap();
    let version = sw
        .split("const VERSION = \"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap()
        .to_string();
    assert!(
        stdout(&o).contains(&format!("of version {version} ")),
        "{}",
        stdout(&o)
    );
    let plain = dir.path().join("plain");
    let p = acey(&["export-web".as_ref(), plain.as_os_str()]);
    assert_success(&p);
    assert!(!stdout(&p).contains(&version), "{}", stdout(&p));
    let index = std::fs::read_to_string(plain.join("index.html")).unwrap();
    assert!(!index.contains("acey-server"), "the same origin, as before");

    for bad in [
        "play.example.org",
        "ftp://play.example.org",
        "https://play.example.org/acey/",
        "https://play.example.org/?room=1",
        "https://user@play.example.org",
        "https://play.example.org:70000",
        "https://",
    ] {
        let nowhere = dir.path().join("nowhere");
        let o = acey(&[
            "export-web".as_ref(),
            nowhere.as_os_str(),
            "--server".as_ref(),
            bad.as_ref(),
        ]);
        assert_usage_error(&o, "--server");
        assert!(!nowhere.exists(), "nothing is written for {bad}");
    }
}
