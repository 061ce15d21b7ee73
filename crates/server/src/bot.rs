//! The computer opponent: turns what `acey_ai` chooses into game actions, and hints.
//!
//! Everything here is synchronous and CPU-bound; the room runs it on tokio's blocking pool so
//! that a bot thinking never holds up the connections.

use acey_ai::{cube, Bot, Candidate};
use acey_rules::{Action, Dice, Game, Phase, PoolKind, Position};

use crate::protocol::HintPlay;

/// What the bot needs to know to act: a copy of the game, taken under the room's lock so the
/// bot can think without it.
#[derive(Debug, Clone)]
pub struct Situation {
    /// The game as it stood.
    pub game: Game,
}

impl Situation {
    /// The situation of `game`.
    pub fn of(game: &Game) -> Situation {
        Situation { game: game.clone() }
    }

    /// The position where the play being built started (the position itself outside the `Move`
    /// phase), with `turn` = the mover.
    fn play_start(&self) -> Position {
        self.game
            .turn()
            .map(|t| *t.start())
            .unwrap_or_else(|| self.game.position())
    }
}

fn steps_of(play: &acey_rules::Play) -> Action {
    Action::Play {
        steps: play.steps().to_vec(),
    }
}

/// The dice of a natural roll or of the 1-2 as the bot's search wants them.
fn roll_dice(pool: &acey_rules::Pool) -> (u8, u8) {
    let d = pool.dice();
    (d[0], d.get(1).copied().unwrap_or(d[0]))
}

/// The actions of a whole candidate: the play, then for a 1-2 the named double and its play. The
/// room applies them one at a time and stops if the game asks for something else.
pub fn candidate_actions(c: &Candidate) -> Vec<Action> {
    let mut out = Vec::new();
    if let Some(p) = &c.play {
        out.push(steps_of(p));
    }
    if let Some((d, play)) = &c.double {
        out.push(Action::NameDouble { value: *d });
        if let Some(p) = play {
            out.push(steps_of(p));
        }
    }
    out
}

/// The bot's actions for the situation; empty when the bot has nothing to decide (the server
/// rolls the dice itself, and asks [`offers_double`] before rolling for the bot).
pub fn decide(bot: &Bot, s: &Situation, seed: u64) -> Vec<Action> {
    // In a match the bot plays for the match score.
    let bot = &bot.in_match(&s.game);
    let mut rng = Dice::new(seed);
    match s.game.phase() {
        Phase::Move { pool, kind, .. } => {
            let start = s.play_start();
            match kind {
                PoolKind::Natural | PoolKind::AceyDeucey => {
                    candidate_actions(&bot.choose(&start, roll_dice(pool), &mut rng))
                }
                PoolKind::ChosenDouble(d) => bot
                    .rank_doubles(&start)
                    .into_iter()
                    .find(|(value, _)| value == d)
                    .and_then(|(_, r)| r.candidate.double.and_then(|(_, p)| p))
                    .map(|p| vec![steps_of(&p)])
                    .unwrap_or_default(),
            }
        }
        Phase::NameDouble { .. } => vec![Action::NameDouble {
            value: bot.choose_double(&s.game.position(), &mut rng),
        }],
        Phase::CubeOffered { .. } => match cube::takes_double(bot, &s.game) {
            Some(false) => vec![Action::Drop],
            _ => vec![Action::Take],
        },
        _ => Vec::new(),
    }
}

/// Whether the bot, on roll in `game`, doubles instead of rolling (see [`acey_ai::cube`]). One
/// 1-ply evaluation (21 rolls, about 2 ms): cheap enough to ask under the room's lock.
pub fn offers_double(bot: &Bot, game: &Game) -> bool {
    cube::offers_double(bot, game)
}

/// The bot's ranked plays for the roll being played, best first (at most `max`). When the
/// person has already taken steps of the play, only the plays that can still be reached are
/// ranked, and each hint's `steps` are the steps still to take (its notation is the whole play).
pub fn hint(bot: &Bot, s: &Situation, max: usize) -> Vec<HintPlay> {
    let bot = &bot.in_match(&s.game);
    if let Phase::NameDouble { .. } = s.game.phase() {
        // Which double to name: each nameable double with its best play (AD-3, AD-4).
        return bot
            .rank_doubles(&s.game.position())
            .into_iter()
            .take(max)
            .map(|(d, r)| {
                let play = r.candidate.double.and_then(|(_, p)| p);
                HintPlay {
                    notation: format!(
                        "{d}-{d}: {}",
                        play.map(|p| p.notation()).unwrap_or_else(|| "-".into())
                    ),
                    equity: r.equity,
                    steps: Vec::new(),
                }
            })
            .collect();
    }
    let Phase::Move { pool, kind, .. } = s.game.phase() else {
        return Vec::new();
    };
    let start = s.play_start();
    // What remains of a play already started: the reachable results and the steps to them.
    let rest = s
        .game
        .turn()
        .filter(|t| !t.steps().is_empty())
        .map(|t| (t.steps().len(), t.completions()));
    let ranked = match kind {
        PoolKind::Natural | PoolKind::AceyDeucey => bot.rank(&start, roll_dice(pool)),
        PoolKind::ChosenDouble(d) => bot
            .rank_doubles(&start)
            .into_iter()
            .filter(|(value, _)| value == d)
            .map(|(_, r)| r)
            .collect(),
    };
    ranked
        .iter()
        .filter_map(|r| {
            let c = &r.candidate;
            // The play of the pool being played now: a named double's while playing one.
            let (now, double) = match (&c.play, &c.double) {
                (None, Some((_, play))) => (*play, None),
                (play, double) => (*play, *double),
            };
            let mut steps = now.map(|p| p.steps().to_vec()).unwrap_or_default();
            if let Some((taken, rest)) = &rest {
                let target = now.map(|p| *p.position())?;
                let whole = rest.iter().find(|p| *p.position() == target)?;
                steps = whole.steps()[*taken..].to_vec();
            }
            let mut notation = now.map(|p| p.notation()).unwrap_or_default();
            if let Some((d, play)) = double {
                let after = play.map(|p| p.notation()).unwrap_or_else(|| "-".into());
                notation = format!("{notation}, then {d}-{d}: {after}");
            }
            Some(HintPlay {
                notation,
                equity: r.equity,
                steps,
            })
        })
        .take(max)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_ai::Level;
    use acey_rules::Rules;

    fn situation(game: &Game) -> Situation {
        Situation::of(game)
    }

    #[test]
    fn a_hint_after_a_step_ranks_only_what_can_still_be_played() {
        // Given a 6-5 in the backgammon start and the person's 24/18,
        // when a hint is asked for, then every hinted play goes on from there: its steps are
        // the rest of the play, and they are legal now.
        let rules = acey_rules::Preset::Backgammon.rules();
        let bot = Level::Advanced.bot(rules);
        let mut game = Game::new(rules);
        game.apply(Action::DieOff { dice: [6, 5] }).unwrap();
        let before = hint(&bot, &situation(&game), 50);
        let step = *game
            .turn()
            .unwrap()
            .legal_steps()
            .iter()
            .find(|s| s.die == 6 && s.from == acey_rules::Source::Point(24))
            .unwrap();
        game.apply(Action::Step { step }).unwrap();
        let after = hint(&bot, &situation(&game), 50);
        assert!(!after.is_empty() && after.len() < before.len(), "{after:?}");
        for h in &after {
            assert_eq!(h.steps.len(), 1, "{h:?}");
            let mut g = game.clone();
            g.apply(Action::Step { step: h.steps[0] }).unwrap();
            assert!(g.turn().unwrap().is_complete());
        }
    }

    #[test]
    fn the_bots_actions_are_accepted_by_the_game_through_an_acey_deucey() {
        let rules = Rules::default();
        let bot = Level::Advanced.bot(rules);
        let mut game = Game::new(rules);
        game.apply(Action::DieOff { dice: [5, 2] }).unwrap();
        game.apply(Action::Roll { dice: [1, 2] }).unwrap();
        let hints = hint(&bot, &situation(&game), 3);
        assert!(
            !hints.is_empty() && hints[0].notation.contains("then"),
            "{hints:?}"
        );
        for a in decide(&bot, &situation(&game), 1) {
            game.apply(a).unwrap();
        }
        // The 1-2, the named double and its play: player 0 rolls again (AD-5).
        assert!(
            matches!(game.phase(), Phase::Roll { .. }),
            "{:?}",
            game.phase()
        );
        assert_eq!(game.log().len(), 2);
    }
}
