//! The networks shipped with acey, embedded in the binary.
//!
//! `models/american.acey-net` is trained by `acey train` for the `american` preset; how it was
//! trained and how strong it is are in `models/MODEL.md`. Other presets are served by the same
//! network: its inputs describe the position (points, bar, `start`, borne off, pip counts), which
//! means the same thing under every preset, and the search around it applies each preset's own
//! legal plays, re-roll rules and exact scoring of finished games.
//!
//! ```
//! let net = acey_ai::models::default_network();
//! assert!(net.hidden() > 0);
//! ```

use std::sync::OnceLock;

use crate::network::Network;

/// The bytes of the shipped `american` network file.
pub const AMERICAN: &[u8] = include_bytes!("../../../models/american.acey-net");

/// The shipped network, parsed once per process.
pub fn default_network() -> Network {
    static NET: OnceLock<Network> = OnceLock::new();
    NET.get_or_init(|| {
        // The bytes are part of the program and checked by the test below: a failure here is a
        // build defect, not bad input.
        Network::from_bytes(AMERICAN).expect("the embedded network file is valid")
    })
    .clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_network_loads_and_says_how_it_was_trained() {
        let net = Network::from_bytes(AMERICAN).unwrap();
        assert!(net
            .meta
            .get("games")
            .is_some_and(|g| g.parse::<u64>().is_ok()));
        assert_eq!(net.meta.get("rules").map(String::as_str), Some("american"));
    }
}
