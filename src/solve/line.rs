//! Reading optimal play off a solver's values, in one place so that every solver breaks ties
//! alike: the tie-breaking rule ([`replaces_best`], [`first_best`]), the best move given the
//! values of positions ([`best_move`]), and the principal variation played out from them
//! ([`solution_from_values`] and its kin).

use crate::base::game::{Game, Player, Scores};
use crate::solve::{MoveRecord, PRINCIPAL_VARIATION_LIMIT, Solution, SolverKind};

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
    solver: SolverKind,
    policy: impl FnMut(&G::State) -> G::Move,
) -> Solution {
    let (moves, scores) = play_out(game, policy);
    Solution {
        moves: Some(moves),
        ..Solution::value_only(G::NAME, solver, scores)
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
        return Solution::value_only(G::NAME, solver, Scores::win_for(winner));
    }
    solution_from_values(game, solver, |state| if mover_wins(state) { 1 } else { -1 })
}

/// A full solution from a solver's value (margin for the player to move) of every position.
pub fn solution_from_values<G: Game>(
    game: &G,
    solver: SolverKind,
    mut value: impl FnMut(&G::State) -> i64,
) -> Solution {
    solution_from_policy(game, solver, |state| {
        best_move(game, state, &mut value).expect("play_out asks only at non-terminal states")
    })
}
