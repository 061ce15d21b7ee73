//! Match equity: the chances of winning a match from a score, and what a game's result is worth
//! in those chances.
//!
//! In a match the points of one game are worth what they do to the chances of winning the
//! match, not their face value: at 1-away against 1-away a gammon counts for nothing; trailing
//! 4-away against 2-away a gammon matters more than at money play. GNU Backgammon and eXtreme
//! Gammon play matches by converting every evaluation into match winning chances (MWC) through a
//! match equity table (MET); acey does the same.
//!
//! **Tables.**
//! * Gammon-backgammon scoring (the `backgammon` preset) uses the published Kazaross-XG2 table
//!   (25 points; `models/met-kazaross-xg2.txt`, which cites its source): backgammon with
//!   gammons and the cube, rolled out by eXtreme Gammon 2 and GNU Backgammon.
//! * Other scorings have no published table (no one has rolled out acey-deucey matches). Their
//!   table is computed by the exact recursion for two equal players from the distribution of
//!   one game's points ([`PointsDistribution`]): single-game scoring always scores 1; for
//!   checker-count scoring the distribution was measured by self-play of the shipped network
//!   (`models/points-checker-count.txt`, `acey met --measure`). The cube is not modelled before
//!   the Crawford game (the acey-deucey presets play without it); after the Crawford game the
//!   trailer doubles at once when the rules have a cube, so each game counts twice for them.
//!
//! Scores beyond 25 points away are outside every table: matches that long are played as money
//! games ([`MatchContext::of`] answers `None`).
//!
//! **From an evaluation to chances.** An [`Eval`] gives the probability of winning and the
//! expected points of a win and of a loss, not their distribution. Under checker-count scoring a
//! mean of `W` points is read as the measured distribution of a game's points tilted to that mean
//! (`Shapes`); otherwise as the two whole scores around it (`floor W` and `floor W + 1`, weighted
//! to give the mean): exact for single-game scoring and for wins that are surely single or surely
//! gammons, a linear interpolation of the table between them.

use std::sync::OnceLock;

use acey_rules::{Game, Player, Rules, Scoring};

use crate::eval::{max_points, Eval};

/// The longest match a table covers, in points away.
pub const MAX_AWAY: u32 = 25;

/// The Kazaross-XG2 table, as shipped.
const KAZAROSS_XG2: &str = include_str!("../../../models/met-kazaross-xg2.txt");
/// The measured distribution of a checker-count game's points.
const CHECKER_COUNT_POINTS: &str = include_str!("../../../models/points-checker-count.txt");

/// Why a table or a distribution could not be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum MetError {
    /// A line that is not what the format says.
    #[error("line {line}: {message}")]
    Line {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The table is incomplete.
    #[error("{0}")]
    Shape(String),
}

/// A match equity table: the chances of the player `a` points away against one `b` away.
#[derive(Debug, Clone, PartialEq)]
pub struct Met {
    /// `pre[a - 1][b - 1]`, before the Crawford game; a 1 is the Crawford game itself.
    pre: Vec<Vec<f64>>,
    /// `post[b - 1]`: the player `b` away against one 1-away after the Crawford game.
    post: Vec<f64>,
    /// For computed tables with games of many scores, the distribution of a game's points for
    /// each expected score ([`Shapes`]); `None` reads a mean as the two scores around it.
    shapes: Option<Shapes>,
}

/// The distribution of a game's points given its expected points, on a grid of means: the
/// measured distribution exponentially tilted (`q_k e^(t k)`, normalised) until its mean is the
/// one asked. A network says only the mean points of a win; the tilt keeps the measured shape
/// (under checker-count scoring four wins in ten are worth all 15 points and the rest spread over
/// 1 to 14), which two scores around the mean would lose: at 5-away, a win expected to be worth
/// 10 points still falls short a quarter of the time.
#[derive(Debug, Clone, PartialEq)]
struct Shapes {
    /// `rows[i]`: the distribution whose mean is `1 + i * STEP`, up to the largest score.
    rows: Vec<Vec<f64>>,
}

impl Shapes {
    /// Grid step of the means.
    const STEP: f64 = 0.05;

    fn new(q: &[f64]) -> Shapes {
        let top = q.len() as f64;
        let tilted = |t: f64| -> Vec<f64> {
            // Weights relative to the largest exponent keep e^(t k) finite for any t.
            let m = if t > 0.0 { t * top } else { t };
            let w: Vec<f64> = q
                .iter()
                .enumerate()
                .map(|(k, &p)| p * ((k + 1) as f64 * t - m).exp())
                .collect();
            let sum: f64 = w.iter().sum::<f64>().max(f64::MIN_POSITIVE);
            w.into_iter().map(|x| x / sum).collect()
        };
        let mean =
            |d: &[f64]| -> f64 { d.iter().enumerate().map(|(k, p)| (k + 1) as f64 * p).sum() };
        let steps = ((top - 1.0) / Self::STEP).round() as usize;
        let rows = (0..=steps)
            .map(|i| {
                let want = 1.0 + i as f64 * Self::STEP;
                // The mean grows with t: bisect.
                let (mut lo, mut hi) = (-30.0f64, 30.0f64);
                for _ in 0..60 {
                    let mid = (lo + hi) / 2.0;
                    if mean(&tilted(mid)) < want {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
                tilted((lo + hi) / 2.0)
            })
            .collect();
        Shapes { rows }
    }

    /// The distribution for a mean of `m` points (within the grid), interpolated between rows.
    fn at(&self, m: f64) -> impl Iterator<Item = (i64, f64)> + '_ {
        let last = self.rows.len() - 1;
        let x = ((m - 1.0) / Self::STEP).clamp(0.0, last as f64);
        let i = (x.floor() as usize).min(last.saturating_sub(1));
        let f = (x - i as f64).clamp(0.0, 1.0);
        let (a, b) = (&self.rows[i], &self.rows[(i + 1).min(last)]);
        a.iter()
            .zip(b)
            .enumerate()
            .map(move |(k, (x, y))| ((k + 1) as i64, (1.0 - f) * x + f * y))
    }
}

impl Met {
    /// Reads the text format of `models/met-kazaross-xg2.txt`: `#` comments, a line `pre`
    /// followed by [`MAX_AWAY`] lines of [`MAX_AWAY`] numbers, a line `post` and one line of
    /// [`MAX_AWAY`] numbers.
    pub fn parse(text: &str) -> Result<Met, MetError> {
        let n = MAX_AWAY as usize;
        let (mut pre, mut post) = (Vec::new(), Vec::new());
        let mut section = None;
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            let err = |message: String| MetError::Line {
                line: i + 1,
                message,
            };
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if line == "pre" || line == "post" {
                section = Some(line == "pre");
                continue;
            }
            let row = line
                .split_whitespace()
                .map(|w| match w.parse::<f64>() {
                    Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
                    _ => Err(err(format!("not a probability: {w:?}"))),
                })
                .collect::<Result<Vec<f64>, MetError>>()?;
            if row.len() != n {
                return Err(err(format!("{} numbers, not {n}", row.len())));
            }
            match section {
                Some(true) => pre.push(row),
                Some(false) => post.push(row),
                None => return Err(err("numbers before `pre` or `post`".into())),
            }
        }
        if pre.len() != n || post.len() != 1 {
            return Err(MetError::Shape(format!(
                "{} lines of `pre` and {} of `post`, not {n} and 1",
                pre.len(),
                post.len()
            )));
        }
        let post = post.remove(0);
        Ok(Met {
            pre,
            post,
            shapes: None,
        })
    }

    /// The exact table of two equal players whose games score by `points`; `cube_after_crawford`
    /// when the trailer doubles at once after the Crawford game (see the module notes).
    pub fn computed(points: &PointsDistribution, cube_after_crawford: bool) -> Met {
        let n = MAX_AWAY as usize;
        let q = &points.probabilities;
        // After the Crawford game: the trailer, b away, wins a game (half the time) worth k (or
        // 2k with the cube), or loses the match.
        let step = if cube_after_crawford { 2 } else { 1 };
        let mut post = vec![0.0; n + 1];
        post[0] = 1.0;
        for b in 1..=n {
            post[b] = if b == 1 {
                0.5
            } else {
                0.5 * q
                    .iter()
                    .enumerate()
                    .map(|(k, &p)| p * post[b.saturating_sub(step * (k + 1))])
                    .sum::<f64>()
            };
        }
        // `m[a][b]` for a, b in 0..=n; 0 away has won.
        let mut m = vec![vec![0.0; n + 1]; n + 1];
        for a in 0..=n {
            for b in 0..=n {
                m[a][b] = match (a, b) {
                    (0, _) => 1.0,
                    (_, 0) => 0.0,
                    (1, 1) => 0.5,
                    // The Crawford game: a win ends the match, a loss leads to post-Crawford.
                    (1, b) => 0.5 + 0.5 * after_crawford(q, &post, b, false),
                    (a, 1) => 0.5 * after_crawford(q, &post, a, true),
                    (a, b) => {
                        0.5 * q
                            .iter()
                            .enumerate()
                            .map(|(k, &p)| {
                                p * (m[a.saturating_sub(k + 1)][b] + m[a][b.saturating_sub(k + 1)])
                            })
                            .sum::<f64>()
                    }
                };
            }
        }
        Met {
            pre: (1..=n).map(|a| m[a][1..=n].to_vec()).collect(),
            post: post[1..=n].to_vec(),
            shapes: (q.len() > 1).then(|| Shapes::new(q)),
        }
    }

    /// The shipped table for `rules`' scoring (built once).
    pub fn for_rules(rules: &Rules) -> &'static Met {
        static KAZAROSS: OnceLock<Met> = OnceLock::new();
        static SINGLE: [OnceLock<Met>; 2] = [OnceLock::new(), OnceLock::new()];
        static CHECKERS: [OnceLock<Met>; 2] = [OnceLock::new(), OnceLock::new()];
        let cube = rules.doubling_cube;
        match rules.scoring {
            Scoring::GammonBackgammon => KAZAROSS
                .get_or_init(|| Met::parse(KAZAROSS_XG2).expect("the shipped table is valid")),
            Scoring::Single => SINGLE[cube as usize]
                .get_or_init(|| Met::computed(&PointsDistribution::single(), cube)),
            Scoring::CheckerCount => CHECKERS[cube as usize].get_or_init(|| {
                let points = PointsDistribution::parse(CHECKER_COUNT_POINTS)
                    .expect("the shipped distribution is valid");
                Met::computed(&points, cube)
            }),
        }
    }

    /// The chances of the player `mine` points away against one `theirs` away (0 away: the
    /// match is won), `post` after the Crawford game. Scores beyond [`MAX_AWAY`] are clamped.
    pub fn chances(&self, mine: u32, theirs: u32, post: bool) -> f64 {
        let idx = |a: u32| (a.min(MAX_AWAY) - 1) as usize;
        match (mine, theirs) {
            (0, _) => 1.0,
            (_, 0) => 0.0,
            (1, 1) => 0.5,
            (1, t) if post => 1.0 - self.post[idx(t)],
            (m, 1) if post => self.post[idx(m)],
            (m, t) => self.pre[idx(m)][idx(t)],
        }
    }
}

/// The Crawford game seen by the side `away` points from the match, the other 1-away: the
/// chances of the trailer (`trailer`) or of the leader after the games the trailer wins (the
/// leader's own win ends the match and is counted by the caller). The game is played without
/// the cube; the games after it are post-Crawford (`post[away]` is the trailer's chance).
fn after_crawford(q: &[f64], post: &[f64], away: usize, trailer: bool) -> f64 {
    // The Crawford game is played without the cube: the trailer wins k points.
    let won = q
        .iter()
        .enumerate()
        .map(|(k, &p)| p * post[away.saturating_sub(k + 1)])
        .sum::<f64>();
    if trailer {
        won
    } else {
        1.0 - won
    }
}

/// The distribution of one game's points (before the cube): `probabilities[k - 1]` for k points.
#[derive(Debug, Clone, PartialEq)]
pub struct PointsDistribution {
    /// Probabilities of 1, 2, ... points; they sum to 1.
    pub probabilities: Vec<f64>,
}

impl PointsDistribution {
    /// Every game scores one point.
    pub fn single() -> PointsDistribution {
        PointsDistribution {
            probabilities: vec![1.0],
        }
    }

    /// From counts of games per score (`counts[k - 1]` games scored k points).
    pub fn from_counts(counts: &[u64]) -> Result<PointsDistribution, MetError> {
        let total: u64 = counts.iter().sum();
        if total == 0 {
            return Err(MetError::Shape("no games counted".into()));
        }
        Ok(PointsDistribution {
            probabilities: counts.iter().map(|&c| c as f64 / total as f64).collect(),
        })
    }

    /// Reads `points count` lines (`#` comments allowed).
    pub fn parse(text: &str) -> Result<PointsDistribution, MetError> {
        let mut counts = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let err = |message: String| MetError::Line {
                line: i + 1,
                message,
            };
            let mut words = line.split_whitespace();
            let (Some(k), Some(c), None) = (words.next(), words.next(), words.next()) else {
                return Err(err("expected `points count`".into()));
            };
            let k: usize = k
                .parse()
                .ok()
                .filter(|&k| (1..=64).contains(&k))
                .ok_or_else(|| err(format!("not a score: {k:?}")))?;
            let c: u64 = c.parse().map_err(|_| err(format!("not a count: {c:?}")))?;
            if counts.len() < k {
                counts.resize(k, 0);
            }
            counts[k - 1] += c;
        }
        PointsDistribution::from_counts(&counts)
    }
}

/// Where a match stands, for the player whose chances are asked and their opponent.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MatchContext {
    /// Points each player still needs, indexed by [`Player::index`].
    pub away: [u32; 2],
    /// The cube's value in the game being played.
    pub cube: u32,
    /// Whether the games after this one are post-Crawford (this is the Crawford game or it was
    /// played already).
    pub post_after: bool,
    /// The table.
    pub met: &'static Met,
    /// How many points a win can be worth before the cube (to read an [`Eval`]).
    pub scale: f32,
}

impl MatchContext {
    /// The match context of `game`, or `None` for a money game, a match longer than
    /// [`MAX_AWAY`] or a match already decided.
    pub fn of(game: &Game) -> Option<MatchContext> {
        let rules = game.rules();
        let target = rules.match_target?;
        if target > MAX_AWAY || game.match_winner().is_some() {
            return None;
        }
        let score = game.score();
        Some(MatchContext {
            away: [0, 1].map(|i| target.saturating_sub(score[i])),
            cube: game.cube().value,
            post_after: game.is_crawford_game() || game.crawford_done(),
            met: Met::for_rules(rules),
            scale: max_points(rules),
        })
    }

    /// The match chances of `player` after a game they win by `points` (at the current cube:
    /// `points` is multiplied by it), or lose when `points` is negative.
    pub fn chances_after(&self, player: Player, points: i64) -> f64 {
        let (mine, theirs) = (self.away[player.index()], self.away[player.other().index()]);
        let lower = |away: u32, by: i64| (away as i64 - by * self.cube as i64).max(0) as u32;
        if points >= 0 {
            self.met
                .chances(lower(mine, points), theirs, self.post_after)
        } else {
            self.met
                .chances(mine, lower(theirs, -points), self.post_after)
        }
    }

    /// The match chances of `player` for an evaluation from their side, at `cube` times the
    /// current cube (1: as it is; 2: doubled and taken).
    pub fn chances(&self, player: Player, eval: &Eval, cube: u32) -> f64 {
        let p = eval.win.clamp(0.0, 1.0) as f64;
        let (if_won, if_lost) = self.outcomes(player, eval, cube);
        p * if_won + (1.0 - p) * if_lost
    }

    /// The match chances of `player` if they win the game and if they lose it, with the points
    /// the evaluation expects, at `cube` times the current cube.
    pub fn outcomes(&self, player: Player, eval: &Eval, cube: u32) -> (f64, f64) {
        let at = MatchContext {
            cube: self.cube * cube,
            ..*self
        };
        let mean = |share: f32| ((share * self.scale) as f64).max(1.0);
        let spread = |m: f64, sign: i64| {
            if let Some(shapes) = &self.met.shapes {
                return shapes
                    .at(m)
                    .map(|(k, p)| p * at.chances_after(player, sign * k))
                    .sum();
            }
            // The two whole scores around the mean (see the module notes).
            let k = m.floor();
            let frac = m - k;
            let k = k as i64;
            (1.0 - frac) * at.chances_after(player, sign * k)
                + frac * at.chances_after(player, sign * (k + 1))
        };
        (
            spread(mean(eval.win_points), 1),
            spread(mean(eval.loss_points), -1),
        )
    }

    /// The match chances turned into points of the current cube for `player`: +cube for the
    /// chances after winning one cube, -cube after losing one, linear in between. At one score
    /// this is an affine map of the chances, so expectimax over it is expectimax over the
    /// chances, and the other player's value is its negation: the search keeps its sign rules.
    pub fn equity(&self, player: Player, chances: f64) -> f32 {
        let win = self.chances_after(player, 1);
        let loss = self.chances_after(player, -1);
        let v = self.cube as f64;
        let span = (win - loss).max(1e-9);
        (v * (2.0 * (chances - loss) / span - 1.0)) as f32
    }

    /// [`MatchContext::chances`] at the current cube as [`MatchContext::equity`]: the search's
    /// value of an evaluation in a match.
    pub fn value(&self, player: Player, eval: &Eval) -> f32 {
        self.equity(player, self.chances(player, eval, 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_rules::{Action, Preset};

    fn kazaross() -> &'static Met {
        Met::for_rules(&Preset::Backgammon.rules())
    }

    #[test]
    fn the_published_table_is_read_whole_and_consistent() {
        let met = kazaross();
        // Each score seen from both sides sums to one: a typo in the data would break this.
        for a in 1..=MAX_AWAY {
            for b in 1..=MAX_AWAY {
                let sum = met.chances(a, b, false) + met.chances(b, a, false);
                assert!((sum - 1.0).abs() < 2e-5, "{a}-away {b}-away: {sum}");
            }
        }
        // Figures of the published table: 2-away 4-away 0.66870, the Crawford game at 1-away
        // 2-away 0.67736, post-Crawford 2-away against 1-away 0.48803.
        assert_eq!(met.chances(2, 4, false), 0.66870);
        assert_eq!(met.chances(1, 2, false), 0.67736);
        assert_eq!(met.chances(2, 1, true), 0.48803);
        assert_eq!(met.chances(1, 2, true), 1.0 - 0.48803);
        // Closer to the goal is better, from every score.
        for a in 2..=MAX_AWAY {
            for b in 1..=MAX_AWAY {
                assert!(met.chances(a - 1, b, false) > met.chances(a, b, false));
            }
        }
    }

    #[test]
    fn bad_tables_are_refused_with_the_line() {
        assert!(matches!(
            Met::parse("pre\n0.5 0.6\n"),
            Err(MetError::Line { line: 2, .. })
        ));
        assert!(matches!(Met::parse("# nothing\n"), Err(MetError::Shape(_))));
        let bad = KAZAROSS_XG2.replacen("0.67736", "1.7", 1);
        assert!(matches!(Met::parse(&bad), Err(MetError::Line { .. })));
        assert!(PointsDistribution::parse("1 x\n").is_err());
        assert!(PointsDistribution::parse("0 4\n").is_err());
        assert!(PointsDistribution::parse("").is_err());
    }

    /// The chance of winning `a` games before the opponent wins `b`, each game a coin toss.
    fn race_to(a: u32, b: u32) -> f64 {
        match (a, b) {
            (0, _) => 1.0,
            (_, 0) => 0.0,
            _ => 0.5 * (race_to(a - 1, b) + race_to(a, b - 1)),
        }
    }

    #[test]
    fn one_point_games_without_a_cube_are_a_race_of_coin_tosses() {
        let met = Met::computed(&PointsDistribution::single(), false);
        for a in 1..=8 {
            for b in 1..=8 {
                let (got, want) = (met.chances(a, b, false), race_to(a, b));
                assert!((got - want).abs() < 1e-12, "{a} {b}: {got} {want}");
                // Without a cube there is no Crawford rule: before and after are the same.
                assert!((met.chances(a, b, true) - want).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn a_cube_after_crawford_helps_the_trailer() {
        let single = PointsDistribution::single();
        let (plain, cube) = (Met::computed(&single, false), Met::computed(&single, true));
        // 2-away against 1-away post-Crawford: the trailer doubles and the game decides.
        assert!((cube.chances(2, 1, true) - 0.5).abs() < 1e-12);
        assert!((plain.chances(2, 1, true) - 0.25).abs() < 1e-12);
        // The checker-count table is a table too: symmetric and monotone.
        let checkers = Met::for_rules(&Preset::American.rules());
        for a in 1..=MAX_AWAY {
            for b in 1..=MAX_AWAY {
                let sum = checkers.chances(a, b, false) + checkers.chances(b, a, false);
                assert!((sum - 1.0).abs() < 1e-9, "{a} {b}: {sum}");
                if a > 1 {
                    assert!(checkers.chances(a - 1, b, false) > checkers.chances(a, b, false));
                }
            }
        }
    }

    fn match_game(rules: Rules) -> Game {
        let mut g = Game::new(rules);
        g.apply(Action::DieOff { dice: [5, 2] }).unwrap();
        g
    }

    #[test]
    fn the_context_follows_the_game() {
        let rules = Rules {
            match_target: Some(7),
            ..Preset::Backgammon.rules()
        };
        let ctx = MatchContext::of(&match_game(rules)).expect("a match");
        assert_eq!(ctx.away, [7, 7]);
        assert_eq!(ctx.cube, 1);
        assert!(!ctx.post_after);
        // A money game and an over-long match have none.
        assert!(MatchContext::of(&match_game(Preset::Backgammon.rules())).is_none());
        let long = Rules {
            match_target: Some(MAX_AWAY + 1),
            ..rules
        };
        assert!(MatchContext::of(&match_game(long)).is_none());
    }

    #[test]
    fn gammons_count_for_nothing_at_double_match_point() {
        let ctx = MatchContext {
            away: [1, 1],
            cube: 1,
            post_after: true,
            met: kazaross(),
            scale: 3.0,
        };
        let eval = |win: f32, gammons: f32| Eval {
            win,
            win_points: gammons / 3.0,
            loss_points: 1.0 / 3.0,
        };
        let plain = ctx.chances(Player::Zero, &eval(0.6, 1.0), 1);
        let gammonish = ctx.chances(Player::Zero, &eval(0.6, 2.5), 1);
        assert!((plain - 0.6).abs() < 1e-6 && (gammonish - 0.6).abs() < 1e-6);
        // ... and the value is the money equity of a one-point game.
        assert!((ctx.value(Player::Zero, &eval(0.6, 2.5)) - 0.2).abs() < 1e-5);
    }

    #[test]
    fn match_values_negate_between_the_players() {
        let ctx = MatchContext {
            away: [4, 2],
            cube: 2,
            post_after: false,
            met: kazaross(),
            scale: 3.0,
        };
        let e = Eval {
            win: 0.55,
            win_points: 0.45,
            loss_points: 0.4,
        };
        let mine = ctx.value(Player::Zero, &e);
        let theirs = ctx.value(Player::One, &e.flipped());
        assert!((mine + theirs).abs() < 1e-5, "{mine} {theirs}");
        // Winning a cube is +cube, losing one -cube.
        assert!((ctx.equity(Player::Zero, ctx.chances_after(Player::Zero, 1)) - 2.0).abs() < 1e-5);
        assert!((ctx.equity(Player::Zero, ctx.chances_after(Player::Zero, -1)) + 2.0).abs() < 1e-5);
        // Trailing 4-away against 2-away a gammon is worth more than at money play (W > 2 cubes).
        let gammon = ctx.equity(Player::Zero, ctx.chances_after(Player::Zero, 2));
        assert!(gammon > 2.0 * 2.0 - 1e-3, "{gammon}");
    }

    #[test]
    fn a_tilted_shape_has_the_mean_asked_and_keeps_the_measured_shape() {
        let points = PointsDistribution::parse(CHECKER_COUNT_POINTS).unwrap();
        let shapes = Shapes::new(&points.probabilities);
        for m in [1.0, 2.5, 7.3, 10.36, 14.0, 15.0] {
            let d: Vec<(i64, f64)> = shapes.at(m).collect();
            let total: f64 = d.iter().map(|(_, p)| p).sum();
            let mean: f64 = d.iter().map(|(k, p)| *k as f64 * p).sum();
            assert!((total - 1.0).abs() < 1e-9, "{m}: {total}");
            assert!((mean - m).abs() < 0.01, "{m}: {mean}");
        }
        // At the measured mean the tilt is nearly none: the measured distribution itself.
        let measured: f64 = points
            .probabilities
            .iter()
            .enumerate()
            .map(|(k, p)| (k + 1) as f64 * p)
            .sum();
        for ((_, p), q) in shapes.at(measured).zip(&points.probabilities) {
            assert!((p - q).abs() < 0.01, "{p} {q}");
        }
    }
}
