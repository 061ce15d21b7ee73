//! The evaluators: random, the hand-tuned heuristic, and the neural network.

use acey_rules::{Player, Position, Rules, Scoring};

use crate::eval::{max_points, terminal_eval, Eval, Evaluator};
use crate::features::encode;
use crate::network::{Activations, Network};

/// Scores states at random (but the same state always gets the same score for one seed): a bot
/// using it plays a uniformly random legal play. The floor every other evaluator must beat.
#[derive(Debug, Clone)]
pub struct RandomEvaluator {
    /// Varies the scores.
    pub seed: u64,
}

impl Evaluator for RandomEvaluator {
    fn name(&self) -> String {
        "random".into()
    }

    fn evaluate_batch(&self, rules: &Rules, states: &[Position], out: &mut [Eval]) {
        for (s, o) in states.iter().zip(out.iter_mut()) {
            *o = terminal_eval(rules, s).unwrap_or_else(|| {
                let mut d = acey_rules::SeededRng::new(self.seed ^ hash_position(s));
                let u = (d.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
                Eval {
                    win: u,
                    win_points: 0.5,
                    loss_points: 0.5,
                }
            });
        }
    }
}

fn hash_position(p: &Position) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    p.hash(&mut h);
    h.finish()
}

/// The hand-tuned heuristic: the baseline every trained bot is measured against.
///
/// Its score, from the side to roll ("me") against the other side ("them"), is a weighted sum
/// turned into a win probability by a logistic function:
///
/// | term | weight | why |
/// |---|---|---|
/// | pip lead `(their pips - my pips + 8) / 25` | 1.0 | the race; the side to roll is worth about 8 pips |
/// | my blots they can hit within 6 pips | -0.35 each | a hit costs the checker's whole journey |
/// | their blots I can hit within 6 pips | +0.20 each | my shot chances this roll |
/// | my made points in my home board minus theirs | +0.15 each | blocks entering and hit checkers |
/// | my longest prime minus theirs | +0.12 per point | primes trap checkers |
/// | checkers on the bar, theirs minus mine | +0.30 each | a checker on the bar must start over |
/// | borne off, mine minus theirs | +0.08 each | progress in the bear-off |
///
/// Expected points of a win or a loss come from the loser's likely borne-off count under checker
/// scoring, and from the gammon state under gammon scoring.
#[derive(Debug, Clone, Default)]
pub struct HeuristicEvaluator;

struct SideFacts {
    pips: f32,
    exposed: f32,
    home_points: f32,
    prime: f32,
    bar: f32,
    off: f32,
}

fn facts(pos: &Position, side: Player) -> SideFacts {
    let other = side.other();
    let mine: Vec<u8> = (0..=24u8)
        .map(|p| if p == 0 { 0 } else { pos.count(side, p) })
        .collect();
    let theirs: Vec<u8> = (0..=24u8)
        .map(|p| if p == 0 { 0 } else { pos.count(other, p) })
        .collect();
    let their_pool = pos.bar(other) + pos.start(other);
    let mut exposed = 0;
    for p in 1..=24usize {
        if mine[p] != 1 {
            continue;
        }
        let target = 25 - p;
        let by_move = (1..=6).any(|d| target + d <= 24 && theirs[target + d] > 0);
        if by_move || (their_pool > 0 && p <= 6) {
            exposed += 1;
        }
    }
    let (mut prime, mut run) = (0, 0);
    for &c in &mine[1..=24] {
        run = if c >= 2 { run + 1 } else { 0 };
        prime = prime.max(run);
    }
    SideFacts {
        pips: pos.pip_count(side) as f32,
        exposed: exposed as f32,
        home_points: mine[1..=6].iter().filter(|&&c| c >= 2).count() as f32,
        prime: prime as f32,
        bar: pos.bar(side) as f32,
        off: pos.off(side) as f32,
    }
}

impl HeuristicEvaluator {
    fn eval_one(&self, rules: &Rules, pos: &Position) -> Eval {
        if let Some(e) = terminal_eval(rules, pos) {
            return e;
        }
        let me = facts(pos, pos.turn());
        let them = facts(pos, pos.turn().other());
        let score = 1.0 * (them.pips - me.pips + 8.0) / 25.0 - 0.35 * me.exposed
            + 0.20 * them.exposed
            + 0.15 * (me.home_points - them.home_points)
            + 0.12 * (me.prime - them.prime)
            + 0.30 * (them.bar - me.bar)
            + 0.08 * (me.off - them.off);
        let win = 1.0 / (1.0 + (-score).exp());
        let max = max_points(rules);
        // Expected points if the game were won now by one side, from the loser's progress.
        let value_against = |loser: &SideFacts| -> f32 {
            match rules.scoring {
                Scoring::CheckerCount => {
                    // The loser keeps bearing off while the winner finishes: guess from the race.
                    let progress = (1.0 - loser.pips / 375.0).clamp(0.0, 1.0);
                    ((15.0 - loser.off) * (1.0 - 0.5 * progress)).max(1.0) / max
                }
                Scoring::Single => 1.0,
                Scoring::GammonBackgammon => {
                    if loser.off > 0.0 {
                        1.0 / max
                    } else if loser.pips > 200.0 {
                        1.6 / max
                    } else {
                        1.2 / max
                    }
                }
            }
        };
        Eval {
            win,
            win_points: value_against(&them),
            loss_points: value_against(&me),
        }
    }
}

impl Evaluator for HeuristicEvaluator {
    fn name(&self) -> String {
        "heuristic".into()
    }

    fn evaluate_batch(&self, rules: &Rules, states: &[Position], out: &mut [Eval]) {
        for (s, o) in states.iter().zip(out.iter_mut()) {
            *o = self.eval_one(rules, s);
        }
    }
}

/// The neural network as an evaluator.
#[derive(Debug, Clone)]
pub struct NeuralEvaluator {
    /// The network, and after it any further networks of the same positions whose outputs are
    /// averaged with its own (an ensemble). Never empty.
    nets: Vec<Network>,
    /// The network of race positions (no contact left), if there is one.
    race: Option<Network>,
    label: String,
}

impl NeuralEvaluator {
    /// Wraps a network; `label` names it in duels.
    pub fn new(net: Network, label: &str) -> NeuralEvaluator {
        NeuralEvaluator {
            nets: vec![net],
            race: None,
            label: label.to_string(),
        }
    }

    /// The same evaluator with a network of its own for races: positions with no contact left
    /// ([`crate::contact::in_contact`]) are evaluated by `race`, the rest by the main network,
    /// as GNU Backgammon does.
    pub fn with_race(self, race: Network) -> NeuralEvaluator {
        NeuralEvaluator {
            race: Some(race),
            ..self
        }
    }

    /// The same evaluator averaging the outputs of `others` with its network's wherever that
    /// network evaluates (an ensemble: independent errors partly cancel). Each network reads
    /// its own inputs.
    pub fn with_ensemble(mut self, others: Vec<Network>) -> NeuralEvaluator {
        self.nets.extend(others);
        self
    }

    /// The network (of contact positions, when there is a race network; the first of an
    /// ensemble).
    pub fn network(&self) -> &Network {
        &self.nets[0]
    }

    /// The networks that evaluate `state`: the race network alone in a race, when there is one,
    /// else the network and the rest of its ensemble.
    fn networks_for(&self, state: &Position) -> &[Network] {
        match &self.race {
            Some(race) if !crate::contact::in_contact(state) => std::slice::from_ref(race),
            _ => &self.nets,
        }
    }
}

impl Evaluator for NeuralEvaluator {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn evaluate_batch(&self, rules: &Rules, states: &[Position], out: &mut [Eval]) {
        let mut x = Vec::with_capacity(64);
        let mut act = Activations::default();
        for (s, o) in states.iter().zip(out.iter_mut()) {
            *o = match terminal_eval(rules, s) {
                Some(e) => e,
                None => {
                    let nets = self.networks_for(s);
                    let mut encoded = None;
                    let mut sum = [0.0f32; 3];
                    for net in nets {
                        // Members reading the same inputs share one encoding.
                        if encoded != Some(net.features()) {
                            encode(s, net.features(), &mut x);
                            encoded = Some(net.features());
                        }
                        net.forward(&x, &mut act);
                        let e = act.eval();
                        sum[0] += e.win;
                        sum[1] += e.win_points;
                        sum[2] += e.loss_points;
                    }
                    let n = nets.len() as f32;
                    Eval {
                        win: sum[0] / n,
                        win_points: sum[1] / n,
                        loss_points: sum[2] / n,
                    }
                }
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heuristic_prefers_the_side_ahead_in_the_race() {
        let rules = Rules::default();
        let mut board = [0i8; 24];
        board[0] = 10; // player 0: 10 checkers on point 1
        board[18] = -10; // player 1: 10 on its own point 6
        let ahead = Position::new(board, [0, 0], [0, 0], [5, 5], Player::Zero).unwrap();
        let e = HeuristicEvaluator.evaluate(&rules, &ahead);
        assert!(e.win > 0.5, "{e:?}");
        let behind = ahead.with_turn(Player::One);
        assert!(HeuristicEvaluator.evaluate(&rules, &behind).win < 0.5);
    }

    #[test]
    fn finished_games_are_exact() {
        let rules = Rules::default();
        let mut board = [0i8; 24];
        board[23] = -15;
        let won = Position::new(board, [0, 0], [0, 0], [15, 0], Player::Zero).unwrap();
        for ev in [
            &HeuristicEvaluator as &dyn Evaluator,
            &RandomEvaluator { seed: 1 },
        ] {
            let e = ev.evaluate(&rules, &won);
            assert_eq!(e.win, 1.0);
            assert_eq!(e.equity(&rules), 15.0);
            assert_eq!(
                ev.evaluate(&rules, &won.with_turn(Player::One))
                    .equity(&rules),
                -15.0
            );
        }
    }

    #[test]
    fn an_ensemble_averages_its_members_and_a_race_network_still_takes_the_races() {
        use crate::features::FeatureSet;
        let rules = Rules::default();
        let states = crate::test_support::random_game_states(&rules, 5);
        // Members of both input sets: each reads its own.
        let a = Network::random(16, 1);
        let b = Network::random_with(FeatureSet::Rich, 8, 2);
        let c = Network::random(16, 3);
        let alone = |n: &Network| NeuralEvaluator::new(n.clone(), "alone");
        let ensemble = alone(&a).with_ensemble(vec![b.clone(), c.clone()]);
        let raced = alone(&a)
            .with_ensemble(vec![b.clone(), c.clone()])
            .with_race(b.clone());
        let mut races = 0;
        for s in states.iter().filter(|s| s.winner().is_none()) {
            let [ea, eb, ec] = [&a, &b, &c].map(|n| alone(n).evaluate(&rules, s));
            let e = ensemble.evaluate(&rules, s);
            assert!((e.win - (ea.win + eb.win + ec.win) / 3.0).abs() < 1e-6);
            let mean_loss = (ea.loss_points + eb.loss_points + ec.loss_points) / 3.0;
            assert!((e.loss_points - mean_loss).abs() < 1e-6);
            let r = raced.evaluate(&rules, s);
            if crate::contact::in_contact(s) {
                assert_eq!(r, e);
            } else {
                races += 1;
                assert_eq!(r, eb);
            }
        }
        assert!(races > 0, "the game reached a race");
        // A network in an ensemble with itself plays as it does alone.
        let twice = alone(&a).with_ensemble(vec![a.clone()]);
        for s in &states {
            let (x, y) = (twice.evaluate(&rules, s), alone(&a).evaluate(&rules, s));
            assert!((x.win - y.win).abs() < 1e-6 && (x.win_points - y.win_points).abs() < 1e-6);
        }
    }
}
