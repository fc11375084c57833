//! The `Game` trait every game implements, and the small types it speaks in: players, scores, winners.
//!
//! A game here is a finite two-player game of perfect information without chance. Points are
//! earned on moves ([`Game::gain`]) and, optionally, at the end ([`Game::terminal_payoff`]); a
//! player's score is the sum of both. Both players play to maximise their own score minus the
//! opponent's (the *margin*). For constant-sum games such as the stone games this is the same as
//! maximising one's own score; for win/lose games (divisor-game) the winner is paid 1 and the loser
//! 0 at the end, so maximising the margin means winning.
//!
//! Tie-breaking rule, shared by every solver, strategy, graph and table: when several moves are
//! equally good for the player to move (same margin), optimal play takes the first of them in
//! [`Game::legal_moves`] order. The rule is one function, `solve::replaces_best`; the generic
//! solvers, the graphs and the strategies choose through `solve::first_best`, and the DP kernels
//! that record choices as bits call `replaces_best` directly. The conformance suite
//! (`tests/solvers/conformance.rs`) checks every solver move for move against `brute`.

use serde::Serialize;

use std::fmt::Debug;
use std::hash::Hash;

/// Size of the state DAG: distinct positions and the moves between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DagSize {
    pub states: u128,
    pub edges: u128,
}

/// Cheap bounds on how big one instance can get, computed from the instance alone
/// ([`Game::bounds`]): solvers, graph builders and strategies cost a request with them and
/// refuse an oversize one before doing any work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// At most this many distinct positions are reachable from the start.
    pub states: u128,
    /// At most this many legal moves at any position. Searches hold the move lists of a whole
    /// line of play, so their memory is costed with it.
    pub moves: u128,
    /// At most this many moves in one game.
    pub depth: u128,
    /// At least this many distinct positions are reachable from the start. Graph builders refuse
    /// a request whose lower bound is already over their limit without walking the game.
    pub least_states: u128,
}

impl Bounds {
    /// The bounds implied by the number of positions alone: every move leads to a distinct
    /// position, so no position has more moves than that and no game lasts longer; at least the
    /// start is reachable. A game narrows them with struct update syntax:
    /// `Bounds { moves: 2, ..Bounds::states(n) }`.
    pub const fn states(states: u128) -> Bounds {
        Bounds {
            states,
            moves: states,
            depth: states,
            least_states: 1,
        }
    }
}

/// One of the two players. `First` moves first (Alice in LeetCode's statements, player A in the
/// gold-pots article).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    First,
    Second,
}

impl Player {
    /// The opponent.
    #[inline]
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// The player whose turn it is after `moves_made` strictly alternating moves.
    #[inline]
    pub fn after_moves(moves_made: usize) -> Player {
        if moves_made.is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        }
    }

    /// `"first"` or `"second"`, as in every output format.
    pub fn name(self) -> &'static str {
        match self {
            Player::First => "first",
            Player::Second => "second",
        }
    }
}

/// Who won a finished game (or wins a position under optimal play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    First,
    Second,
    Tie,
}

impl Winner {
    /// The winner implied by a margin (first player's score minus the second's).
    pub fn from_margin(margin: i64) -> Winner {
        match margin.signum() {
            1 => Winner::First,
            -1 => Winner::Second,
            _ => Winner::Tie,
        }
    }

    /// `"first"`, `"second"` or `"tie"`, as in every output format.
    pub fn name(self) -> &'static str {
        match self {
            Winner::First => "first",
            Winner::Second => "second",
            Winner::Tie => "tie",
        }
    }
}

/// Points held by each player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Scores {
    pub first: i64,
    pub second: i64,
}

impl Scores {
    /// No points for anybody.
    pub const ZERO: Scores = Scores {
        first: 0,
        second: 0,
    };

    /// The final scores of a win/lose game: 1 for `winner`, 0 for the other player.
    #[inline]
    pub fn win_for(winner: Player) -> Scores {
        Scores::ZERO.plus(winner, 1)
    }

    /// The scores of a constant-sum game whose points add up to `total`, from the first player's
    /// margin (`first + second = total` and `first - second = margin`).
    ///
    /// The sum and difference are taken in 128 bits: a validated instance's absolute sum may
    /// reach `i64::MAX`, so `total + margin` may not fit 64 bits (one pile of 2^62 gives 2^63),
    /// while each score, a sum of some of the piles, does.
    ///
    /// ```
    /// use gamelab::base::game::Scores;
    /// let one_pile = 1i64 << 62;
    /// let scores = Scores::from_total_and_margin(one_pile, one_pile);
    /// assert_eq!((scores.first, scores.second), (one_pile, 0));
    /// ```
    pub fn from_total_and_margin(total: i64, margin: i64) -> Scores {
        let (total, margin) = (i128::from(total), i128::from(margin));
        // total + margin = 2 * first, so the halving is exact.
        Scores {
            first: ((total + margin) / 2) as i64,
            second: ((total - margin) / 2) as i64,
        }
    }

    /// The points of `player`.
    #[inline]
    pub fn of(self, player: Player) -> i64 {
        match player {
            Player::First => self.first,
            Player::Second => self.second,
        }
    }

    /// These scores with `points` added to `player`.
    ///
    /// Games validate their inputs so that no score can leave the 64-bit range (see each game's
    /// `from_input`); the addition therefore cannot overflow for a validated instance.
    #[inline]
    pub fn plus(self, player: Player, points: i64) -> Scores {
        match player {
            Player::First => Scores {
                first: self.first + points,
                ..self
            },
            Player::Second => Scores {
                second: self.second + points,
                ..self
            },
        }
    }

    /// First player's score minus the second's.
    #[inline]
    pub fn margin(self) -> i64 {
        self.first - self.second
    }

    /// `player`'s score minus the opponent's.
    #[inline]
    pub fn margin_for(self, player: Player) -> i64 {
        self.of(player) - self.of(player.other())
    }
}

/// How a move is named in JSON output: one key and its value, e.g. `"side": "left"`,
/// `"count": 2`, `"x": 1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    /// The JSON key (`side`, `count`, `x`, ...).
    pub key: &'static str,
    /// The value under that key.
    pub value: ActionValue,
}

/// The value of an [`Action`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ActionValue {
    /// A fixed word of the game's vocabulary (`left`, `right`).
    Word(&'static str),
    /// A count or a number (`count: 2`, `x: 3`).
    Number(u64),
    /// A name given at run time, for games defined outside the crate (`crate::games::explicit`).
    Text(String),
}

impl std::fmt::Display for ActionValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ActionValue::Word(word) => f.write_str(word),
            ActionValue::Number(number) => write!(f, "{number}"),
            ActionValue::Text(text) => f.write_str(text),
        }
    }
}

/// A move described for people and for output formats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveDescription {
    /// The key/value that identifies the move in JSON.
    pub action: Action,
    /// The pile values the move takes, in order (empty for games without piles).
    pub took: Vec<i64>,
    /// A short phrase for text output, e.g. `"takes the left pile"`.
    pub text: String,
}

/// The piles left as one contiguous run of indices, for [`Game::piles_left`] (a list of one
/// range, written once here rather than as `vec![a..b]`, which reads like a list of indices).
pub fn one_run(range: std::ops::Range<usize>) -> Vec<std::ops::Range<usize>> {
    std::iter::once(range).collect()
}

/// A two-player game of perfect information: its rules. The implementing value is one
/// *instance* (for stone-game: the row of piles); positions within it are [`Game::State`]s.
///
/// Implementors must make [`Game::legal_moves`] empty exactly at terminal states, list moves in a
/// fixed order (the tie-breaking order, see the module docs), and keep states small and
/// canonical: two move sequences that reach the same position should produce equal states, so
/// that memoisation and the state DAG merge them.
///
/// The rules are all a game needs for the generic solvers (`brute`, `memo`), the position
/// analysis, graphs and their exports, strategies and the conformance suite. To be found by
/// name, built from input, swept and given solvers of its own, a game also has a registry entry
/// (`gamelab::games::GameDefinition`, with a complete example in `examples/new_game.rs`).
///
/// A complete game: a pile of N stones, a turn takes one or two, who takes the last one wins.
///
/// ```
/// use gamelab::base::game::{Action, ActionValue, Bounds, Game, MoveDescription, Player, Scores};
///
/// struct TakeOneOrTwo {
///     stones: u64,
/// }
///
/// impl Game for TakeOneOrTwo {
///     const NAME: &'static str = "take-one-or-two";
///     const IMPARTIAL: bool = true;
///     /// Stones left and who moves.
///     type State = (u64, Player);
///     /// Stones taken.
///     type Move = u64;
///
///     fn initial_state(&self) -> (u64, Player) {
///         (self.stones, Player::First)
///     }
///     fn to_move(&self, state: &(u64, Player)) -> Player {
///         state.1
///     }
///     fn legal_moves(&self, state: &(u64, Player)) -> Vec<u64> {
///         (1..=state.0.min(2)).collect()
///     }
///     fn apply(&self, state: &(u64, Player), take: u64) -> (u64, Player) {
///         (state.0 - take, state.1.other())
///     }
///     /// Whoever cannot move has lost: the other player took the last stone.
///     fn terminal_payoff(&self, state: &(u64, Player)) -> Scores {
///         Scores::win_for(state.1.other())
///     }
///     fn bounds(&self) -> Bounds {
///         let n = u128::from(self.stones);
///         Bounds { moves: 2, ..Bounds::states(2 * (n + 1)) }
///     }
///     fn describe_state(&self, state: &(u64, Player)) -> String {
///         format!("{} stones", state.0)
///     }
///     fn describe_move(&self, _: &(u64, Player), take: u64) -> MoveDescription {
///         MoveDescription {
///             action: Action { key: "take", value: ActionValue::Number(take) },
///             took: vec![],
///             text: format!("takes {take}"),
///         }
///     }
/// }
///
/// // A multiple of three loses for the player to move.
/// let solution = gamelab::solve::memo::solve(&TakeOneOrTwo { stones: 9 })?;
/// assert_eq!(solution.winner, gamelab::Winner::Second);
/// # Ok::<(), gamelab::SolveError>(())
/// ```
pub trait Game: Send + Sync {
    /// The game's command-line name, e.g. `stone-game`.
    const NAME: &'static str;

    /// A position of the game.
    type State: Clone + Eq + Hash + Debug + Send + Sync;
    /// A move from a position.
    type Move: Copy + Eq + Debug + Send + Sync;

    // The rules.

    /// The position the game starts from.
    fn initial_state(&self) -> Self::State;

    /// The player to move at `state`. At terminal states the answer carries no meaning beyond
    /// being consistent: the position analysis (`crate::analysis`) reports there the player who
    /// would move next, the opponent of the one who moved last, whatever this says.
    fn to_move(&self, state: &Self::State) -> Player;

    /// The legal moves at `state`, in tie-breaking order; empty exactly when `state` is terminal.
    fn legal_moves(&self, state: &Self::State) -> Vec<Self::Move>;

    /// The position after `mv` is played at `state`. `mv` must be legal at `state`.
    fn apply(&self, state: &Self::State, mv: Self::Move) -> Self::State;

    /// Whether the game is over at `state`.
    #[inline]
    fn is_terminal(&self, state: &Self::State) -> bool {
        self.legal_moves(state).is_empty()
    }

    // The points.

    /// The points the player to move earns by playing `mv` at `state` (default: none, as in
    /// win/lose games).
    #[inline]
    fn gain(&self, _state: &Self::State, _mv: Self::Move) -> i64 {
        0
    }

    /// Points awarded when the game ends at the terminal `state` (zero for the pile games; the
    /// win for win/lose games).
    #[inline]
    fn terminal_payoff(&self, _state: &Self::State) -> Scores {
        Scores::ZERO
    }

    /// Whether the two final scores always add up to the same total. Then maximising one's own
    /// score and maximising the margin are the same goal, and exports can use the scores as
    /// payoffs. Stone Game VII is not: there the players explicitly play for the margin.
    const CONSTANT_SUM: bool = true;

    /// Whether the game is impartial under normal play: both players have the same moves at
    /// every position and whoever cannot move loses (divisor-game, stone-game-iv, nim). Such
    /// positions have a Grundy value (Sprague-Grundy), which the position analysis reports.
    const IMPARTIAL: bool = false;

    // The size.

    /// Cheap bounds on the instance's size (see [`Bounds`]).
    fn bounds(&self) -> Bounds;

    /// The exact size of the state DAG by a formula (or one pass over an array, with no
    /// position hashed), for games where that takes far less time than walking the game: the
    /// number games, whose walks compute a move list per position (divisors by trial division,
    /// squares up to N). `None` (the default) when there is no such shortcut;
    /// [`crate::base::size::dag_size`] then walks the game.
    fn dag_size_by_formula(&self) -> Option<DagSize> {
        None
    }

    // The words.

    /// A compact human-readable form of `state`, e.g. `[6, 2, 3]`, `N=5`, `[9, 4] M=2`.
    fn describe_state(&self, state: &Self::State) -> String;

    /// Describes `mv` played at `state`.
    fn describe_move(&self, state: &Self::State, mv: Self::Move) -> MoveDescription;

    /// Appends [`Game::describe_state`]'s text to `out`. Graph exporters call this once per
    /// node; games with long descriptions override it to skip the intermediate `String`.
    fn write_state(&self, state: &Self::State, out: &mut String) {
        out.push_str(&self.describe_state(state));
    }

    /// The key/value that identifies `mv` at `state` ([`MoveDescription::action`]). Graph
    /// exporters call this once per edge; games override it to skip building the full
    /// description.
    fn move_action(&self, state: &Self::State, mv: Self::Move) -> Action {
        self.describe_move(state, mv).action
    }

    // The board, for games of piles.

    /// The row of piles of a pile game (the instance's values in their original order); `None`
    /// for games without piles. [`Game::piles_left`] indexes into it.
    fn pile_row(&self) -> Option<&[i64]> {
        None
    }

    /// The piles still on the table at `state`, as ranges of indices into [`Game::pile_row`] in
    /// their current order (one range for a row, two for an arc of a circle that wraps);
    /// `None` for games without piles. Boards and the explorer draw positions from it.
    fn piles_left(&self, _state: &Self::State) -> Option<Vec<std::ops::Range<usize>>> {
        None
    }

    /// What a pile game's position holds besides its piles left, in the words of
    /// [`Game::describe_state`] (stone-game-ii's `M=2`): boards that draw the piles show it
    /// beside them. `None` (the default) when the piles are the whole position.
    fn describe_beyond_piles(&self, _state: &Self::State) -> Option<String> {
        None
    }
}

/// The payoffs the players of `G` maximise, given the final scores: the scores themselves in
/// constant-sum games, else (margin, -margin). Exporters for other tools (EFG) write these, so
/// that the tools' solutions match ours.
pub fn objective<G: Game>(scores: Scores) -> Scores {
    if G::CONSTANT_SUM {
        scores
    } else {
        Scores {
            first: scores.margin(),
            second: -scores.margin(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winner_follows_the_sign_of_the_margin() {
        assert_eq!(Winner::from_margin(3), Winner::First);
        assert_eq!(Winner::from_margin(-96), Winner::Second);
        assert_eq!(Winner::from_margin(0), Winner::Tie);
    }

    #[test]
    fn players_alternate() {
        assert_eq!(Player::after_moves(0), Player::First);
        assert_eq!(Player::after_moves(3), Player::Second);
        assert_eq!(Player::First.other(), Player::Second);
    }

    #[test]
    fn scores_add_to_the_named_player() {
        let scores = Scores::ZERO.plus(Player::Second, 5).plus(Player::First, 2);
        assert_eq!(
            scores,
            Scores {
                first: 2,
                second: 5
            }
        );
        assert_eq!(scores.margin(), -3);
        assert_eq!(scores.margin_for(Player::Second), 3);
    }
}
