//! The games, and the registry that finds one by its command-line name.
//!
//! A game is one module: a struct implementing [`Game`] (the rules) and [`RegisteredGame`] (its
//! name, documentation, input form and game-specific solvers), plus one line in [`GAMES`].
//! Everything else — generic solvers, and the commands built on them — reaches the game through
//! [`AnyGame`], implemented once for every registered game.

pub mod coins_in_a_circle;
pub mod divisor_game;
pub mod nim;
pub mod stone_game;
pub mod stone_game_ii;
pub mod stone_game_iii;
pub mod stone_game_iv;
pub mod stone_game_vii;

use crate::error::{InputError, SolveError};
use crate::export::{self, ExportError, GraphFormat, GraphMeta};
use crate::game::{Game, Player, Scores};
use crate::graph::{self, GraphKind};
use crate::input::{InstanceInput, InstanceRef};
use crate::solve::table::DpTable;
use crate::solve::{Solution, SolverKind, brute, memo, play_out};
use crate::strategy::lab::{GameRecord, StrategyError};
use crate::strategy::{GENERIC_STRATEGIES, Strategy, StrategySpec, generic_strategy};
use std::io::Write;

/// Why a graph could not be exported.
#[derive(Debug, thiserror::Error)]
pub enum GraphError {
    #[error(transparent)]
    TooLarge(#[from] InputError),
    #[error(transparent)]
    Export(#[from] ExportError),
}

/// What an instance of a game is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputForm {
    /// A row of piles (`--piles 3,9,1,2`); `negative` tells whether negative values make sense.
    Piles { negative: bool },
    /// A single number N (`--n 10`).
    Number,
}

/// The catalogue side of a game: what the registry and the command-line tool need to know.
pub trait RegisteredGame: Game + Sized + 'static {
    /// One-line title, with the problems the game covers.
    const TITLE: &'static str;
    /// The rules, as printed by `gamelab games`.
    const RULES: &'static str;
    /// What an instance is made of.
    const INPUT_FORM: InputForm;
    /// Every solver that applies, `auto` first. The default is the generic solvers alone,
    /// which need nothing beyond the rules.
    const SOLVERS: &'static [SolverKind] = &[SolverKind::Auto, SolverKind::Brute, SolverKind::Memo];
    /// Strategies of this game besides the generic ones (see `crate::strategy`).
    const SPECIAL_STRATEGIES: &'static [&'static str] = &[];
    /// The share of the total the first player is known to be able to guarantee, with its
    /// source, drawn as a reference line on share charts.
    const SHARE_BOUND: Option<(f64, &'static str)> = None;

    /// Builds and validates an instance.
    fn from_input(input: &InstanceInput) -> Result<Self, InputError>;
    /// The instance as input fields (the inverse of `from_input`).
    fn to_input(&self) -> InstanceInput;
    /// The solver `auto` picks for this instance (default: `memo`, which works for every game).
    fn auto_solver(&self) -> SolverKind {
        SolverKind::Memo
    }
    /// Runs a game-specific solver (one of `SOLVERS` other than auto, brute and memo). The
    /// default has none.
    fn solve_specific(&self, solver: SolverKind) -> Result<Solution, SolveError> {
        Err(not_applicable::<Self>(solver))
    }

    /// The solution without its move list, with `solver` (never `auto`). The default solves in
    /// full and drops the moves; games override it where the value alone is cheaper.
    fn solve_value(&self, solver: SolverKind) -> Result<Solution, SolveError> {
        solved_without_moves(self, solver)
    }

    /// The game's DP table laid out for a heatmap, for games whose table is two-dimensional.
    fn dp_table(&self) -> Option<DpTable> {
        None
    }

    /// Facts about this instance worth printing beside its solution (nim's Grundy values and
    /// their period, Stone Game IV's losing positions, ...).
    fn notes(&self) -> Vec<String> {
        Vec::new()
    }

    /// One of `SPECIAL_STRATEGIES` for `player` on this instance.
    fn special_strategy(&self, name: &str, player: Player) -> Option<Box<dyn Strategy<Self>>> {
        let _ = (name, player);
        None
    }

    /// The first player's margin under optimal play, without the move list: the fast path of
    /// sweeps and claims. `scratch` is working memory reused between calls, so games can avoid
    /// allocating per instance. The default builds the instance and solves it with `auto`.
    fn first_margin(input: InstanceRef<'_>, scratch: &mut Vec<i64>) -> Result<i64, SolveError> {
        let _ = scratch;
        let game = Self::from_input(&input.to_input())?;
        Ok(AnyGame::solve(&game, SolverKind::Auto)?.margin)
    }

    /// The first player's margins of many pile instances of `n` piles each, laid out one after
    /// another in `flat`, appended to `out` in order. The default solves them one at a time with
    /// [`RegisteredGame::first_margin`]; games may batch them (stone-game: one per SIMD lane).
    fn first_margins(
        n: usize,
        flat: &[i64],
        out: &mut Vec<i64>,
        scratch: &mut Vec<i64>,
    ) -> Result<(), SolveError> {
        for instance in flat.chunks(n.max(1)) {
            out.push(Self::first_margin(InstanceRef::Piles(instance), scratch)?);
        }
        Ok(())
    }
}

/// A game in the registry.
pub struct GameEntry {
    pub name: &'static str,
    pub title: &'static str,
    pub rules: &'static str,
    pub input_form: InputForm,
    pub solvers: &'static [SolverKind],
    pub special_strategies: &'static [&'static str],
    /// Whether the final scores always add up to the same total (see `Game::CONSTANT_SUM`).
    pub constant_sum: bool,
    /// A reference line for share charts: the first player's guaranteed share and its source.
    pub share_bound: Option<(f64, &'static str)>,
    build: fn(&InstanceInput) -> Result<Box<dyn AnyGame>, InputError>,
    first_margin: fn(InstanceRef<'_>, &mut Vec<i64>) -> Result<i64, SolveError>,
    first_margins: BatchMargins,
}

/// The signature of [`RegisteredGame::first_margins`].
type BatchMargins = fn(usize, &[i64], &mut Vec<i64>, &mut Vec<i64>) -> Result<(), SolveError>;

impl GameEntry {
    /// Builds an instance of this game from input fields.
    pub fn build(&self, input: &InstanceInput) -> Result<Box<dyn AnyGame>, InputError> {
        if let Some(named) = &input.game
            && named != self.name
        {
            return Err(InputError::Constraint(format!(
                "the instance is for '{named}', but this command works on {}",
                self.name
            )));
        }
        (self.build)(input)
    }

    /// The first player's margin under optimal play (see [`RegisteredGame::first_margin`]).
    pub fn first_margin(
        &self,
        input: InstanceRef<'_>,
        scratch: &mut Vec<i64>,
    ) -> Result<i64, SolveError> {
        (self.first_margin)(input, scratch)
    }

    /// The first player's margins of many pile instances of `n` piles each (see
    /// [`RegisteredGame::first_margins`]).
    pub fn first_margins(
        &self,
        n: usize,
        flat: &[i64],
        out: &mut Vec<i64>,
        scratch: &mut Vec<i64>,
    ) -> Result<(), SolveError> {
        (self.first_margins)(n, flat, out, scratch)
    }

    /// Whether instances are rows of piles (as opposed to a number N).
    pub fn takes_piles(&self) -> bool {
        matches!(self.input_form, InputForm::Piles { .. })
    }

    /// The solvers' names, comma-separated.
    pub fn solver_names(&self) -> String {
        names(self.solvers.iter().map(|solver| solver.name()))
    }
}

/// The registry entry of game `G`.
pub const fn entry<G: RegisteredGame>() -> GameEntry {
    GameEntry {
        name: G::NAME,
        title: G::TITLE,
        rules: G::RULES,
        input_form: G::INPUT_FORM,
        solvers: G::SOLVERS,
        special_strategies: G::SPECIAL_STRATEGIES,
        constant_sum: G::CONSTANT_SUM,
        share_bound: G::SHARE_BOUND,
        build: build_boxed::<G>,
        first_margin: G::first_margin,
        first_margins: G::first_margins,
    }
}

fn build_boxed<G: RegisteredGame>(input: &InstanceInput) -> Result<Box<dyn AnyGame>, InputError> {
    Ok(Box::new(G::from_input(input)?))
}

/// Every game, one line each.
pub static GAMES: &[GameEntry] = &[
    entry::<stone_game::StoneGame>(),
    entry::<stone_game_ii::StoneGameII>(),
    entry::<stone_game_iii::StoneGameIII>(),
    entry::<divisor_game::DivisorGame>(),
    entry::<stone_game_vii::StoneGameVII>(),
    entry::<stone_game_iv::StoneGameIV>(),
    entry::<nim::Nim>(),
    entry::<coins_in_a_circle::CoinsInACircle>(),
];

/// Finds a game by its command-line name.
pub fn find_game(name: &str) -> Result<&'static GameEntry, InputError> {
    GAMES
        .iter()
        .find(|entry| entry.name == name)
        .ok_or_else(|| InputError::UnknownGame {
            name: name.to_string(),
            known: names(GAMES.iter().map(|entry| entry.name)),
        })
}

fn names<'a>(names: impl Iterator<Item = &'a str>) -> String {
    names.collect::<Vec<_>>().join(", ")
}

/// One instance of any registered game, behind a trait object.
pub trait AnyGame: Send + Sync {
    /// The game's command-line name.
    fn name(&self) -> &'static str;
    /// The instance as input fields.
    fn input(&self) -> InstanceInput;
    /// Solves the instance with `solver`.
    fn solve(&self, solver: SolverKind) -> Result<Solution, SolveError>;
    /// Solves the instance with `solver` without listing the moves (faster for large ones).
    fn solve_value(&self, solver: SolverKind) -> Result<Solution, SolveError>;
    /// The game's DP table for a heatmap, if it has a two-dimensional one.
    fn dp_table(&self) -> Option<DpTable>;
    /// Facts about the instance worth printing beside its solution.
    fn notes(&self) -> Vec<String>;
    /// Plays `first` against `second` on this instance; `optimal` is the game's value (for the
    /// shortfall); `seed` and `index` key random strategies.
    fn play(
        &self,
        first: &StrategySpec,
        second: &StrategySpec,
        optimal: Scores,
        seed: u64,
        index: u64,
    ) -> Result<GameRecord, StrategyError>;
    /// Builds the tree or DAG, refusing it beforehand if it has more than `max_nodes` nodes,
    /// and writes it in `format`; returns (tree nodes, DAG nodes).
    fn export_graph(
        &self,
        kind: GraphKind,
        format: GraphFormat,
        max_nodes: u128,
        out: &mut dyn Write,
    ) -> Result<(u128, usize), GraphError>;
}

impl<G: RegisteredGame> AnyGame for G {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn input(&self) -> InstanceInput {
        self.to_input()
    }

    fn solve(&self, solver: SolverKind) -> Result<Solution, SolveError> {
        if !G::SOLVERS.contains(&solver) {
            return Err(not_applicable::<G>(solver));
        }
        match solver {
            SolverKind::Auto => AnyGame::solve(self, self.auto_solver()),
            SolverKind::Brute => brute::solve(self),
            SolverKind::Memo => memo::solve(self),
            specific => self.solve_specific(specific),
        }
    }

    fn dp_table(&self) -> Option<DpTable> {
        RegisteredGame::dp_table(self)
    }

    fn notes(&self) -> Vec<String> {
        RegisteredGame::notes(self)
    }

    fn solve_value(&self, solver: SolverKind) -> Result<Solution, SolveError> {
        if !G::SOLVERS.contains(&solver) {
            return Err(not_applicable::<G>(solver));
        }
        let solver = match solver {
            SolverKind::Auto => self.auto_solver(),
            other => other,
        };
        RegisteredGame::solve_value(self, solver)
    }

    fn play(
        &self,
        first: &StrategySpec,
        second: &StrategySpec,
        optimal: Scores,
        seed: u64,
        index: u64,
    ) -> Result<GameRecord, StrategyError> {
        let mut first_player = make_strategy(self, first, seed, index, Player::First)?;
        let mut second_player = make_strategy(self, second, seed, index, Player::Second)?;
        let (moves, scores) = play_out(self, |state| match self.to_move(state) {
            Player::First => first_player.choose(self, state),
            Player::Second => second_player.choose(self, state),
        });
        let notes = [(first, &first_player), (second, &second_player)]
            .into_iter()
            .filter_map(|(spec, strategy)| strategy.note().map(|note| format!("{spec}: {note}")))
            .collect();
        Ok(GameRecord::new(moves, scores, optimal, notes))
    }

    fn export_graph(
        &self,
        kind: GraphKind,
        format: GraphFormat,
        max_nodes: u128,
        out: &mut dyn Write,
    ) -> Result<(u128, usize), GraphError> {
        if kind == GraphKind::Dag && format == GraphFormat::Efg {
            return Err(ExportError::EfgNeedsTree.into());
        }
        graph::check_size(self, kind, max_nodes)?;
        let meta = GraphMeta {
            game: G::NAME,
            instance: self.to_input().describe(),
        };
        let built = graph::build(self, kind);
        export::export_graph(format, self, &built, &meta, out)?;
        Ok((built.tree_nodes, built.dag_nodes))
    }
}

/// `game` solved in full with `solver`, its move list dropped: the value-only answer of solvers
/// that need their whole table anyway.
pub(crate) fn solved_without_moves<G: RegisteredGame>(
    game: &G,
    solver: SolverKind,
) -> Result<Solution, SolveError> {
    Ok(Solution {
        moves: None,
        ..AnyGame::solve(game, solver)?
    })
}

/// A generic strategy, or one of `G`'s own.
fn make_strategy<G: RegisteredGame>(
    game: &G,
    spec: &StrategySpec,
    seed: u64,
    index: u64,
    player: Player,
) -> Result<Box<dyn Strategy<G>>, StrategyError> {
    if let Some(strategy) = generic_strategy(spec, seed, index, player) {
        return Ok(strategy);
    }
    let name = spec.to_string();
    game.special_strategy(&name, player)
        .ok_or_else(|| StrategyError::Unknown {
            available: [GENERIC_STRATEGIES]
                .into_iter()
                .chain(G::SPECIAL_STRATEGIES.iter().copied())
                .collect::<Vec<_>>()
                .join(", "),
            name,
            game: G::NAME,
        })
}

/// The error for a solver that `G` does not have.
pub fn not_applicable<G: RegisteredGame>(solver: SolverKind) -> SolveError {
    SolveError::NotApplicable {
        solver: solver.name(),
        game: G::NAME,
        available: names(G::SOLVERS.iter().map(|solver| solver.name())),
    }
}

const PILES_HINT: &str = "--piles 3,9,1,2 or {\"piles\": [3, 9, 1, 2]}";

/// The piles of a pile game's input, checked to be present and non-empty, with no stray fields
/// (for [`RegisteredGame::from_input`], here and in games defined outside this crate).
pub fn take_piles(game: &'static str, input: &InstanceInput) -> Result<Vec<i64>, InputError> {
    reject_pile_game_extras(game, input)?;
    let piles = input.piles.clone().ok_or(InputError::MissingField {
        game,
        field: "piles",
        hint: PILES_HINT,
    })?;
    check_pile_count(game, &piles)?;
    Ok(piles)
}

/// The piles of a borrowed pile-game instance, checked like [`take_piles`].
pub(crate) fn borrow_piles<'a>(
    game: &'static str,
    input: InstanceRef<'a>,
) -> Result<&'a [i64], InputError> {
    match input {
        InstanceRef::Piles(piles) => {
            check_pile_count(game, piles)?;
            Ok(piles)
        }
        InstanceRef::Input(input) => {
            reject_pile_game_extras(game, input)?;
            let piles = input.piles.as_deref().ok_or(InputError::MissingField {
                game,
                field: "piles",
                hint: PILES_HINT,
            })?;
            check_pile_count(game, piles)?;
            Ok(piles)
        }
    }
}

/// Refuses the fields pile games do not take.
fn reject_pile_game_extras(game: &'static str, input: &InstanceInput) -> Result<(), InputError> {
    let stray = [
        ("n", input.n.is_some()),
        ("subtract", input.subtract.is_some()),
    ];
    match stray.into_iter().find(|(_, present)| *present) {
        Some((field, _)) => Err(InputError::UnexpectedField {
            game,
            field,
            takes: PILES_HINT,
        }),
        None => Ok(()),
    }
}

fn check_pile_count(game: &'static str, piles: &[i64]) -> Result<(), InputError> {
    if piles.is_empty() {
        return Err(InputError::NoPiles { game });
    }
    if u32::try_from(piles.len()).is_err() {
        return Err(InputError::out_of_range(
            "the number of piles",
            "at most 4294967295",
            piles.len(),
        ));
    }
    Ok(())
}

/// The N of a number game's input, checked to be present and at least `minimum`, with no
/// stray fields (for [`RegisteredGame::from_input`]).
pub fn take_number(
    game: &'static str,
    input: &InstanceInput,
    minimum: u64,
) -> Result<u64, InputError> {
    if input.subtract.is_some() {
        return Err(InputError::UnexpectedField {
            game,
            field: "subtract",
            takes: "a number: --n 10 or {\"n\": 10}",
        });
    }
    take_number_with_set(game, input, minimum)
}

/// Like [`take_number`], for games that also read the subtraction set (nim).
pub(crate) fn take_number_with_set(
    game: &'static str,
    input: &InstanceInput,
    minimum: u64,
) -> Result<u64, InputError> {
    if input.piles.is_some() {
        return Err(InputError::UnexpectedField {
            game,
            field: "piles",
            takes: "a number: --n 10 or {\"n\": 10}",
        });
    }
    let n = input.n.ok_or(InputError::MissingField {
        game,
        field: "n",
        hint: "--n 10 or {\"n\": 10}",
    })?;
    if n < minimum {
        return Err(InputError::out_of_range(
            format!("{game}: N"),
            format!("at least {minimum}"),
            n,
        ));
    }
    Ok(n)
}

/// Refuses a table of every k <= `n` above `limit`: the table solvers of the number games.
pub(crate) fn check_table_size(solver: &'static str, n: u64, limit: u64) -> Result<(), SolveError> {
    if n > limit {
        return Err(SolveError::TooLarge {
            solver,
            what: "N",
            size: n.to_string(),
            limit: limit.to_string(),
        });
    }
    Ok(())
}

/// Checks that `factor` times the sum of the piles' absolute values fits in 64 bits. Every score,
/// margin and partial sum of a pile game is bounded by that amount for a suitable factor (1 for
/// games whose points are the piles taken), so a checked instance can never overflow.
pub fn check_score_range(
    game: &'static str,
    piles: &[i64],
    factor: u128,
) -> Result<(), InputError> {
    let absolute_sum: u128 = piles.iter().map(|&pile| pile.unsigned_abs() as u128).sum();
    let amount = absolute_sum.saturating_mul(factor);
    if amount > i64::MAX as u128 {
        return Err(InputError::ScoreOverflow {
            game,
            what: if factor == 1 {
                "the sum of the piles' absolute values"
            } else {
                "the largest possible score"
            },
            amount: amount.min(i128::MAX as u128) as i128,
        });
    }
    Ok(())
}

/// A pile list for people: `[4, 6, 2, 3]`, shortened in the middle when long.
pub fn format_piles(piles: &[i64]) -> String {
    const SHOWN_AT_EACH_END: usize = 6;
    let join = |part: &[i64]| {
        part.iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    if piles.len() <= 2 * SHOWN_AT_EACH_END + 1 {
        format!("[{}]", join(piles))
    } else {
        format!(
            "[{}, … {} more …, {}]",
            join(&piles[..SHOWN_AT_EACH_END]),
            piles.len() - 2 * SHOWN_AT_EACH_END,
            join(&piles[piles.len() - SHOWN_AT_EACH_END..])
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_found_by_its_name() {
        for entry in GAMES {
            assert_eq!(find_game(entry.name).unwrap().name, entry.name);
            assert_eq!(entry.solvers.first(), Some(&SolverKind::Auto));
        }
        let message = find_game("chess").err().unwrap().to_string();
        assert!(
            message.contains("'chess'") && message.contains("stone-game"),
            "{message}"
        );
    }

    #[test]
    fn long_pile_lists_are_shortened() {
        assert_eq!(format_piles(&[4, 6, 2, 3]), "[4, 6, 2, 3]");
        let long: Vec<i64> = (1..=20).collect();
        assert_eq!(
            format_piles(&long),
            "[1, 2, 3, 4, 5, 6, … 8 more …, 15, 16, 17, 18, 19, 20]"
        );
    }

    #[test]
    fn overflowing_sums_are_refused() {
        assert!(check_score_range("stone-game", &[i64::MAX, 1], 1).is_err());
        assert!(check_score_range("stone-game", &[i64::MIN], 1).is_err());
        assert!(check_score_range("stone-game", &[i64::MAX - 1, 1], 1).is_ok());
    }
}
