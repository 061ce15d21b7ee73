//! The committed TypeScript declarations of the protocol (`web/types/protocol.d.ts`) are what
//! the Rust types generate: the web client is type-checked against the same definitions the
//! server and the terminal client use.

use std::path::Path;

use acey_protocol::typescript::{declarations, PATH, REGENERATE};

#[test]
fn the_committed_typescript_declarations_match_the_rust_types() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(PATH);
    let generated = declarations();
    if std::env::var_os("UPDATE_PROTOCOL_TYPES").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &generated).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "{PATH} differs from what crates/protocol generates: the Rust message types changed. \
         Regenerate it with\n    {REGENERATE}\nthen check the web client against it with \
         `npm --prefix web ci && npm --prefix web run check` (scripts/test.sh runs both)."
    );
}
