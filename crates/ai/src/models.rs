//! The networks shipped with acey, embedded in the binary.
//!
//! One network per family of rule sets that play differently enough to be learned apart
//! ([`Shipped`]: `american`, `bgammon`, `backgammon`), each trained by `acey train` under its
//! preset, and each with a race network of its own for the positions with no contact left; how
//! they were trained and how strong they are is in `models/MODEL.md`. A preset without a family
//! of its own is served by the closest ([`Shipped::for_rules`]): the inputs describe the position
//! (points, bar, `start`, borne off, pip counts), which means the same thing under every preset,
//! and the search around the network applies each preset's own legal plays, re-roll rules and
//! exact scoring of finished games.
//!
//! ```
//! let net = acey_ai::models::default_network();
//! assert!(net.hidden() > 0);
//! ```

use std::sync::OnceLock;

use acey_rules::{BearOffRule, Layout, Rules};

use crate::network::Network;

/// The bytes of the shipped `american` network file.
pub const AMERICAN: &[u8] = include_bytes!("../../../models/american.acey-net");
/// The bytes of the shipped `bgammon` network file: trained by self-play, then on with a quarter
/// of its games against a pip-and-blot player that searches one ply (models/MODEL.md).
pub const BGAMMON: &[u8] = include_bytes!("../../../models/bgammon.acey-net");
/// The bytes of the shipped `backgammon` network file.
pub const BACKGAMMON: &[u8] = include_bytes!("../../../models/backgammon.acey-net");
/// The bytes of the shipped `american` race network file (positions with no contact left).
pub const AMERICAN_RACE: &[u8] = include_bytes!("../../../models/american-race.acey-net");
/// The bytes of the shipped `bgammon` race network file (positions with no contact left).
pub const BGAMMON_RACE: &[u8] = include_bytes!("../../../models/bgammon-race.acey-net");
/// The bytes of the shipped `backgammon` race network file (positions with no contact left).
pub const BACKGAMMON_RACE: &[u8] = include_bytes!("../../../models/backgammon-race.acey-net");

/// The networks acey ships: one for each family of rule sets that play differently enough to be
/// learned apart (models/MODEL.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shipped {
    /// Trained under `american`; serves every rule set the others do not.
    American,
    /// Trained under `bgammon` (what bgammon.org plays: exact bear-off, a re-roll after every
    /// chosen double); serves the acey-deucey rule sets with the exact-only bear-off.
    Bgammon,
    /// Trained under `backgammon` (the backgammon layout, no acey-deucey, gammons and
    /// backgammons): serves the rule sets that start from the backgammon layout.
    Backgammon,
}

impl Shipped {
    /// Every shipped network.
    pub const ALL: [Shipped; 3] = [Shipped::American, Shipped::Bgammon, Shipped::Backgammon];

    /// The network that serves `rules`: the one trained for its family, else the closest.
    ///
    /// The exact-only bear-off (`bgammon`, `old-navy`) changes the whole end of the game (a
    /// checker that cannot be borne off exactly stays, so spare checkers on high points are
    /// costly), which the `american` network never learned; the other differences between the
    /// acey-deucey presets (re-roll gates, entry rules) are handled by the search's legal plays
    /// and leave the values of positions close. A rule set that starts from the backgammon
    /// layout is backgammon (with whatever acey-deucey options it adds) and gets the
    /// `backgammon` network.
    pub fn for_rules(rules: &Rules) -> Shipped {
        let acey = rules.acey_deucey && rules.layout == Layout::OffBoard;
        if rules.layout == Layout::Backgammon {
            Shipped::Backgammon
        } else if acey && rules.bear_off_rule == BearOffRule::ExactOnly {
            Shipped::Bgammon
        } else {
            Shipped::American
        }
    }

    /// Its name (the preset it was trained under).
    pub fn name(self) -> &'static str {
        match self {
            Shipped::American => "american",
            Shipped::Bgammon => "bgammon",
            Shipped::Backgammon => "backgammon",
        }
    }

    fn bytes(self) -> &'static [u8] {
        match self {
            Shipped::American => AMERICAN,
            Shipped::Bgammon => BGAMMON,
            Shipped::Backgammon => BACKGAMMON,
        }
    }

    fn race_bytes(self) -> &'static [u8] {
        match self {
            Shipped::American => AMERICAN_RACE,
            Shipped::Bgammon => BGAMMON_RACE,
            Shipped::Backgammon => BACKGAMMON_RACE,
        }
    }

    /// The name a level's evaluator goes by: the network with the games its file records.
    pub fn label(self) -> String {
        self.network()
            .label(&format!("built-in {} net", self.name()))
    }

    /// The family's race network, for positions with no contact left: GNU Backgammon's split of
    /// contact and race (models/MODEL.md). Parsed once per process.
    pub fn race_network(self) -> Network {
        static RACES: [OnceLock<Network>; Shipped::ALL.len()] =
            [const { OnceLock::new() }; Shipped::ALL.len()];
        parsed_once(&RACES[self as usize], self.race_bytes())
    }

    /// The network, parsed once per process.
    pub fn network(self) -> Network {
        static NETS: [OnceLock<Network>; Shipped::ALL.len()] =
            [const { OnceLock::new() }; Shipped::ALL.len()];
        parsed_once(&NETS[self as usize], self.bytes())
    }
}

/// An embedded network file, parsed the first time it is asked for.
fn parsed_once(cell: &'static OnceLock<Network>, bytes: &'static [u8]) -> Network {
    cell.get_or_init(|| {
        // The bytes are part of the program and checked by the tests below: a failure here is a
        // build defect, not bad input.
        Network::from_bytes(bytes).expect("an embedded network file is valid")
    })
    .clone()
}

/// The shipped `american` network, parsed once per process.
pub fn default_network() -> Network {
    Shipped::American.network()
}

/// The shipped network that serves `rules` ([`Shipped::for_rules`]).
pub fn network_for(rules: &Rules) -> Network {
    Shipped::for_rules(rules).network()
}

#[cfg(test)]
mod tests {
    use super::*;

    use acey_rules::Preset;

    #[test]
    fn every_shipped_network_loads_and_says_how_it_was_trained() {
        for shipped in Shipped::ALL {
            let net = Network::from_bytes(shipped.bytes()).unwrap();
            assert!(net
                .meta
                .get("games")
                .is_some_and(|g| g.parse::<u64>().is_ok()));
            assert_eq!(
                net.meta.get("rules").map(String::as_str),
                Some(shipped.name())
            );
        }
    }

    #[test]
    fn every_race_network_loads_and_says_what_it_is() {
        for shipped in Shipped::ALL {
            let race = Network::from_bytes(shipped.race_bytes()).unwrap();
            assert_eq!(
                race.meta.get("rules").map(String::as_str),
                Some(shipped.name())
            );
            assert_eq!(race.meta.get("class").map(String::as_str), Some("race"));
            assert!(race
                .meta
                .get("games")
                .is_some_and(|g| g.parse::<u64>().is_ok()));
        }
    }

    #[test]
    fn each_preset_is_served_by_its_family_s_network() {
        let served = |p: Preset| Shipped::for_rules(&p.rules());
        assert_eq!(served(Preset::American), Shipped::American);
        assert_eq!(served(Preset::Bgammon), Shipped::Bgammon);
        assert_eq!(served(Preset::OldNavy), Shipped::Bgammon);
        assert_eq!(served(Preset::LiberalBearoff), Shipped::American);
        assert_eq!(served(Preset::Britannica), Shipped::American);
        assert_eq!(served(Preset::Backgammon), Shipped::Backgammon);
    }
}
