//! Octal games: impartial games on heaps of tokens whose moves Guy and Smith's octal notation
//! describes (`0.77` is Kayles, `0.07` Dawson's Kayles, `0.137` Dawson's chess). A move takes
//! some tokens from one heap and may leave no heap, one, or two; a game is a sum of heaps, so
//! its analysis is the nim-sequence of one heap, which for a finite code is eventually periodic
//! once a long enough run repeats (the octal periodicity theorem). Source: Berlekamp, Conway and
//! Guy, *Winning Ways for your Mathematical Plays*, the chapter on octal games; Guy and Smith,
//! "The G-values of various games" (1956).
//!
//! Four registered games play them: `octal` with any code (`--code 0.6`), and `kayles`,
//! `dawsons-kayles` and `dawsons-chess` with theirs. Every one is a member of the heap family
//! ([`crate::games::families::heaps`]), solved by the XOR of the heaps' nim-values.
//!
//! [`code`] reads a code and lists a heap's options; [`sequence`] computes nim-sequences, fast,
//! with their periods proved; [`rule`] makes a code a heap game's rule.
//!
//! ```
//! use gamelab::games::find_game;
//! use gamelab::base::input::InstanceInput;
//! use gamelab::solve::SolverKind;
//! // Kayles on heaps of 7, 11 and 30: g = 2, 6 and 7 (Winning Ways), XOR 3, a first-player win.
//! let kayles = find_game("kayles")?;
//! let input = InstanceInput { heaps: Some(vec![7, 11, 30]), ..InstanceInput::default() };
//! let game = kayles.build(&input)?;
//! assert_eq!(game.solve_value(SolverKind::AUTO)?.margin, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod code;
pub mod rule;
pub mod sequence;

mod kernel;
mod period;
mod split;

use crate::base::error::{InputError, Setting};
use crate::base::input::InstanceInput;
use crate::base::input::fields::refuse_field;
use crate::games::families::heaps::{GRUNDY, HeapGame, HeapRule, RuleSequence};
use crate::games::{BatchPaths, FastPaths, GameDefinition, InputForm};
use crate::solve::{Solver, Solvers};
use code::OctalCodeError;
use rule::{AnyCode, DawsonsChessCode, DawsonsKaylesCode, KaylesCode, OctalName, OctalRule};

pub use crate::games::families::heaps::Position;

/// An octal game played under the name `K`: its heaps and its code.
pub type Octal<K> = HeapGame<OctalRule<K>>;

impl<K: OctalName> Octal<K> {
    /// An instance read from input: N or the heaps of a sum, and for `octal` the code, which
    /// the named games refuse (theirs is fixed).
    pub fn from_input(input: &InstanceInput) -> Result<Octal<K>, InputError> {
        refuse_field(K::NAME, Setting::Subtract, input.subtract.is_some())?;
        let code = match (K::CODE, &input.code) {
            (Some(code), None) => code,
            (Some(_), Some(_)) => {
                return Err(InputError::UnexpectedField {
                    game: K::NAME,
                    field: Setting::Code,
                    takes: Setting::Number,
                });
            }
            (None, Some(text)) => {
                text.parse()
                    .map_err(|error: OctalCodeError| InputError::Invalid {
                        game: K::NAME,
                        message: error.to_string(),
                    })?
            }
            (None, None) => {
                return Err(InputError::MissingField {
                    game: K::NAME,
                    field: Setting::Code,
                    example: "0.77",
                });
            }
        };
        HeapGame::read(input, OctalRule::new(code))
    }

    /// The game's own solvers: the family's `grundy`.
    const OWN: &'static [Solver<Octal<K>>] = &[Octal::<K>::GRUNDY_SOLVER];

    /// The code, the period of its nim-sequence as far as the first stage of the computation
    /// shows it, and the heaps' values and their nim-sum.
    fn facts(&self) -> Vec<String> {
        let code = self.rule().code();
        let mut facts = Vec::new();
        let first = self
            .rule()
            .nim_values(self.largest_heap().min(rule::FIRST_STAGE));
        if let Ok(values) = &first
            && let Some(found) = values.period
        {
            let how = if found.proved {
                "proved by the octal periodicity theorem"
            } else {
                "observed, not proved"
            };
            facts.push(format!(
                "code {code}: nim-values periodic with period {} from heap {} ({how})",
                found.periodicity.period, found.periodicity.preperiod
            ));
        }
        match self.single_heap() {
            Some(heap) => {
                if let Ok(values) = self.rule().nim_values(heap)
                    && let Some(value) = values.value(heap)
                {
                    let verdict = if value == 0 { "loses" } else { "wins" };
                    facts.push(format!(
                        "g({heap}) = {value}, so the first player {verdict} (Sprague-Grundy)"
                    ));
                }
            }
            None => facts.extend(self.sum_facts()),
        }
        facts
    }
}

/// The registry entry of the octal game named `K`.
const fn definition<K: OctalName>(
    title: &'static str,
    rules: &'static str,
    sequence: &'static RuleSequence<OctalRule<K>>,
) -> GameDefinition<Octal<K>> {
    GameDefinition {
        title,
        rules,
        input_form: InputForm::Number {
            subtraction_set: false,
            code: K::CODE.is_none(),
            splits: true,
        },
        share_bound: None,
        from_input: Octal::<K>::from_input,
        from_owned_input: None,
        input: Octal::<K>::input,
        solvers: Solvers {
            own: Octal::<K>::OWN,
            auto: |_, _| GRUNDY,
        },
        batch: BatchPaths {
            nim_sequence: Some(sequence),
            ..BatchPaths::NONE
        },
        fast: FastPaths {
            position_values: Some((Octal::<K>::position_table, Octal::<K>::position_table_cost)),
            facts: Some(Octal::<K>::facts),
            ..FastPaths::NONE
        },
    }
}

/// What every octal game's rules say after its own moves.
macro_rules! common_rules {
    () => {
        " Players alternate, first player first; who cannot move loses. Scores are 1 for the \
        winner and 0 for the loser. Several heaps (--heaps) are a sum: a turn is made on one \
        of them."
    };
}

const OCTAL_SEQUENCE: RuleSequence<OctalRule<AnyCode>> = RuleSequence {
    read: Octal::<AnyCode>::from_input,
};
const KAYLES_SEQUENCE: RuleSequence<OctalRule<KaylesCode>> = RuleSequence {
    read: Octal::<KaylesCode>::from_input,
};
const DAWSONS_KAYLES_SEQUENCE: RuleSequence<OctalRule<DawsonsKaylesCode>> = RuleSequence {
    read: Octal::<DawsonsKaylesCode>::from_input,
};
const DAWSONS_CHESS_SEQUENCE: RuleSequence<OctalRule<DawsonsChessCode>> = RuleSequence {
    read: Octal::<DawsonsChessCode>::from_input,
};

/// `octal`'s registry entry: any code, given with `--code`.
pub const OCTAL: GameDefinition<Octal<AnyCode>> = definition(
    "Octal games: take tokens from a heap and maybe split it, by an octal code (Winning Ways)",
    concat!(
        "A heap of N tokens and an octal code 0.d1d2d3... (--code, e.g. 0.77). Digit k says how \
        k tokens may be taken from one heap: bit 1 allows taking a whole heap of k, bit 2 \
        taking k and leaving one heap, bit 4 taking k and splitting the rest into two non-empty \
        heaps; a leading 4. lets a heap be split without taking. Kayles is 0.77, Dawson's \
        Kayles 0.07. Sources: Berlekamp, Conway and Guy, Winning Ways, the chapter on octal \
        games; Wikipedia, \"Octal game\".",
        common_rules!()
    ),
    &OCTAL_SEQUENCE,
);

/// `kayles`' registry entry: 0.77.
pub const KAYLES: GameDefinition<Octal<KaylesCode>> = definition(
    "Kayles: knock down one pin or two adjacent pins from a row (octal 0.77, Winning Ways)",
    concat!(
        "A row of N pins. A turn knocks down one pin or two adjacent ones, which may split a \
        row in two: the octal game 0.77. Its nim-values are periodic with period 12 from heap \
        71 on (Winning Ways, the chapter on octal games).",
        common_rules!()
    ),
    &KAYLES_SEQUENCE,
);

/// `dawsons-kayles`' registry entry: 0.07.
pub const DAWSONS_KAYLES: GameDefinition<Octal<DawsonsKaylesCode>> = definition(
    "Dawson's Kayles: knock down two adjacent pins from a row (octal 0.07, Winning Ways)",
    concat!(
        "A row of N pins. A turn knocks down two adjacent pins, which may split a row in two: \
        the octal game 0.07. Its nim-values are periodic with period 34 from heap 53 on \
        (Winning Ways, the chapter on octal games).",
        common_rules!()
    ),
    &DAWSONS_KAYLES_SEQUENCE,
);

/// `dawsons-chess`' registry entry: 0.137.
pub const DAWSONS_CHESS: GameDefinition<Octal<DawsonsChessCode>> = definition(
    "Dawson's chess: pawns that must capture, as the octal game 0.137 (Winning Ways)",
    concat!(
        "A heap of N tokens (T. R. Dawson's pawns on a 3 x N board, where captures are \
        compulsory). A turn takes one token from a heap of one, or two from a heap of two or \
        more (leaving one heap), or three from anywhere (leaving one heap or two): the octal \
        game 0.137, whose nim-value at N is Dawson's Kayles' at N + 1 (Winning Ways, the \
        chapter on octal games).",
        common_rules!()
    ),
    &DAWSONS_CHESS_SEQUENCE,
);
