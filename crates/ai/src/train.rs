//! TD(lambda) self-play training, as TD-Gammon.
//!
//! Each game is played by the current network against itself at 0-ply. When it ends, the
//! lambda-returns are computed backwards from the exact final result (the forward view of
//! TD(lambda)): the target of state `t` is `(1 - lambda) * V(t + 1) + lambda * G(t + 1)`, each
//! seen from the side to roll at `t` (flipped when the other side rolls at `t + 1`, kept when an
//! acey-deucey re-roll gives the same side the next roll). The network is then moved towards the
//! targets. Games are played in parallel in rounds with the network frozen during a round, which
//! keeps runs reproducible for a seed and a thread count.
//!
//! With lookahead ([`TrainSettings::lookahead`]) the value of the one sampled successor in the
//! target is replaced by the frozen network's 1-ply value of the state itself: the mean over the
//! 21 rolls of the value after each roll's best play. The target is then what the network's own
//! search says of the state, without the noise of the one roll the game happened to take; the
//! game's return still enters with weight lambda, so finished games and the bear-off tables keep
//! anchoring it.
//!
//! Exploration ([`TrainSettings::explore`]): self-play alone visits only the positions two equal
//! players reach, and a network trained so values lopsided positions (many checkers sent back, a
//! prime with the other side behind it) poorly: the positions a weaker opponent gives it. With
//! exploration a few decisions are made at random, and learning is cut there as in Watkins'
//! Q(lambda): the state before a random play is moved towards the value of the best play of the
//! same roll, not towards what followed the random one, so the values stay those of good play
//! while the games go where good play alone seldom goes.
//!
//! Sparring ([`TrainSettings::sparring`]): in a share of the games one side is played by the
//! hand-tuned heuristic ([`HeuristicEvaluator`] at 0-ply), a pip-and-blot player like most other
//! Acey-Deucey bots (tabula, bgammon.org's, is one). Exploration's random plays send a game
//! anywhere; a sparring partner sends it where such players take it: blots left to save pips,
//! points broken early, checkers stacked. Its plays are treated as exploration's are: the state
//! before one learns the value of the network's best play of the roll, so the values learned are
//! still those of good play on both sides, only the positions are the sparring partner's. At
//! [`TrainSettings::sparring_plies`] 1 the partner looks at every roll of the reply to each of
//! its best candidates, as tabula does, and its games come nearer to that bot's.
//!
//! The bear-off: where the rule set has a bear-off table ([`crate::bearoff`]), a game ends at its
//! first state in which both sides are bearing off, and that state's table value is its exact
//! result (the win probability, and the expected points of a win and of a loss where each can
//! happen). The network is never trained on such states, since every level values them by the
//! table; the plays during training are chosen with the table too.

use std::sync::Arc;

use acey_rules::{Position, Rules, SeededRng};
use rayon::prelude::*;

use crate::bearoff::{self, BearoffEvaluator};
use crate::eval::{terminal_eval, Eval, Evaluator};
use crate::evaluators::{HeuristicEvaluator, NeuralEvaluator};
use crate::features::encode;
use crate::network::{Activations, Network};
use crate::search::{Bot, SearchSettings};

/// Training settings.
#[derive(Debug, Clone, Copy)]
pub struct TrainSettings {
    /// TD lambda.
    pub lambda: f32,
    /// Learning rate.
    pub rate: f32,
    /// Games per round (played in parallel with a frozen network).
    pub round: usize,
    /// Seed of the first round; round `k` uses `seed + k`.
    pub seed: u64,
    /// The self-play bot's 1-2 filter ([`SearchSettings::chain_keep`]): the 1-2 plays extended
    /// with every named double (0 = all, exact). Most of an acey-deucey game's time goes into the
    /// 1-2s, so a few (as `advanced` plays) buy many more games in the same time.
    pub chain_keep: usize,
    /// Plies of lookahead in the targets: 0 is TD(lambda) as TD-Gammon (a state is moved
    /// towards the value of the state that followed it); 1 replaces that one sampled
    /// successor by the frozen network's 1-ply value of the state itself (every roll
    /// answered by its best play, [`Bot::evaluate_ahead`]): the network learns what its own
    /// search would say, with none of the roll's noise. About three times the work a game.
    pub lookahead: u8,
    /// The probability that a self-play decision is a uniformly random candidate of the roll
    /// (0 = none). The state before such a play learns the value of the roll's best play instead
    /// of the return that followed (see the module documentation). Drawn from a stream of its
    /// own, so the dice are those of the same seed without exploration.
    pub explore: f32,
    /// The share of games (0 = none) in which one side, drawn at random, is played by the
    /// hand-tuned heuristic at 0-ply instead of the network (see the module documentation). The
    /// state before each of its plays that is not the network's best learns the value of the
    /// network's best play of the roll, as after a random play. Drawn from a stream of its own.
    pub sparring: f32,
    /// The sparring partner's plies of lookahead (0 or 1). At 1-ply it looks, as tabula does, at
    /// every roll of the reply to each of its best candidates (by 0-ply, the same filter as
    /// `expert`'s), so its games come nearer to a searching pip-and-blot bot's.
    pub sparring_plies: u8,
}

impl Default for TrainSettings {
    fn default() -> Self {
        TrainSettings {
            lambda: 0.7,
            rate: 0.1,
            round: 16,
            seed: 1,
            chain_keep: 0,
            lookahead: 0,
            explore: 0.0,
            sparring: 0.0,
            sparring_plies: 0,
        }
    }
}

/// One state of a game and its lambda-return target.
struct Sample {
    state: Position,
    target: [Option<f32>; 3],
}

fn as_array(e: Eval) -> [f32; 3] {
    [e.win, e.win_points, e.loss_points]
}

/// The bot that plays the self-play games: `net` at 0-ply behind the bear-off tables (for a race
/// network, `contact` with `net` behind it past contact), its 1-2s filtered by `chain_keep`.
fn self_play_bot(
    rules: &Rules,
    net: &Network,
    contact: Option<&Network>,
    chain_keep: usize,
) -> Bot {
    let net_evaluator = Arc::new(match contact {
        Some(c) => NeuralEvaluator::new(c.clone(), "contact").with_race(net.clone()),
        None => NeuralEvaluator::new(net.clone(), "train"),
    });
    training_bot(rules, net_evaluator, training_search(chain_keep))
}

/// The sparring partner: the hand-tuned heuristic at `plies` (0 or 1) behind the bear-off
/// tables, its 1-2s filtered as the self-play bot's; at 1-ply it searches its best
/// [`SPARRING_KEEP`] candidates by 0-ply, as `expert` does.
fn sparring_bot(rules: &Rules, chain_keep: usize, plies: u8) -> Bot {
    let mut search = training_search(chain_keep);
    if plies > 0 {
        search.plies = plies;
        search.keep = SPARRING_KEEP;
    }
    training_bot(rules, Arc::new(HeuristicEvaluator), search)
}

/// The candidates a 1-ply sparring partner searches (`expert`'s root filter).
const SPARRING_KEEP: usize = 6;

/// The search of the training games' bots: 0-ply, 1-2s filtered by `chain_keep`.
fn training_search(chain_keep: usize) -> SearchSettings {
    SearchSettings {
        chain_keep,
        ..SearchSettings::default()
    }
}

/// A bot of the training games: `evaluator` behind the bear-off tables, searching as `search`.
fn training_bot(rules: &Rules, evaluator: Arc<dyn Evaluator>, search: SearchSettings) -> Bot {
    Bot::new(Arc::new(BearoffEvaluator::new(evaluator)), *rules, search)
}

/// The side the sparring partner plays in game `seed`, if it plays in that game.
fn sparring_side(settings: &TrainSettings, seed: u64) -> Option<acey_rules::Player> {
    let mut rng = SeededRng::new(seed ^ SPARRING_STREAM);
    if settings.sparring <= 0.0 || unit(&mut rng) >= settings.sparring {
        return None;
    }
    Some(if rng.die().is_multiple_of(2) {
        acey_rules::Player::Zero
    } else {
        acey_rules::Player::One
    })
}

/// Plays one self-play game and returns its samples and number of turns. With a `contact`
/// network, `net` is a race network: the game is played by `contact` until no contact is left
/// and by `net` from there, and only the race positions give samples.
fn play_game(
    rules: &Rules,
    net: &Network,
    contact: Option<&Network>,
    settings: &TrainSettings,
    seed: u64,
) -> (Vec<Sample>, usize) {
    let lambda = settings.lambda;
    let bot = self_play_bot(rules, net, contact, settings.chain_keep);
    let table = bearoff::table(rules);
    // The table's value of a bear-off state: the exact result the game ends on.
    let exact = |s: &Position| table.as_ref().and_then(|t| t.eval(rules, s));
    let mut dice = SeededRng::new(seed);
    // Random starter, as after a die-off.
    let mut state = Position::starting(rules).with_turn(if dice.die().is_multiple_of(2) {
        acey_rules::Player::Zero
    } else {
        acey_rules::Player::One
    });
    let mut states = vec![state];
    // Where the play from state t was a random one: the best play's value from t's side.
    let mut greedy: Vec<Option<Eval>> = Vec::new();
    let mut explorer = SeededRng::new(seed ^ EXPLORE_STREAM);
    let sparring = sparring_side(settings, seed).map(|side| {
        let partner = sparring_bot(rules, settings.chain_keep, settings.sparring_plies);
        (side, partner)
    });
    while state.winner().is_none() && exact(&state).is_none() && states.len() < 5000 {
        let roll = dice.roll();
        let (next, best) = if let Some((_, partner)) =
            sparring.as_ref().filter(|(side, _)| *side == state.turn())
        {
            // The partner's play; where it is not the network's best, the return is cut there.
            let ranked = bot.rank(&state, roll);
            let played = partner.choose(&state, roll, &mut dice).state;
            let best = (ranked[0].candidate.state != played).then_some(ranked[0].eval);
            (played, best)
        } else if settings.explore > 0.0 && unit(&mut explorer) < settings.explore {
            let ranked = bot.rank(&state, roll);
            let i = explorer.below(ranked.len());
            (ranked[i].candidate.state, (i > 0).then_some(ranked[0].eval))
        } else {
            (bot.choose(&state, roll, &mut dice).state, None)
        };
        state = next;
        states.push(state);
        greedy.push(best);
    }
    // Values of every state by the frozen network; the last one exact if the game finished.
    let n = states.len();
    let mut values: Vec<[f32; 3]> = Vec::with_capacity(n);
    let mut x = Vec::new();
    let mut act = Activations::default();
    for s in &states {
        values.push(match terminal_eval(rules, s).or_else(|| exact(s)) {
            Some(e) => as_array(e),
            None => {
                encode(s, net.features(), &mut x);
                net.forward(&x, &mut act);
                as_array(act.eval())
            }
        });
    }
    let last = terminal_eval(rules, &states[n - 1]).or_else(|| exact(&states[n - 1]));
    let finished = last.is_some();
    let mut samples = Vec::with_capacity(n);
    // g: the lambda-return of state t+1 seen from t+1's side; defined components only.
    let mut g: [Option<f32>; 3] = match last {
        // The final state is exact for the defined outputs: the win probability, the points of a
        // win if one can happen, of a loss if one can; a conditional output of an outcome that
        // cannot happen has no target.
        Some(e) => [
            Some(e.win),
            (e.win > 0.0).then_some(e.win_points),
            (e.win < 1.0).then_some(e.loss_points),
        ],
        None => values[n - 1].map(Some),
    };
    // A race network learns from race positions only; contact never comes back.
    let first = match contact {
        Some(_) => states
            .iter()
            .position(|s| !crate::contact::in_contact(s))
            .unwrap_or(n),
        None => 0,
    };
    for t in (first.min(n - 1)..n - 1).rev() {
        let (state, next) = (&states[t], &states[t + 1]);
        // After a random play the return is cut: what followed says nothing of good play.
        let g_next = match greedy[t] {
            Some(best) => defined(best),
            None => seen_from(state, next, g),
        };
        let target = if let (Some(_), 0) = (greedy[t], settings.lookahead) {
            g_next
        } else if settings.lookahead > 0 {
            let ahead = defined(bot.evaluate_ahead(state));
            // (1 - lambda) of the state's own 1-ply value, lambda of the return that followed
            // it; a component the return lacks (the final result cannot give it) is the
            // 1-ply value's alone.
            [0, 1, 2].map(|k| match (ahead[k], g_next[k]) {
                (Some(a), Some(gk)) => Some((1.0 - lambda) * a + lambda * gk),
                (a, gk) => a.or(gk),
            })
        } else {
            let v_next = seen_from(state, next, values[t + 1].map(Some));
            let is_last = t + 1 == n - 1 && finished;
            [0, 1, 2].map(|k| match (g_next[k], v_next[k]) {
                // The next state is final: its value is the exact result.
                (Some(gk), _) if is_last => Some(gk),
                (Some(gk), Some(vk)) => Some((1.0 - lambda) * vk + lambda * gk),
                _ => None,
            })
        };
        samples.push(Sample {
            state: *state,
            target,
        });
        // Undefined components continue from the network's own estimate.
        g = [0, 1, 2].map(|k| target[k].or(Some(values[t][k])));
    }
    samples.reverse();
    (samples, n - 1)
}

/// Seeds the exploration stream apart from the dice of the same game seed.
const EXPLORE_STREAM: u64 = 0x0E8B_10E5_5EED_0001;

/// Seeds the draw of the sparring partner's games and seats apart from the dice and exploration.
const SPARRING_STREAM: u64 = 0x5BA2_2126_5EED_0002;

/// A uniform number in [0, 1).
fn unit(rng: &mut SeededRng) -> f32 {
    (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32
}

/// A return seen from the side to roll at `next`, as the side to roll at `state` sees it: the
/// same after an acey-deucey re-roll, flipped when the other side rolls next.
fn seen_from(state: &Position, next: &Position, g: [Option<f32>; 3]) -> [Option<f32>; 3] {
    if next.turn() == state.turn() {
        g
    } else {
        [g[0].map(|w| 1.0 - w), g[2], g[1]]
    }
}

/// An evaluation's outputs that mean something: the points of a win where a win can happen,
/// of a loss where a loss can.
fn defined(e: Eval) -> [Option<f32>; 3] {
    const SURE: f32 = 1e-4;
    [
        Some(e.win),
        (e.win > SURE).then_some(e.win_points),
        (e.win < 1.0 - SURE).then_some(e.loss_points),
    ]
}

/// Squared error of the outputs that have a target; counts them into `count`.
fn squared_error(act: &Activations, target: &[Option<f32>; 3], count: &mut usize) -> f64 {
    let out = as_array(act.eval());
    let mut e = 0.0;
    for k in 0..3 {
        if let Some(t) = target[k] {
            let d = (t - out[k]) as f64;
            e += d * d;
            *count += 1;
        }
    }
    e
}

/// Progress of a training run, reported after every round.
#[derive(Debug, Clone, Copy)]
pub struct RoundReport {
    /// Games trained so far in this run.
    pub games: u64,
    /// Turns in the round.
    pub turns: usize,
    /// Mean squared TD error of the round's samples before the update (all outputs with a
    /// target).
    pub td_error: f64,
    /// The same error on the same samples after the update.
    pub td_error_after: f64,
}

/// A trainer: the network being trained and its settings.
pub struct Trainer {
    /// The network.
    pub net: Network,
    /// The rules it is trained for.
    pub rules: Rules,
    /// Settings.
    pub settings: TrainSettings,
    /// For a race network: the network that plays the contact part of every game.
    contact: Option<Network>,
    round: u64,
    games: u64,
}

impl Trainer {
    /// A trainer continuing from `net` (fresh or loaded), `games_done` games already trained.
    pub fn new(net: Network, rules: Rules, settings: TrainSettings, games_done: u64) -> Trainer {
        Trainer {
            net,
            rules,
            settings,
            contact: None,
            round: games_done / settings.round.max(1) as u64,
            games: games_done,
        }
    }

    /// This trainer training a race network: `contact` plays each game until no contact is
    /// left, the trained network plays on from there, and only race positions train it.
    pub fn with_contact(self, contact: Network) -> Trainer {
        Trainer {
            contact: Some(contact),
            ..self
        }
    }

    /// Games trained.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Plays one round of games in parallel and trains on them.
    pub fn round(&mut self) -> RoundReport {
        let seeds: Vec<u64> = (0..self.settings.round as u64)
            .map(|i| {
                self.settings
                    .seed
                    .wrapping_mul(1_000_003)
                    .wrapping_add(self.round * 10_007 + i)
            })
            .collect();
        let net = &self.net;
        let contact = self.contact.as_ref();
        let rules = &self.rules;
        let games: Vec<(Vec<Sample>, usize)> = {
            let settings = &self.settings;
            seeds
                .par_iter()
                .map(|&s| play_game(rules, net, contact, settings, s))
                .collect()
        };
        self.round += 1;
        let mut x = Vec::new();
        let mut act = Activations::default();
        let (mut err, mut count, mut turns) = (0.0f64, 0usize, 0usize);
        for (samples, t) in &games {
            turns += t;
            for s in samples {
                encode(&s.state, self.net.features(), &mut x);
                self.net.forward(&x, &mut act);
                err += squared_error(&act, &s.target, &mut count);
                self.net.train(&x, &act, s.target, self.settings.rate);
            }
        }
        let mut after = 0.0f64;
        for (samples, _) in &games {
            for s in samples {
                encode(&s.state, self.net.features(), &mut x);
                self.net.forward(&x, &mut act);
                after += squared_error(&act, &s.target, &mut 0);
            }
        }
        self.games += games.len() as u64;
        self.net.meta.insert("games".into(), self.games.to_string());
        self.net.meta.insert("rules".into(), self.rules.to_string());
        RoundReport {
            games: self.games,
            turns,
            td_error: err / count.max(1) as f64,
            td_error_after: after / count.max(1) as f64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_fixed_seed_run_lowers_the_td_error() {
        let rules = Rules::default();
        let settings = TrainSettings {
            round: 4,
            // Small steps: each update is then a descent step on the round's own targets.
            rate: 0.005,
            ..TrainSettings::default()
        };
        let mut trainer = Trainer::new(Network::random(16, 7), rules, settings, 0);
        for _ in 0..5 {
            let r = trainer.round();
            // Each update moves the network towards its lambda-return targets.
            assert!(r.td_error_after < r.td_error, "{r:?}");
            assert!(r.turns > 0);
        }
        assert_eq!(trainer.games(), 20);
        assert_eq!(
            trainer.net.meta.get("games").map(String::as_str),
            Some("20")
        );
    }

    #[test]
    fn games_end_at_their_first_bear_off() {
        let rules = Rules::default();
        let net = Network::random(8, 3);
        // Exact 1-2s and the filter that keeps the best 3 1-2 plays (`--chain-keep 3`).
        for (seed, chain_keep) in [(1, 0), (2, 0), (3, 0), (4, 3), (5, 3)] {
            let settings = TrainSettings {
                chain_keep,
                ..TrainSettings::default()
            };
            let (samples, turns) = play_game(&rules, &net, None, &settings, seed);
            assert!(turns < 4999, "the game ended");
            // No state before the last is a bear-off (the last, where the game ended on the
            // table's value or a win, is not a sample).
            assert!(samples.iter().all(|s| !bearoff::is_bearoff(&s.state)));
        }
    }

    #[test]
    fn lookahead_targets_are_the_states_own_one_ply_values() {
        let rules = Rules::default();
        let net = Network::random(8, 5);
        // lambda 0: each target is the frozen network's 1-ply value of the state, nothing of
        // the game that followed.
        let settings = TrainSettings {
            lambda: 0.0,
            chain_keep: 3,
            lookahead: 1,
            ..TrainSettings::default()
        };
        let (samples, _) = play_game(&rules, &net, None, &settings, 9);
        assert!(samples.len() > 10);
        // The bot the game was played with (its 1-2 filter does not enter a 1-ply value).
        let bot = self_play_bot(&rules, &net, None, settings.chain_keep);
        for s in samples.iter().step_by(7) {
            let ahead = bot.evaluate_ahead(&s.state);
            assert_eq!(s.target[0], Some(ahead.win));
            // 0-ply would value the state by the network itself: the targets are not that.
            assert_eq!(s.target, defined(ahead));
        }
        let zero_ply: Vec<f32> = samples.iter().map(|s| bot.evaluate(&s.state).win).collect();
        assert!(samples
            .iter()
            .zip(&zero_ply)
            .any(|(s, &v)| (s.target[0].unwrap_or(v) - v).abs() > 1e-3));

        // lambda 1: the 1-ply values have no weight, and every win target is the game's final
        // result (a win, or the table's chances at its first bear-off) as that side sees it.
        let settings = TrainSettings {
            lambda: 1.0,
            ..settings
        };
        let (samples, _) = play_game(&rules, &net, None, &settings, 9);
        let first = samples[0].target[0].unwrap_or(-1.0);
        assert!((0.0..=1.0).contains(&first));
        for s in &samples {
            let w = s.target[0].unwrap_or(-1.0);
            assert!(
                (w - first).abs() < 1e-6 || (w - (1.0 - first)).abs() < 1e-6,
                "{w} {first}"
            );
        }
    }

    #[test]
    fn training_with_lookahead_lowers_its_error() {
        let settings = TrainSettings {
            round: 4,
            rate: 0.005,
            chain_keep: 3,
            lookahead: 1,
            ..TrainSettings::default()
        };
        let mut trainer = Trainer::new(Network::random(16, 7), Rules::default(), settings, 0);
        for _ in 0..3 {
            let r = trainer.round();
            assert!(r.td_error_after < r.td_error, "{r:?}");
        }
    }

    #[test]
    fn a_race_network_learns_from_race_positions_only() {
        let rules = acey_rules::Preset::Backgammon.rules();
        let (contact, race) = (Network::random(8, 3), Network::random(8, 4));
        let mut raced = 0;
        for seed in 1..6 {
            let (samples, _) = play_game(
                &rules,
                &race,
                Some(&contact),
                &TrainSettings::default(),
                seed,
            );
            assert!(samples
                .iter()
                .all(|s| !crate::contact::in_contact(&s.state)));
            raced += samples.len();
        }
        assert!(raced > 0, "some game reached a race");
        // The trainer trains the race network and leaves the contact one as it was.
        let settings = TrainSettings {
            round: 4,
            ..TrainSettings::default()
        };
        let mut t = Trainer::new(race.clone(), rules, settings, 0).with_contact(contact);
        t.round();
        assert_ne!(t.net, race);
    }

    #[test]
    fn training_is_reproducible_for_a_seed() {
        let rules = Rules::default();
        let settings = TrainSettings {
            round: 2,
            ..TrainSettings::default()
        };
        let mut a = Trainer::new(Network::random(8, 1), rules, settings, 0);
        let mut b = Trainer::new(Network::random(8, 1), rules, settings, 0);
        a.round();
        b.round();
        assert_eq!(a.net, b.net);
    }

    #[test]
    fn a_random_play_cuts_the_return_at_the_best_play_s_value() {
        let rules = Rules::default();
        let net = Network::random(8, 11);
        // lambda 1: without exploration every win target is the game's final result, so a
        // target that is the best play's network value can only come from the cut.
        let settings = TrainSettings {
            lambda: 1.0,
            chain_keep: 3,
            explore: 0.3,
            ..TrainSettings::default()
        };
        let seed = 13;
        let (samples, turns) = play_game(&rules, &net, None, &settings, seed);
        assert_eq!(samples.len(), turns);
        // The bot the game was played with, to replay its choices.
        let bot = self_play_bot(&rules, &net, None, settings.chain_keep);
        // The same dice as without exploration: the starter's die, then a roll a turn.
        let mut dice = SeededRng::new(seed);
        dice.die();
        let (mut random, mut cut_values) = (0, Vec::new());
        for t in 0..samples.len() - 1 {
            let ranked = bot.rank(&samples[t].state, dice.roll());
            let next = samples[t + 1].state;
            assert!(
                ranked.iter().any(|r| r.candidate.state == next),
                "turn {t}: a play of the roll"
            );
            if ranked[0].candidate.state != next {
                random += 1;
                assert_eq!(samples[t].target, defined(ranked[0].eval), "turn {t}");
                cut_values.push(ranked[0].eval.win);
            }
        }
        // About 0.3 of the decisions with a choice were random ones.
        assert!(random * 10 > samples.len(), "{random} of {}", samples.len());
        assert!(cut_values.iter().all(|w| *w > 0.0 && *w < 1.0));

        // Without exploration the same seed plays the same game up to the first random play.
        let plain = TrainSettings {
            explore: 0.0,
            ..settings
        };
        let (plain_samples, _) = play_game(&rules, &net, None, &plain, seed);
        let first_random = samples
            .iter()
            .zip(&plain_samples)
            .position(|(x, y)| x.state != y.state)
            .expect("the games part");
        assert!(first_random > 0);
    }

    #[test]
    fn a_sparring_partner_plays_one_side_and_its_plays_cut_the_return() {
        let rules = Rules::default();
        let net = Network::random(8, 17);
        let settings = TrainSettings {
            lambda: 1.0,
            chain_keep: 3,
            sparring: 1.0,
            ..TrainSettings::default()
        };
        let seed = 21;
        let side = sparring_side(&settings, seed).expect("every game spars at share 1");
        let bot = self_play_bot(&rules, &net, None, settings.chain_keep);
        let zero_ply = sparring_bot(&rules, settings.chain_keep, 0);
        // At either depth the partner's side plays the partner's best; at 1-ply its plays are
        // its own, not the 0-ply heuristic's.
        for plies in [0, 1] {
            let settings = TrainSettings {
                sparring_plies: plies,
                ..settings
            };
            let (samples, _) = play_game(&rules, &net, None, &settings, seed);
            let partner = sparring_bot(&rules, settings.chain_keep, plies);
            let mut dice = SeededRng::new(seed);
            dice.die();
            let (mut partner_turns, mut cuts, mut unlike_zero_ply) = (0, 0, 0);
            for t in 0..samples.len() - 1 {
                let state = samples[t].state;
                let roll = dice.roll();
                let ranked = bot.rank(&state, roll);
                let next = samples[t + 1].state;
                if state.turn() == side {
                    partner_turns += 1;
                    assert_eq!(
                        next,
                        partner.rank(&state, roll)[0].candidate.state,
                        "{plies}-ply, turn {t}"
                    );
                    if zero_ply.rank(&state, roll)[0].candidate.state != next {
                        unlike_zero_ply += 1;
                    }
                    if ranked[0].candidate.state != next {
                        cuts += 1;
                        assert_eq!(samples[t].target, defined(ranked[0].eval), "turn {t}");
                    }
                } else {
                    assert_eq!(
                        next, ranked[0].candidate.state,
                        "turn {t}: the network's best"
                    );
                }
            }
            assert!(
                partner_turns > 5 && cuts > 0,
                "{plies}-ply: {partner_turns} turns, {cuts} cuts"
            );
            assert_eq!(
                unlike_zero_ply > 0,
                plies > 0,
                "{unlike_zero_ply} turns unlike 0-ply"
            );
        }

        // At share 0 no game spars; at 0.5 about half do, either side.
        let off = TrainSettings {
            sparring: 0.0,
            ..settings
        };
        assert!((0..50).all(|s| sparring_side(&off, s).is_none()));
        let half = TrainSettings {
            sparring: 0.5,
            ..settings
        };
        let sides: Vec<_> = (0..200).filter_map(|s| sparring_side(&half, s)).collect();
        assert!((70..130).contains(&sides.len()), "{}", sides.len());
        assert!(
            sides.contains(&acey_rules::Player::Zero) && sides.contains(&acey_rules::Player::One)
        );
    }
}
