//! TypeScript declarations of every message, generated from these types by ts-rs (which
//! follows their serde attributes), for checking the web client's JavaScript: the committed
//! `web/types/protocol.d.ts` is [`declarations`], and the `typescript` test fails when it is
//! not. `docs/protocol.md` says how the check runs.

use std::collections::BTreeMap;

use ts_rs::{Config, TypeVisitor, TS};

use crate::{ClientMsg, ServerMsg};

/// The path of the declarations in the repository.
pub const PATH: &str = "web/types/protocol.d.ts";

/// The command that writes [`PATH`] anew from these types.
pub const REGENERATE: &str =
    "UPDATE_PROTOCOL_TYPES=1 cargo test -p acey-protocol --features ts --test typescript";

/// Collects the declaration of every named type reached from the messages, by name.
struct Collect<'a> {
    cfg: &'a Config,
    found: BTreeMap<String, String>,
}

impl TypeVisitor for Collect<'_> {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if T::output_path().is_some() {
            let name = T::ident(self.cfg);
            if self.found.contains_key(&name) {
                return;
            }
            let docs = T::docs().unwrap_or_default();
            self.found
                .insert(name, format!("{docs}export {}\n", T::decl(self.cfg)));
        }
        T::visit_dependencies(self);
        T::visit_generics(self);
    }
}

/// The declarations file: a header, then every type the client and server messages use
/// (`ClientMsg`, `ServerMsg` and what they contain), in name order, each with its
/// documentation.
pub fn declarations() -> String {
    // Every integer of the protocol fits a JavaScript number.
    let cfg = Config::new().with_large_int("number");
    let mut all = Collect {
        cfg: &cfg,
        found: BTreeMap::new(),
    };
    all.visit::<ClientMsg>();
    all.visit::<ServerMsg>();
    let mut out = format!(
        "// The acey WebSocket protocol (docs/protocol.md) as TypeScript types, for type-checking the\n\
         // web client's JavaScript (web/tsconfig.json); nothing here is shipped.\n\
         // Generated from crates/protocol by ts-rs: do not edit. Regenerate with\n\
         // {REGENERATE}\n\n\
         /** The protocol version. */\n\
         export type Version = {};\n",
        crate::VERSION
    );
    for decl in all.found.values() {
        out.push('\n');
        out.push_str(decl);
    }
    out
}
