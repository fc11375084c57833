//! A game's registry entry: everything the tool knows about a game beyond its rules, as one value
//! of [`GameDefinition`] in the game's folder — its title and rules text, how an instance is read
//! and written, its own solvers, and its fast paths — and the type-erased view of it,
//! [`GameEntry`], through which the studies and the front ends handle any game by name.
//!
//! Generic layers reach a game's fast path only through its entry: a sweep asks the entry for
//! margins, `solve --input` for its stream answers, a DAG export for its DOT writer, a
//! tournament for its own strategies. None of them names a game.

use crate::analysis::grundy::NimValues;
use crate::base::error::{InputError, SolveError};
use crate::base::game::Game;
use crate::base::input::{InstanceInput, InstanceRef};
use crate::cost::{Cost, Operation, Work};
use crate::games::conformance::{SuiteOptions, SuiteReport, check_game};
use crate::games::instance::{AnyGame, FastPaths, Instance};
use crate::solve::{Solution, SolverKind, Solvers};
use std::any::Any;
use std::ops::Range;

/// What an instance of a game is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputForm {
    /// A row of piles; `negative` tells whether negative values make sense.
    Piles { negative: bool },
    /// A heap of N (or several: `heaps`); `subtraction_set` tells whether the game also reads a
    /// set of amounts a move may take (nim), `code` whether it reads an octal code, `splits`
    /// whether a move may split a heap in two (the octal games: a heap's positions are then the
    /// partitions of its tokens, so small instances are smaller).
    Number {
        subtraction_set: bool,
        code: bool,
        splits: bool,
    },
}

/// A game's registry entry: what the tool knows about the game beyond its rules. Each game
/// declares one in its folder (`pub const DEFINITION`, a constant for the reason
/// [`crate::games::every_game`] gives) and lists it there; `examples/new_game.rs` is a complete
/// game with its entry.
pub struct GameDefinition<G: Game + 'static> {
    /// One-line title, with the problems the game covers.
    pub title: &'static str,
    /// The rules, as `gamelab games` prints them.
    pub rules: &'static str,
    /// What an instance is made of.
    pub input_form: InputForm,
    /// The share of the total the first player is known to be able to guarantee, with its
    /// source, drawn as a reference line on share charts.
    pub share_bound: Option<(f64, &'static str)>,
    /// Builds and validates an instance. An instance is plain data: equal instances compare
    /// equal, which the conformance suite checks through `from_input(input(game)) == game`.
    pub from_input: fn(&InstanceInput) -> Result<G, InputError>,
    /// [`GameDefinition::from_input`] from input the caller gives away, for pile games that keep
    /// the pile vector instead of copying it (a file of ten million piles then fits in memory
    /// once); `None`: `from_input` on the borrowed input.
    pub from_owned_input: Option<fn(InstanceInput) -> Result<G, InputError>>,
    /// The instance as input fields (the inverse of `from_input`).
    pub input: fn(&G) -> InstanceInput,
    /// The game's own solvers and `auto`'s pick ([`Solvers::GENERIC`]: `brute` and `memo`).
    pub solvers: Solvers<G>,
    /// The game's faster paths for the studies of many instances ([`BatchPaths::NONE`]: none).
    pub batch: BatchPaths,
    /// The game's faster paths for the generic work on an instance ([`FastPaths::NONE`]: none).
    pub fast: FastPaths<G>,
}

/// A game's faster ways to study many instances; each is optional, the generic path (every
/// instance built and solved by `auto`) serves without.
#[derive(Clone, Copy)]
pub struct BatchPaths {
    /// The first player's margin of instances without building them, for sweeps and claims.
    pub margins: Option<Margins>,
    /// Answers to a stream of pile instances in JSON (`solve --input`) written without building
    /// a solution.
    pub stream: Option<&'static dyn StreamAnswers>,
    /// The nim-sequence of an impartial game on heaps, for studies of every heap size at once.
    pub nim_sequence: Option<&'static dyn NimSequence>,
}

impl BatchPaths {
    /// No fast path: every instance is built and solved.
    pub const NONE: BatchPaths = BatchPaths {
        margins: None,
        stream: None,
        nim_sequence: None,
    };

    /// Only the margins of single instances, with their cost.
    pub const fn margins(one: OneMargin, one_cost: fn(u64) -> Cost) -> BatchPaths {
        BatchPaths {
            margins: Some(Margins {
                one,
                one_cost,
                many: None,
                many_cost: None,
                lanes_16: None,
            }),
            ..BatchPaths::NONE
        }
    }
}

// By hand: derived impls would ask the game, not only the entry's pointers, to be Copy. An
// instance keeps a copy of its entry (a few words), so an entry of any lifetime builds one.
impl<G: Game + 'static> Clone for GameDefinition<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game + 'static> Copy for GameDefinition<G> {}

/// The first player's margin of one instance given as input (see [`Margins::one`]).
pub type OneMargin = fn(InstanceRef<'_>, &mut Vec<i64>) -> Result<i64, SolveError>;

/// The first player's margins of many pile instances of the same size laid out one after another
/// (see [`Margins::many`]).
pub type ManyMargins = fn(usize, &[i64], &mut Vec<i64>, &mut Vec<i64>) -> Result<(), SolveError>;

/// The first player's margins of 32 pile instances in 16-bit lanes (see [`Margins::lanes_16`]).
pub type LaneMargins = fn(&[[i16; 32]], &mut Scratch) -> [i16; 32];

/// The first player's margin of instances given as input, without building them: the fast path
/// of sweeps and claims, and its cost.
#[derive(Clone, Copy)]
pub struct Margins {
    /// One instance's margin; the vector is working memory reused between calls.
    pub one: OneMargin,
    /// What [`Margins::one`] costs on an instance of size `size` (piles, or N), from the size
    /// alone: claims and charts multiply it by their instance counts and refuse requests over
    /// the budget. It bounds every size up to `size`: a range of sizes is costed by its largest.
    pub one_cost: fn(u64) -> Cost,
    /// Many pile instances of `n` piles each, laid out one after another in the slice, their
    /// margins appended in order (stone-game: one per SIMD lane); `None`: one at a time.
    pub many: Option<ManyMargins>,
    /// What [`Margins::many`] costs per instance of size `size`.
    pub many_cost: Option<fn(u64) -> Cost>,
    /// 32 pile instances of the same length already in 16-bit lanes (`piles[i][lane]` is pile
    /// `i` of the instance in `lane`), for sweeps of small values, which draw straight into
    /// them. The caller proves every lane's absolute pile sum is at most `i16::MAX`; the piles
    /// are not empty.
    pub lanes_16: Option<LaneMargins>,
}

/// Working memory a game's kernel keeps between calls, of the kernel's own type: the caller
/// only holds it, so generic code can keep it without knowing the game.
#[derive(Default)]
pub struct Scratch(Option<Box<dyn Any + Send>>);

impl Scratch {
    /// The memory as a `T`, made afresh the first time (or after it held another type).
    pub fn get<T: Default + Send + 'static>(&mut self) -> &mut T {
        if !self.0.as_ref().is_some_and(|held| held.is::<T>()) {
            self.0 = Some(Box::new(T::default()));
        }
        match self.0.as_mut().and_then(|held| held.downcast_mut::<T>()) {
            Some(memory) => memory,
            None => unreachable!("the memory was just made a T"),
        }
    }
}

/// A game's own answers to a stream of pile instances in JSON (see
/// `crate::studies::batch`): the very bytes a serialised [`Solution`] would be, written without
/// building one.
pub trait StreamAnswers: Sync {
    /// The answerer for a stream solved with `solver` (`auto` included), the value alone or with
    /// the moves, on `threads` threads; `None` when the game has no fast answer for that.
    fn answerer(
        &self,
        solver: SolverKind,
        value_only: bool,
        threads: usize,
    ) -> Option<Box<dyn StreamAnswerer>>;
}

/// Answers a run of a stream's instances (see [`StreamAnswers`]).
pub trait StreamAnswerer: Send + Sync {
    /// Answers instances from the first of `rows` on into `out`, one JSON line each, and returns
    /// how many; 0 when the first needs the general path (which also words any error). Each row
    /// is the range of an instance's piles in `piles`, or `None` for an instance given in
    /// another form. `scratch` is the answerer's working memory, kept by the caller.
    fn answer(
        &self,
        piles: &[i64],
        rows: &[Option<Range<usize>>],
        scratch: &mut Scratch,
        out: &mut Vec<u8>,
    ) -> usize;
}

/// The nim-sequence of an impartial game on heaps: the Grundy value of every heap size under the
/// rule an input gives (nim's subtraction set, an octal code; its N or heaps are not read), and
/// its period.
pub trait NimSequence: Sync {
    /// The Grundy values of heaps of 0 to `n_max` tokens, with their period where one is found
    /// (a proved period may end the computation early: [`NimValues`]).
    fn values(&self, input: &InstanceInput, n_max: u64) -> Result<NimValues, SolveError>;

    /// What [`NimSequence::values`] costs.
    fn cost(&self, input: &InstanceInput, n_max: u64) -> Result<Cost, InputError>;

    /// The rule's part of `input` as the game writes it back (nim's subtraction set, the
    /// default one where none was given; an octal code in its usual form, `0.76` for `.760`),
    /// for the studies to name the rule; nothing for a game of one rule.
    fn rule_input(&self, input: &InstanceInput) -> Result<InstanceInput, InputError>;

    /// The smallest heap that is a position of the game: 0 (the empty heap, where the player
    /// to move has lost), or 1 for the divisor game, whose N never reaches 0.
    fn smallest_position(&self) -> u64;

    /// The largest heap whose value is computed whatever the budget, where the rule has such a
    /// limit (`HeapRule::TABLE_LIMIT`): a request beyond it is refused before it is costed, so
    /// that the refusal names the limit rather than a budget whose raising only leads to it.
    fn table_limit(&self) -> Option<u64>;

    /// Streams the losing heaps (Grundy value 0) from [`NimSequence::smallest_position`] to
    /// `n_max` under the rule `input` gives, in increasing order and in chunks, to `sink`, and
    /// returns how many there were. The sink may stop the stream with an error of its own.
    fn losing_positions(
        &self,
        input: &InstanceInput,
        n_max: u64,
        sink: LosingSink<'_>,
    ) -> Result<u64, SolveError>;

    /// What [`NimSequence::losing_positions`] costs.
    fn losing_cost(&self, input: &InstanceInput, n_max: u64) -> Result<Cost, InputError>;

    /// At least as many losing heaps as there are up to `n_max` (to cost writing them).
    fn losing_bound(&self, input: &InstanceInput, n_max: u64) -> Result<u64, InputError>;

    /// The values through the first cycle of a period proved at a cost bounded whatever the
    /// heap, under the rule `input` gives, if the rule proves one so (the octal games whose
    /// first stage proves their period, the subtraction games whose quick search finds it):
    /// then the losing heaps up to any N are counted from the cycle, in closed form. `None`
    /// too where the values of heaps up to `n_max` cost no more than the cycle.
    fn proved_values(
        &self,
        input: &InstanceInput,
        n_max: u64,
    ) -> Result<Option<NimValues>, SolveError>;
}

/// Where [`NimSequence::losing_positions`] sends the losing heaps, a chunk at a time.
pub type LosingSink<'a> = &'a mut dyn FnMut(&[u64]) -> Result<(), SolveError>;

/// The type-erased view of a [`GameDefinition`]: a game in the registry, whatever its type.
pub trait GameEntry: Sync {
    /// The game's command-line name.
    fn name(&self) -> &'static str;
    /// One-line title.
    fn title(&self) -> &'static str;
    /// The rules.
    fn rules(&self) -> &'static str;
    /// What an instance is made of.
    fn input_form(&self) -> InputForm;
    /// The first player's guaranteed share of the total, with its source.
    fn share_bound(&self) -> Option<(f64, &'static str)>;
    /// Whether the final scores always add up to the same total (see `Game::CONSTANT_SUM`).
    fn constant_sum(&self) -> bool;
    /// Whether the game is impartial under normal play (see `Game::IMPARTIAL`).
    fn impartial(&self) -> bool;
    /// Every solver's name and summary, `auto` first.
    fn solvers(&self) -> Vec<(SolverKind, &'static str)>;
    /// The names of the game's own strategies, besides the generic ones.
    fn own_strategies(&self) -> Vec<&'static str>;
    /// Builds an instance from input fields.
    fn build(&self, input: &InstanceInput) -> Result<Box<dyn AnyGame>, InputError>;
    /// [`GameEntry::build`] from input the caller gives away (see
    /// [`GameDefinition::from_owned_input`]).
    fn build_owned(&self, input: InstanceInput) -> Result<Box<dyn AnyGame>, InputError>;
    /// The first player's margin under optimal play of one instance, without the move list.
    fn first_margin(
        &self,
        input: InstanceRef<'_>,
        scratch: &mut Vec<i64>,
    ) -> Result<i64, SolveError>;
    /// The first player's margins of many pile instances of `n` piles each, laid out one after
    /// another in `flat`, appended to `out` in order.
    fn first_margins(
        &self,
        n: usize,
        flat: &[i64],
        out: &mut Vec<i64>,
        scratch: &mut Vec<i64>,
    ) -> Result<(), SolveError>;
    /// What one [`GameEntry::first_margin`] costs at size `size` (see [`Margins::one_cost`]).
    fn margin_cost(&self, size: u64) -> Cost;
    /// What [`GameEntry::first_margins`] costs per instance of size `size`.
    fn batch_margin_cost(&self, size: u64) -> Cost;
    /// The game's kernel for 32 instances in 16-bit lanes, if it has one (see
    /// [`Margins::lanes_16`]).
    fn lanes_16(&self) -> Option<LaneMargins>;
    /// The game's own answers to a stream of pile instances, if it has them.
    fn stream_answers(&self) -> Option<&'static dyn StreamAnswers>;
    /// The game's nim-sequence, if it is an impartial game on heaps.
    fn nim_sequence(&self) -> Option<&'static dyn NimSequence>;
    /// Runs the conformance suite on this game (see [`crate::games::conformance`]).
    fn check_conformance(&self, options: &SuiteOptions) -> SuiteReport;

    /// Whether instances are rows of piles (as opposed to a number N).
    fn takes_piles(&self) -> bool {
        matches!(self.input_form(), InputForm::Piles { .. })
    }

    /// Every solver's name, `auto` first.
    fn solver_kinds(&self) -> Vec<SolverKind> {
        self.solvers().into_iter().map(|(kind, _)| kind).collect()
    }

    /// The solvers' names, comma-separated.
    fn solver_names(&self) -> String {
        crate::solve::dispatch::solver_names(&self.solver_kinds())
    }
}

impl<G: Game + Clone + PartialEq + std::fmt::Debug + 'static> GameDefinition<G> {
    /// Refuses input that names another game.
    fn check_named(&self, input: &InstanceInput) -> Result<(), InputError> {
        match &input.game {
            Some(named) if named != G::NAME => Err(InputError::WrongGame {
                named: named.clone(),
                expected: G::NAME,
            }),
            _ => Ok(()),
        }
    }

    /// `game` as an instance of any game (see [`AnyGame`]).
    pub fn instance(&self, game: G) -> Box<dyn AnyGame> {
        Box::new(Instance {
            game,
            solvers: self.solvers,
            fast: self.fast,
            input: self.input,
        })
    }

    /// Solves `game` with `solver` (see [`Solvers::solve`]).
    pub fn solve(&self, game: &G, solver: SolverKind) -> Result<Solution, SolveError> {
        self.solvers.solve(game, solver)
    }

    /// The value of `game` alone, by `solver` (see [`Solvers::solve_value`]).
    pub fn solve_value(&self, game: &G, solver: SolverKind) -> Result<Solution, SolveError> {
        self.solvers.solve_value(game, solver)
    }

    /// What valuing one instance given as input costs when the game has no margins of its
    /// own: the generic `memo` solver on a game of about `size`² positions of 32 bytes each.
    fn generic_margin_cost(size: u64) -> Cost {
        let positions = (size as u128).saturating_mul(size as u128);
        Cost::new(
            positions.saturating_mul(32),
            Work::of(Operation::MemoMove, positions.saturating_mul(2)),
        )
    }
}

impl<G: Game + Clone + PartialEq + std::fmt::Debug + 'static> GameEntry for GameDefinition<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn title(&self) -> &'static str {
        self.title
    }

    fn rules(&self) -> &'static str {
        self.rules
    }

    fn input_form(&self) -> InputForm {
        self.input_form
    }

    fn share_bound(&self) -> Option<(f64, &'static str)> {
        self.share_bound
    }

    fn constant_sum(&self) -> bool {
        G::CONSTANT_SUM
    }

    fn impartial(&self) -> bool {
        G::IMPARTIAL
    }

    fn solvers(&self) -> Vec<(SolverKind, &'static str)> {
        self.solvers.summaries()
    }

    fn own_strategies(&self) -> Vec<&'static str> {
        self.fast
            .strategies
            .iter()
            .map(|strategy| strategy.name)
            .collect()
    }

    fn build(&self, input: &InstanceInput) -> Result<Box<dyn AnyGame>, InputError> {
        self.check_named(input)?;
        Ok(self.instance((self.from_input)(input)?))
    }

    fn build_owned(&self, input: InstanceInput) -> Result<Box<dyn AnyGame>, InputError> {
        self.check_named(&input)?;
        let game = match self.from_owned_input {
            Some(from_owned_input) => from_owned_input(input)?,
            None => (self.from_input)(&input)?,
        };
        Ok(self.instance(game))
    }

    fn first_margin(
        &self,
        input: InstanceRef<'_>,
        scratch: &mut Vec<i64>,
    ) -> Result<i64, SolveError> {
        match &self.batch.margins {
            Some(margins) => (margins.one)(input, scratch),
            None => {
                let game = (self.from_input)(&input.to_input())?;
                Ok(self.solvers.solve_value(&game, SolverKind::AUTO)?.margin)
            }
        }
    }

    fn first_margins(
        &self,
        n: usize,
        flat: &[i64],
        out: &mut Vec<i64>,
        scratch: &mut Vec<i64>,
    ) -> Result<(), SolveError> {
        if let Some(many) = self.batch.margins.as_ref().and_then(|margins| margins.many) {
            return many(n, flat, out, scratch);
        }
        for instance in flat.chunks(n.max(1)) {
            out.push(self.first_margin(InstanceRef::Piles(instance), scratch)?);
        }
        Ok(())
    }

    fn margin_cost(&self, size: u64) -> Cost {
        if let Some(margins) = &self.batch.margins {
            return (margins.one_cost)(size);
        }
        // Without margins of its own, a margin is the value `auto` solves: a number game's
        // instance of N alone is built and costed as that (a proved period answers any N);
        // a pile game's cost depends on its piles, and one that needs more than N to be built
        // (an octal code) is guessed.
        if matches!(self.input_form, InputForm::Number { .. })
            && let Ok(game) = (self.from_input)(&InstanceInput::number(size))
        {
            return self.solvers.cost(&game, SolverKind::AUTO, true);
        }
        Self::generic_margin_cost(size)
    }

    fn batch_margin_cost(&self, size: u64) -> Cost {
        match self
            .batch
            .margins
            .as_ref()
            .and_then(|margins| margins.many_cost)
        {
            Some(many_cost) => many_cost(size),
            None => self.margin_cost(size),
        }
    }

    fn lanes_16(&self) -> Option<LaneMargins> {
        self.batch
            .margins
            .as_ref()
            .and_then(|margins| margins.lanes_16)
    }

    fn stream_answers(&self) -> Option<&'static dyn StreamAnswers> {
        self.batch.stream
    }

    fn nim_sequence(&self) -> Option<&'static dyn NimSequence> {
        self.batch.nim_sequence
    }

    fn check_conformance(&self, options: &SuiteOptions) -> SuiteReport {
        check_game(self, options)
    }
}
