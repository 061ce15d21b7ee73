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
/// 0-ply evaluation: cheap enough to ask under the room's lock.
pub fn offers_double(bot: &Bot, game: &Game) -> bool {
    cube::offers_double(bot, game)
}

/// The bot's ranked plays for the roll being played, best first (at most `max`).
pub fn hint(bot: &Bot, s: &Situation, max: usize) -> Vec<HintPlay> {
    let Phase::Move { pool, kind, .. } = s.game.phase() else {
        return Vec::new();
    };
    let start = s.play_start();
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
        .take(max)
        .map(|r| {
            let c = &r.candidate;
            let mut notation = c.play.map(|p| p.notation()).unwrap_or_default();
            let mut steps = c.play.map(|p| p.steps().to_vec()).unwrap_or_default();
            if let Some((d, play)) = &c.double {
                let after = play.map(|p| p.notation()).unwrap_or_else(|| "-".into());
                if c.play.is_none() {
                    // Playing a named double already: the hint is that double's play.
                    notation = after;
                    steps = play.map(|p| p.steps().to_vec()).unwrap_or_default();
                } else {
                    notation = format!("{notation}, then {d}-{d}: {after}");
                }
            }
            HintPlay {
                notation,
                equity: r.equity,
                steps,
            }
        })
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
