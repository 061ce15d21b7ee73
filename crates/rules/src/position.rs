//! The position: 24 points and each player's `start`, `bar` and `off` pools (R1.1 to R1.5).

use std::fmt;

use crate::rules::{Layout, Rules};

/// Checkers per side (R1.1).
pub const CHECKERS: u8 = 15;

/// One of the two players. Player 0 moves from point 24 down to 1 (its own numbering is the
/// absolute numbering of the board); player 1 moves the other way (R1.2, R1.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "0 | 1"))]
pub enum Player {
    /// Player 0 ("white"): home board on absolute points 1..=6.
    Zero,
    /// Player 1 ("black"): home board on absolute points 19..=24.
    One,
}

impl Player {
    /// Both players, player 0 first.
    pub const BOTH: [Player; 2] = [Player::Zero, Player::One];

    /// 0 or 1.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The player with this index; anything but 0 or 1 is `None`.
    pub fn from_index(i: usize) -> Option<Player> {
        match i {
            0 => Some(Player::Zero),
            1 => Some(Player::One),
            _ => None,
        }
    }

    /// The opponent.
    pub fn other(self) -> Player {
        match self {
            Player::Zero => Player::One,
            Player::One => Player::Zero,
        }
    }

    /// The absolute board index (0..24) of this player's point `p` (1..=24).
    pub fn board_index(self, p: u8) -> usize {
        debug_assert!((1..=24).contains(&p));
        match self {
            Player::Zero => p as usize - 1,
            Player::One => 24 - p as usize,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.index())
    }
}

/// What is wrong with a position read from outside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// A player's checkers do not add up to 15.
    WrongCheckerCount {
        /// Whose.
        player: Player,
        /// How many were found.
        found: u32,
    },
    /// A board value is outside -15..=15.
    PointOutOfRange {
        /// Point number (1..=24, player 0's numbering).
        point: usize,
        /// The value found.
        value: i64,
    },
    /// A pool value is negative or above 15.
    PoolOutOfRange {
        /// `bar`, `start` or `off`.
        pool: &'static str,
        /// Whose.
        player: Player,
        /// The value found.
        value: i64,
    },
    /// Both players have borne off all 15 checkers.
    BothFinished,
    /// A malformed text form (JSON, position ID).
    Malformed(String),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::WrongCheckerCount { player, found } => write!(
                f,
                "{player} has {found} checkers (board + bar + start + off) but must have exactly 15"
            ),
            PositionError::PointOutOfRange { point, value } => {
                write!(f, "point {point} holds {value} checkers, outside -15..=15")
            }
            PositionError::PoolOutOfRange {
                pool,
                player,
                value,
            } => write!(f, "{pool} of {player} is {value}, outside 0..=15"),
            PositionError::BothFinished => write!(f, "both players have borne off all 15 checkers"),
            PositionError::Malformed(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for PositionError {}

/// A position: who holds each point, the three off-board pools of each player, and whose turn it
/// is.
///
/// `board[i]` is the point numbered `i + 1` by player 0: positive values are player 0's checkers,
/// negative values player 1's (design section 3.1). The fields are private so that every
/// `Position` holds exactly 15 checkers per side; build one with [`Position::new`] (checked) or
/// [`Position::starting`].
///
/// ```
/// use acey_rules::{Position, Player, Rules};
/// let start = Position::starting(&Rules::default());
/// assert_eq!(start.start(Player::Zero), 15);
/// assert_eq!(start.pip_count(Player::One), 15 * 25);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "json::PositionJson"))]
pub struct Position {
    board: [i8; 24],
    bar: [u8; 2],
    start: [u8; 2],
    off: [u8; 2],
    turn: Player,
}

impl Position {
    /// Builds a position, checking it: values in range and exactly 15 checkers per side.
    pub fn new(
        board: [i8; 24],
        bar: [u8; 2],
        start: [u8; 2],
        off: [u8; 2],
        turn: Player,
    ) -> Result<Position, PositionError> {
        let wide: Vec<i64> = board.iter().map(|&v| v as i64).collect();
        Position::from_wide(
            &wide,
            bar.map(i64::from),
            start.map(i64::from),
            off.map(i64::from),
            turn,
        )
    }

    /// A race or bear-off position: each side's checkers as (point in that side's own
    /// numbering, 1 to 24, where it bears off below 1; how many), every other checker borne
    /// off. `zero` is player 0's, `one` player 1's.
    ///
    /// ```
    /// use acey_rules::{Player, Position};
    /// // Player 0 has two checkers left on its 1-point, player 1 one on its 6-point.
    /// let p = Position::with_rest_off(&[(1, 2)], &[(6, 1)], Player::One).unwrap();
    /// assert_eq!((p.off(Player::Zero), p.off(Player::One)), (13, 14));
    /// assert_eq!((p.pip_count(Player::Zero), p.pip_count(Player::One)), (2, 6));
    /// assert!(Position::with_rest_off(&[(25, 1)], &[], Player::Zero).is_err());
    /// ```
    pub fn with_rest_off(
        zero: &[(u8, u8)],
        one: &[(u8, u8)],
        turn: Player,
    ) -> Result<Position, PositionError> {
        let mut board = [0i64; 24];
        for (player, side) in [(Player::Zero, zero), (Player::One, one)] {
            for &(point, n) in side {
                if !(1..=24).contains(&point) {
                    return Err(PositionError::Malformed(format!(
                        "point {point} of {player:?} is not on the board (1 to 24)"
                    )));
                }
                // Player 1's own point p is player 0's point 25 - p; its checkers count
                // negative.
                match player {
                    Player::Zero => board[usize::from(point) - 1] += i64::from(n),
                    Player::One => board[usize::from(24 - point)] -= i64::from(n),
                }
            }
        }
        let off = |side: &[(u8, u8)]| 15 - side.iter().map(|&(_, n)| i64::from(n)).sum::<i64>();
        Position::from_wide(&board, [0, 0], [0, 0], [off(zero), off(one)], turn)
    }

    /// Builds a position from unchecked wide integers (as read from JSON), checking everything.
    pub fn from_wide(
        board: &[i64],
        bar: [i64; 2],
        start: [i64; 2],
        off: [i64; 2],
        turn: Player,
    ) -> Result<Position, PositionError> {
        if board.len() != 24 {
            return Err(PositionError::Malformed(format!(
                "board must have 24 points, found {}",
                board.len()
            )));
        }
        let mut b = [0i8; 24];
        for (i, &v) in board.iter().enumerate() {
            if !(-15..=15).contains(&v) {
                return Err(PositionError::PointOutOfRange {
                    point: i + 1,
                    value: v,
                });
            }
            b[i] = v as i8;
        }
        let mut pools = [[0u8; 2]; 3];
        for (k, (name, vals)) in [("bar", bar), ("start", start), ("off", off)]
            .into_iter()
            .enumerate()
        {
            for p in Player::BOTH {
                let v = vals[p.index()];
                if !(0..=15).contains(&v) {
                    return Err(PositionError::PoolOutOfRange {
                        pool: name,
                        player: p,
                        value: v,
                    });
                }
                pools[k][p.index()] = v as u8;
            }
        }
        let pos = Position {
            board: b,
            bar: pools[0],
            start: pools[1],
            off: pools[2],
            turn,
        };
        for p in Player::BOTH {
            let found = pos.on_board(p) as u32
                + pos.bar[p.index()] as u32
                + pos.start[p.index()] as u32
                + pos.off[p.index()] as u32;
            if found != CHECKERS as u32 {
                return Err(PositionError::WrongCheckerCount { player: p, found });
            }
        }
        if pos.off == [CHECKERS, CHECKERS] {
            return Err(PositionError::BothFinished);
        }
        Ok(pos)
    }

    /// The starting position of a rule set, player 0 to act.
    pub fn starting(rules: &Rules) -> Position {
        match rules.layout {
            Layout::OffBoard => Position {
                board: [0; 24],
                bar: [0, 0],
                start: [CHECKERS, CHECKERS],
                off: [0, 0],
                turn: Player::Zero,
            },
            Layout::Backgammon => {
                let mut board = [0i8; 24];
                for (point, n) in [(24u8, 2i8), (13, 5), (8, 3), (6, 5)] {
                    board[Player::Zero.board_index(point)] += n;
                    board[Player::One.board_index(point)] -= n;
                }
                Position {
                    board,
                    bar: [0, 0],
                    start: [0, 0],
                    off: [0, 0],
                    turn: Player::Zero,
                }
            }
        }
    }

    /// The raw board, player 0's numbering (index `i` is point `i + 1`).
    pub fn board(&self) -> &[i8; 24] {
        &self.board
    }

    /// Checkers of `player` on the bar (hit, waiting to re-enter).
    pub fn bar(&self, player: Player) -> u8 {
        self.bar[player.index()]
    }

    /// Checkers of `player` that have never entered.
    pub fn start(&self, player: Player) -> u8 {
        self.start[player.index()]
    }

    /// Checkers of `player` borne off.
    pub fn off(&self, player: Player) -> u8 {
        self.off[player.index()]
    }

    /// The player to act.
    pub fn turn(&self) -> Player {
        self.turn
    }

    /// The same position with another player to act.
    pub fn with_turn(mut self, turn: Player) -> Position {
        self.turn = turn;
        self
    }

    /// The number of `player`'s checkers on `player`'s own point `p` (1..=24).
    pub fn count(&self, player: Player, p: u8) -> u8 {
        let v = self.board[player.board_index(p)];
        match player {
            Player::Zero if v > 0 => v as u8,
            Player::One if v < 0 => (-v) as u8,
            _ => 0,
        }
    }

    /// Checkers of `player` on the 24 points.
    pub fn on_board(&self, player: Player) -> u8 {
        (1..=24).map(|p| self.count(player, p)).sum()
    }

    /// Pip count of `player`: each checker's distance from bearing off, with `start` and `bar`
    /// counted as point 25 (R1.5).
    pub fn pip_count(&self, player: Player) -> u32 {
        let board: u32 = (1..=24u8)
            .map(|p| p as u32 * self.count(player, p) as u32)
            .sum();
        board + 25 * (self.bar(player) as u32 + self.start(player) as u32)
    }

    /// The winner, if one side has borne off all 15 (R9.1).
    pub fn winner(&self) -> Option<Player> {
        Player::BOTH.into_iter().find(|&p| self.off(p) == CHECKERS)
    }

    /// Whether every checker of `player` is in their home board or off (R8.1).
    pub fn all_home(&self, player: Player) -> bool {
        self.start(player) == 0
            && self.bar(player) == 0
            && (7..=24).all(|p| self.count(player, p) == 0)
    }

    /// The position with colours and seats swapped: what player 1 sees as player 0. Applying it
    /// twice gives the position back.
    pub fn mirrored(&self) -> Position {
        let mut board = [0i8; 24];
        for (i, v) in self.board.iter().enumerate() {
            board[23 - i] = -v;
        }
        Position {
            board,
            bar: [self.bar[1], self.bar[0]],
            start: [self.start[1], self.start[0]],
            off: [self.off[1], self.off[0]],
            turn: self.turn.other(),
        }
    }

    /// Internal: the position after steps of the player to act, without checking legality (the
    /// move generator and the step view have already checked it). Touches only the points and
    /// pools involved, and works out the mover's numbering once, not per step.
    #[inline]
    pub(crate) fn after_steps(&self, steps: &[crate::step::Step]) -> Position {
        // Player 0's point p is board[p - 1], player 1's is board[24 - p]: one copy of the loop
        // per player, so that the numbering is a constant in each.
        match self.turn {
            Player::Zero => self.after_steps_as::<0>(steps),
            Player::One => self.after_steps_as::<1>(steps),
        }
    }

    /// The checkers of the mover, player index `P`, on the mover's point `p` (1..=24).
    #[inline(always)]
    pub(crate) fn mover_count<const P: usize>(&self, p: usize) -> u8 {
        let v = self.board[Self::mover_index::<P>(p)];
        (if P == 0 { v } else { -v }).max(0) as u8
    }

    /// [`Position::move_indices`] for a step from point `from` to point `to` (both 1..=24).
    #[inline(always)]
    pub(crate) fn move_on_board<const P: usize>(
        &mut self,
        from: usize,
        to: usize,
        hit: bool,
    ) -> bool {
        let emptied = self.take_from_point::<P>(from);
        self.put_on_point::<P>(to, hit);
        emptied
    }

    /// Moves one checker of the mover, player index `P` (a constant, so the board numbering
    /// is one too), between move-generator indices: `from` a point 1..=24, `START` (25) or
    /// `BAR` (26); `to` a point or 0 (off), hitting the opposing blot there when `hit`. Already
    /// validated by the generator. Returns whether `from` is left empty.
    #[inline(always)]
    pub(crate) fn move_indices<const P: usize>(
        &mut self,
        from: usize,
        to: usize,
        hit: bool,
    ) -> bool {
        use crate::movegen::{BAR, START};
        let emptied = match from {
            BAR => {
                self.bar[P] -= 1;
                self.bar[P] == 0
            }
            START => {
                self.start[P] -= 1;
                self.start[P] == 0
            }
            p => self.take_from_point::<P>(p),
        };
        if to == 0 {
            self.off[P] += 1;
        } else {
            self.put_on_point::<P>(to, hit);
        }
        emptied
    }

    /// The board index of the mover's point `p` (1..=24), the mover being player index `P`.
    #[inline(always)]
    const fn mover_index<const P: usize>(p: usize) -> usize {
        if P == 0 {
            p - 1
        } else {
            24 - p
        }
    }

    /// Takes one of the mover's checkers off point `p`; whether the point is left empty.
    #[inline(always)]
    fn take_from_point<const P: usize>(&mut self, p: usize) -> bool {
        let i = Self::mover_index::<P>(p);
        self.board[i] -= if P == 0 { 1 } else { -1 };
        self.board[i] == 0
    }

    /// Puts one of the mover's checkers on point `p`, sending the opposing blot there to the bar
    /// when `hit`.
    #[inline(always)]
    fn put_on_point<const P: usize>(&mut self, p: usize, hit: bool) {
        let i = Self::mover_index::<P>(p);
        if hit {
            self.board[i] = 0;
            self.bar[1 - P] += 1;
        }
        self.board[i] += if P == 0 { 1 } else { -1 };
    }

    #[inline(always)]
    fn after_steps_as<const P: usize>(&self, steps: &[crate::step::Step]) -> Position {
        use crate::step::{Dest, Source};
        let mut out = *self;
        for step in steps {
            match step.from {
                Source::Point(p) => {
                    out.take_from_point::<P>(p as usize);
                }
                Source::Bar => out.bar[P] -= 1,
                Source::Start => out.start[P] -= 1,
            }
            match step.to {
                Dest::Point(q) => out.put_on_point::<P>(q as usize, step.hit),
                Dest::Off => out.off[P] += 1,
            }
        }
        out
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_json())
    }
}

impl Position {
    /// The position JSON of design section 3.1, on one line, keys in the documented order.
    pub fn to_json(&self) -> String {
        let board: Vec<String> = self.board.iter().map(|v| v.to_string()).collect();
        format!(
            "{{\"board\":[{}],\"bar\":[{},{}],\"start\":[{},{}],\"off\":[{},{}],\"turn\":{}}}",
            board.join(","),
            self.bar[0],
            self.bar[1],
            self.start[0],
            self.start[1],
            self.off[0],
            self.off[1],
            self.turn.index()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starting_positions_hold_fifteen_each() {
        for preset in crate::Preset::ALL {
            let pos = Position::starting(&preset.rules());
            for p in Player::BOTH {
                assert_eq!(pos.on_board(p) + pos.bar(p) + pos.start(p) + pos.off(p), 15);
            }
        }
        let bg = Position::starting(&crate::Preset::Backgammon.rules());
        assert_eq!(bg.pip_count(Player::Zero), 167);
        assert_eq!(bg.pip_count(Player::One), 167);
        assert_eq!(bg.count(Player::One, 24), 2);
        assert_eq!(bg.board()[0], -2);
    }

    #[test]
    fn validation_names_what_is_wrong() {
        let mut board = [0i8; 24];
        board[0] = 3;
        let e = Position::new(board, [0, 0], [15, 15], [0, 0], Player::Zero).unwrap_err();
        assert_eq!(
            e,
            PositionError::WrongCheckerCount {
                player: Player::Zero,
                found: 18
            }
        );
        assert!(e.to_string().contains("player 0 has 18 checkers"));
        let e = Position::from_wide(&[0; 23], [0, 0], [15, 15], [0, 0], Player::Zero).unwrap_err();
        assert!(e.to_string().contains("24 points"));
        let e = Position::from_wide(&[0; 24], [-1, 0], [16, 15], [0, 0], Player::Zero).unwrap_err();
        assert!(e.to_string().contains("bar of player 0 is -1"), "{e}");
        let e = Position::from_wide(&[0; 24], [0, 0], [0, 0], [15, 15], Player::Zero).unwrap_err();
        assert_eq!(e, PositionError::BothFinished);
    }

    #[test]
    fn mirroring_twice_is_identity() {
        let mut board = [0i8; 24];
        board[3] = 2;
        board[20] = -1;
        let pos = Position::new(board, [1, 0], [10, 14], [2, 0], Player::One).unwrap();
        let m = pos.mirrored();
        assert_eq!(m.count(Player::One, 4), 2);
        assert_eq!(m.count(Player::Zero, 4), 1);
        assert_eq!(m.bar(Player::One), 1);
        assert_eq!(m.turn(), Player::Zero);
        assert_eq!(m.mirrored(), pos);
    }
}

#[cfg(feature = "serde")]
mod json {
    //! Serde support: positions travel as the position JSON (docs/notation.md, "Position JSON") and are validated on the way in.
    use super::*;

    /// The position JSON: `board` has 24 entries, player 0's checkers positive and player
    /// 1's negative; `bar`, `start` and `off` are per player, player 0 first; `turn` is 0 or 1.
    #[derive(serde::Serialize, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Position"))]
    pub(super) struct PositionJson {
        board: Vec<i64>,
        bar: [i64; 2],
        start: [i64; 2],
        off: [i64; 2],
        turn: i64,
    }

    impl serde::Serialize for Position {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            PositionJson {
                board: self.board.iter().map(|&v| v as i64).collect(),
                bar: self.bar.map(i64::from),
                start: self.start.map(i64::from),
                off: self.off.map(i64::from),
                turn: self.turn.index() as i64,
            }
            .serialize(s)
        }
    }

    impl<'de> serde::Deserialize<'de> for Position {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let j = PositionJson::deserialize(d)?;
            let turn = usize::try_from(j.turn)
                .ok()
                .and_then(Player::from_index)
                .ok_or_else(|| {
                    serde::de::Error::custom(format!("turn must be 0 or 1, found {}", j.turn))
                })?;
            Position::from_wide(&j.board, j.bar, j.start, j.off, turn)
                .map_err(serde::de::Error::custom)
        }
    }

    impl serde::Serialize for Player {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_u8(self.index() as u8)
        }
    }

    impl<'de> serde::Deserialize<'de> for Player {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let i = u8::deserialize(d)?;
            Player::from_index(i as usize).ok_or_else(|| {
                serde::de::Error::custom(format!("player must be 0 or 1, found {i}"))
            })
        }
    }
}
