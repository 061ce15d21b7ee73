//! Rule options and presets (rules spec sections 3 and 6).
//!
//! Every point on which Acey-Deucey players disagree is an option of [`Rules`]. The defaults
//! form the `american` preset. A rule set is written as a preset name followed by
//! `option=value` overrides, e.g. `american,acey_reroll_gate=always`.
//!
//! ```
//! use acey_rules::{Rules, BearOffRule};
//! let rules: Rules = "bgammon".parse().unwrap();
//! assert_eq!(rules.bear_off_rule, BearOffRule::ExactOnly);
//! let custom: Rules = "american,bear_off_rule=any-when-all-lower".parse().unwrap();
//! assert_eq!(custom.to_string(), "liberal-bearoff");
//! assert!("american,no_such_option=1".parse::<Rules>().is_err());
//! ```

use std::fmt;
use std::str::FromStr;

/// Declares a rule-option enum together with its spellings, descriptions and parser.
macro_rules! rule_enum {
    (
        $(#[$meta:meta])*
        $name:ident { $( $(#[$vmeta:meta])* $variant:ident = $text:literal ),+ $(,)? }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
        pub enum $name { $( $(#[$vmeta])* $variant ),+ }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The value as written in rule strings (kebab-case).
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $name {
            type Err = ();
            fn from_str(s: &str) -> Result<Self, ()> {
                let wanted = normalise(s);
                $name::ALL.iter().copied().find(|v| normalise(v.as_str()) == wanted).ok_or(())
            }
        }
    };
}

/// Lower-case and treat `-` and `_` alike, so `AllFourRequired`, `all-four-required` and
/// `all_four_required` are one spelling.
fn normalise(s: &str) -> String {
    s.trim()
        .chars()
        .filter(|c| *c != '-' && *c != '_')
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

rule_enum! {
    /// R2.3: what the starter plays first.
    OpeningRoll {
        /// The starter rolls both dice afresh (doubles and 1-2 possible).
        RerollBoth = "reroll-both",
        /// The starter plays the two die-off dice (the backgammon convention; E1).
        UseDieOffDice = "use-die-off-dice",
    }
}

rule_enum! {
    /// R2.4: who starts the next game of a match or session.
    NextGameStarter {
        /// The previous winner rolls first, with no die-off.
        PreviousWinner = "previous-winner",
        /// A fresh die-off every game.
        DieOff = "die-off",
        /// The previous loser rolls first.
        PreviousLoser = "previous-loser",
    }
}

rule_enum! {
    /// R4.7 and conflict C1: may entered checkers move while others are still in `start`?
    EntryBeforeMoving {
        /// Yes: entering is an ordinary optional step.
        Free = "free",
        /// No board checker may move until `start` is empty.
        AllMustEnterFirst = "all-must-enter-first",
        /// No move onto one's own points 1..=12 until `start` is empty (GALT).
        AllEnteredBeforeOwnHalf = "all-entered-before-own-half",
    }
}

rule_enum! {
    /// R4.6: does a checker on the bar have to enter before anything else moves?
    BarPriority {
        /// Only bar entries are legal while the bar is occupied.
        Strict = "strict",
        /// The bar has no priority (ATARI).
        None = "none",
    }
}

rule_enum! {
    /// Conflict C13: a condition before the first checker may enter from `start`.
    ///
    /// The condition holds while the player has never entered a checker (`start == 15`); once one
    /// checker is in, entering is unrestricted.
    EntryUnlock {
        /// No condition.
        None = "none",
        /// The first entry needs a double (natural or chosen) or the 1-2 itself.
        DoubleOrAceyDeucey = "double-or-acey-deucey",
        /// The first entry must use a 6.
        SixRequired = "six-required",
    }
}

rule_enum! {
    /// Conflict C14: may a player hit before having a checker in their home board?
    HitRestriction {
        /// Hitting is always allowed.
        None = "none",
        /// A hit needs at least one of the mover's checkers on points 1..=6 (BRIT).
        NeedOneCheckerHome = "need-one-checker-home",
    }
}

rule_enum! {
    /// R5: how many dice must be used.
    DiceUsage {
        /// Use as many dice as possible; the larger die when only one can be used.
        Standard = "standard",
        /// Play dice one at a time; once no die can be played the rest is lost, with no
        /// obligation to maximise (a literal reading of S2; E22).
        ForfeitOnBlock = "forfeit-on-block",
    }
}

rule_enum! {
    /// R6.1: what a natural double gives.
    NaturalDoubles {
        /// Four steps, no extra roll.
        FourMoves = "four-moves",
        /// Four steps, and another roll when all four were played.
        FourMovesThenReroll = "four-moves-then-reroll",
    }
}

rule_enum! {
    /// AD-2: when a 1-2 earns the chosen double.
    AceyDoubleGate {
        /// Both the 1 and the 2 must have been played.
        BothDiceRequired = "both-dice-required",
        /// Playing either die is enough.
        AnyDieUsed = "any-die-used",
    }
}

rule_enum! {
    /// AD-3: which doubles may be named.
    AceyDoubleChoice {
        /// Any value 1..=6, even one that cannot be played.
        Any = "any",
        /// A value whose double can be played in full must be chosen when one exists; otherwise any.
        PlayableIfPossible = "playable-if-possible",
    }
}

rule_enum! {
    /// AD-4: the dice of a chosen double.
    AceyDoublesMode {
        /// Four steps of the named value.
        American = "american",
        /// Two of the named value and two of its complement to 7 (BRIT).
        EuropeanComplement = "european-complement",
    }
}

rule_enum! {
    /// AD-5: when the chosen double earns a re-roll.
    AceyRerollGate {
        /// Only when all four steps were played.
        AllFourRequired = "all-four-required",
        /// Always (BGAMMON).
        Always = "always",
    }
}

rule_enum! {
    /// R8.2: which checkers a die may bear off.
    BearOffRule {
        /// Exact point, else (when every checker is lower) the highest checker.
        Standard = "standard",
        /// Exact point only.
        ExactOnly = "exact-only",
        /// Exact point, else (when every checker is lower) any checker.
        AnyWhenAllLower = "any-when-all-lower",
    }
}

rule_enum! {
    /// R9.2: what a win is worth.
    Scoring {
        /// 15 minus the loser's borne-off checkers.
        CheckerCount = "checker-count",
        /// Every win is worth 1.
        Single = "single",
        /// 1, 2 for a gammon, 3 for a backgammon.
        GammonBackgammon = "gammon-backgammon",
    }
}

rule_enum! {
    /// Where the checkers stand when a game begins.
    Layout {
        /// All 15 checkers of each side in `start` (Acey-Deucey).
        OffBoard = "off-board",
        /// The backgammon starting position (24:2, 13:5, 8:3, 6:5 for each side).
        Backgammon = "backgammon",
    }
}

/// AD-6: how many acey-deucey re-rolls one turn may chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum ChainLimit {
    /// No limit.
    Unlimited,
    /// At most this many acey-deucey re-rolls in one turn.
    Max(u8),
}

impl fmt::Display for ChainLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChainLimit::Unlimited => f.write_str("unlimited"),
            ChainLimit::Max(n) => write!(f, "{n}"),
        }
    }
}

impl FromStr for ChainLimit {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        if normalise(s) == "unlimited" {
            return Ok(ChainLimit::Unlimited);
        }
        let lower = s.trim().to_ascii_lowercase();
        let digits = lower.trim_start_matches("max(").trim_end_matches(')');
        digits.parse::<u8>().map(ChainLimit::Max).map_err(|_| ())
    }
}

/// The named starting points for a rule set (rules spec section 6, plus the two suggested
/// historic presets of section 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Preset {
    /// The default: every option at its recommended value.
    American,
    /// What the bgammon.org server plays.
    Bgammon,
    /// The S0/S3 text taken literally: any checker may bear off when all are lower.
    LiberalBearoff,
    /// Historic folk rules: entry needs a double or 1-2, all enter before moving, doubles re-roll.
    OldNavy,
    /// The Encyclopaedia Britannica reading.
    Britannica,
    /// Standard backgammon, for checking and timing against backgammon engines.
    Backgammon,
}

impl Preset {
    /// Every preset, default first.
    pub const ALL: &'static [Preset] = &[
        Preset::American,
        Preset::Bgammon,
        Preset::LiberalBearoff,
        Preset::OldNavy,
        Preset::Britannica,
        Preset::Backgammon,
    ];

    /// The preset's name as written in rule strings.
    pub fn as_str(self) -> &'static str {
        match self {
            Preset::American => "american",
            Preset::Bgammon => "bgammon",
            Preset::LiberalBearoff => "liberal-bearoff",
            Preset::OldNavy => "old-navy",
            Preset::Britannica => "britannica",
            Preset::Backgammon => "backgammon",
        }
    }

    /// One line on what the preset is.
    pub fn description(self) -> &'static str {
        match self {
            Preset::American => "the default: the seeds' majority reading and bkgm.com's American Acey-Deucey",
            Preset::Bgammon => "what the bgammon.org server plays: die-off every game, re-roll after any chosen double, exact bear-off",
            Preset::LiberalBearoff => "the S0/S3 text taken literally: any checker may bear off when all are below the die",
            Preset::OldNavy => "historic folk rules: first entry needs a double or 1-2, all enter before moving, doubles re-roll, exact bear-off",
            Preset::Britannica => "Britannica: all enter before moving, a hit needs a checker home, liberal bear-off",
            Preset::Backgammon => "standard backgammon (gammons, cube, die-off dice) for cross-checking with backgammon engines",
        }
    }

    /// The full option set of this preset.
    pub fn rules(self) -> Rules {
        let american = Rules::AMERICAN;
        match self {
            Preset::American => american,
            Preset::Bgammon => Rules {
                next_game_starter: NextGameStarter::DieOff,
                acey_reroll_gate: AceyRerollGate::Always,
                bear_off_rule: BearOffRule::ExactOnly,
                ..american
            },
            Preset::LiberalBearoff => Rules {
                bear_off_rule: BearOffRule::AnyWhenAllLower,
                ..american
            },
            Preset::OldNavy => Rules {
                entry_unlock: EntryUnlock::DoubleOrAceyDeucey,
                entry_before_moving: EntryBeforeMoving::AllMustEnterFirst,
                natural_doubles: NaturalDoubles::FourMovesThenReroll,
                bear_off_rule: BearOffRule::ExactOnly,
                ..american
            },
            Preset::Britannica => Rules {
                entry_before_moving: EntryBeforeMoving::AllMustEnterFirst,
                hit_restriction: HitRestriction::NeedOneCheckerHome,
                bear_off_rule: BearOffRule::AnyWhenAllLower,
                ..american
            },
            Preset::Backgammon => Rules {
                layout: Layout::Backgammon,
                acey_deucey: false,
                opening_roll: OpeningRoll::UseDieOffDice,
                next_game_starter: NextGameStarter::DieOff,
                scoring: Scoring::GammonBackgammon,
                doubling_cube: true,
                ..american
            },
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A complete rule set: one value for every option of rules spec section 3.
///
/// `Rules::default()` is the `american` preset. Parse with [`str::parse`] from
/// `preset[,option=value...]`; [`fmt::Display`] prints the shortest such string (the nearest preset
/// plus the options that differ from it), which parses back to the same rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// Starting position.
    pub layout: Layout,
    /// R2.3.
    pub opening_roll: OpeningRoll,
    /// R2.4.
    pub next_game_starter: NextGameStarter,
    /// R4.7, C1.
    pub entry_before_moving: EntryBeforeMoving,
    /// R4.6.
    pub bar_priority: BarPriority,
    /// C13.
    pub entry_unlock: EntryUnlock,
    /// C14.
    pub hit_restriction: HitRestriction,
    /// R5.
    pub dice_usage: DiceUsage,
    /// R6.1.
    pub natural_doubles: NaturalDoubles,
    /// Section 2.7: whether a 1-2 triggers the acey-deucey procedure at all.
    pub acey_deucey: bool,
    /// AD-2.
    pub acey_double_gate: AceyDoubleGate,
    /// AD-3.
    pub acey_double_choice: AceyDoubleChoice,
    /// AD-4.
    pub acey_doubles_mode: AceyDoublesMode,
    /// AD-5.
    pub acey_reroll_gate: AceyRerollGate,
    /// AD-6.
    pub acey_chain_limit: ChainLimit,
    /// R8.2.
    pub bear_off_rule: BearOffRule,
    /// R8.3.
    pub frozen_home: bool,
    /// R9.2.
    pub scoring: Scoring,
    /// R9.3.
    pub doubling_cube: bool,
    /// R9.4: points needed to win a match; `None` plays single games.
    pub match_target: Option<u32>,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::AMERICAN
    }
}

/// What went wrong parsing a rule string. The message lists the valid choices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesError(String);

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RulesError {}

/// Description of one option for `acey rules` and the docs.
#[derive(Debug, Clone)]
pub struct OptionInfo {
    /// Name as written in rule strings.
    pub name: &'static str,
    /// Accepted values.
    pub values: Vec<String>,
    /// Value under the default (`american`) preset.
    pub default: String,
    /// Rules spec section.
    pub section: &'static str,
    /// One line of description.
    pub description: &'static str,
}

/// Applies `$body` once per option with `$name` (a literal), `$field`, the spec section and a
/// description. Keeps the option table in one place.
macro_rules! for_each_option {
    ($m:ident) => {
        $m!(
            "layout",
            layout,
            "6",
            "where the checkers stand at the start: off-board (all in start) or backgammon"
        );
        $m!(
            "opening_roll",
            opening_roll,
            "R2.3",
            "after the die-off the starter rolls both dice afresh, or plays the die-off dice"
        );
        $m!(
            "next_game_starter",
            next_game_starter,
            "R2.4",
            "who starts the next game of a match"
        );
        $m!(
            "entry_before_moving",
            entry_before_moving,
            "R4.7",
            "whether entered checkers may move while others wait in start"
        );
        $m!(
            "bar_priority",
            bar_priority,
            "R4.6",
            "whether hit checkers must re-enter before any other step"
        );
        $m!(
            "entry_unlock",
            entry_unlock,
            "C13",
            "a condition on the first entry from start"
        );
        $m!(
            "hit_restriction",
            hit_restriction,
            "C14",
            "whether a hit needs a checker in the home board"
        );
        $m!(
            "dice_usage",
            dice_usage,
            "R5",
            "use the most dice (and the larger die), or lose the rest once blocked"
        );
        $m!(
            "natural_doubles",
            natural_doubles,
            "R6.1",
            "whether a fully played natural double earns another roll"
        );
        $m!(
            "acey_deucey",
            acey_deucey,
            "2.7",
            "whether a 1-2 starts the acey-deucey procedure"
        );
        $m!(
            "acey_double_gate",
            acey_double_gate,
            "AD-2",
            "how much of the 1-2 must be played to name a double"
        );
        $m!(
            "acey_double_choice",
            acey_double_choice,
            "AD-3",
            "which doubles may be named"
        );
        $m!(
            "acey_doubles_mode",
            acey_doubles_mode,
            "AD-4",
            "four of the named value, or two of it and two of its complement"
        );
        $m!(
            "acey_reroll_gate",
            acey_reroll_gate,
            "AD-5",
            "when the chosen double earns the re-roll"
        );
        $m!(
            "acey_chain_limit",
            acey_chain_limit,
            "AD-6",
            "how many acey-deucey re-rolls may chain in one turn"
        );
        $m!(
            "bear_off_rule",
            bear_off_rule,
            "R8.2",
            "which checker a die larger than every occupied point bears off"
        );
        $m!(
            "frozen_home",
            frozen_home,
            "R8.3",
            "checkers in the home board may only bear off"
        );
        $m!("scoring", scoring, "R9.2", "what a win is worth");
        $m!(
            "doubling_cube",
            doubling_cube,
            "R9.3",
            "whether the doubling cube is used"
        );
        $m!(
            "match_target",
            match_target,
            "R9.4",
            "points to win a match, or none for single games"
        );
    };
}

/// Conversions between an option's value and its text.
trait OptionValue: Sized {
    fn to_text(&self) -> String;
    fn from_text(s: &str) -> Option<Self>;
    fn choices() -> Vec<String>;
}

macro_rules! enum_option_value {
    ($($t:ty),*) => {$(
        impl OptionValue for $t {
            fn to_text(&self) -> String { self.as_str().to_string() }
            fn from_text(s: &str) -> Option<Self> { s.parse().ok() }
            fn choices() -> Vec<String> { <$t>::ALL.iter().map(|v| v.as_str().to_string()).collect() }
        }
    )*};
}

enum_option_value!(
    Layout,
    OpeningRoll,
    NextGameStarter,
    EntryBeforeMoving,
    BarPriority,
    EntryUnlock,
    HitRestriction,
    DiceUsage,
    NaturalDoubles,
    AceyDoubleGate,
    AceyDoubleChoice,
    AceyDoublesMode,
    AceyRerollGate,
    BearOffRule,
    Scoring
);

impl OptionValue for bool {
    fn to_text(&self) -> String {
        self.to_string()
    }
    fn from_text(s: &str) -> Option<Self> {
        match normalise(s).as_str() {
            "true" | "on" | "yes" | "1" => Some(true),
            "false" | "off" | "no" | "0" => Some(false),
            _ => None,
        }
    }
    fn choices() -> Vec<String> {
        vec!["true".into(), "false".into()]
    }
}

impl OptionValue for ChainLimit {
    fn to_text(&self) -> String {
        self.to_string()
    }
    fn from_text(s: &str) -> Option<Self> {
        s.parse().ok()
    }
    fn choices() -> Vec<String> {
        vec!["unlimited".into(), "N (0..=255)".into()]
    }
}

impl OptionValue for Option<u32> {
    fn to_text(&self) -> String {
        match self {
            None => "none".into(),
            Some(n) => n.to_string(),
        }
    }
    fn from_text(s: &str) -> Option<Self> {
        if normalise(s) == "none" {
            return Some(None);
        }
        let lower = s.trim().to_ascii_lowercase();
        let digits = lower.trim_start_matches("points(").trim_end_matches(')');
        match digits.parse::<u32>() {
            Ok(n) if n >= 1 => Some(Some(n)),
            _ => None,
        }
    }
    fn choices() -> Vec<String> {
        vec!["none".into(), "N (points, 1 or more)".into()]
    }
}

impl Rules {
    /// The `american` preset: every option at its recommended default.
    pub const AMERICAN: Rules = Rules {
        layout: Layout::OffBoard,
        opening_roll: OpeningRoll::RerollBoth,
        next_game_starter: NextGameStarter::PreviousWinner,
        entry_before_moving: EntryBeforeMoving::Free,
        bar_priority: BarPriority::Strict,
        entry_unlock: EntryUnlock::None,
        hit_restriction: HitRestriction::None,
        dice_usage: DiceUsage::Standard,
        natural_doubles: NaturalDoubles::FourMoves,
        acey_deucey: true,
        acey_double_gate: AceyDoubleGate::BothDiceRequired,
        acey_double_choice: AceyDoubleChoice::Any,
        acey_doubles_mode: AceyDoublesMode::American,
        acey_reroll_gate: AceyRerollGate::AllFourRequired,
        acey_chain_limit: ChainLimit::Unlimited,
        bear_off_rule: BearOffRule::Standard,
        frozen_home: false,
        scoring: Scoring::CheckerCount,
        doubling_cube: false,
        match_target: None,
    };

    /// The rules of a preset.
    pub fn preset(preset: Preset) -> Rules {
        preset.rules()
    }

    /// Describes every option: name, values, default, spec section and a line of text.
    pub fn options() -> Vec<OptionInfo> {
        let mut out = Vec::new();
        let defaults = Rules::AMERICAN;
        macro_rules! describe {
            ($name:literal, $field:ident, $section:literal, $desc:literal) => {
                out.push(OptionInfo {
                    name: $name,
                    values: option_choices(&defaults.$field),
                    default: defaults.$field.to_text(),
                    section: $section,
                    description: $desc,
                });
            };
        }
        for_each_option!(describe);
        out
    }

    /// Sets one option from text. Errors name the valid options or values.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), RulesError> {
        let wanted = normalise(name);
        macro_rules! try_set {
            ($name:literal, $field:ident, $section:literal, $desc:literal) => {
                if normalise($name) == wanted {
                    return match OptionValue::from_text(value) {
                        Some(v) => {
                            self.$field = v;
                            Ok(())
                        }
                        None => Err(RulesError(format!(
                            "invalid value '{}' for rule option {}: expected one of {}",
                            value.trim(),
                            $name,
                            option_choices(&self.$field).join(", ")
                        ))),
                    };
                }
            };
        }
        for_each_option!(try_set);
        let names: Vec<&str> = Rules::options().iter().map(|o| o.name).collect();
        Err(RulesError(format!(
            "unknown rule option '{}': expected one of {}",
            name.trim(),
            names.join(", ")
        )))
    }

    /// `(name, value)` for every option, in the order of [`Rules::options`].
    pub fn option_values(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        macro_rules! value {
            ($name:literal, $field:ident, $section:literal, $desc:literal) => {
                out.push(($name, self.$field.to_text()));
            };
        }
        for_each_option!(value);
        out
    }

    /// The preset this rule set is closest to: fewest differing options, earliest preset on ties.
    pub fn nearest_preset(&self) -> Preset {
        let mine = self.option_values();
        let mut best = (usize::MAX, Preset::American);
        for &p in Preset::ALL {
            let theirs = p.rules().option_values();
            let diff = mine.iter().zip(&theirs).filter(|(a, b)| a != b).count();
            if diff < best.0 {
                best = (diff, p);
            }
        }
        best.1
    }

    /// AD-2: whether a 1-2 play that used `dice_used` dice earns the chosen double.
    pub fn earns_double(&self, dice_used: usize) -> bool {
        match self.acey_double_gate {
            AceyDoubleGate::BothDiceRequired => dice_used == 2,
            AceyDoubleGate::AnyDieUsed => dice_used >= 1,
        }
    }

    /// AD-5: whether a chosen double of which `dice_used` steps were played earns the re-roll.
    pub fn earns_reroll(&self, dice_used: usize) -> bool {
        match self.acey_reroll_gate {
            AceyRerollGate::AllFourRequired => dice_used == 4,
            AceyRerollGate::Always => true,
        }
    }

    /// Whether a roll of 1-2 starts the acey-deucey procedure.
    pub fn is_acey_deucey(&self, a: u8, b: u8) -> bool {
        self.acey_deucey && ((a == 1 && b == 2) || (a == 2 && b == 1))
    }
}

fn option_choices<T: OptionValue>(_: &T) -> Vec<String> {
    T::choices()
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let preset = self.nearest_preset();
        f.write_str(preset.as_str())?;
        let base = preset.rules().option_values();
        for ((name, value), (_, base_value)) in self.option_values().iter().zip(&base) {
            if value != base_value {
                write!(f, ",{name}={value}")?;
            }
        }
        Ok(())
    }
}

impl FromStr for Rules {
    type Err = RulesError;

    fn from_str(s: &str) -> Result<Self, RulesError> {
        let mut parts = s.split(',').map(str::trim);
        let first = parts.next().unwrap_or("");
        let mut rules;
        let mut pending: Vec<&str> = Vec::new();
        if first.contains('=') {
            // No preset named: overrides apply to the default.
            rules = Rules::AMERICAN;
            pending.push(first);
        } else {
            let wanted = normalise(first);
            let preset = Preset::ALL
                .iter()
                .copied()
                .find(|p| normalise(p.as_str()) == wanted)
                .ok_or_else(|| {
                    let names: Vec<&str> = Preset::ALL.iter().map(|p| p.as_str()).collect();
                    RulesError(format!(
                        "unknown rules preset '{first}': expected one of {} (optionally followed by ,option=value)",
                        names.join(", ")
                    ))
                })?;
            rules = preset.rules();
        }
        pending.extend(parts);
        for part in pending {
            if part.is_empty() {
                continue;
            }
            let (name, value) = part.split_once('=').ok_or_else(|| {
                RulesError(format!(
                    "rule override '{part}' is not of the form option=value"
                ))
            })?;
            rules.set_option(name, value)?;
        }
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_round_trips_through_its_name() {
        for &p in Preset::ALL {
            let rules: Rules = p.as_str().parse().unwrap();
            assert_eq!(rules, p.rules());
            assert_eq!(rules.to_string(), p.as_str());
        }
    }

    #[test]
    fn overrides_apply_on_top_of_a_preset_and_print_back() {
        let r: Rules = "american,acey_reroll_gate=always".parse().unwrap();
        assert_eq!(r.acey_reroll_gate, AceyRerollGate::Always);
        assert_eq!(r.to_string(), "american,acey_reroll_gate=always");
        let back: Rules = r.to_string().parse().unwrap();
        assert_eq!(back, r);
        let r: Rules = "american, doubling_cube = true, match_target = 7"
            .parse()
            .unwrap();
        assert!(r.doubling_cube);
        assert_eq!(r.match_target, Some(7));
        assert_eq!(r.to_string().parse::<Rules>().unwrap(), r);
    }

    #[test]
    fn spellings_are_forgiving() {
        let r: Rules = "American,acey_reroll_gate=AllFourRequired,bear_off_rule=exact_only"
            .parse()
            .unwrap();
        assert_eq!(r.bear_off_rule, BearOffRule::ExactOnly);
        assert_eq!(r.acey_reroll_gate, AceyRerollGate::AllFourRequired);
        let r: Rules = "acey_chain_limit=2".parse().unwrap();
        assert_eq!(r.acey_chain_limit, ChainLimit::Max(2));
        let r: Rules = "acey_chain_limit=Max(3)".parse().unwrap();
        assert_eq!(r.acey_chain_limit, ChainLimit::Max(3));
    }

    #[test]
    fn errors_list_the_valid_choices() {
        let e = "amerikan".parse::<Rules>().unwrap_err().to_string();
        assert!(
            e.contains("american") && e.contains("bgammon") && e.contains("backgammon"),
            "{e}"
        );
        let e = "american,colour=red"
            .parse::<Rules>()
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("unknown rule option 'colour'") && e.contains("bear_off_rule"),
            "{e}"
        );
        let e = "american,bear_off_rule=sometimes"
            .parse::<Rules>()
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("standard, exact-only, any-when-all-lower"),
            "{e}"
        );
        let e = "american,scoring".parse::<Rules>().unwrap_err().to_string();
        assert!(e.contains("option=value"), "{e}");
        assert!("american,match_target=0".parse::<Rules>().is_err());
    }

    #[test]
    fn the_options_table_covers_every_field_with_its_default() {
        let options = Rules::options();
        assert_eq!(options.len(), Rules::AMERICAN.option_values().len());
        for o in &options {
            let mut r = Rules::AMERICAN;
            r.set_option(o.name, &o.default).unwrap();
            assert_eq!(r, Rules::AMERICAN, "{}", o.name);
        }
    }
}
