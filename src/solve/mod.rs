//! Exact solving: the [`Solution`] record every solver returns, the solver names, and the one
//! place where optimal play is read off a solver's values (so every solver breaks ties alike).
//!
//! Solvers come in two kinds. Generic ones work through the [`Game`] trait for any game:
//! [`brute`] (plain exhaustive minimax) and [`memo`] (memoised minimax). Game-specific dynamic
//! programs live in [`dp`] as plain functions over slices and are wired to their game in
//! `crate::games`. A solver hands over either a value for every position (the margin for the
//! player to move, see [`solution_from_values`]) or a decision for every position
//! ([`solution_from_policy`]); the principal variation and both scores are then computed here.

pub mod brute;
pub mod memo;
pub mod table;
mod text;

use crate::base::error::SolveError;
use crate::base::game::{Action, ActionValue, Game, MoveDescription, Player, Scores, Winner};
use crate::util::choice::Choice;
use serde::Serialize;
use serde::ser::SerializeMap;

/// Optimal play is listed move by move only for instances up to this size (piles, or N for
/// number games); larger instances get their value without the move list, since the list alone
/// would be as large as the input and the fastest solvers keep no table to read it from. The one
/// exception is stone-game, whose `rolling` solver (`auto`'s pick for the moves) recovers the
/// line from checkpoint rows at every size (`dp::stone_game_line`); its table solvers keep their
/// own size limit.
pub const PRINCIPAL_VARIATION_LIMIT: usize = 16_384;

/// The solvers, by their command-line names. Not every solver applies to every game: see
/// `gamelab games` or each game's `SOLVERS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SolverKind {
    /// The fastest exact solver for the game and instance among those proved exact; it may
    /// depend on whether the moves are asked for (stone-game: `rolling` with the moves; for the
    /// value alone `rolling` up to 256 piles and `peaks` above).
    Auto,
    /// Plain exhaustive minimax over the game tree (exponential; for checking).
    Brute,
    /// Memoised minimax over distinct positions (generic).
    Memo,
    /// stone-game: the two-dimensional table of (first, second) scores of labuladong's article.
    Table,
    /// stone-game: the two-dimensional table of score differences.
    Diff,
    /// stone-game: the score-difference DP keeping one row, O(n) memory.
    Rolling,
    /// stone-game: the value in O(n) time by merging peaks (`dp::stone_game_peaks`).
    Peaks,
    /// Bottom-up dynamic programming (the textbook formulation of the game's DP).
    Dp,
    /// stone-game-ii: the O(n^2) DP with monotone sliding windows.
    Window,
    /// divisor-game: the closed form (the first player wins iff N is even).
    ClosedForm,
}

impl SolverKind {
    /// The command-line name, e.g. `closed-form`.
    pub fn name(self) -> &'static str {
        match self {
            SolverKind::Auto => "auto",
            SolverKind::Brute => "brute",
            SolverKind::Memo => "memo",
            SolverKind::Table => "table",
            SolverKind::Diff => "diff",
            SolverKind::Rolling => "rolling",
            SolverKind::Peaks => "peaks",
            SolverKind::Dp => "dp",
            SolverKind::Window => "window",
            SolverKind::ClosedForm => "closed-form",
        }
    }
}

impl Choice for SolverKind {
    const ALL: &'static [SolverKind] = &[
        SolverKind::Auto,
        SolverKind::Brute,
        SolverKind::Memo,
        SolverKind::Table,
        SolverKind::Diff,
        SolverKind::Rolling,
        SolverKind::Peaks,
        SolverKind::Dp,
        SolverKind::Window,
        SolverKind::ClosedForm,
    ];

    fn name(self) -> &'static str {
        SolverKind::name(self)
    }

    fn summary(self) -> &'static str {
        match self {
            SolverKind::Auto => "the fastest exact solver for the game and instance (proved exact)",
            SolverKind::Brute => "plain exhaustive minimax over the game tree (for checking)",
            SolverKind::Memo => "memoised minimax over distinct positions (every game)",
            SolverKind::Table => {
                "stone-game: the table of (first, second) scores of labuladong's article"
            }
            SolverKind::Diff => "stone-game: the two-dimensional table of score differences",
            SolverKind::Rolling => "stone-game: the score-difference DP on one row",
            SolverKind::Peaks => "stone-game: the value in O(n) by merging peaks",
            SolverKind::Dp => "bottom-up dynamic programming (the textbook DP of the game)",
            SolverKind::Window => "stone-game-ii: the O(n^2) DP with monotone sliding windows",
            SolverKind::ClosedForm => "divisor-game and nim: a closed form",
        }
    }
}

/// Refuses a table of every k <= `n` above `limit`: the table solvers of the number games.
pub fn check_table_size(solver: &'static str, n: u64, limit: u64) -> Result<(), SolveError> {
    if n > limit {
        return Err(SolveError::TooLarge {
            solver,
            what: "N",
            size: n.to_string(),
            limit: limit.to_string(),
            advice: crate::base::error::USE_AUTO,
        });
    }
    Ok(())
}

/// One move of a principal variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// Who moved.
    pub player: Player,
    /// Points the move earned its player (0 for divisor-game).
    pub gain: i64,
    /// How the move is named in JSON (`side`, `count`, `x`, ...) and in text.
    pub description: MoveDescription,
    /// The position after the move, in the game's compact notation (for text output).
    pub position_after: String,
}

impl Serialize for MoveRecord {
    /// `{"player": "first", "gain": 3, "side": "right", "took": [3]}`: the move's own key sits
    /// beside the common fields so each game reads naturally.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Action { key, value } = &self.description.action;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("player", &self.player)?;
        map.serialize_entry("gain", &self.gain)?;
        match value {
            ActionValue::Word(word) => map.serialize_entry(key, word)?,
            ActionValue::Number(number) => map.serialize_entry(key, number)?,
            ActionValue::Text(text) => map.serialize_entry(key, text)?,
        }
        if !self.description.took.is_empty() {
            map.serialize_entry("took", &self.description.took)?;
        }
        map.end()
    }
}

/// The solution of one instance under optimal play by both sides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Solution {
    /// The game's command-line name.
    pub game: &'static str,
    /// The solver that produced this solution (never `auto`: auto names the one it picked).
    pub solver: SolverKind,
    /// The first player's final score.
    pub first_score: i64,
    /// The second player's final score.
    pub second_score: i64,
    /// `first_score - second_score`.
    pub margin: i64,
    /// Who wins.
    pub winner: Winner,
    /// The principal variation, or `None` when the instance is above
    /// [`PRINCIPAL_VARIATION_LIMIT`] and the solver found the value only.
    pub moves: Option<Vec<MoveRecord>>,
}

impl Solution {
    /// A solution without the move list.
    pub fn value_only(game: &'static str, solver: SolverKind, scores: Scores) -> Solution {
        Solution {
            game,
            solver,
            first_score: scores.first,
            second_score: scores.second,
            margin: scores.margin(),
            winner: Winner::from_margin(scores.margin()),
            moves: None,
        }
    }

    /// Both final scores.
    pub fn scores(&self) -> Scores {
        Scores {
            first: self.first_score,
            second: self.second_score,
        }
    }
}

/// The tie-breaking rule, in one place: a move later in legal order replaces the best move so
/// far only when it scores strictly more for the player to move. Among equally good moves the
/// first in legal order is therefore optimal play — in every solver, strategy, graph and table
/// (left before right, fewer piles before more, smaller x before larger). Scores are margins
/// for the mover (or gains, for greedy play).
#[inline]
pub fn replaces_best(candidate: i64, best: i64) -> bool {
    candidate > best
}

/// The first of the highest-scoring moves (see [`replaces_best`]), with its score; `None` when
/// there are no moves. `scored` lists the moves in legal order.
pub fn first_best<M>(scored: impl IntoIterator<Item = (M, i64)>) -> Option<(M, i64)> {
    let mut best: Option<(M, i64)> = None;
    for (mv, score) in scored {
        if best
            .as_ref()
            .is_none_or(|&(_, best_score)| replaces_best(score, best_score))
        {
            best = Some((mv, score));
        }
    }
    best
}

/// The move optimal play makes at `state` given `value`, the margin (own minus opponent's points
/// from a position to the end) of the player to move at any position, under the tie-breaking
/// rule ([`first_best`]). Returns `None` at terminal states.
pub fn best_move<G: Game>(
    game: &G,
    state: &G::State,
    mut value: impl FnMut(&G::State) -> i64,
) -> Option<G::Move> {
    let mover = game.to_move(state);
    let scored = game.legal_moves(state).into_iter().map(|mv| {
        let child = game.apply(state, mv);
        let score = game.gain(state, mv) + signed_for(game, &child, mover, value(&child));
        (mv, score)
    });
    first_best(scored).map(|(mv, _)| mv)
}

/// `child_value` (the margin of the player to move at `child`) seen from `mover`'s side.
#[inline]
pub fn signed_for<G: Game>(game: &G, child: &G::State, mover: Player, child_value: i64) -> i64 {
    if game.to_move(child) == mover {
        child_value
    } else {
        -child_value
    }
}

/// The margin of the player to move at a terminal `state`.
#[inline]
pub fn terminal_value<G: Game>(game: &G, state: &G::State) -> i64 {
    game.terminal_payoff(state).margin_for(game.to_move(state))
}

/// Plays the game from its start, choosing moves with `policy`, and records every move; returns
/// the record and the final scores.
pub fn play_out<G: Game>(
    game: &G,
    mut policy: impl FnMut(&G::State) -> G::Move,
) -> (Vec<MoveRecord>, Scores) {
    let mut state = game.initial_state();
    let mut scores = Scores::ZERO;
    let mut moves = Vec::new();
    while !game.is_terminal(&state) {
        let mv = policy(&state);
        let player = game.to_move(&state);
        let gain = game.gain(&state, mv);
        let description = game.describe_move(&state, mv);
        state = game.apply(&state, mv);
        scores = scores.plus(player, gain);
        moves.push(MoveRecord {
            player,
            gain,
            description,
            position_after: game.describe_state(&state),
        });
    }
    let payoff = game.terminal_payoff(&state);
    let scores = scores
        .plus(Player::First, payoff.first)
        .plus(Player::Second, payoff.second);
    (moves, scores)
}

/// A full solution from a solver's decision at every position on the optimal line.
pub fn solution_from_policy<G: Game>(
    game: &G,
    name: &'static str,
    solver: SolverKind,
    policy: impl FnMut(&G::State) -> G::Move,
) -> Solution {
    let (moves, scores) = play_out(game, policy);
    Solution {
        moves: Some(moves),
        ..Solution::value_only(name, solver, scores)
    }
}

/// The value alone of a win/lose game (the winner scores 1) whose first player wins iff
/// `first_wins`: what the number games' solvers answer for `--value-only`, sweeps and claims,
/// without reading off a line.
pub fn value_from_outcome(name: &'static str, solver: SolverKind, first_wins: bool) -> Solution {
    let winner = if first_wins {
        Player::First
    } else {
        Player::Second
    };
    Solution::value_only(name, solver, Scores::win_for(winner))
}

/// The solution of a win/lose game (the winner scores 1) from a solver's rule telling whether
/// the player to move wins at a position. Games of more than [`PRINCIPAL_VARIATION_LIMIT`]
/// (`size`: N) get their value only, like every other game's.
pub fn solution_from_outcomes<G: Game>(
    game: &G,
    name: &'static str,
    solver: SolverKind,
    size: u64,
    mover_wins: impl Fn(&G::State) -> bool,
) -> Solution {
    if size > PRINCIPAL_VARIATION_LIMIT as u64 {
        let winner = if mover_wins(&game.initial_state()) {
            Player::First
        } else {
            Player::Second
        };
        return Solution::value_only(name, solver, Scores::win_for(winner));
    }
    solution_from_values(
        game,
        name,
        solver,
        |state| {
            if mover_wins(state) { 1 } else { -1 }
        },
    )
}

/// A full solution from a solver's value (margin for the player to move) of every position.
pub fn solution_from_values<G: Game>(
    game: &G,
    name: &'static str,
    solver: SolverKind,
    mut value: impl FnMut(&G::State) -> i64,
) -> Solution {
    solution_from_policy(game, name, solver, |state| {
        best_move(game, state, &mut value).expect("play_out asks only at non-terminal states")
    })
}
