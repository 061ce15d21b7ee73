//! Taking back a finished play: where in the action log that play began.
//!
//! A takeback is a cut of the log, not an action: the game is rebuilt from the actions before
//! the play, so the player to move is again at the start of that play with the same dice (a
//! roll is not taken back, only what was made of it). Games against the computer and on one
//! screen offer it; a game where it was used is no longer a fair record of both players' play,
//! which is the caller's to mark.

use crate::game::{Action, Game, Phase};
use crate::position::Player;

impl Game {
    /// How many of [`Game::actions`] to keep to take back the last finished play of `by` (of
    /// either player with `None`) that moved a checker, with everything after it (the
    /// opponent's cube actions, rolls and plays).
    ///
    /// `None` when there is no such play in the game being played: nothing played yet in it,
    /// or it is over. A match's earlier games are never reopened, and a play with no legal step
    /// (R3.2) is skipped, as there is nothing in it to choose again.
    ///
    /// ```
    /// use acey_rules::{Action, Game, Phase, Player, Rules};
    /// let mut game = Game::new(Rules::default());
    /// game.apply(Action::DieOff { dice: [6, 2] }).unwrap();
    /// game.apply(Action::Roll { dice: [6, 5] }).unwrap();
    /// let before = game.actions().len();
    /// let play = game.legal_plays()[0].steps().to_vec();
    /// game.apply(Action::Play { steps: play }).unwrap();
    /// let keep = game.takeback_point(Some(Player::Zero)).unwrap();
    /// assert_eq!(keep, before);
    /// let again = Game::replay(*game.rules(), &game.actions()[..keep]).unwrap();
    /// assert!(matches!(again.phase(), Phase::Move { player: Player::Zero, .. }));
    /// ```
    pub fn takeback_point(&self, by: Option<Player>) -> Option<usize> {
        if matches!(self.phase(), Phase::GameOver { .. }) {
            return None;
        }
        let mut game = match self.setup() {
            Some(position) => Game::from_position(*self.rules(), *position).ok()?,
            None => Game::new(*self.rules()),
        };
        // Where the play being made began, and the start of the last play that qualifies.
        let mut play_start = None;
        let mut found = None;
        for (i, action) in self.actions().iter().enumerate() {
            if matches!(game.phase(), Phase::Move { .. }) && play_start.is_none() {
                play_start = Some(i);
            }
            if matches!(action, Action::NextGame) {
                found = None;
            }
            let logged = game.log().len();
            // The log was accepted once: it applies again.
            game.apply(action.clone()).ok()?;
            if let Some(play) = game.log().get(logged) {
                let mine = by.is_none_or(|p| p == play.player);
                if mine && !play.steps.is_empty() {
                    // A play that finished with this action began at `play_start`; one made
                    // whole by a `Play` began with it.
                    found = play_start.or(Some(i));
                }
            }
            if !matches!(game.phase(), Phase::Move { .. }) || game.log().len() > logged {
                play_start = None;
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Action, Game, Phase, PoolKind};
    use crate::position::Player;
    use crate::rules::Rules;

    /// Applies the first legal play of the roll being played, step by step, then confirms.
    fn play_by_steps(game: &mut Game) {
        let steps = game.legal_plays()[0].steps().to_vec();
        for step in steps {
            game.apply(Action::Step { step }).unwrap();
        }
        game.apply(Action::Confirm).unwrap();
    }

    fn first_play(game: &Game) -> Action {
        Action::Play {
            steps: game.legal_plays()[0].steps().to_vec(),
        }
    }

    fn rebuilt(game: &Game, keep: usize) -> Game {
        Game::replay(*game.rules(), &game.actions()[..keep]).unwrap()
    }

    #[test]
    fn a_confirmed_play_is_taken_back_with_the_reply_to_it_and_the_same_dice() {
        let mut game = Game::new(Rules::default());
        game.apply(Action::DieOff { dice: [6, 2] }).unwrap();
        game.apply(Action::Roll { dice: [6, 5] }).unwrap();
        let start = game.actions().len();
        let to_play = game.phase().clone();
        play_by_steps(&mut game);
        // The opponent's reply goes too.
        game.apply(Action::Roll { dice: [4, 3] }).unwrap();
        game.apply(first_play(&game)).unwrap();
        assert_eq!(game.takeback_point(Some(Player::Zero)), Some(start));
        let again = rebuilt(&game, start);
        assert!(matches!(
            to_play,
            Phase::Move {
                player: Player::Zero,
                kind: PoolKind::Natural,
                ..
            }
        ));
        assert_eq!(again.phase(), &to_play);
        assert_eq!(again.log().len(), 0);
        // Either player's last play: the opponent's, made whole.
        assert_eq!(game.takeback_point(None), Some(start + 4));
    }

    #[test]
    fn after_an_acey_deucey_the_double_is_taken_back_first_then_the_1_2() {
        // AD-3: the 1-2 played in full, then a double named and played.
        let mut game = Game::new(Rules::default());
        game.apply(Action::DieOff { dice: [6, 2] }).unwrap();
        game.apply(Action::Roll { dice: [1, 2] }).unwrap();
        let ace_deuce = game.actions().len();
        play_by_steps(&mut game);
        game.apply(Action::NameDouble { value: 4 }).unwrap();
        let double = game.actions().len();
        game.apply(first_play(&game)).unwrap();
        // AD-5: player 0 rolls again; nothing of that roll is played yet.
        assert!(matches!(
            game.phase(),
            Phase::Roll {
                player: Player::Zero
            }
        ));
        assert_eq!(game.takeback_point(Some(Player::Zero)), Some(double));
        let once = rebuilt(&game, double);
        assert!(matches!(
            once.phase(),
            Phase::Move {
                kind: PoolKind::ChosenDouble(4),
                ..
            }
        ));
        assert_eq!(once.takeback_point(Some(Player::Zero)), Some(ace_deuce));
        let twice = rebuilt(&once, ace_deuce);
        assert!(matches!(
            twice.phase(),
            Phase::Move {
                kind: PoolKind::AceyDeucey,
                ..
            }
        ));
        assert_eq!(twice.takeback_point(Some(Player::Zero)), None);
    }

    #[test]
    fn steps_undone_inside_the_play_belong_to_it() {
        let mut game = Game::new(Rules::default());
        game.apply(Action::DieOff { dice: [6, 2] }).unwrap();
        game.apply(Action::Roll { dice: [6, 5] }).unwrap();
        let start = game.actions().len();
        let step = game.legal_plays()[0].steps()[0];
        game.apply(Action::Step { step }).unwrap();
        game.apply(Action::Undo).unwrap();
        play_by_steps(&mut game);
        assert_eq!(game.takeback_point(Some(Player::Zero)), Some(start));
        // The opponent has nothing to take back.
        assert_eq!(game.takeback_point(Some(Player::One)), None);
    }

    #[test]
    fn nothing_is_taken_back_from_a_finished_game_or_across_games_of_a_match() {
        let rules = Rules {
            match_target: Some(99),
            ..Rules::default()
        };
        let mut game = Game::new(rules);
        assert_eq!(game.takeback_point(None), None);
        game.apply(Action::DieOff { dice: [6, 2] }).unwrap();
        game.apply(Action::Roll { dice: [6, 5] }).unwrap();
        game.apply(first_play(&game)).unwrap();
        game.apply(Action::Resign {
            player: Player::One,
        })
        .unwrap();
        assert_eq!(game.takeback_point(Some(Player::Zero)), None);
        game.apply(Action::NextGame).unwrap();
        assert_eq!(game.takeback_point(None), None);
    }

    #[test]
    fn a_play_with_no_legal_step_is_passed_over() {
        // Random games until player 1 has a roll with nothing to play (R3.2) and player 1 has
        // moved a checker before it in the same game: the takeback reaches back to that play.
        let found = (0..200u64).find_map(|seed| {
            let mut rng = crate::SeededRng::new(seed);
            let mut game = Game::new(Rules::default());
            let mut moved = false;
            while let Some(action) = crate::random_action(&game, &mut rng) {
                let logged = game.log().len();
                game.apply(action).ok()?;
                if matches!(game.phase(), Phase::GameOver { .. }) {
                    return None;
                }
                if let Some(play) = game.log().get(logged) {
                    if play.player == Player::One {
                        if play.steps.is_empty() && moved {
                            return Some(game);
                        }
                        moved |= !play.steps.is_empty();
                    }
                }
            }
            None
        });
        let game = found.expect("some random game has a roll with nothing to play");
        let keep = game.takeback_point(Some(Player::One)).unwrap();
        let again = rebuilt(&game, keep);
        assert!(matches!(
            again.phase(),
            Phase::Move {
                player: Player::One,
                ..
            }
        ));
        let taken: Vec<_> = game.log()[again.log().len()..]
            .iter()
            .filter(|p| p.player == Player::One)
            .collect();
        // The play taken back moved checkers; the empty one after it went with it.
        assert!(!taken[0].steps.is_empty(), "{taken:?}");
        assert!(taken.last().unwrap().steps.is_empty(), "{taken:?}");
    }
}
