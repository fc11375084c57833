//! The solved space and its records: every position with its value, remoteness, Grundy value
//! and moves best first ([`SolvedSpace`]), and the analysis of one position ([`Analysis`]), the
//! one record every front end reads.

use crate::base::error::InputError;
use crate::base::game::{Game, Player, Scores};
use serde::Serialize;
use std::collections::HashMap;
use std::ops::Range;
use thiserror::Error;

/// The value of a position or move for the player concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Value {
    Win,
    Tie,
    Lose,
}

impl Value {
    /// The value a margin means: positive wins, zero ties, negative loses.
    pub fn from_margin(margin: i64) -> Value {
        match margin.signum() {
            1 => Value::Win,
            0 => Value::Tie,
            _ => Value::Lose,
        }
    }

    /// `"win"`, `"tie"` or `"lose"`.
    pub fn name(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Tie => "tie",
            Value::Lose => "lose",
        }
    }
}

/// One legal move of a solved position, seen from the player making it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveEntry {
    /// Index of the move's name in [`SolvedSpace::move_names`].
    pub name: u32,
    /// The position it leads to.
    pub child: u32,
    /// The points the move earns its player.
    pub gain: i64,
    /// The mover's margin over the rest of the game if it plays this move (the move's gain
    /// included), both sides optimal afterwards.
    pub margin: i64,
    /// Moves left after playing it under optimal play, this move included.
    pub remoteness: u64,
    /// Whether optimal play (`solve`'s tie-break) makes this move.
    pub optimal: bool,
}

/// One solved position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionEntry {
    /// The player to move; at a finished position, the opponent of the player who moved last.
    pub to_move: Player,
    /// The mover's margin over the rest of the game under optimal play (the DP value).
    pub margin: i64,
    /// Moves left under optimal play (GAMESMAN's convention, see the module docs).
    pub remoteness: u64,
    /// The Grundy value, for impartial games.
    pub grundy: Option<u64>,
    /// The points paid at the end, when the position is terminal.
    pub payoff: Scores,
    /// The piles left, as ranges of indices into [`SolvedSpace::pile_row`].
    pub piles: Option<Vec<Range<usize>>>,
    /// The position in the game's compact notation.
    pub label: String,
    /// What the position holds besides its piles left ([`Game::describe_beyond_piles`]).
    ///
    /// [`Game::describe_beyond_piles`]: crate::base::game::Game::describe_beyond_piles
    pub beyond_piles: Option<String>,
    /// The legal moves, best first (see the module docs).
    pub moves: Vec<MoveEntry>,
}

/// Every position reachable from the start of one instance, solved; position 0 is the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolvedSpace {
    /// The game's command-line name.
    pub game: &'static str,
    /// The JSON key moves are named under (`side`, `count`, `x`, `take`, ...), per name.
    pub move_keys: Vec<&'static str>,
    /// Every distinct move name (`left`, `2`, ...), as `MoveEntry::name` indexes them.
    pub move_names: Vec<String>,
    /// The instance's piles, for pile games.
    pub pile_row: Option<Vec<i64>>,
    /// The positions, the start first.
    pub positions: Vec<PositionEntry>,
}

/// Why a line of moves could not be analysed.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum AnalysisError {
    #[error(
        "move {number} '{name}' is not legal at {position}; the legal moves there are: {legal}"
    )]
    IllegalMove {
        number: usize,
        name: String,
        position: String,
        legal: String,
    },

    #[error(
        "move {number} '{name}' is ambiguous at {position}: {count} of the legal moves there \
         have that name (a game must name the moves of a position apart)"
    )]
    AmbiguousMove {
        number: usize,
        name: String,
        position: String,
        count: usize,
    },

    #[error(transparent)]
    Input(#[from] InputError),
}

/// One legal move in an [`Analysis`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveAnalysis {
    /// The move as `solve`'s JSON names it (`left`, `2`, ...), and as `--moves` takes it.
    #[serde(rename = "move")]
    pub name: String,
    /// The JSON key of the move (`side`, `count`, ...).
    pub key: &'static str,
    /// The points it earns its player.
    pub gain: i64,
    /// Its value for the mover over the whole game.
    pub value: Value,
    /// The mover's margin over the whole game if it plays this move, both sides optimal after.
    pub margin: i64,
    /// Its value for the mover from here on (what the explorer colours its button by).
    pub remaining_value: Value,
    /// The mover's margin over the rest of the game if it plays this move (its gain included).
    pub remaining_margin: i64,
    /// Moves left after it under optimal play, this move included.
    pub remoteness: u64,
    /// How much margin it gives up against the best move (0 for the best).
    pub difference: i64,
    /// Whether optimal play (`solve`'s choice) makes this move.
    pub optimal: bool,
}

/// The analysis of the position reached by a line of moves (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The game's command-line name.
    pub game: &'static str,
    /// The moves played to reach the position.
    pub line: Vec<String>,
    /// The position in the game's compact notation.
    pub position: String,
    /// For pile games, the piles left in their current order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub piles: Option<Vec<i64>>,
    /// Whether the game is over.
    pub finished: bool,
    /// The player to move; once the game is over, the player who would move next (the
    /// opponent of the player who moved last).
    pub to_move: Player,
    /// The value of the whole game for the player to move.
    pub value: Value,
    /// The mover's margin over the whole game under optimal play from here.
    pub margin: i64,
    /// The value of the rest of the game for the player to move (what the explorer colours
    /// the position by).
    pub remaining_value: Value,
    /// The mover's margin over the rest of the game (the position's DP value).
    pub remaining_margin: i64,
    /// Moves left under optimal play.
    pub remoteness: u64,
    /// The Grundy value, for impartial games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grundy: Option<u64>,
    /// The points so far (the final scores once the game is over).
    pub scores: Scores,
    /// The first player's margin over the whole game under optimal play from here (what the
    /// explorer's value history plots).
    pub first_margin: i64,
    /// Every legal move, best first.
    pub moves: Vec<MoveAnalysis>,
}

/// A solved space together with the index of its positions by state, for callers that hold a
/// game's own states (strategies measuring per-move regret, for instance).
pub struct Solved<G: Game> {
    pub space: SolvedSpace,
    pub(super) index: HashMap<G::State, u32>,
}

impl<G: Game> Solved<G> {
    /// The solved position of `state`, if reachable from the start.
    pub fn position(&self, state: &G::State) -> Option<&PositionEntry> {
        let id = *self.index.get(state)?;
        self.space.positions.get(id as usize)
    }
}

/// The memory an allocation of `bytes` takes: none for nothing, else the bytes with the
/// allocator's header, rounded up to its 16-byte chunks, 32 at least (glibc's malloc; the
/// others differ by a few bytes). Small allocations, a label or a few moves per position, cost
/// a third more than their contents this way.
fn allocated(bytes: usize) -> usize {
    match bytes {
        0 => 0,
        _ => (bytes + 8).next_multiple_of(16).max(32),
    }
}

impl SolvedSpace {
    /// About how many bytes the space holds: its records and what they point to (labels, moves,
    /// pile ranges), each allocation counted as the allocator's chunk for it. A server that
    /// keeps solved spaces bounds them by it.
    pub fn held_bytes(&self) -> usize {
        use std::mem::size_of;
        let names: usize = self
            .move_names
            .iter()
            .map(|name| allocated(name.capacity()))
            .sum();
        let positions: usize = self
            .positions
            .iter()
            .map(|position| {
                allocated(position.label.capacity())
                    + position
                        .beyond_piles
                        .as_ref()
                        .map_or(0, |text| allocated(text.capacity()))
                    + allocated(position.moves.capacity() * size_of::<MoveEntry>())
                    + position.piles.as_ref().map_or(0, |piles| {
                        allocated(piles.capacity() * size_of::<Range<usize>>())
                    })
            })
            .sum();
        size_of::<SolvedSpace>()
            + allocated(self.move_keys.capacity() * size_of::<&str>())
            + allocated(self.move_names.capacity() * size_of::<String>())
            + names
            + self
                .pile_row
                .as_ref()
                .map_or(0, |row| allocated(row.capacity() * size_of::<i64>()))
            + allocated(self.positions.capacity() * size_of::<PositionEntry>())
            + positions
    }

    /// The position reached from the start by `line` (moves named as in `solve`'s JSON), with
    /// the points each player took on the way; an illegal move is an error naming it and the
    /// legal ones, and so is a name that several legal moves share (a game defined outside,
    /// naming its own moves, may give two the same name).
    pub fn follow<S: AsRef<str>>(&self, line: &[S]) -> Result<(u32, Scores), AnalysisError> {
        let mut id = 0u32;
        let mut scores = Scores::ZERO;
        for (number, name) in line.iter().enumerate() {
            let name = name.as_ref().trim();
            let position = &self.positions[id as usize];
            let Some(entry) = position
                .moves
                .iter()
                .find(|entry| self.move_names[entry.name as usize] == name)
            else {
                return Err(AnalysisError::IllegalMove {
                    number: number + 1,
                    name: name.to_string(),
                    position: position.label.clone(),
                    legal: self.legal_names(position),
                });
            };
            let count = position
                .moves
                .iter()
                .filter(|other| other.name == entry.name)
                .count();
            if count > 1 {
                return Err(AnalysisError::AmbiguousMove {
                    number: number + 1,
                    name: name.to_string(),
                    position: position.label.clone(),
                    count,
                });
            }
            scores = scores.plus(position.to_move, entry.gain);
            id = entry.child;
        }
        Ok((id, scores))
    }

    /// The legal moves of `position` by name, in legal order, for messages.
    fn legal_names(&self, position: &PositionEntry) -> String {
        if position.moves.is_empty() {
            return "none (the game is over)".to_string();
        }
        let mut moves: Vec<&MoveEntry> = position.moves.iter().collect();
        moves.sort_by_key(|entry| entry.name);
        moves
            .iter()
            .map(|entry| self.move_names[entry.name as usize].as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The analysis of the position reached by `line` from the start (see the module docs).
    pub fn analyze<S: AsRef<str>>(&self, line: &[S]) -> Result<Analysis, AnalysisError> {
        let (id, gained) = self.follow(line)?;
        let position = &self.positions[id as usize];
        let mover = position.to_move;
        let so_far = gained.margin_for(mover);
        let scores = gained
            .plus(Player::First, position.payoff.first)
            .plus(Player::Second, position.payoff.second);
        let margin = so_far + position.margin;
        let best = position.moves.first().map_or(0, |entry| entry.margin);
        // The stored order: best first, ties settled on the value from here (as the position's
        // remoteness is), so the first move always keeps the position's remoteness.
        let moves: Vec<MoveAnalysis> = position
            .moves
            .iter()
            .map(|entry| MoveAnalysis {
                name: self.move_names[entry.name as usize].clone(),
                key: self.move_keys[entry.name as usize],
                gain: entry.gain,
                value: Value::from_margin(so_far + entry.margin),
                margin: so_far + entry.margin,
                remaining_value: Value::from_margin(entry.margin),
                remaining_margin: entry.margin,
                remoteness: entry.remoteness,
                difference: best - entry.margin,
                optimal: entry.optimal,
            })
            .collect();
        Ok(Analysis {
            game: self.game,
            line: line
                .iter()
                .map(|name| name.as_ref().trim().to_string())
                .collect(),
            position: position.label.clone(),
            piles: self.piles_of(position),
            finished: position.moves.is_empty(),
            to_move: mover,
            value: Value::from_margin(margin),
            margin,
            remaining_value: Value::from_margin(position.margin),
            remaining_margin: position.margin,
            remoteness: position.remoteness,
            grundy: position.grundy,
            scores,
            first_margin: if mover == Player::First {
                margin
            } else {
                -margin
            },
            moves,
        })
    }

    /// The values of the piles left at `position`, in their current order.
    pub fn piles_of(&self, position: &PositionEntry) -> Option<Vec<i64>> {
        let row = self.pile_row.as_ref()?;
        let ranges = position.piles.as_ref()?;
        Some(
            ranges
                .iter()
                .flat_map(|range| row[range.clone()].iter().copied())
                .collect(),
        )
    }
}
