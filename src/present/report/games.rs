//! The other games: one sweep each (Stone Game II, III, VII, the Divisor Game, Stone Game IV,
//! subtraction nim and coins-in-a-circle), charted, with what the data says in plain sentences
//! and nim's Grundy periods for several subtraction sets.

use crate::analysis::grundy::Periodicity;
use crate::base::input::Extras;
use crate::base::input::InstanceInput;
use crate::games::NimSequence;
use crate::games::find_game;
use crate::present::report::charts::{ChartKind, draw_charts};
use crate::present::report::{ReportError, ReportWriter, Section, SweepStudy, percent, rows_table};
use crate::studies::generate::{SizeRange, ValueSpec};
use crate::studies::sweep::{SweepRow, Tally};
use crate::util::plural::counted;
use std::fmt::Write as _;

/// One game's study: its sweep, its charts and what to say about the data.
struct GameStudy {
    sweep: SweepStudy,
    /// What the game is and what the sweep asks, before the findings.
    intro: &'static str,
    charts: &'static [ChartKind],
    /// Sizes listed in the table (none for number games, whose chart says it all).
    table_sizes: &'static [u64],
    findings: fn(&[SweepRow]) -> String,
    /// A further table after the charts, with the commands that print its rows.
    more: Option<fn() -> Result<Table, ReportError>>,
}

/// A table in markdown and the commands that print its rows.
type Table = (String, Vec<String>);

/// Sweeps of pile games: this many instances per size, pile values 1..100 unless stated.
const PILE_TRIALS: u64 = 2_000;

fn game_studies() -> Vec<GameStudy> {
    let piles = |game, max_n, values, stem| SweepStudy {
        game,
        sizes: SizeRange::new(1, max_n),
        values: Some(values),
        trials: PILE_TRIALS,
        extras: Extras::default(),
        stem,
    };
    let numbers = |game, max_n, extras, stem| SweepStudy {
        game,
        sizes: SizeRange::new(1, max_n),
        values: None,
        trials: 1,
        extras,
        stem,
    };
    vec![
        GameStudy {
            sweep: piles(
                "stone-game-ii",
                40,
                ValueSpec::uniform(1, 100),
                "stone-game-ii",
            ),
            intro: "Take all the stones of the first X remaining piles, 1 <= X <= 2M, then \
                    M = max(M, X), starting from M = 1 (LeetCode 1140). Does the first player ever \
                    lose?",
            charts: &[ChartKind::WinRate],
            table_sizes: &[1, 2, 3, 4, 5, 10, 20, 40],
            findings: stone_game_ii,
            more: None,
        },
        GameStudy {
            sweep: piles(
                "stone-game-iii",
                60,
                ValueSpec::uniform(-100, 100),
                "stone-game-iii",
            ),
            intro: "Take the first 1, 2 or 3 piles; values may be negative (LeetCode 1406). How does \
                    the first player fare on values uniform on -100..100?",
            charts: &[ChartKind::WinRate],
            table_sizes: &[1, 2, 3, 4, 5, 10, 30, 60],
            findings: stone_game_iii,
            more: None,
        },
        GameStudy {
            sweep: numbers("divisor-game", 1000, Extras::default(), "divisor-game"),
            intro: "From N, the mover picks a proper divisor x of N and leaves N - x; whoever \
                    cannot move loses (LeetCode 1025). Every N is solved by the DP, not by the closed \
                    form.",
            charts: &[ChartKind::WinnerStrip],
            table_sizes: &[],
            findings: divisor_game,
            more: None,
        },
        GameStudy {
            sweep: piles(
                "stone-game-vii",
                30,
                ValueSpec::uniform(1, 100),
                "stone-game-vii",
            ),
            intro: "Remove the leftmost or rightmost stone and score the sum of the stones left; \
                    the players maximise the difference (LeetCode 1690, which remarks that Bob \
                    always loses).",
            charts: &[ChartKind::WinRate],
            table_sizes: &[1, 2, 3, 4, 5, 10, 30],
            findings: stone_game_vii,
            more: None,
        },
        GameStudy {
            sweep: numbers("stone-game-iv", 1000, Extras::default(), "stone-game-iv"),
            intro: "Remove a non-zero square number of stones; whoever cannot move loses \
                    (LeetCode 1510).",
            charts: &[ChartKind::WinnerStrip],
            table_sizes: &[],
            findings: losing_positions,
            more: None,
        },
        GameStudy {
            sweep: numbers(
                "nim",
                100,
                Extras {
                    subtract: Some(NIM_SWEEP_SET.to_vec()),
                },
                "nim-1-3-4",
            ),
            intro: "Subtraction nim: remove s stones for some s in S = {1, 3, 4}; whoever cannot \
                    move loses.",
            charts: &[ChartKind::WinnerStrip],
            table_sizes: &[],
            findings: nim,
            more: Some(nim_periods),
        },
        GameStudy {
            sweep: SweepStudy {
                sizes: SizeRange::new(2, 40),
                ..piles(
                    "coins-in-a-circle",
                    40,
                    ValueSpec::uniform(0, 100),
                    "coins-in-a-circle",
                )
            },
            intro: "Peter Winkler's pizza: slices in a circle, the first move takes any slice, \
                    every later move a slice next to the part already eaten. With non-negative \
                    slices the first player can always get 4/9 of the pizza, and no more can be \
                    guaranteed (Cibulka et al. 2010; Knauer, Micek, Ueckerdt 2011).",
            charts: &[ChartKind::WinRate, ChartKind::ScoreShare],
            table_sizes: &[2, 3, 4, 5, 10, 20, 40],
            findings: coins_in_a_circle,
            more: None,
        },
    ]
}

/// The sweeps of this section.
pub(super) fn studies() -> Vec<SweepStudy> {
    game_studies()
        .into_iter()
        .map(|study| study.sweep)
        .collect()
}

pub(super) fn write(writer: &ReportWriter) -> Result<Vec<Section>, ReportError> {
    let mut sections = Vec::new();
    for study in game_studies() {
        let sweep = &study.sweep;
        let entry = find_game(sweep.game).map_err(ReportError::study)?;
        let rows = sweep.run(writer)?;
        let settings = match &sweep.values {
            Some(values) => format!(
                "{} random instances per pile count n = {}..{}, {}",
                sweep.trials,
                sweep.sizes.min,
                sweep.sizes.max,
                values.describe()
            ),
            None => format!("every N from {} to {}", sweep.sizes.min, sweep.sizes.max),
        };
        let mut body = format!(
            "`{}`: {} Sweep: {settings}, each solved exactly.\n\n{}",
            sweep.game,
            study.intro,
            (study.findings)(&rows)
        );
        if !study.table_sizes.is_empty() {
            body.push('\n');
            body.push_str(&rows_table(&rows, study.table_sizes, "n"));
        }
        let (charts, plot_commands) = draw_charts(writer, sweep.stem, &rows, study.charts)?;
        body.push_str(&charts);
        let mut commands = vec![sweep.command()];
        commands.extend(plot_commands);
        if let Some(more) = study.more {
            let (table, more_commands) = more()?;
            body.push('\n');
            body.push_str(&table);
            commands.extend(more_commands);
        }
        body.push_str(&crate::present::report::provenance(
            &format!("[{0}.csv]({0}.csv)", sweep.stem),
            &commands,
        ));
        sections.push(Section {
            title: entry.title().to_string(),
            body,
        });
    }
    Ok(sections)
}

/// The tally over all rows.
fn total(rows: &[SweepRow]) -> Tally {
    rows.iter()
        .fold(Tally::default(), |sum, row| sum.merged(row.tally()))
}

/// `the first player wins 61.2%, ties 0.4%, loses 38.4% of 80000 games`.
fn outcome_sentence(tally: &Tally) -> String {
    format!(
        "the first player wins {}, ties {} and loses {} of {}",
        percent(tally.first_wins, tally.trials),
        percent(tally.ties, tally.trials),
        percent(tally.second_wins, tally.trials),
        counted(tally.trials, "game")
    )
}

/// The sizes where the first player wins none of the instances (for number games: loses).
fn losing_sizes(rows: &[SweepRow]) -> Vec<u64> {
    rows.iter()
        .filter(|row| row.first_wins == 0)
        .map(|row| row.n)
        .collect()
}

/// `2, 5, 7, ... (and 12 more)`.
fn list(values: &[u64], shown: usize) -> String {
    let mut text: Vec<String> = values.iter().take(shown).map(u64::to_string).collect();
    if values.len() > shown {
        text.push(format!("… ({} more)", values.len() - shown));
    }
    text.join(", ")
}

fn stone_game_ii(rows: &[SweepRow]) -> String {
    let tally = total(rows);
    let mut text = format!("Overall {}.", outcome_sentence(&tally));
    if tally.second_wins > 0 {
        let first_loss = rows
            .iter()
            .find(|row| row.second_wins > 0)
            .map_or(0, |row| row.n);
        let _ = write!(
            text,
            " So the first player **can lose**: the first losses show up at n = {first_loss}, \
             and {} of all the games are lost — the claims section gives the smallest such instance.",
            percent(tally.second_wins, tally.trials)
        );
    } else {
        text.push_str(" The first player never lost in this sweep.");
    }
    text.push('\n');
    text
}

fn stone_game_iii(rows: &[SweepRow]) -> String {
    let tally = total(rows);
    let best = rows
        .iter()
        .max_by(|a, b| a.first_win_rate.total_cmp(&b.first_win_rate));
    let worst = rows
        .iter()
        .min_by(|a, b| a.first_win_rate.total_cmp(&b.first_win_rate));
    let mut text = format!("Overall {}.", outcome_sentence(&tally));
    if let (Some(best), Some(worst)) = (best, worst) {
        let _ = write!(
            text,
            " The first player's win rate is highest at n = {} ({}) and lowest at n = {} ({}).",
            best.n,
            percent(best.first_wins, best.trials),
            worst.n,
            percent(worst.first_wins, worst.trials)
        );
    }
    text.push('\n');
    text
}

fn divisor_game(rows: &[SweepRow]) -> String {
    let count = |even: bool, wins: bool| {
        rows.iter()
            .filter(|row| row.n.is_multiple_of(2) == even && (row.first_wins > 0) == wins)
            .count()
    };
    let (even_wins, even_losses) = (count(true, true), count(true, false));
    let (odd_wins, odd_losses) = (count(false, true), count(false, false));
    let verdict = if even_losses == 0 && odd_wins == 0 {
        "exactly at the even N, as the induction of WenlSun's summary of game DPs says (from even N take 1, leaving odd; \
         every divisor of an odd N is odd, so the reply is even again)"
    } else {
        "not exactly at the even N — this contradicts the induction argument, a bug to report"
    };
    format!(
        "The first player wins at {even_wins} of {} even N and {odd_wins} of {} odd N: {verdict}.\n",
        even_wins + even_losses,
        odd_wins + odd_losses
    )
}

fn stone_game_vii(rows: &[SweepRow]) -> String {
    let tally = total(rows);
    let mut text = format!("Overall {}.", outcome_sentence(&tally));
    if tally.second_wins == 0 {
        let ties: Vec<u64> = rows
            .iter()
            .filter(|row| row.ties > 0)
            .map(|row| row.n)
            .collect();
        let _ = write!(
            text,
            " Bob (the second player) never won, as LeetCode 1690 remarks; ties came up only at \
             n = {}.",
            list(&ties, 10)
        );
    } else {
        text.push_str(" Bob (the second player) won some games, contradicting LeetCode 1690.");
    }
    text.push('\n');
    text
}

fn losing_positions(rows: &[SweepRow]) -> String {
    let losing = losing_sizes(rows);
    format!(
        "The first player loses from {} of the {}: {}. Losing positions thin out \
         as N grows (every losing position plus a square is a win), but never run out: finitely \
         many of them plus the squares could not cover every N.\n",
        losing.len(),
        counted(rows.len(), "value of N"),
        list(&losing, 30)
    )
}

fn nim(rows: &[SweepRow]) -> String {
    let losing = losing_sizes(rows);
    let mut text = format!(
        "The first player loses from {} of the {}: {}.",
        losing.len(),
        counted(rows.len(), "value of N"),
        list(&losing, 30)
    );
    if let Some(period) = nim_sequence()
        .ok()
        .and_then(|sequence| nim_period(sequence, &NIM_SWEEP_SET).ok().flatten())
    {
        let mut residues: Vec<u64> = losing.iter().map(|n| n % period.period as u64).collect();
        residues.sort_unstable();
        residues.dedup();
        let all_losing = rows
            .iter()
            .all(|row| (row.first_wins == 0) == residues.contains(&(row.n % period.period as u64)));
        if all_losing && period.preperiod == 0 {
            let _ = write!(
                text,
                " That is exactly the N whose remainder mod {} is one of {}: the pattern of the \
                 Grundy values, which repeat with period {} from the start.",
                period.period,
                list(&residues, residues.len()),
                period.period
            );
        }
    }
    text.push('\n');
    text
}

/// The subtraction set of the nim sweep.
const NIM_SWEEP_SET: [u64; 3] = [1, 3, 4];

/// The subtraction sets whose Grundy periods the nim section lists.
const NIM_SETS: [&[u64]; 6] = [
    &[1, 2],
    &[1, 2, 3],
    &[1, 3, 4],
    &[1, 4],
    &[2, 5, 7],
    &[3, 4, 7, 11],
];

/// nim's nim-sequence (the Grundy values of a subtraction set).
fn nim_sequence() -> Result<&'static dyn NimSequence, ReportError> {
    find_game("nim")
        .map_err(ReportError::study)?
        .nim_sequence()
        .ok_or_else(|| ReportError::study("nim has no nim-sequence"))
}

/// The period of the Grundy values of subtraction set `set`, searched over the first 2^20 heaps.
fn nim_period(sequence: &dyn NimSequence, set: &[u64]) -> Result<Option<Periodicity>, ReportError> {
    let values = sequence
        .values(&set_input(set), 1 << 20)
        .map_err(ReportError::study)?;
    Ok(values.period.map(|found| found.periodicity))
}

/// The input that names subtraction set `set` (its N is not read).
fn set_input(set: &[u64]) -> InstanceInput {
    InstanceInput {
        subtract: Some(set.to_vec()),
        ..InstanceInput::number(1)
    }
}

/// The Grundy-period table and the commands that print each row's period.
fn nim_periods() -> Result<Table, ReportError> {
    let sequence = nim_sequence()?;
    let mut text = String::from(
        "Grundy values of subtraction nim are eventually periodic for every finite set S; \
         gamelab finds the period and checks it over the whole table:\n\n\
         | S | preperiod | period | first-player losing N in one period |\n|---|---:|---:|---|\n",
    );
    let mut commands = Vec::new();
    for set in NIM_SETS {
        let names: Vec<String> = set.iter().map(u64::to_string).collect();
        match nim_period(sequence, set)? {
            Some(period) => {
                let end = period.preperiod + period.period;
                let grundy = sequence
                    .values(&set_input(set), end as u64)
                    .map_err(ReportError::study)?;
                let losing: Vec<u64> = (period.preperiod as u64..end as u64)
                    .filter(|&n| grundy.value(n) == Some(0))
                    .collect();
                let _ = writeln!(
                    text,
                    "| {{{}}} | {} | {} | {} |",
                    names.join(", "),
                    period.preperiod,
                    period.period,
                    list(&losing, losing.len())
                );
            }
            None => {
                let _ = writeln!(text, "| {{{}}} | — | not found | — |", names.join(", "));
            }
        }
        commands.push(format!(
            "gamelab solve nim --n 100 --subtract {}",
            names.join(",")
        ));
    }
    Ok((text, commands))
}

fn coins_in_a_circle(rows: &[SweepRow]) -> String {
    let tally = total(rows);
    let mut text = format!("Overall {}.", outcome_sentence(&tally));
    let lowest = rows
        .iter()
        .filter_map(|row| Some((row.n, row.lowest_first?, row.lowest_total?)))
        .min_by(|a, b| (a.1 as i128 * b.2 as i128).cmp(&(b.1 as i128 * a.2 as i128)));
    if let Some((n, first, total)) = lowest {
        let share = first as f64 / total as f64;
        let _ = write!(
            text,
            " The lowest share the first player got in any instance is {first} of {total} = \
             {share:.3} (n = {n}), {} the guaranteed 4/9 = 0.444. Random pizzas come nowhere \
             near the bound: the instances that force it are built by hand.",
            if share >= 4.0 / 9.0 {
                "above"
            } else {
                "**below**"
            }
        );
    }
    text.push('\n');
    text
}
