//! The bot at the table: given a [`Game`], the actions the bot takes for the decision the game
//! waits for, and the ranked choices it would suggest to a person there.
//!
//! This is the one place where the bot's search meets the game's flow. [`Bot::choose`] answers
//! "which turn segment for this position and roll"; a game also asks for the double to name
//! after a 1-2 (AD-3), the play of that double when a game is taken up in the middle of a chain
//! (AD-4), and the cube. [`Bot::decide`] answers whichever of these the game waits for, in the
//! game's own [`Action`]s, so that every caller (the server's rooms, `acey play`, `acey duel`,
//! the browser's engine) plays the same way. The crate's documentation opens with a whole game
//! played so.
//!
//! The segment after a 1-2 comes back whole: the 1-2's play, the named double and its play.
//! Callers apply the actions in order; each is legal in the game the one before it leaves.

use acey_rules::{
    Action, Game, Phase, Play, Player, PoolKind, Position, Resignation, SeededRng, Step,
};

use crate::search::{Bot, Ranked};

/// One ranked choice the bot suggests for the decision a game waits for ([`Bot::hints`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Hint {
    /// The action that makes the choice: the whole play of the pool being played (steps already
    /// taken included: [`Action::Play`] replaces them), or the double to name.
    pub action: Action,
    /// The steps still to take from where the play stands: the play's steps after those already
    /// taken (every step before any was taken; none when naming a double).
    pub steps: Vec<Step>,
    /// The choice in move notation: a play; for a 1-2, the play, then the double and its play
    /// (`in/24 24/23, then 6-6: ...`); when naming a double, `6-6: ` and that double's play.
    pub notation: String,
    /// Expected points (or, in a match, the match chances in points of the cube) for the mover.
    pub equity: f32,
    /// The mover's winning chance.
    pub win: f32,
}

/// The position a decision of `game` is taken from: where the play being built started (its
/// steps are not part of the decision), else the game's position; `turn` is the player the game
/// waits for.
fn decision_start(game: &Game, player: Player) -> Position {
    game.turn()
        .map(|t| *t.start())
        .unwrap_or_else(|| game.position())
        .with_turn(player)
}

/// The dice of the pool a natural roll or a 1-2 is played with, as the search wants them.
fn roll_of(pool: &acey_rules::Pool) -> (u8, u8) {
    let d = pool.dice();
    (d[0], d.get(1).copied().unwrap_or(d[0]))
}

fn play_action(play: &Play) -> Action {
    Action::Play {
        steps: play.steps().to_vec(),
    }
}

/// The play of the named double in a ranked double candidate.
fn double_play(r: &Ranked) -> Option<Play> {
    r.candidate.double.and_then(|(_, p)| p)
}

fn written(play: Option<Play>) -> String {
    play.map_or_else(|| "-".to_string(), |p| p.notation())
}

impl Bot {
    /// The actions this bot takes for the decision `game` waits for, in order; empty when the
    /// game waits for no decision of a player (the die-off, a roll the bot does not double
    /// before, a finished game: the dice and the next game are the caller's).
    ///
    /// * A roll to play: the whole turn segment up to the next roll ([`Bot::choose`]); for a
    ///   1-2, its play, the named double and that double's play. Steps already taken of the
    ///   play are replaced.
    /// * A double to name (AD-3), or a named double to play (AD-4) when the game was taken up
    ///   in the middle of the chain: the best double, or that double's best play.
    /// * On roll with the cube available: [`Action::Double`] where the bot's cube analysis
    ///   doubles ([`crate::cube::offers_double`]), else nothing (the caller rolls).
    /// * A cube offered to the bot: [`Action::Take`] or [`Action::Drop`].
    ///
    /// In a match the bot plays for the score ([`Bot::in_match`]). `noise` drives the levels
    /// that play with noise; a noiseless bot leaves it untouched.
    pub fn decide(&self, game: &Game, noise: &mut SeededRng) -> Vec<Action> {
        let bot = self.in_match(game);
        match game.phase() {
            Phase::Move { player, pool, kind } => {
                let start = decision_start(game, *player);
                match kind {
                    PoolKind::Natural | PoolKind::AceyDeucey => {
                        bot.choose(&start, roll_of(pool), noise).actions()
                    }
                    PoolKind::ChosenDouble(d) => bot
                        .rank_doubles(&start)
                        .iter()
                        .find(|(value, _)| value == d)
                        .and_then(|(_, r)| double_play(r))
                        .map(|p| vec![play_action(&p)])
                        .unwrap_or_default(),
                }
            }
            Phase::NameDouble { player } => vec![Action::NameDouble {
                value: bot.choose_double(&decision_start(game, *player), noise),
            }],
            Phase::Roll { .. } if self.doubles_now(game) => vec![Action::Double],
            Phase::CubeOffered { .. } => match crate::cube::takes_double(&bot, game) {
                Some(false) => vec![Action::Drop],
                _ => vec![Action::Take],
            },
            Phase::DieOff | Phase::Roll { .. } | Phase::GameOver { .. } => Vec::new(),
        }
    }

    /// Whether the bot, on roll in `game`, offers the cube instead of rolling (in a match, for the
    /// score). False when `game` is not waiting for a roll. One 1-ply evaluation: cheap enough to
    /// ask before every roll. [`Bot::decide`] gives [`Action::Double`] exactly when this holds.
    pub fn doubles_now(&self, game: &Game) -> bool {
        matches!(game.phase(), Phase::Roll { .. })
            && crate::cube::offers_double(&self.in_match(game), game)
    }

    /// The bot's ranked choices for the checker decision `game` waits for, best first, at most
    /// `max`: the plays of the roll (for a 1-2, whole segments), every play of a named double,
    /// or each nameable double with its best play. When steps of the play are already taken,
    /// only the plays that can still be reached are ranked, and each hint's `steps` are the
    /// steps still to take. Empty outside a checker decision (the cube is
    /// [`crate::cube`]'s).
    pub fn hints(&self, game: &Game, max: usize) -> Vec<Hint> {
        let bot = self.in_match(game);
        match game.phase() {
            Phase::NameDouble { player } => bot
                .rank_doubles(&decision_start(game, *player))
                .into_iter()
                .take(max)
                .map(|(value, r)| Hint {
                    action: Action::NameDouble { value },
                    steps: Vec::new(),
                    notation: format!("{value}-{value}: {}", written(double_play(&r))),
                    equity: r.equity,
                    win: r.win,
                })
                .collect(),
            Phase::Move { player, pool, kind } => {
                let start = decision_start(game, *player);
                let ranked = match kind {
                    PoolKind::Natural | PoolKind::AceyDeucey => bot.rank(&start, roll_of(pool)),
                    PoolKind::ChosenDouble(d) => bot.rank_double(&start, *d),
                };
                // The ways to finish the play from the steps already taken, as whole plays.
                let taken = game.turn().map_or(0, |t| t.steps().len());
                let finish = match game.turn() {
                    Some(t) if taken > 0 => t.completions(),
                    _ => Vec::new(),
                };
                ranked
                    .iter()
                    .filter_map(|r| {
                        let c = &r.candidate;
                        // The play of the pool being played now: the named double's while
                        // playing one, then what follows it in the segment.
                        let (now, then) = match (&c.play, &c.double) {
                            (None, Some((_, play))) => (*play, None),
                            (play, double) => (*play, *double),
                        };
                        let now = now?;
                        // From where the play stands: the way to finish that reaches the same
                        // position (none: no longer reachable).
                        let whole = if taken == 0 {
                            now
                        } else {
                            *finish.iter().find(|f| f.position() == now.position())?
                        };
                        let mut notation = whole.notation();
                        if let Some((d, play)) = then {
                            notation.push_str(&format!(", then {d}-{d}: {}", written(play)));
                        }
                        Some(Hint {
                            action: play_action(&whole),
                            steps: whole.steps()[taken.min(whole.steps().len())..].to_vec(),
                            notation,
                            equity: r.equity,
                            win: r.win,
                        })
                    })
                    .take(max)
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// Whether this bot, as the opponent of `by`, accepts `by`'s offer to resign conceding
    /// `level` (under `gammon-backgammon` scoring, [`Action::ResignAs`]): it accepts when the
    /// points conceded are at least what it expects to win by playing on, from its own 0-ply
    /// evaluation of the position (cubeless, times the cube). An offer the position does not
    /// allow ([`Game::resignations`]) is never accepted.
    pub fn accepts_resignation(&self, game: &Game, by: Player, level: Resignation) -> bool {
        let Some(points) = game
            .resignations(by)
            .iter()
            .find(|(r, _)| *r == level)
            .map(|(_, p)| *p)
        else {
            return false;
        };
        let pos = match game.turn() {
            Some(t) => *t.start(),
            None => game.position(),
        };
        let e = self.evaluate(&pos);
        let e = if pos.turn() == by { e.flipped() } else { e };
        let expects = e.equity(game.rules()) * game.cube().value as f32;
        points as f32 >= expects
    }
}

/// What the table does by itself next in `game`, if anything, for every host of a game against
/// people and the bot (the server's rooms, the browser's engine): the die-off, the bot's cube
/// offer before its roll (R9.3), and every roll nobody decides on: the bot's, and that of a
/// person who may not double. `None` where the game waits for a decision of a person (one who
/// may double chooses between rolling and doubling) or of the bot ([`Bot::decide`]), or is
/// over. `bot` is the bot and the seat it plays; `roll` is asked for dice only when a roll or
/// die-off is made, and its error is passed on.
pub fn table_action<E>(
    game: &Game,
    bot: Option<(&Bot, Player)>,
    roll: impl FnOnce() -> Result<[u8; 2], E>,
) -> Result<Option<Action>, E> {
    Ok(match game.phase() {
        Phase::DieOff => Some(Action::DieOff { dice: roll()? }),
        Phase::Roll { player } => match bot {
            Some((bot, seat)) if seat == *player && bot.doubles_now(game) => Some(Action::Double),
            Some((_, seat)) if seat == *player => Some(Action::Roll { dice: roll()? }),
            _ if !game.may_double(*player) => Some(Action::Roll { dice: roll()? }),
            _ => None,
        },
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::levels::Level;
    use acey_rules::{Preset, Rules, Source};

    /// An american game where player 0 has just rolled a 1-2 (AD-1), its 1-2 played when
    /// `played`.
    fn after_one_two(played: bool) -> Game {
        let mut game = Game::new(Rules::default());
        game.apply(Action::DieOff { dice: [5, 2] }).unwrap();
        game.apply(Action::Roll { dice: [1, 2] }).unwrap();
        if played {
            let first = game.legal_plays()[0].steps().to_vec();
            game.apply(Action::Play { steps: first }).unwrap();
        }
        game
    }

    /// A backgammon game where player 0 plays the opening 6-5.
    fn six_five() -> Game {
        let mut game = Game::new(Preset::Backgammon.rules());
        game.apply(Action::DieOff { dice: [6, 5] }).unwrap();
        game
    }

    /// The kinds of `actions`, in order.
    fn kinds(actions: &[Action]) -> Vec<&'static str> {
        let kind = |a: &Action| match a {
            Action::Play { .. } => "play",
            Action::NameDouble { .. } => "name-double",
            _ => "other",
        };
        actions.iter().map(kind).collect()
    }

    /// Asserts that `game` waits for `player` to roll.
    fn assert_rolls(game: &Game, player: Player) {
        assert!(
            matches!(game.phase(), Phase::Roll { player: p } if *p == player),
            "{:?}",
            game.phase()
        );
    }

    /// Applies `actions` to `game`, each accepted.
    fn apply_all(game: &mut Game, actions: &[Action]) {
        for a in actions {
            game.apply(a.clone()).unwrap();
        }
    }

    #[test]
    fn a_one_two_is_played_named_and_played_again_in_one_decision() {
        // AD-1..AD-5: the 1-2, the named double and its play, then the same player rolls again.
        let mut game = after_one_two(false);
        let bot = Level::Advanced.bot(*game.rules());
        let actions = bot.decide(&game, &mut SeededRng::new(1));
        assert_eq!(kinds(&actions), ["play", "name-double", "play"]);
        apply_all(&mut game, &actions);
        assert_rolls(&game, Player::Zero);
        assert_eq!(game.log().len(), 2);
    }

    #[test]
    fn a_chain_taken_up_at_the_named_double_is_finished() {
        // Naming the double, then playing it, each as its own decision (AD-3, AD-4).
        let mut game = after_one_two(true);
        let bot = Level::Beginner.bot(*game.rules());
        for kind in ["name-double", "play"] {
            let actions = bot.decide(&game, &mut SeededRng::new(1));
            assert_eq!(kinds(&actions), [kind]);
            apply_all(&mut game, &actions);
        }
        assert_rolls(&game, Player::Zero);
    }

    #[test]
    fn steps_already_taken_are_replaced_by_the_bots_play() {
        let mut game = six_five();
        let bot = Level::Advanced.bot(*game.rules());
        let step = *game.turn().unwrap().legal_steps().first().unwrap();
        game.apply(Action::Step { step }).unwrap();
        let actions = bot.decide(&game, &mut SeededRng::new(1));
        assert_eq!(actions.len(), 1);
        apply_all(&mut game, &actions);
        assert_rolls(&game, Player::One);
    }

    #[test]
    fn a_hint_after_a_step_ranks_only_what_can_still_be_played() {
        // Given a 6-5 in the backgammon start and the person's 24/18, every hinted play goes on
        // from there: its steps are the rest of the play, and they are legal now.
        let mut game = six_five();
        let bot = Level::Advanced.bot(*game.rules());
        let before = bot.hints(&game, 50);
        let step = *game
            .turn()
            .unwrap()
            .legal_steps()
            .iter()
            .find(|s| s.die == 6 && s.from == Source::Point(24))
            .unwrap();
        game.apply(Action::Step { step }).unwrap();
        let after = bot.hints(&game, 50);
        assert!(!after.is_empty() && after.len() < before.len(), "{after:?}");
        for h in &after {
            assert_eq!(h.steps.len(), 1, "{h:?}");
            let mut g = game.clone();
            g.apply(Action::Step { step: h.steps[0] }).unwrap();
            assert!(g.turn().unwrap().is_complete());
            // The hint's action plays the whole play from any point of it.
            game.clone().apply(h.action.clone()).unwrap();
        }
    }

    #[test]
    fn the_hints_of_a_one_two_give_whole_segments_and_then_every_double_to_name() {
        let game = after_one_two(false);
        let bot = Level::Beginner.bot(*game.rules());
        let hints = bot.hints(&game, 3);
        assert!(
            !hints.is_empty() && hints[0].notation.contains("then"),
            "{hints:?}"
        );
        let game = after_one_two(true);
        let names = bot.hints(&game, usize::MAX);
        assert_eq!(names.len(), game.nameable_doubles().len(), "{names:?}");
        for h in &names {
            assert!(matches!(h.action, Action::NameDouble { .. }), "{h:?}");
            game.clone().apply(h.action.clone()).unwrap();
        }
    }

    #[test]
    fn a_resignation_is_accepted_only_when_it_concedes_what_the_bot_expects() {
        use acey_rules::{Position, Scoring};
        let rules = Rules {
            scoring: Scoring::GammonBackgammon,
            ..Preset::Backgammon.rules()
        };
        let bot = Level::Advanced.bot(rules);
        // Player 0, on roll, has 13 checkers off and two on its 6-point: it wins. Player 1 has
        // none off and one checker still outside its home board: it may save the gammon, or
        // not. The bot (player 0) expects more than a single game and less than a gammon.
        let mut board = [0i8; 24];
        board[5] = 2;
        for (q, n) in [(1, 5), (2, 5), (3, 4), (7, 1)] {
            board[24 - q] = -n;
        }
        let pos = Position::new(board, [0, 0], [0, 0], [13, 0], Player::Zero).unwrap();
        let game = Game::from_position(rules, pos).unwrap();
        assert!(!bot.accepts_resignation(&game, Player::One, Resignation::Single));
        assert!(bot.accepts_resignation(&game, Player::One, Resignation::Gammon));
        // A backgammon is not on the board: no such offer is accepted.
        assert!(!bot.accepts_resignation(&game, Player::One, Resignation::Backgammon));
    }
}
