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
