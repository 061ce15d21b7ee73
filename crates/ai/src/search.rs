//! Choosing a play: 0-ply (the best next state by the evaluator) and n-ply expectimax over the 21
//! rolls with a move filter, as GNU Backgammon does: at each level only the few best candidates by
//! the 0-ply evaluation are searched deeper.
//!
//! An acey-deucey 1-2 reaches thousands of states (every 1-2 play, every named double, every play
//! of it). The search filters that chain as well: the 1-2 plays are ranked by the 0-ply value of
//! the state after them with the same player to roll, and only the best `chain_keep` are extended
//! with every double and its plays (at the root; lookahead nodes keep [`INNER_CHAIN_KEEP`]). 1-2
//! plays that do not earn the double are always kept.
//!
//! Values are equities (expected points) from the point of view of the player to roll in a
//! state. A candidate after which the same player rolls again (an acey-deucey re-roll) keeps its
//! sign; one after which the opponent rolls is negated.

use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use acey_rules::{MoveGen, Player, Pool, Position, Rules, SeededRng, CHECKERS};

use crate::candidates::{candidates, double_candidates, double_options, weighted_rolls, Candidate};
use crate::eval::{Eval, Evaluator};
use crate::match_equity::MatchContext;
use crate::outcome::outcome_class;
use crate::settle::{may_settle, settle};

/// How hard a bot thinks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchSettings {
    /// Plies of lookahead: 0 = evaluate the candidate states directly.
    pub plies: u8,
    /// Move filter at the root: candidates (best by 0-ply) searched deeper.
    pub keep: usize,
    /// Standard deviation of noise added to each candidate's equity, in points (0 = best play).
    pub noise: f32,
    /// At the root, the 1-2 plays extended with every named double (0 = all: exact).
    pub chain_keep: usize,
    /// Move filter below the root (the candidates of each roll searched deeper at 2-ply).
    pub inner_keep: usize,
    /// At 2 plies or more, progressive filtering as GNU Backgammon does: the best `keep` by 0-ply
    /// are searched at 1-ply first, and only the best `deep_keep` of those at the full depth
    /// (0 = every one of `keep` at the full depth).
    pub deep_keep: usize,
    /// At the root, the plies of a 1-2's decision, searched over its own root filter
    /// [`SearchSettings::chain_search_keep`] (0 = the same depth and filter as any roll; never
    /// shallower than [`SearchSettings::plies`]). A 1-2's segment (the 1-2 play, the named
    /// double, its play and the re-roll it earns) moves more equity than any other roll, and the
    /// 0-ply network errs most there; it comes once in 18 rolls, so a deeper look there costs
    /// little time on the whole and leaves the median decision as fast.
    pub chain_plies: u8,
    /// The root filter of a 1-2's decision where [`SearchSettings::chain_plies`] is set: the
    /// segments (best by 0-ply) searched deeper than 0-ply, and at least as many 1-2 plays
    /// extended with every double (0 = `keep`). A 1-2 has hundreds of segments, and the 0-ply
    /// order of them is poor: the best by rollout often stands beyond the best 6.
    pub chain_search_keep: usize,
    /// At the root of any other roll, the plies of a close decision when more than
    /// [`SearchSettings::plies`] (0 = none): where two or more candidates come within
    /// [`SearchSettings::close_margin`] of the best by the level's own search (`plies` deep),
    /// those (at most [`SearchSettings::close_keep`]) are searched this deep. Where one play
    /// stands out, the level's choice is kept at the level's cost, as GNU Backgammon's move
    /// filters drop candidates beyond a threshold of the best.
    pub close_plies: u8,
    /// How near the best equity by the level's own search a candidate must be, in points, to be
    /// searched at [`SearchSettings::close_plies`].
    pub close_margin: f32,
    /// The most candidates searched at [`SearchSettings::close_plies`].
    pub close_keep: usize,
}

/// 1-2 plays extended with every named double in lookahead nodes.
pub const INNER_CHAIN_KEEP: usize = 1;

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings {
            plies: 0,
            keep: 4,
            noise: 0.0,
            chain_keep: 0,
            inner_keep: 2,
            deep_keep: 0,
            chain_plies: 0,
            chain_search_keep: 0,
            close_plies: 0,
            close_margin: 0.0,
            close_keep: 0,
        }
    }
}

/// A candidate with its equity for the player who rolled.
#[derive(Debug, Clone, Copy)]
pub struct Ranked {
    /// The candidate.
    pub candidate: Candidate,
    /// Expected points for the mover.
    pub equity: f32,
    /// The evaluation of the resulting state from the mover's side (0-ply).
    pub eval: Eval,
    /// Win probability for the mover at the search's depth (`eval.win` at 0-ply).
    pub win: f32,
    /// The depth `equity` and `win` come from: candidates dropped by a move filter keep the
    /// value of the shallower search that dropped them.
    pub plies: u8,
}

/// A bot: an evaluator, a rule set and search settings.
#[derive(Clone)]
pub struct Bot {
    evaluator: Arc<dyn Evaluator>,
    rules: Rules,
    settings: SearchSettings,
    /// In a match, where it stands: values are then match chances (see [`Bot::in_match`]).
    match_context: Option<MatchContext>,
    /// Whether [`Bot::in_match`] looks at the score (false only to measure what that is worth).
    plays_for_match: bool,
    /// Whether the filters keep every outcome class and settled endgames are valued exactly
    /// (false only to measure what that is worth: [`Bot::by_rank_alone`]).
    outcome_care: bool,
}

impl std::fmt::Debug for Bot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Bot({}, {:?})", self.evaluator.name(), self.settings)
    }
}

/// A searched value: equity and win probability for the player to roll.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Value {
    equity: f32,
    win: f32,
}

/// The value of `next` for the player `mover`, given its value for whoever rolls there.
fn for_mover(mover: acey_rules::Player, next: &Position, value: Value) -> Value {
    if next.turn() == mover {
        value
    } else {
        Value {
            equity: -value.equity,
            win: 1.0 - value.win,
        }
    }
}

/// A standard normal sample from two uniform draws (Box-Muller).
fn gaussian(rng: &mut SeededRng) -> f32 {
    let u1 = ((rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
    let u2 = ((rng.next_u64() >> 11) as f64) / (1u64 << 53) as f64;
    ((-2.0 * u1.ln()).sqrt() * (2.0 * std::f64::consts::PI * u2).cos()) as f32
}

struct Search<'a> {
    bot: &'a Bot,
    gen: MoveGen,
    // Fx: positions are small keys, hashed millions of times per decision; no untrusted input.
    cache: FxHashMap<(Position, u8), Value>,
    /// The endgames settled so far ([`settle`]), and those found not to be.
    settled: FxHashMap<Position, Option<Eval>>,
}

impl Search<'_> {
    /// The 0-ply evaluations of `states`: the evaluator's, except where the game's end is
    /// settled within a roll or two ([`crate::settle`]) and the evaluator is not exact already.
    fn evals(&mut self, states: &[Position]) -> Vec<Eval> {
        let mut out = vec![
            Eval {
                win: 0.5,
                win_points: 0.0,
                loss_points: 0.0
            };
            states.len()
        ];
        self.bot
            .evaluator
            .evaluate_batch(&self.bot.rules, states, &mut out);
        for (state, e) in states.iter().zip(out.iter_mut()) {
            if let Some(exact) = self.settled(state) {
                *e = exact;
            }
        }
        out
    }

    /// The settled value of `state` ([`settle`]), where the evaluator does not answer exactly
    /// already (the bear-off tables keep their states).
    fn settled(&mut self, state: &Position) -> Option<Eval> {
        if !self.bot.outcome_care
            || !may_settle(state)
            || self.bot.evaluator.exact_for(&self.bot.rules, state)
        {
            return None;
        }
        if let Some(&known) = self.settled.get(state) {
            return known;
        }
        let value = settle(&self.bot.rules, &mut self.gen, state);
        self.settled.insert(*state, value);
        value
    }

    /// Which candidates a move filter that keeps the best `keep` of `ranked` (best first) looks
    /// at further: the best `keep`; every candidate valued exactly already (a bear-off by the
    /// tables, a settled endgame), at no cost; and the best of every outcome class the best
    /// `keep` do not reach ([`outcome_class`]: a gammon or a backgammon saved or given up,
    /// contact kept or broken), whatever its rank. The one place every filter of the search
    /// chooses, at the root and below it, so a play that changes what the game can come to is
    /// never dropped for its 0-ply rank. The chosen move to the front, each part in its order;
    /// returns how many.
    fn select(&mut self, mover: Player, ranked: &mut [Ranked], keep: usize) -> usize {
        let keep = keep.max(1);
        if ranked.len() <= keep || !self.bot.outcome_care {
            return keep.min(ranked.len());
        }
        let states: Vec<Position> = ranked.iter().map(|r| r.candidate.state).collect();
        let chosen = self.chosen(mover, &states, keep);
        let mut front: Vec<Ranked> = Vec::with_capacity(ranked.len());
        let mut back: Vec<Ranked> = Vec::new();
        for (r, c) in ranked.iter().zip(&chosen) {
            if *c {
                front.push(*r);
            } else {
                back.push(*r);
            }
        }
        let n = front.len();
        front.extend(back);
        ranked.copy_from_slice(&front);
        n
    }

    /// The mask of [`Search::select`] over candidate states, best first.
    fn chosen(&mut self, mover: Player, states: &[Position], keep: usize) -> Vec<bool> {
        let rules = self.bot.rules;
        let mut chosen: Vec<bool> = (0..states.len()).map(|i| i < keep).collect();
        if !self.bot.outcome_care {
            return chosen;
        }
        // Classes are small bit sets (see `outcome_class`): one bit each.
        let mut reached = 0u64;
        for s in &states[..keep.min(states.len())] {
            reached |= 1 << outcome_class(&rules, s, mover);
        }
        for (i, s) in states.iter().enumerate().skip(keep) {
            let class = 1 << outcome_class(&rules, s, mover);
            if reached & class == 0 {
                reached |= class;
                chosen[i] = true;
            } else if self.exact(s) {
                chosen[i] = true;
            }
        }
        chosen
    }

    /// Candidates of one roll ranked by 0-ply equity for the mover, best first; the acey-deucey
    /// chain extended from the best `chain_keep` 1-2 plays (0 = all).
    fn ranked(&mut self, state: &Position, dice: (u8, u8), chain_keep: usize) -> Vec<Ranked> {
        let cands = self.candidates(state, dice, chain_keep);
        self.rank_candidates(state, cands)
    }

    /// The candidates of a roll, the acey-deucey chain filtered (see the module documentation).
    fn candidates(
        &mut self,
        state: &Position,
        dice: (u8, u8),
        chain_keep: usize,
    ) -> Vec<Candidate> {
        let rules = self.bot.rules;
        if chain_keep == 0 || !rules.is_acey_deucey(dice.0, dice.1) {
            return candidates(&rules, &mut self.gen, state, dice);
        }
        let mover = state.turn();
        let pool = Pool::roll(dice.0, dice.1).expect("dice are 1..=6");
        let plays = self.gen.plays(state, &pool).to_vec();
        if plays.is_empty() {
            return candidates(&rules, &mut self.gen, state, dice);
        }
        let mut out = Vec::new();
        let mut chain = Vec::new();
        for play in plays {
            let after = *play.position();
            if after.off(mover) == CHECKERS || !rules.earns_double(play.dice_used()) {
                out.push(Candidate {
                    play: Some(play),
                    double: None,
                    state: after.with_turn(mover.other()),
                });
            } else {
                chain.push(play);
            }
        }
        if chain.len() > chain_keep {
            // The mover names a double next: rank the states after the 1-2 as if they rolled.
            let states: Vec<Position> = chain
                .iter()
                .map(|p| p.position().with_turn(mover))
                .collect();
            let evals = self.evals(&states);
            let mut order: Vec<(f32, usize)> = evals
                .iter()
                .enumerate()
                .map(|(i, e)| (self.bot.value_of(e, mover), i))
                .collect();
            order.sort_by(|a, b| b.0.total_cmp(&a.0));
            let sorted: Vec<Position> = order.iter().map(|&(_, i)| states[i]).collect();
            let chosen = self.chosen(mover, &sorted, chain_keep);
            chain = order
                .iter()
                .zip(chosen)
                .filter(|(_, c)| *c)
                .map(|(&(_, i), _)| chain[i])
                .collect();
        }
        for play in chain {
            let after = *play.position();
            for (d, dplays) in double_options(&rules, &mut self.gen, &after) {
                for mut c in double_candidates(&rules, &after, d, &dplays) {
                    c.play = Some(play);
                    out.push(c);
                }
            }
        }
        let mut seen = FxHashSet::with_capacity_and_hasher(out.len(), Default::default());
        out.retain(|c| seen.insert(c.state));
        out
    }

    fn rank_candidates(&mut self, state: &Position, cands: Vec<Candidate>) -> Vec<Ranked> {
        let mover = state.turn();
        let states: Vec<Position> = cands.iter().map(|c| c.state).collect();
        let evals = self.evals(&states);
        let mine: Vec<Eval> = cands
            .iter()
            .zip(evals)
            .map(|(c, e)| {
                if c.state.turn() == mover {
                    e
                } else {
                    e.flipped()
                }
            })
            .collect();
        let equity: Vec<f32> = mine.iter().map(|e| self.bot.value_of(e, mover)).collect();
        // Sort the indices, not the candidates: a candidate (two plays and a position) is about
        // two hundred bytes, and moving them about in the sort cost 3.4% of the instructions of
        // `advanced` games (callgrind). Stable, so ties keep the generation order, as sorting
        // the candidates did.
        let mut order: Vec<usize> = (0..cands.len()).collect();
        order.sort_by(|&a, &b| equity[b].total_cmp(&equity[a]));
        order
            .into_iter()
            .map(|i| Ranked {
                candidate: cands[i],
                equity: equity[i],
                eval: mine[i],
                win: mine[i].win,
                plies: 0,
            })
            .collect()
    }

    /// Whether the value of `state` needs no search: the evaluator's is exact (see
    /// [`Evaluator::exact_for`]) or the game's end is settled ([`crate::settle`]).
    fn exact(&mut self, state: &Position) -> bool {
        self.bot.evaluator.exact_for(&self.bot.rules, state) || self.settled(state).is_some()
    }

    /// Value of `state` for its player to roll, looking `plies` rolls ahead.
    fn value(&mut self, state: &Position, plies: u8) -> Value {
        if let Some(e) = self.settled(state) {
            return Value {
                equity: self.bot.value_of(&e, state.turn()),
                win: e.win,
            };
        }
        if plies == 0 || state.winner().is_some() || self.exact(state) {
            let e = self.evals(std::slice::from_ref(state))[0];
            return Value {
                equity: self.bot.value_of(&e, state.turn()),
                win: e.win,
            };
        }
        if let Some(&v) = self.cache.get(&(*state, plies)) {
            return v;
        }
        let mover = state.turn();
        let mut total = Value {
            equity: 0.0,
            win: 0.0,
        };
        for (roll, weight) in weighted_rolls() {
            let ranked = self.ranked(state, roll, INNER_CHAIN_KEEP);
            let best = if plies == 1 {
                Value {
                    equity: ranked[0].equity,
                    win: ranked[0].win,
                }
            } else {
                let mut ranked = ranked;
                let keep = self.select(mover, &mut ranked, self.bot.settings.inner_keep);
                let mut best = Value {
                    equity: f32::NEG_INFINITY,
                    win: 0.0,
                };
                for r in ranked.iter().take(keep) {
                    let v = self.value(&r.candidate.state, plies - 1);
                    let v = for_mover(mover, &r.candidate.state, v);
                    if v.equity > best.equity {
                        best = v;
                    }
                }
                best
            };
            total.equity += weight * best.equity;
            total.win += weight * best.win;
        }
        self.cache.insert((*state, plies), total);
        total
    }

    /// The evaluation of `state` for its player to roll one roll ahead: over the 21 rolls, the
    /// 0-ply evaluation after the best play (by this bot's values), the win chances averaged and
    /// the points of a win and of a loss averaged over the games won and lost.
    fn eval_ahead(&mut self, state: &Position) -> Eval {
        if state.winner().is_some() || self.exact(state) {
            return self.evals(std::slice::from_ref(state))[0];
        }
        let (mut win, mut won, mut lost) = (0.0f32, 0.0f32, 0.0f32);
        for (roll, weight) in weighted_rolls() {
            let best = self.ranked(state, roll, INNER_CHAIN_KEEP)[0].eval;
            win += weight * best.win;
            won += weight * best.win * best.win_points;
            lost += weight * (1.0 - best.win) * best.loss_points;
        }
        let share = |points: f32, chance: f32| if chance > 1e-6 { points / chance } else { 0.0 };
        Eval {
            win,
            win_points: share(won, win),
            loss_points: share(lost, 1.0 - win),
        }
    }

    /// Re-ranks the best candidates by `plies`-deep equity (progressively: see
    /// [`SearchSettings::deep_keep`]). Each filter keeps the best of the previous pass, so the
    /// list stays ordered by depth first, then by equity.
    fn deepen(
        &mut self,
        state: &Position,
        mut ranked: Vec<Ranked>,
        (plies, keep): (u8, usize),
    ) -> Vec<Ranked> {
        if plies == 0 {
            return ranked;
        }
        let settings = self.bot.settings;
        let mover = state.turn();
        let keep = keep.max(1).min(ranked.len());
        let deep_keep = settings.deep_keep.min(keep);
        if plies >= 2 && deep_keep > 0 && deep_keep < keep {
            let wide = self.select(mover, &mut ranked, keep);
            self.rerank(state, &mut ranked[..wide], 1);
            let deep = self.select(mover, &mut ranked[..wide], deep_keep);
            self.rerank(state, &mut ranked[..deep], plies);
        } else {
            let n = self.select(mover, &mut ranked, keep);
            self.rerank(state, &mut ranked[..n], plies);
        }
        ranked
    }

    /// Replaces the candidates' values by their `plies`-deep values and sorts them, best first.
    fn rerank(&mut self, state: &Position, ranked: &mut [Ranked], plies: u8) {
        let mover = state.turn();
        for r in ranked.iter_mut() {
            let v = self.value(&r.candidate.state, plies);
            let v = for_mover(mover, &r.candidate.state, v);
            r.equity = v.equity;
            r.win = v.win;
            r.plies = plies;
        }
        ranked.sort_by(|a, b| b.equity.total_cmp(&a.equity));
    }
}

impl Bot {
    /// A bot.
    pub fn new(evaluator: Arc<dyn Evaluator>, rules: Rules, settings: SearchSettings) -> Bot {
        Bot {
            evaluator,
            rules,
            settings,
            match_context: None,
            plays_for_match: true,
            outcome_care: true,
        }
    }

    /// This bot as its searches were before they kept outcome classes: every move filter keeps
    /// the best by 0-ply rank alone, and only the evaluator's exact states (the bear-off tables)
    /// are valued without search, not the settled endgames. Duels measure what that care is
    /// worth (`acey duel --a expert --b expert~rank`).
    pub fn by_rank_alone(self) -> Bot {
        Bot {
            outcome_care: false,
            ..self
        }
    }

    /// This bot blind to the match score: it plays every game of a match as a money game (the
    /// cube's three match facts aside). Duels measure what playing for the score is worth.
    pub fn blind_to_match(self) -> Bot {
        Bot {
            plays_for_match: false,
            match_context: None,
            ..self
        }
    }

    /// This bot playing `game`: in a match, every value it compares is the match chances the
    /// evaluation stands for at the game's score and cube ([`MatchContext`]), so it plays for
    /// the match (a gammon counts for nothing at double match point, for more when trailing);
    /// in a money game (or a match too long for the tables) the bot itself.
    pub fn in_match(&self, game: &acey_rules::Game) -> Bot {
        Bot {
            match_context: MatchContext::of(game).filter(|_| self.plays_for_match),
            ..self.clone()
        }
    }

    /// The match this bot plays for, if any.
    pub fn match_context(&self) -> Option<&MatchContext> {
        self.match_context.as_ref()
    }

    /// The value this bot compares for an evaluation from `player`'s side: the equity in points,
    /// or in a match the match chances in points of the current cube.
    pub fn value_of(&self, eval: &Eval, player: acey_rules::Player) -> f32 {
        match &self.match_context {
            Some(m) => m.value(player, eval),
            None => eval.equity(&self.rules),
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The settings.
    pub fn settings(&self) -> SearchSettings {
        self.settings
    }

    /// The evaluator's name and the settings, e.g. `net 2-ply`.
    pub fn name(&self) -> String {
        let noise = if self.settings.noise > 0.0 {
            format!(" noise {}", self.settings.noise)
        } else {
            String::new()
        };
        format!(
            "{} {}-ply{noise}",
            self.evaluator.name(),
            self.settings.plies
        )
    }

    fn search(&self) -> Search<'_> {
        Search {
            bot: self,
            gen: MoveGen::new(&self.rules),
            cache: FxHashMap::default(),
            settled: FxHashMap::default(),
        }
    }

    /// Whether `state`'s value needs no search: the evaluator values it exactly (a bear-off with
    /// a table) or the game's end is settled within a roll or two (a race where one side is
    /// certain to bear its last checkers off on its next roll: the rules alone value it). The bot
    /// then ranks every candidate by 0-ply, the whole acey-deucey chain included, and plays the
    /// best without noise.
    pub fn exact(&self, state: &Position) -> bool {
        self.evaluator.exact_for(&self.rules, state)
            || (self.outcome_care && may_settle(state) && self.search().exact(state))
    }

    /// Every candidate of the roll, best first by this bot's search (the candidates beyond the
    /// move filter keep their 0-ply equity). Where the evaluator is exact (see
    /// [`Evaluator::exact_for`]) every candidate is ranked by it, with no filter and no lookahead.
    pub fn rank(&self, state: &Position, dice: (u8, u8)) -> Vec<Ranked> {
        let mut s = self.search();
        if s.exact(state) {
            return s.ranked(state, dice, 0);
        }
        if self.rules.is_acey_deucey(dice.0, dice.1) {
            let ranked = s.ranked(state, dice, self.chain_extended());
            return s.deepen(state, ranked, self.chain_depth());
        }
        let ranked = s.ranked(state, dice, self.settings.chain_keep);
        let mut ranked = s.deepen(state, ranked, (self.settings.plies, self.settings.keep));
        let close = self.close_count(&ranked);
        if close > 0 {
            s.rerank(state, &mut ranked[..close], self.settings.close_plies);
        }
        ranked
    }

    /// The 1-2 plays extended with every double at the root: where a 1-2 has its own depth and
    /// filter, at least as many as it searches, so the search sees every segment it can keep.
    fn chain_extended(&self) -> usize {
        let s = self.settings;
        if s.chain_keep == 0 || s.chain_plies == 0 {
            s.chain_keep
        } else {
            s.chain_keep.max(s.chain_search_keep)
        }
    }

    /// How many of the best candidates of an ordinary roll, already searched at the level's own
    /// depth, are a close call to search at [`SearchSettings::close_plies`]: those among the
    /// best `close_keep` searched that deep and within `close_margin` of the best, where there
    /// are two or more (0 otherwise).
    fn close_count(&self, ranked: &[Ranked]) -> usize {
        let s = self.settings;
        let Some(best) = ranked.first() else {
            return 0;
        };
        if s.close_plies <= best.plies {
            return 0;
        }
        let close = ranked
            .iter()
            .take(s.close_keep)
            .take_while(|r| r.plies == best.plies && best.equity - r.equity <= s.close_margin)
            .count();
        if close >= 2 {
            close
        } else {
            0
        }
    }

    /// The plies and the root filter of a 1-2's decision (see [`SearchSettings::chain_plies`]).
    fn chain_depth(&self) -> (u8, usize) {
        let s = self.settings;
        match (s.chain_plies, s.chain_search_keep) {
            (0, _) => (s.plies, s.keep),
            (plies, 0) => (plies.max(s.plies), s.keep),
            (plies, keep) => (plies.max(s.plies), keep),
        }
    }

    /// The bot's choice for a roll: the whole segment up to the next roll (for a 1-2: the 1-2
    /// play, the named double and its play).
    pub fn choose(&self, state: &Position, dice: (u8, u8), rng: &mut SeededRng) -> Candidate {
        let ranked = self.rank(state, dice);
        let exact = self.exact(state);
        self.pick(ranked, exact, rng)
    }

    /// The best candidate, or with noise one near it; never noise where the values are exact.
    pub(crate) fn pick(&self, ranked: Vec<Ranked>, exact: bool, rng: &mut SeededRng) -> Candidate {
        if self.settings.noise <= 0.0 || exact || ranked.len() == 1 {
            return ranked[0].candidate;
        }
        ranked
            .iter()
            .map(|r| (r.equity + self.settings.noise * gaussian(rng), r.candidate))
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, c)| c)
            .unwrap_or(ranked[0].candidate)
    }

    /// Every nameable double after a fully played 1-2 from `after` (mover = `after.turn()`), each
    /// with its best play and equity, best first. Each double's value includes the re-roll it
    /// earns (AD-5).
    pub fn rank_doubles(&self, after: &Position) -> Vec<(u8, Ranked)> {
        let mut s = self.search();
        let mut out = Vec::new();
        for (d, plays) in double_options(&self.rules, &mut s.gen, after) {
            let cands = double_candidates(&self.rules, after, d, &plays);
            let ranked = s.rank_candidates(after, cands);
            let ranked = s.deepen(after, ranked, self.depth_after_one_two(after));
            out.push((d, ranked[0]));
        }
        out.sort_by(|a, b| b.1.equity.total_cmp(&a.1.equity));
        out
    }

    /// Every play of the double `d` named after a fully played 1-2 from `after` (mover =
    /// `after.turn()`), best first, each value including the re-roll it earns (AD-5); the plays
    /// beyond the move filter keep their 0-ply equity. Empty when `d` cannot be named.
    pub fn rank_double(&self, after: &Position, d: u8) -> Vec<Ranked> {
        let mut s = self.search();
        let options = double_options(&self.rules, &mut s.gen, after);
        match options.into_iter().find(|(value, _)| *value == d) {
            Some((_, plays)) => {
                let cands = double_candidates(&self.rules, after, d, &plays);
                let ranked = s.rank_candidates(after, cands);
                s.deepen(after, ranked, self.depth_after_one_two(after))
            }
            None => Vec::new(),
        }
    }

    /// The lookahead and root filter when naming and playing the double after a 1-2 played to
    /// `after`: a 1-2's depth, none where the evaluator is exact.
    fn depth_after_one_two(&self, after: &Position) -> (u8, usize) {
        if self.exact(after) {
            (0, self.settings.keep)
        } else {
            self.chain_depth()
        }
    }

    /// The double to name after a fully played 1-2 (AD-3).
    pub fn choose_double(&self, after: &Position, rng: &mut SeededRng) -> u8 {
        let ranked = self.rank_doubles(after);
        if self.settings.noise <= 0.0 || self.exact(after) {
            return ranked[0].0;
        }
        ranked
            .iter()
            .map(|(d, r)| (r.equity + self.settings.noise * gaussian(rng), *d))
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, d)| d)
            .unwrap_or(ranked[0].0)
    }

    /// Equity of a state for its player to roll, at this bot's depth.
    pub fn state_value(&self, state: &Position) -> f32 {
        self.search().value(state, self.settings.plies).equity
    }

    /// Equity and win probability of a state for its player to roll, looking `plies` rolls
    /// ahead (each roll answered by the best play after this bot's move filters).
    pub fn analyse(&self, state: &Position, plies: u8) -> (f32, f32) {
        let v = self.search().value(state, plies);
        (v.equity, v.win)
    }

    /// The evaluation of a state for its player to roll one roll ahead (1-ply): the cube's
    /// decisions are taken on it. See `Search::eval_ahead`.
    pub fn evaluate_ahead(&self, state: &Position) -> Eval {
        self.search().eval_ahead(state)
    }

    /// 0-ply evaluation of a state for its player to roll.
    pub fn evaluate(&self, state: &Position) -> Eval {
        self.evaluator.evaluate(&self.rules, state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidates::candidates;
    use crate::evaluators::HeuristicEvaluator;
    use crate::test_support::random_game_states;
    use acey_rules::{Player, Preset, CHECKERS};

    /// A mid-game position of a random game (fixed seed), player to roll.
    fn middle_game(rules: &Rules, seed: u64) -> Position {
        let states = random_game_states(rules, seed);
        let pos = states[states.len() / 2];
        assert!(pos.off(Player::Zero) < CHECKERS && pos.off(Player::One) < CHECKERS);
        pos
    }

    fn heuristic_bot(rules: Rules, settings: SearchSettings) -> Bot {
        Bot::new(Arc::new(HeuristicEvaluator), rules, settings)
    }

    /// The same states, in any order: what a deeper pass re-ranks is what the pass before kept.
    fn assert_same_states(a: &[Ranked], b: &[Ranked]) {
        let states = |r: &[Ranked]| {
            let mut s: Vec<Position> = r.iter().map(|r| r.candidate.state).collect();
            s.sort_by_key(|p| p.id());
            s
        };
        assert_eq!(states(a), states(b));
    }

    /// `next`'s equity searched `plies` deep, for the player to move in `state`.
    fn searched_equity(bot: &Bot, state: &Position, next: &Position, plies: u8) -> f32 {
        let (equity, win) = bot.analyse(next, plies);
        for_mover(state.turn(), next, Value { equity, win }).equity
    }

    #[test]
    fn one_ply_is_the_average_over_the_rolls_of_the_best_reply() {
        // Expectimax by hand: for each of the 21 rolls (weights 1/36 or 2/36) the roller's best
        // candidate by 0-ply, valued for the roller (negated when the other side rolls next).
        let rules = Preset::American.rules();
        let bot = heuristic_bot(rules, SearchSettings::default());
        let mut gen = MoveGen::new(&rules);
        for seed in [3, 4, 5] {
            let state = middle_game(&rules, seed);
            let roller = state.turn();
            let mut expected = 0.0f32;
            for (roll, weight) in weighted_rolls() {
                let best = candidates(&rules, &mut gen, &state, roll)
                    .iter()
                    .map(|c| {
                        let e = bot.evaluate(&c.state);
                        let e = if c.state.turn() == roller {
                            e
                        } else {
                            e.flipped()
                        };
                        e.equity(&rules)
                    })
                    .fold(f32::NEG_INFINITY, f32::max);
                expected += weight * best;
            }
            let (equity, win) = bot.analyse(&state, 1);
            // Lookahead nodes filter the 1-2 chain (INNER_CHAIN_KEEP), so the 1-2 (weight 2/36)
            // may find a somewhat worse best than the full enumeration above, never a better one;
            // every other roll agrees exactly.
            assert!(equity <= expected + 1e-3, "{equity} > {expected}");
            assert!(expected - equity < 0.1, "{equity} vs {expected}");
            assert!((0.0..=1.0).contains(&win));
        }
    }

    #[test]
    fn rank_double_lists_every_play_of_the_named_double_best_first() {
        let rules = Preset::American.rules();
        let bot = heuristic_bot(rules, SearchSettings::default());
        let after = middle_game(&rules, 8);
        for (d, best) in bot.rank_doubles(&after) {
            let all = bot.rank_double(&after, d);
            let pool = acey_rules::Pool::chosen_double(d, rules.acey_doubles_mode).unwrap();
            let plays = acey_rules::legal_plays(&rules, &after, &pool);
            assert_eq!(all.len(), plays.len().max(1), "{d}-{d}: one line per play");
            assert_eq!(all[0].equity, best.equity, "{d}-{d}: the same best play");
            assert!(all.windows(2).all(|w| w[0].equity >= w[1].equity));
        }
    }

    /// A heuristic bot with `settings`, the same bot without a 1-2 depth and filter of its own,
    /// and a middle-game state to rank from (`american`).
    fn with_and_without_chain_shape(settings: SearchSettings) -> (Bot, Bot, Position) {
        let rules = Preset::American.rules();
        let plain = SearchSettings {
            chain_plies: 0,
            ..settings
        };
        (
            heuristic_bot(rules, settings),
            heuristic_bot(rules, plain),
            middle_game(&rules, 8),
        )
    }

    #[test]
    fn a_one_two_alone_is_searched_at_its_own_depth_over_its_own_filter() {
        // Given a 0-ply bot whose 1-2s are searched at 1-ply over the best 3,
        let (bot, flat, state) = with_and_without_chain_shape(SearchSettings {
            chain_keep: 3,
            chain_plies: 1,
            chain_search_keep: 3,
            ..SearchSettings::default()
        });
        // when it ranks an ordinary roll, nothing is searched deeper;
        assert!(bot.rank(&state, (6, 4)).iter().all(|r| r.plies == 0));
        // when it ranks a 1-2, the best 3 segments by 0-ply are searched at 1-ply,
        let ranked = bot.rank(&state, (1, 2));
        assert!(ranked.len() > 3, "a 1-2 has many segments");
        let depths: Vec<u8> = ranked.iter().map(|r| r.plies).collect();
        assert_eq!(&depths[..3], &[1, 1, 1]);
        assert!(depths[3..].iter().all(|&d| d == 0));
        // exactly the best 3 of the 0-ply ranking, each at its 1-ply value;
        let zero_ply = flat.rank(&state, (1, 2));
        assert_same_states(&zero_ply[..3], &ranked[..3]);
        for r in &ranked[..3] {
            let v = searched_equity(&flat, &state, &r.candidate.state, 1);
            assert!((r.equity - v).abs() < 1e-5, "{} against {v}", r.equity);
        }
        // and naming the double after a 1-2 play is searched at the 1-2's depth too.
        let after = ranked[0]
            .candidate
            .play
            .expect("a 1-2 segment has its play");
        let doubles = bot.rank_doubles(&after.position().with_turn(state.turn()));
        assert!(doubles.iter().all(|(_, r)| r.plies == 1), "{doubles:?}");
    }

    #[test]
    fn a_one_two_at_the_level_s_own_depth_is_searched_over_its_own_wider_filter() {
        // Given a 1-ply bot that searches 2 candidates of an ordinary roll and 5 of a 1-2,
        let (bot, level, state) = with_and_without_chain_shape(SearchSettings {
            plies: 1,
            keep: 2,
            chain_keep: 2,
            chain_plies: 1,
            chain_search_keep: 5,
            ..SearchSettings::default()
        });
        let depths = |ranked: &[Ranked]| ranked.iter().map(|r| r.plies).collect::<Vec<u8>>();
        // an ordinary roll keeps the level's filter,
        let ordinary = depths(&bot.rank(&state, (6, 4)));
        assert_eq!(&ordinary[..3], &[1, 1, 0]);
        // a 1-2 searches its best 5 segments by 0-ply at the same depth,
        let ranked = bot.rank(&state, (1, 2));
        let chain = depths(&ranked);
        assert_eq!(&chain[..6], &[1, 1, 1, 1, 1, 0]);
        // from 5 1-2 plays extended with every double, not the level's 2,
        let plays = |ranked: &[Ranked]| {
            ranked
                .iter()
                .filter_map(|r| r.candidate.play.map(|p| *p.position()))
                .collect::<FxHashSet<Position>>()
                .len()
        };
        let narrow = level.rank(&state, (1, 2));
        assert!(
            plays(&ranked) > plays(&narrow),
            "{} 1-2 plays",
            plays(&ranked)
        );
        assert_eq!(&depths(&narrow)[..3], &[1, 1, 0]);
        // and the best of those 5 at 1-ply is its choice.
        let best = ranked[..5]
            .iter()
            .map(|r| searched_equity(&level, &state, &r.candidate.state, 1))
            .fold(f32::NEG_INFINITY, f32::max);
        assert!((ranked[0].equity - best).abs() < 1e-5);
    }

    #[test]
    fn close_candidates_alone_are_searched_deeper() {
        let rules = Preset::American.rules();
        let flat = heuristic_bot(rules, SearchSettings::default());
        let state = middle_game(&rules, 8);
        // A roll whose best two plays by 0-ply differ.
        let (roll, zero_ply) = [(6, 4), (5, 3), (6, 1), (4, 2), (5, 1)]
            .into_iter()
            .map(|roll| (roll, flat.rank(&state, roll)))
            .find(|(_, z)| z.len() > 4 && z[0].equity - z[1].equity > 1e-3)
            .expect("some mid-game roll has a best play by a margin");
        let gap = zero_ply[0].equity - zero_ply[1].equity;
        let close = |margin: f32, keep: usize| {
            heuristic_bot(
                rules,
                SearchSettings {
                    close_plies: 1,
                    close_margin: margin,
                    close_keep: keep,
                    ..SearchSettings::default()
                },
            )
        };
        // Given a margin that takes in the second best but not the fifth,
        let margin = gap + 1e-4;
        let within = zero_ply
            .iter()
            .take(4)
            .take_while(|r| zero_ply[0].equity - r.equity <= margin)
            .count();
        assert!(within >= 2);
        let ranked = close(margin, 4).rank(&state, roll);
        // exactly the candidates within the margin are searched at 1-ply, each at its value,
        let depths: Vec<u8> = ranked.iter().map(|r| r.plies).collect();
        assert!(depths[..within].iter().all(|&d| d == 1), "{depths:?}");
        assert!(depths[within..].iter().all(|&d| d == 0), "{depths:?}");
        assert_same_states(&zero_ply[..within], &ranked[..within]);
        for r in &ranked[..within] {
            let v = searched_equity(&flat, &state, &r.candidate.state, 1);
            assert!((r.equity - v).abs() < 1e-5, "{} against {v}", r.equity);
        }
        // at most `close_keep` of them however wide the margin;
        let capped = close(f32::INFINITY, 2).rank(&state, roll);
        let depths: Vec<u8> = capped.iter().map(|r| r.plies).collect();
        assert_eq!(&depths[..3], &[1, 1, 0]);
        // where the best stands out by more than the margin, the 0-ply ranking is kept as it is;
        let clear = close(gap / 2.0, 4).rank(&state, roll);
        assert!(clear.iter().all(|r| r.plies == 0));
        let order = |r: &[Ranked]| r.iter().map(|r| r.candidate.state).collect::<Vec<_>>();
        assert_eq!(order(&clear), order(&zero_ply));
        // and a 1-2 is a 1-2's decision, not a close one.
        assert!(close(f32::INFINITY, 4)
            .rank(&state, (1, 2))
            .iter()
            .all(|r| r.plies == 0));
    }

    #[test]
    fn close_calls_of_a_deeper_search_are_searched_a_ply_deeper_still() {
        // Given a 1-ply bot over the best 4,
        let rules = Preset::American.rules();
        let one_ply = SearchSettings {
            plies: 1,
            keep: 4,
            inner_keep: 1,
            chain_keep: 3,
            ..SearchSettings::default()
        };
        let flat = heuristic_bot(rules, one_ply);
        let state = middle_game(&rules, 8);
        let (roll, searched) = [(6, 4), (5, 3), (6, 1), (4, 2)]
            .into_iter()
            .map(|roll| (roll, flat.rank(&state, roll)))
            .find(|(_, r)| r.len() > 4 && r[0].equity - r[1].equity > 1e-3)
            .expect("some mid-game roll has a best play by a margin at 1-ply");
        let gap = searched[0].equity - searched[1].equity;
        let close = |margin: f32| {
            heuristic_bot(
                rules,
                SearchSettings {
                    close_plies: 2,
                    close_margin: margin,
                    close_keep: 3,
                    ..one_ply
                },
            )
        };
        // the candidates within the margin by 1-ply (at most 3) are searched at 2-ply, each at
        // its 2-ply value, the rest of the 4 stay at 1-ply and the others at 0-ply;
        let margin = gap + 1e-4;
        let within = searched
            .iter()
            .take(3)
            .take_while(|r| searched[0].equity - r.equity <= margin)
            .count();
        let ranked = close(margin).rank(&state, roll);
        let depths: Vec<u8> = ranked.iter().map(|r| r.plies).collect();
        assert!(depths[..within].iter().all(|&d| d == 2), "{depths:?}");
        assert!(depths[within..4].iter().all(|&d| d == 1), "{depths:?}");
        assert!(depths[4..].iter().all(|&d| d == 0), "{depths:?}");
        assert_same_states(&searched[..within], &ranked[..within]);
        for r in &ranked[..within] {
            let v = searched_equity(&flat, &state, &r.candidate.state, 2);
            assert!((r.equity - v).abs() < 1e-5, "{} against {v}", r.equity);
        }
        // where the best stands out at 1-ply, the 1-ply ranking stands.
        let clear = close(gap / 2.0).rank(&state, roll);
        assert!(clear.iter().take(4).all(|r| r.plies == 1));
        let order = |r: &[Ranked]| r.iter().map(|r| r.candidate.state).collect::<Vec<_>>();
        assert_eq!(order(&clear), order(&searched));
    }

    #[test]
    fn progressive_filtering_searches_the_best_deeper_and_keeps_each_pass_in_order() {
        let rules = Preset::American.rules();
        let settings = SearchSettings {
            plies: 2,
            keep: 5,
            deep_keep: 2,
            inner_keep: 1,
            chain_keep: 3,
            noise: 0.0,
            ..SearchSettings::default()
        };
        let bot = heuristic_bot(rules, settings);
        let state = middle_game(&rules, 8);
        let ranked = bot.rank(&state, (6, 4));
        assert!(ranked.len() > 5, "a mid-game 6-4 has many plays");
        let depths: Vec<u8> = ranked.iter().map(|r| r.plies).collect();
        assert_eq!(&depths[..5], &[2, 2, 1, 1, 1]);
        assert!(depths[5..].iter().all(|&d| d == 0));
        for pass in [&ranked[..2], &ranked[2..5], &ranked[5..]] {
            assert!(pass.windows(2).all(|w| w[0].equity >= w[1].equity));
        }
        // The 2-ply pass re-ranks exactly the 1-ply pass's best two.
        let one_ply = heuristic_bot(
            rules,
            SearchSettings {
                plies: 1,
                ..settings
            },
        )
        .rank(&state, (6, 4));
        assert_same_states(&one_ply[..2], &ranked[..2]);
        // And the 2-ply value of a candidate is the value of its state searched 2 plies deep.
        let r = &ranked[0];
        let v = searched_equity(&bot, &state, &r.candidate.state, 2);
        assert!((v - r.equity).abs() < 1e-4, "{v} vs {}", r.equity);
    }

    #[test]
    fn at_double_match_point_the_bot_plays_for_the_win_alone() {
        // 1-away against 1-away after the Crawford game: gammons count for nothing, so the
        // ranking of every roll's plays is the ranking by winning chances.
        let rules = Preset::Backgammon.rules();
        let ctx = MatchContext {
            away: [1, 1],
            cube: 1,
            post_after: true,
            met: crate::match_equity::Met::for_rules(&rules),
            scale: crate::eval::max_points(&rules),
        };
        // At 0-ply on every roll, so that each value is the network's own.
        let level = crate::levels::Level::Advanced;
        let money = Bot::new(level.evaluator(&rules), rules, level.settings_at(&rules, 0));
        let dmp = Bot {
            match_context: Some(ctx),
            ..money.clone()
        };
        for seed in [1, 2, 3] {
            let state = middle_game(&rules, seed);
            for roll in [(3, 1), (6, 5), (4, 4)] {
                let ranked = dmp.rank(&state, roll);
                for pair in ranked.windows(2) {
                    assert!(pair[0].eval.win + 1e-6 >= pair[1].eval.win, "{roll:?}");
                }
                // Each value is the money value of a one-point game: 2 p - 1.
                let best = &ranked[0];
                assert!((best.equity - (2.0 * best.eval.win - 1.0)).abs() < 1e-4);
            }
        }
    }

    #[test]
    fn the_one_ply_evaluation_averages_the_rolls() {
        let rules = Preset::American.rules();
        let bot = heuristic_bot(rules, SearchSettings::default());
        let state = middle_game(&rules, 7);
        let ahead = bot.evaluate_ahead(&state);
        // Its win chances are the 1-ply search's.
        let (_, win) = bot.analyse(&state, 1);
        assert!((ahead.win - win).abs() < 1e-5, "{ahead:?} {win}");
        assert!(
            (0.0..=1.0).contains(&ahead.win_points) && (0.0..=1.0).contains(&ahead.loss_points)
        );
    }
}
