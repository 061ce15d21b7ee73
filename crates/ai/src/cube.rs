//! The bot's doubling-cube decisions (R9.3): whether to offer the cube, and whether to take it.
//!
//! The method is GNU Backgammon's money-game cube decision, taken at 1-ply. From the evaluation
//! of the state before the roll (win probability `p`, expected points of a win `W` and of a loss `L`
//! at a cube of 1) it estimates three equities for the player who may double, in points:
//!
//! * **no double** (ND): the cubeful equity with the cube where it is (centred, or owned);
//! * **double/take** (DT): twice the cubeful equity with the cube owned by the opponent;
//! * **double/pass** (DP): the current cube value, which a pass concedes (game.rs scores a
//!   dropped cube as the cube's value whatever the scoring rule, so under checker-count scoring a
//!   pass costs one stake while a lost game costs up to 15).
//!
//! The opponent picks the smaller of DT and DP, so the right cube action is to double when
//! `min(DT, DP) > ND` and, facing a double, to take when `DT <= DP`. "Too good to double" (ND above
//! DP: playing on for the bigger win is worth more than the stake a pass gives) falls out of the
//! same comparison.
//!
//! **Cubeful equity: Janowski's interpolation.** A cubeless evaluation ignores that the cube will
//! be turned later. Rick Janowski's model (1993) treats the cube as partly live: the cubeful
//! equity is `(1 - x) * E + x * E_live`, where `E = p*W - (1-p)*L` is the cubeless ("dead cube")
//! equity and `E_live` is the equity if the cube could be turned at exactly the right moment (a
//! continuous game), piecewise linear in `p` between the live take point
//! `TP = (L - 1/2) / (W + L + 1/2)` and cash point `CP = (L + 1) / (W + L + 1/2)` (see
//! [`live_equity`]). `x` is the cube efficiency: how close the game comes to continuous. GNU
//! Backgammon's values are used: 0.68 while the sides are in contact, and for a pure race
//! `0.55 + 0.00125 * pips` of the player on roll, kept within 0.6..=0.7 (short races jump more, so
//! the cube is less efficient). Acey-deucey's start pool and re-rolls make the game jumpier than
//! backgammon, which argues for a lower `x`; no acey-deucey cube statistics exist to tune it, so
//! the backgammon values stand, documented here as the main approximation.
//!
//! **In a match** the same comparison is made in match winning chances ([`crate::match_equity`]).
//! At each cube level (the current cube for no double, twice it for double/take) the evaluation
//! is read through the match equity table as a money game whose unit is one cube at this
//! score: `+1` are the chances after winning one cube, `-1` after losing one, and `W`, `L` the
//! chances of the expected win and loss on that scale (a gammon at double match point is worth
//! one cube, trailing 4-away against 2-away more than two). Janowski's formula then gives the
//! cubeful value on that scale, which is turned back into chances and reported in points of the
//! current cube ([`MatchContext::equity`]). This is GNU Backgammon's linearisation of the match
//! score at each cube level; the recube's own match value is left to the efficiency `x`.
//!
//! **What is approximate.**
//! * 1-ply: the state is evaluated after each of the 21 rolls (the best play by the bot's 0-ply
//!   values, [`Bot::evaluate_ahead`]), not deeper; the evaluator's errors carry into the
//!   decision, softened by the lookahead.
//! * Three match facts are honoured exactly on top of the table: no doubling in the Crawford
//!   game ([`Game::may_double`]); no double when a win at the current cube already wins the
//!   match (the opponent would take for free and only the doubler's losses would grow); a
//!   double at once when any loss already loses the match (the post-Crawford double of the
//!   trailer), and always a take when a pass would lose the match.
//! * Matches longer than the tables (25 points) are played with the money formulas and the
//!   three facts.
//! * `W` and `L` are at least one point: every scoring rule gives the winner at least a point,
//!   and the formulas need `L > 1/2` to have a take point at all.

use acey_rules::{Cube, Game, Phase, Player, Position, Rules};

use crate::contact::in_contact;
use crate::eval::{max_points, Eval};
use crate::match_equity::MatchContext;
use crate::search::Bot;

/// Where the cube is, from the side of the player on roll (who may double).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CubeOwner {
    /// In the middle: either player may double.
    Centred,
    /// The player on roll owns it: only they may double.
    Mine,
    /// The opponent owns it: the player on roll may not double.
    Theirs,
}

impl CubeOwner {
    /// The owner as seen by `player`.
    pub fn of(cube: Cube, player: Player) -> CubeOwner {
        match cube.owner {
            None => CubeOwner::Centred,
            Some(o) if o == player => CubeOwner::Mine,
            Some(_) => CubeOwner::Theirs,
        }
    }
}

/// The match as it stands, for the few match-play rules the money-game model cannot see.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchState {
    /// Points the player on roll still needs to win the match.
    pub my_away: u32,
    /// Points the opponent still needs.
    pub their_away: u32,
}

/// What the cube decision says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CubeVerdict {
    /// Not good enough to double yet; a double now would be taken.
    NoDoubleTake,
    /// Too good to double: playing on for the bigger win is worth more than a pass.
    TooGoodToDouble,
    /// Double, and the opponent should take.
    DoubleTake,
    /// Double, and the opponent should pass.
    DoublePass,
}

/// The cube equities of a state for the player on roll, in points (the cube value included).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CubeAnalysis {
    /// Equity of rolling without doubling.
    pub no_double: f32,
    /// Equity if the player doubles and the opponent takes.
    pub double_take: f32,
    /// Equity if the player doubles and the opponent passes: the current cube value.
    pub double_pass: f32,
    /// The cube efficiency `x` used.
    pub efficiency: f32,
    /// The match rule that decided instead of the equities, if any.
    pub match_rule: Option<MatchRule>,
}

/// A match-play fact that overrides the money-game comparison (see the module notes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchRule {
    /// A win at the current cube already wins the match: never double.
    AlreadyEnough,
    /// Any loss already loses the match: double at once, and a double is always taken.
    NothingToLose,
}

impl CubeAnalysis {
    /// The analysis of a state evaluated as `eval` (from the player on roll), with the cube at
    /// `cube` owned as `owner`, under `rules`' scoring, with cube efficiency `efficiency`.
    pub fn from_eval(
        eval: Eval,
        rules: &Rules,
        cube: u32,
        owner: CubeOwner,
        efficiency: f32,
    ) -> CubeAnalysis {
        let v = cube as f32;
        let scale = max_points(rules);
        // At least a point each way: see the module notes.
        let w = (eval.win_points * scale).max(1.0);
        let l = (eval.loss_points * scale).max(1.0);
        let p = eval.win.clamp(0.0, 1.0);
        let cubeful = |owner| cubeful_equity(p, w, l, owner, efficiency);
        CubeAnalysis {
            no_double: v * cubeful(owner),
            double_take: 2.0 * v * cubeful(CubeOwner::Theirs),
            double_pass: v,
            efficiency,
            match_rule: None,
        }
    }

    /// The analysis in a match (see the module notes): `eval` from `player`'s side, the cube
    /// owned as `owner`, equities in points of the current cube that stand for match chances.
    pub fn from_match(
        eval: Eval,
        ctx: &MatchContext,
        player: Player,
        owner: CubeOwner,
        efficiency: f32,
    ) -> CubeAnalysis {
        let p = eval.win.clamp(0.0, 1.0);
        // The cubeful chances at `level` times the cube, on the scale of one cube there.
        let cubeful = |level: u32, owner: CubeOwner| {
            let win = ctx.chances_after(player, level as i64);
            let loss = ctx.chances_after(player, -(level as i64));
            let (mid, unit) = ((win + loss) / 2.0, ((win - loss) / 2.0).max(1e-9));
            let (if_won, if_lost) = ctx.outcomes(player, &eval, level);
            let w = ((if_won - mid) / unit).max(1.0) as f32;
            let l = ((mid - if_lost) / unit).max(1.0) as f32;
            let e = cubeful_equity(p, w, l, owner, efficiency) as f64;
            ctx.equity(player, (mid + unit * e).clamp(0.0, 1.0))
        };
        CubeAnalysis {
            no_double: cubeful(1, owner),
            double_take: cubeful(2, CubeOwner::Theirs),
            double_pass: ctx.equity(player, ctx.chances_after(player, 1)),
            efficiency,
            match_rule: None,
        }
    }

    /// Applies the match-play facts of the module notes for a cube of value `cube`.
    pub fn in_match(mut self, cube: u32, m: MatchState) -> CubeAnalysis {
        self.match_rule = if m.my_away <= cube {
            Some(MatchRule::AlreadyEnough)
        } else if m.their_away <= cube {
            Some(MatchRule::NothingToLose)
        } else {
            None
        };
        self
    }

    /// Whether the player on roll should double.
    pub fn should_double(&self) -> bool {
        match self.match_rule {
            Some(MatchRule::AlreadyEnough) => false,
            Some(MatchRule::NothingToLose) => true,
            None => self.double_take.min(self.double_pass) > self.no_double,
        }
    }

    /// Whether the opponent should take a double (judged from the doubler's equities: the taker
    /// takes when that leaves the doubler less than a pass would).
    pub fn should_take(&self) -> bool {
        match self.match_rule {
            // The doubler wins the match on a pass: taking can only do better.
            Some(MatchRule::AlreadyEnough) => true,
            _ => self.double_take <= self.double_pass,
        }
    }

    /// The decision in words a backgammon player knows.
    pub fn verdict(&self) -> CubeVerdict {
        match (self.should_double(), self.should_take()) {
            (true, true) => CubeVerdict::DoubleTake,
            (true, false) => CubeVerdict::DoublePass,
            (false, _) if self.match_rule.is_none() && self.no_double > self.double_pass => {
                CubeVerdict::TooGoodToDouble
            }
            (false, _) => CubeVerdict::NoDoubleTake,
        }
    }
}

/// Janowski's cubeful equity per unit of cube: the dead-cube equity and the live-cube equity
/// mixed by the cube efficiency `x`.
pub fn cubeful_equity(p: f32, w: f32, l: f32, owner: CubeOwner, x: f32) -> f32 {
    let dead = p * w - (1.0 - p) * l;
    // Sure results: the cube can no longer be turned, the game is dead.
    if p <= 1e-6 || p >= 1.0 - 1e-6 {
        return dead;
    }
    (1.0 - x) * dead + x * live_equity(p, w, l, owner)
}

/// The equity per unit of cube of a perfectly efficient ("live") cube, as in GNU Backgammon's
/// `MoneyLive`: piecewise linear in `p` through (0, -L), the take point (equity -1, where the
/// opponent's double would be a borderline pass), the cash point (equity +1) and (1, W). With the
/// cube centred both points matter; owning it, only the cash point (the opponent cannot double);
/// with the opponent owning it, only the take point (the player cannot cash).
pub fn live_equity(p: f32, w: f32, l: f32, owner: CubeOwner) -> f32 {
    let tp = (l - 0.5) / (w + l + 0.5);
    let cp = (l + 1.0) / (w + l + 0.5);
    let from_zero_to = |at: f32, eq: f32| -l + (eq + l) * p / at;
    let to_one_from = |at: f32, eq: f32| eq + (w - eq) * (p - at) / (1.0 - at);
    match owner {
        CubeOwner::Centred if p < tp => from_zero_to(tp, -1.0),
        CubeOwner::Centred if p < cp => -1.0 + 2.0 * (p - tp) / (cp - tp),
        CubeOwner::Centred => to_one_from(cp, 1.0),
        CubeOwner::Mine if p < cp => from_zero_to(cp, 1.0),
        CubeOwner::Mine => to_one_from(cp, 1.0),
        CubeOwner::Theirs if p < tp => from_zero_to(tp, -1.0),
        CubeOwner::Theirs => to_one_from(tp, -1.0),
    }
}

/// GNU Backgammon's cube efficiency for the player on roll: 0.68 in contact, and in a race
/// `0.55 + 0.00125 * pips` within 0.6..=0.7.
pub fn cube_efficiency(state: &Position) -> f32 {
    if in_contact(state) {
        0.68
    } else {
        (0.55 + 0.00125 * state.pip_count(state.turn()) as f32).clamp(0.6, 0.7)
    }
}

/// The analysis of `state` (the doubler on roll, its `turn`) with the cube as in `game`.
fn analyse(bot: &Bot, game: &Game, state: &Position) -> CubeAnalysis {
    let bot = bot.in_match(game);
    let player = state.turn();
    let cube = game.cube();
    let eval = bot.evaluate_ahead(state);
    let (owner, x) = (CubeOwner::of(cube, player), cube_efficiency(state));
    let a = match bot.match_context() {
        Some(ctx) => CubeAnalysis::from_match(eval, ctx, player, owner, x),
        None => CubeAnalysis::from_eval(eval, game.rules(), cube.value, owner, x),
    };
    match game.rules().match_target {
        Some(target) => {
            let score = game.score();
            let away = |p: Player| target.saturating_sub(score[p.index()]);
            a.in_match(
                cube.value,
                MatchState {
                    my_away: away(player),
                    their_away: away(player.other()),
                },
            )
        }
        None => a,
    }
}

/// The cube analysis for the player to roll, when they may double now (`None` otherwise: not the
/// `Roll` phase, no cube in these rules, the Crawford game, an acey-deucey re-roll, the
/// opponent's cube).
pub fn double_analysis(bot: &Bot, game: &Game) -> Option<CubeAnalysis> {
    let Phase::Roll { player } = *game.phase() else {
        return None;
    };
    if !game.may_double(player) {
        return None;
    }
    Some(analyse(bot, game, &game.position().with_turn(player)))
}

/// Whether `bot`, on roll in `game`, offers the cube now.
pub fn offers_double(bot: &Bot, game: &Game) -> bool {
    double_analysis(bot, game).is_some_and(|a| a.should_double())
}

/// The cube analysis of a cube offered in `game`, from the doubler's side (`None` when no cube
/// is offered): the taker's equities are the negated [`CubeAnalysis::double_take`] and
/// [`CubeAnalysis::double_pass`].
pub fn offer_analysis(bot: &Bot, game: &Game) -> Option<CubeAnalysis> {
    let Phase::CubeOffered { by } = *game.phase() else {
        return None;
    };
    Some(analyse(bot, game, &game.position().with_turn(by)))
}

/// Whether `bot` takes the cube offered in `game` (`None` when no cube is offered).
pub fn takes_double(bot: &Bot, game: &Game) -> Option<bool> {
    offer_analysis(bot, game).map(|a| a.should_take())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::levels::Level;
    use acey_rules::{Action, Scoring};

    fn eval(win: f32, w: f32, l: f32, rules: &Rules) -> Eval {
        Eval {
            win,
            win_points: w / max_points(rules),
            loss_points: l / max_points(rules),
        }
    }

    fn single() -> Rules {
        Rules {
            scoring: Scoring::Single,
            doubling_cube: true,
            ..Rules::default()
        }
    }

    /// A race: player 0 with `mine` checkers per point on its points, player 1 with `theirs` on
    /// its own, the rest borne off; player 0 to roll.
    fn race(mine: &[(u8, u8)], theirs: &[(u8, u8)]) -> Position {
        Position::with_rest_off(mine, theirs, Player::Zero).expect("a valid race")
    }

    /// A game at `pos` with player 0 to roll and the cube as given.
    fn game_at(rules: Rules, pos: Position) -> Game {
        Game::from_position(rules, pos).expect("a playable position")
    }

    #[test]
    fn live_cube_points_are_janowskis() {
        // Without gammons the live take point is 20% and the cash point 80%.
        let (w, l) = (1.0, 1.0);
        assert!((live_equity(0.2, w, l, CubeOwner::Centred) + 1.0).abs() < 1e-6);
        assert!((live_equity(0.8, w, l, CubeOwner::Centred) - 1.0).abs() < 1e-6);
        // Owning the cube is worth something, the opponent owning it costs something.
        for p in [0.3, 0.5, 0.7] {
            let [c, m, t] = [CubeOwner::Centred, CubeOwner::Mine, CubeOwner::Theirs]
                .map(|o| live_equity(p, w, l, o));
            assert!(t < c && c < m, "p {p}: theirs {t} centred {c} mine {m}");
        }
        // Ends are the cubeless values.
        assert!((cubeful_equity(1.0, 2.0, 1.0, CubeOwner::Centred, 0.68) - 2.0).abs() < 1e-6);
    }

    #[test]
    fn the_take_point_sits_between_dead_and_live() {
        // Single-game scoring: a dead cube takes down to 25%, a live one to 20%; at 0.68 in
        // between. Find where the take turns into a pass.
        let rules = single();
        let take = |p: f32| {
            CubeAnalysis::from_eval(
                eval(p, 1.0, 1.0, &rules),
                &rules,
                1,
                CubeOwner::Centred,
                0.68,
            )
            .should_take()
        };
        let pass_from = (500..1000)
            .map(|i| i as f32 / 1000.0)
            .find(|&p| !take(p))
            .unwrap();
        assert!(
            (0.75..0.80).contains(&pass_from),
            "the doubler's chances where a take turns into a pass: {pass_from}"
        );
    }

    #[test]
    fn a_huge_lead_doubles_and_the_double_is_passed() {
        // A race with player 0 far ahead: 20 pips against 60, single-game scoring.
        let rules = single();
        let pos = race(&[(1, 2), (2, 2), (3, 2), (4, 1)], &[(6, 5), (5, 4), (4, 3)]);
        let bot = Level::Advanced.bot(rules);
        let game = game_at(rules, pos);
        let a = double_analysis(&bot, &game).expect("player 0 may double");
        assert_eq!(a.verdict(), CubeVerdict::DoublePass, "{a:?}");
        assert!(offers_double(&bot, &game));
        // The other side of the same decision: the bot, offered this cube, passes it.
        let mut offered = game.clone();
        offered.apply(Action::Double).unwrap();
        assert_eq!(takes_double(&bot, &offered), Some(false));
    }

    #[test]
    fn an_even_race_is_no_double_and_a_double_would_be_taken() {
        let rules = single();
        let side = [(6, 3), (5, 3), (4, 3), (3, 2), (2, 2), (1, 2)];
        let pos = race(&side, &side);
        let bot = Level::Advanced.bot(rules);
        let game = game_at(rules, pos);
        let a = double_analysis(&bot, &game).expect("player 0 may double");
        assert_eq!(a.verdict(), CubeVerdict::NoDoubleTake, "{a:?}");
        assert!(!offers_double(&bot, &game));
        let mut offered = game.clone();
        offered.apply(Action::Double).unwrap();
        assert_eq!(takes_double(&bot, &offered), Some(true));
    }

    #[test]
    fn a_hopeless_take_is_dropped_and_a_fair_one_taken() {
        let rules = single();
        let decide = |p| {
            CubeAnalysis::from_eval(eval(p, 1.0, 1.0, &rules), &rules, 2, CubeOwner::Mine, 0.68)
        };
        assert!(!decide(0.95).should_take());
        assert!(decide(0.65).should_take());
        // Equities scale with the cube: a pass concedes its value.
        assert_eq!(decide(0.95).double_pass, 2.0);
    }

    #[test]
    fn under_checker_count_scoring_a_big_lead_is_too_good_to_double() {
        // A pass concedes one stake while the win is worth several points: play on.
        let rules = Rules {
            doubling_cube: true,
            ..Rules::default()
        };
        assert_eq!(rules.scoring, Scoring::CheckerCount);
        let a = CubeAnalysis::from_eval(
            eval(0.9, 9.0, 6.0, &rules),
            &rules,
            1,
            CubeOwner::Centred,
            0.68,
        );
        assert_eq!(a.verdict(), CubeVerdict::TooGoodToDouble, "{a:?}");
        assert!(!a.should_take(), "a take would risk 2 x 6 points to save 1");
    }

    #[test]
    fn the_cube_cannot_be_offered_where_the_rules_forbid_it() {
        let pos = race(&[(1, 2), (2, 2), (3, 2), (4, 1)], &[(6, 5), (5, 4), (4, 3)]);
        let bot = Level::Advanced.bot(single());
        // No cube in these rules.
        let no_cube = Rules {
            doubling_cube: false,
            ..single()
        };
        assert!(!offers_double(&bot, &game_at(no_cube, pos)));
        // The opponent owns the cube: player 0 doubled, player 1 took, player 0 rolls on.
        let mut g = game_at(single(), pos);
        g.apply(Action::Double).unwrap();
        g.apply(Action::Take).unwrap();
        assert_eq!(
            g.phase(),
            &Phase::Roll {
                player: Player::Zero
            }
        );
        assert!(double_analysis(&bot, &g).is_none());
        assert!(!offers_double(&bot, &g));
    }

    #[test]
    fn match_facts_override_the_money_equities() {
        let rules = single();
        let even = CubeAnalysis::from_eval(
            eval(0.5, 1.0, 1.0, &rules),
            &rules,
            1,
            CubeOwner::Centred,
            0.68,
        );
        assert!(!even.should_double());
        // Any loss loses the match: double at once.
        let trailer = even.in_match(
            1,
            MatchState {
                my_away: 4,
                their_away: 1,
            },
        );
        assert!(trailer.should_double());
        // A win at the current cube wins the match: no double, even with a huge lead, and the
        // opponent takes (a pass would lose the match).
        let leader = CubeAnalysis::from_eval(
            eval(0.95, 1.0, 1.0, &rules),
            &rules,
            2,
            CubeOwner::Mine,
            0.68,
        )
        .in_match(
            2,
            MatchState {
                my_away: 2,
                their_away: 5,
            },
        );
        assert!(!leader.should_double() && leader.should_take());
    }

    #[test]
    fn contact_and_efficiency() {
        let start = Position::starting(&Rules::default());
        assert!(in_contact(&start));
        assert_eq!(cube_efficiency(&start), 0.68);
        let r = race(&[(1, 2), (2, 2)], &[(6, 5), (5, 4)]);
        assert!(!in_contact(&r));
        // A short race: the smallest efficiency.
        assert_eq!(cube_efficiency(&r), 0.6);
    }

    /// A match context on the Kazaross-XG2 table, evaluations read under `rules`' scoring.
    fn kazaross_context(away: [u32; 2], cube: u32, rules: &Rules) -> MatchContext {
        MatchContext {
            away,
            cube,
            post_after: false,
            met: crate::match_equity::Met::for_rules(&acey_rules::Preset::Backgammon.rules()),
            scale: max_points(rules),
        }
    }

    #[test]
    fn a_dead_match_cube_is_the_table_itself() {
        // With no cube efficiency the double/take value is exactly the chances of playing the
        // game out at twice the cube, through the table.
        let rules = acey_rules::Preset::Backgammon.rules();
        let ctx = kazaross_context([4, 2], 1, &rules);
        for p in [0.3f32, 0.5, 0.7] {
            let e = eval(p, 1.4, 1.2, &rules);
            let a = CubeAnalysis::from_match(e, &ctx, Player::Zero, CubeOwner::Centred, 0.0);
            let want = ctx.equity(Player::Zero, ctx.chances(Player::Zero, &e, 2));
            assert!((a.double_take - want).abs() < 1e-4, "p {p}: {a:?} {want}");
            let nd = ctx.equity(Player::Zero, ctx.chances(Player::Zero, &e, 1));
            assert!((a.no_double - nd).abs() < 1e-4, "p {p}: {a:?} {nd}");
            assert!((a.double_pass - 1.0).abs() < 1e-6);
        }
    }

    #[test]
    fn a_long_match_without_gammons_decides_as_money_does() {
        // 25-away each, no gammons: the table is nearly linear there, so the verdicts are the
        // money game's over the whole range of chances.
        let rules = single();
        let ctx = kazaross_context([25, 25], 1, &rules);
        for i in 0..=40 {
            let p = 0.5 + i as f32 / 80.0;
            let e = eval(p, 1.0, 1.0, &rules);
            let money = CubeAnalysis::from_eval(e, &rules, 1, CubeOwner::Centred, 0.68);
            let matched = CubeAnalysis::from_match(e, &ctx, Player::Zero, CubeOwner::Centred, 0.68);
            // The borders may move by a hair: compare away from them.
            let near = |a: &CubeAnalysis| {
                (a.double_take - a.no_double).abs() < 0.02
                    || (a.double_take - a.double_pass).abs() < 0.02
            };
            if !near(&money) && !near(&matched) {
                assert_eq!(money.verdict(), matched.verdict(), "p {p}");
            }
        }
    }

    #[test]
    fn the_bot_doubles_in_a_match_from_the_table() {
        // The first game of a 7-point match under backgammon scoring, player 0 far ahead in a
        // race: valued through the table, player 0 doubles and player 1 passes (7-away against
        // 6-away keeps 0.44 of the match; playing on, it loses the game nearly always).
        let rules = Rules {
            match_target: Some(7),
            ..acey_rules::Preset::Backgammon.rules()
        };
        let pos = race(&[(1, 2), (2, 2), (3, 2), (4, 1)], &[(6, 5), (5, 4), (4, 3)]);
        let bot = Level::Advanced.bot(rules);
        let game = game_at(rules, pos);
        assert!(MatchContext::of(&game).is_some());
        let a = double_analysis(&bot, &game).expect("player 0 may double");
        assert!(a.match_rule.is_none());
        assert_eq!(a.verdict(), CubeVerdict::DoublePass, "{a:?}");
    }
}
