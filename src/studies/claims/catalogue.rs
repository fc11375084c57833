//! The catalogue of named claims from the articles on these games and the problem statements, each with its
//! statement, source, the exact `gamelab check` commands that settle it, and the fixed seed.

use crate::base::input::Extras;
use crate::games::find_game;
use crate::solve::SolverKind;
use crate::studies::claims::{
    CheckOptions, Claim, ClaimError, Expectation, Verdict, check_claim, check_cost,
};
use crate::studies::generate::{Distribution, Parity, SizeRange, ValueSpec};
use serde::Serialize;

/// What checking every claim of the catalogue costs (`gamelab claims --run`), before any
/// counterexample is shrunk.
pub fn catalogue_cost() -> Result<crate::cost::Cost, ClaimError> {
    catalogue()
        .iter()
        .try_fold(crate::cost::Cost::default(), |total, entry| {
            Ok(total.then(entry.cost()?))
        })
}

/// A named claim; it holds when every part holds.
#[derive(Clone, Debug, Serialize)]
pub struct CatalogueEntry {
    pub name: &'static str,
    pub statement: &'static str,
    pub source: &'static str,
    pub parts: Vec<Claim>,
    #[serde(skip)]
    pub options: CheckOptions,
}

impl CatalogueEntry {
    /// The commands that check every part.
    pub fn commands(&self) -> Vec<String> {
        self.parts
            .iter()
            .map(|claim| claim.command(&self.options))
            .collect()
    }

    /// What checking every part costs before any counterexample is shrunk (see
    /// [`crate::studies::claims::check_cost`]).
    pub fn cost(&self) -> Result<crate::cost::Cost, ClaimError> {
        self.parts
            .iter()
            .try_fold(crate::cost::Cost::default(), |total, claim| {
                let entry = find_game(claim.game)?;
                Ok(total.then(check_cost(entry, claim, &self.options)?))
            })
    }

    /// Checks every part.
    pub fn run(&self) -> Result<CatalogueResult, ClaimError> {
        let mut verdicts = Vec::new();
        for claim in &self.parts {
            let entry = find_game(claim.game)?;
            verdicts.push(check_claim(entry, claim, &self.options)?);
        }
        Ok(CatalogueResult {
            holds: verdicts.iter().all(|verdict| verdict.holds),
            verdicts,
        })
    }
}

/// The verdicts of one catalogue entry.
#[derive(Clone, Debug, Serialize)]
pub struct CatalogueResult {
    pub holds: bool,
    /// One per part, in order.
    pub verdicts: Vec<Verdict>,
}

/// Pile sizes and values of the stone-game claims: up to 16 piles of 1..100 stones (far too many
/// instances to enumerate, so these are sampled; their counterexamples are still proven minimal
/// by the search below them).
fn stone_claim(expect: Expectation, parity: Option<Parity>, total: Option<Parity>) -> Claim {
    Claim {
        game: "stone-game",
        expect,
        sizes: SizeRange {
            min: 1,
            max: 16,
            parity,
            residue: None,
        },
        values: Some(ValueSpec {
            total_parity: total,
            ..ValueSpec::uniform(1, 100)
        }),
        solver: SolverKind::AUTO,
        extras: Extras::default(),
    }
}

/// Every catalogue claim.
pub fn catalogue() -> Vec<CatalogueEntry> {
    let options = CheckOptions::default();
    let divisor = |expect, parity| Claim {
        game: "divisor-game",
        expect,
        sizes: SizeRange {
            min: 1,
            max: 1000,
            parity: Some(parity),
            residue: None,
        },
        values: None,
        // Decided by the DP, not by the closed form under test.
        solver: SolverKind::named("dp"),
        extras: Extras::default(),
    };
    vec![
        CatalogueEntry {
            name: "even-n-first-always-wins",
            statement: "With an even number of piles, the first player always wins.",
            source: "The popular reading of LeetCode 877 (the LeetCode 877 write-up and WenlSun's summary of game DPs answer `return true`); \
                     877 itself also requires an odd total",
            parts: vec![stone_claim(
                Expectation::FirstWins,
                Some(Parity::Even),
                None,
            )],
            options,
        },
        CatalogueEntry {
            name: "even-n-first-never-loses",
            statement: "With an even number of piles, the first player never loses.",
            source: "The parity argument of the LeetCode 877 write-up: the first player can take every odd-position \
                     pile or every even-position pile, whichever set is heavier",
            parts: vec![stone_claim(
                Expectation::FirstNeverLoses,
                Some(Parity::Even),
                None,
            )],
            options,
        },
        CatalogueEntry {
            name: "even-n-negative-values-first-never-loses",
            statement: "With an even number of piles, the first player never loses, even when pile \
                        values may be negative.",
            source: "The parity argument of the LeetCode 877 write-up never uses the sign of the values",
            parts: vec![Claim {
                values: Some(ValueSpec::uniform(-100, 100)),
                ..stone_claim(Expectation::FirstNeverLoses, Some(Parity::Even), None)
            }],
            options,
        },
        CatalogueEntry {
            name: "even-n-odd-total-first-wins",
            statement: "With an even number of piles and an odd total, the first player wins.",
            source: "LeetCode 877 Stone Game (even number of piles, odd total: no ties)",
            parts: vec![stone_claim(
                Expectation::FirstWins,
                Some(Parity::Even),
                Some(Parity::Odd),
            )],
            options,
        },
        CatalogueEntry {
            name: "odd-n-first-never-loses",
            statement: "With an odd number of piles, the first player never loses.",
            source: "Refuted in labuladong's article on game DP by piles [1, 100, 3] (the first player gets 4, the second 100)",
            parts: vec![stone_claim(
                Expectation::FirstNeverLoses,
                Some(Parity::Odd),
                None,
            )],
            options,
        },
        CatalogueEntry {
            name: "divisor-first-wins-iff-n-even",
            statement: "In the Divisor Game the first player wins if and only if N is even.",
            source: "LeetCode 1025 Divisor Game; WenlSun's summary of game DPs (\"even wins, odd loses\", by induction)",
            parts: vec![
                divisor(Expectation::FirstWins, Parity::Even),
                divisor(Expectation::SecondWins, Parity::Odd),
            ],
            options,
        },
        CatalogueEntry {
            name: "stone-game-ii-first-never-loses",
            statement: "In Stone Game II the first player never loses.",
            source: "LeetCode 1140 Stone Game II (example 1: Alice ends with 10 of 26 stones)",
            parts: vec![Claim {
                game: "stone-game-ii",
                ..stone_claim(Expectation::FirstNeverLoses, None, None)
            }],
            options,
        },
        CatalogueEntry {
            name: "stone-game-vii-bob-never-wins",
            statement: "In Stone Game VII with positive piles, Bob (the second player) never wins.",
            source: "LeetCode 1690 Stone Game VII: \"Bob found that he will always lose this game\"",
            parts: vec![Claim {
                game: "stone-game-vii",
                ..stone_claim(Expectation::FirstNeverLoses, None, None)
            }],
            options,
        },
        CatalogueEntry {
            name: "nim-first-loses-iff-multiple-of-4",
            statement: "In Nim with S = {1, 2, 3} the first player loses if and only if N is a \
                        multiple of 4.",
            source: "LeetCode 292 Nim Game; Sprague-Grundy: the Grundy values 0 1 2 3 repeat with \
                     period 4",
            parts: (0..4)
                .map(|remainder| Claim {
                    game: "nim",
                    expect: if remainder == 0 {
                        Expectation::SecondWins
                    } else {
                        Expectation::FirstWins
                    },
                    sizes: SizeRange {
                        residue: Some((4, remainder)),
                        ..SizeRange::new(1, 1000)
                    },
                    values: None,
                    // Decided by the Grundy table, not by the periodic closed form.
                    solver: SolverKind::named("dp"),
                    extras: Extras::default(),
                })
                .collect(),
            options,
        },
        CatalogueEntry {
            name: "stone-game-iii-positive-first-never-loses",
            statement: "In Stone Game III with positive pile values the first player never loses.",
            source: "LeetCode 1406 Stone Game III (example 1, also the Stone Game III write-up's: [1, 2, 3, 7], Bob wins)",
            parts: vec![Claim {
                game: "stone-game-iii",
                values: Some(ValueSpec {
                    distribution: Distribution::Uniform,
                    ..ValueSpec::uniform(1, 100)
                }),
                ..stone_claim(Expectation::FirstNeverLoses, None, None)
            }],
            options,
        },
    ]
}

/// One catalogue claim part and its verdict, as a CSV row.
#[derive(Clone, Debug, Serialize)]
pub struct ClaimRow {
    pub name: &'static str,
    /// 1-based part number (the Divisor Game claim has two parts, nim's four).
    pub part: usize,
    pub statement: &'static str,
    pub source: &'static str,
    pub command: String,
    pub holds: bool,
    pub checked: u64,
    pub exhaustive: bool,
    /// The smallest counterexample, as `gamelab solve` prints instances (empty if none).
    pub counterexample: String,
    pub counterexample_first: Option<i64>,
    pub counterexample_second: Option<i64>,
    pub minimality: Option<crate::studies::claims::Minimality>,
}

/// The rows of every part of `entry`, given its result.
pub fn claim_rows(entry: &CatalogueEntry, result: &CatalogueResult) -> Vec<ClaimRow> {
    entry
        .parts
        .iter()
        .zip(&result.verdicts)
        .enumerate()
        .map(|(index, (claim, verdict))| {
            let counterexample = verdict.counterexample.as_ref();
            ClaimRow {
                name: entry.name,
                part: index + 1,
                statement: entry.statement,
                source: entry.source,
                command: claim.command(&entry.options),
                holds: verdict.holds,
                checked: verdict.checked,
                exhaustive: verdict.exhaustive,
                counterexample: counterexample.map_or(String::new(), |c| c.input().describe()),
                counterexample_first: counterexample.map(|c| c.first_score),
                counterexample_second: counterexample.map(|c| c.second_score),
                minimality: counterexample.map(|c| c.minimality),
            }
        })
        .collect()
}

/// Writes claim rows as CSV.
pub fn write_claims_csv(rows: &[ClaimRow], writer: impl std::io::Write) -> Result<(), csv::Error> {
    let mut csv = csv::Writer::from_writer(writer);
    for row in rows {
        csv.serialize(row)?;
    }
    csv.flush()?;
    Ok(())
}

/// Finds a catalogue entry by name.
pub fn find_claim(name: &str) -> Option<CatalogueEntry> {
    catalogue().into_iter().find(|entry| entry.name == name)
}
