//! `gamelab report`: regenerate the reports folder — every study of the tool, with fixed seeds,
//! its data (CSV), its charts (PNG for GitHub, SVG beside it), the exact command that
//! regenerates each data file, and an index (`README.md`) stating what the data says.
//!
//! Output is deterministic: every file depends only on this version of gamelab (no dates,
//! timings or machine details; pictures use the embedded font and the built-in graph
//! renderer), so running it twice gives the same bytes, and a test checks that the committed
//! `reports/` matches a fresh run.

mod charts;
mod claims;
mod failures;
mod games;
mod gold_pots;
mod octal;
mod parity;
mod strategies;
mod subtract_a_square;

use crate::base::input::Extras;
use crate::cost::Cost;
use crate::games::find_game;
use crate::present::image::ImageFormat;
use crate::present::plot::{Chart, draw_staged};
use crate::studies::generate::{Distribution, GeneratorSpec, SizeRange, ValueSpec};
use crate::studies::sweep::{Shard, SweepRow, SweepSpec, run_sweep, sweep_cost, write_csv};
use crate::util::output::{MadeFolder, Staged, commit_all};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The seed of every random study.
pub const SEED: u64 = 1;

/// Why the report could not be written.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    // The io error is named `error`, not `source`: it is part of this one-line message, and
    // a `source` would be printed a second time by error chains.
    #[error("cannot write '{path}': {error}")]
    Io { path: String, error: std::io::Error },
    #[error("{0}")]
    Study(String),
}

impl ReportError {
    fn study(error: impl std::fmt::Display) -> ReportError {
        ReportError::Study(error.to_string())
    }
}

/// Writes the report's files into one folder, all or nothing: each file is reserved as a hidden
/// temporary file in the folder when its study writes it, and `ReportWriter::commit` puts them
/// all in place together once every study is done (see [`crate::util::output::commit_all`]).
/// Dropped uncommitted, it deletes them: the folder is left as it was.
pub struct ReportWriter {
    dir: PathBuf,
    staged: Mutex<Vec<Staged>>,
}

impl ReportWriter {
    fn new(dir: &Path) -> ReportWriter {
        ReportWriter {
            dir: dir.to_path_buf(),
            staged: Mutex::new(Vec::new()),
        }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    fn io_error(&self, name: &str, error: std::io::Error) -> ReportError {
        ReportError::Io {
            path: self.path(name).display().to_string(),
            error,
        }
    }

    /// Reserves `name` and hands `write` the path to write it at; the file is put in place by
    /// [`ReportWriter::commit`].
    fn reserve<T>(
        &self,
        name: &str,
        write: impl FnOnce(&Staged) -> Result<T, ReportError>,
    ) -> Result<T, ReportError> {
        // Its errors name the file already.
        let staged = Staged::new(&self.path(name)).map_err(ReportError::study)?;
        let written = write(&staged)?;
        self.staged
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .push(staged);
        Ok(written)
    }

    /// Writes `text` to `name`.
    pub fn text(&self, name: &str, text: &str) -> Result<(), ReportError> {
        self.reserve(name, |staged| {
            std::fs::write(staged.writing_path(), text).map_err(|e| self.io_error(name, e))
        })
    }

    /// Writes sweep rows to `stem.csv`.
    pub fn sweep_csv(&self, stem: &str, rows: &[SweepRow]) -> Result<(), ReportError> {
        let name = format!("{stem}.csv");
        self.reserve(&name, |staged| {
            let mut file =
                std::io::BufWriter::new(staged.open().map_err(|e| self.io_error(&name, e))?);
            write_csv(rows, &mut file).map_err(ReportError::study)?;
            std::io::Write::flush(&mut file).map_err(|e| self.io_error(&name, e))
        })
    }

    /// Draws `chart` to `stem.png` and `stem.svg`; returns the markdown showing the PNG with a
    /// link to the SVG.
    pub fn chart(&self, stem: &str, alt: &str, chart: &impl Chart) -> Result<String, ReportError> {
        for (extension, format) in [("png", ImageFormat::Png), ("svg", ImageFormat::Svg)] {
            self.reserve(&format!("{stem}.{extension}"), |staged| {
                draw_staged(chart, staged, format).map_err(ReportError::study)
            })?;
        }
        Ok(format!("![{alt}]({stem}.png)\n([SVG]({stem}.svg))\n"))
    }

    /// Puts every file written in place together, or none of them.
    fn commit(self) -> Result<(), ReportError> {
        let staged = self
            .staged
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // The error names the file that could not be put in place.
        commit_all(staged).map_err(ReportError::study)
    }
}

/// One section of the report.
pub struct Section {
    pub title: String,
    /// Markdown, without the heading.
    pub body: String,
}

/// A sweep the report runs, described once so that the library call, the printed command and
/// the data file cannot disagree.
#[derive(Clone, Debug)]
pub struct SweepStudy {
    pub game: &'static str,
    pub sizes: SizeRange,
    /// Pile values (`None` for number games).
    pub values: Option<ValueSpec>,
    /// Instances per size (1 for number games).
    pub trials: u64,
    pub extras: Extras,
    /// The data file's name without `.csv`.
    pub stem: &'static str,
}

impl SweepStudy {
    /// The library's sweep specification.
    pub fn spec(&self) -> SweepSpec {
        SweepSpec {
            generator: GeneratorSpec {
                sizes: self.sizes,
                values: self.values,
                seed: SEED,
                extras: self.extras.clone(),
            },
            trials: self.trials,
            shard: Shard::ALL,
        }
    }

    /// The command that writes the same CSV, run from the reports folder.
    pub fn command(&self) -> String {
        let mut words = vec![
            format!("gamelab sweep {}", self.game),
            format!("--n-min {} --n-max {}", self.sizes.min, self.sizes.max),
        ];
        if let Some(parity) = self.sizes.parity {
            words.push(format!("--n-parity {}", parity.name()));
        }
        if let Some(values) = &self.values {
            words.push(format!(
                "--min-value {} --max-value {}",
                values.min, values.max
            ));
            if values.distribution != Distribution::Uniform {
                words.push(format!("--distribution {}", values.distribution.name()));
            }
            words.push(format!("--trials {}", self.trials));
        }
        if let Some(set) = &self.extras.subtract {
            let items: Vec<String> = set.iter().map(u64::to_string).collect();
            words.push(format!("--subtract {}", items.join(",")));
        }
        words.push(format!("--seed {SEED} --out {}.csv", self.stem));
        words.join(" ")
    }

    /// Runs the sweep and writes its CSV.
    pub fn run(&self, writer: &ReportWriter) -> Result<Vec<SweepRow>, ReportError> {
        let entry = find_game(self.game).map_err(ReportError::study)?;
        let rows = run_sweep(entry, &self.spec(), &|_| {}).map_err(ReportError::study)?;
        writer.sweep_csv(self.stem, &rows)?;
        Ok(rows)
    }

    /// The reproducibility line: data file, command, seed, version.
    pub fn provenance(&self) -> String {
        provenance(&format!("{}.csv", self.stem), &[self.command()])
    }
}

/// The reproducibility block of a study: its data file(s), the commands that regenerate them,
/// the seed and the gamelab version.
pub fn provenance(data: &str, commands: &[String]) -> String {
    let mut text = format!(
        "\n*Data:* {data}. *Seed:* {SEED}. *gamelab* {}. *Regenerate:*\n\n```sh\n",
        env!("CARGO_PKG_VERSION")
    );
    for command in commands {
        let _ = writeln!(text, "{command}");
    }
    text.push_str("```\n");
    text
}

/// A command that draws `NAME.svg` (its last words, `--plot NAME.svg`) with `--plot NAME.png`
/// added: one run regenerates both pictures the page offers.
pub fn with_png(command: &str) -> String {
    match command.strip_suffix(".svg") {
        Some(stem) => {
            let name = stem.rsplit(' ').next().unwrap_or(stem);
            format!("{command} --plot {name}.png")
        }
        None => command.to_string(),
    }
}

/// Every sweep the report runs (the tests re-run each command and compare the CSV).
pub fn sweep_studies() -> Vec<SweepStudy> {
    let mut studies = parity::studies();
    studies.extend(games::studies());
    studies
}

/// One study of the report: its name on the command line (`--skip`), its title, what it costs
/// and how it writes its sections.
pub struct Study {
    pub key: &'static str,
    pub title: &'static str,
    cost: fn() -> Result<Cost, ReportError>,
    write: fn(&ReportWriter) -> Result<Vec<Section>, ReportError>,
}

/// Every study, in the report's order.
pub fn studies() -> [Study; 7] {
    [
        Study {
            key: "parity",
            title: "the parity study (stone-game, two value distributions)",
            cost: || sweeps_cost(&parity::studies()),
            write: parity::write,
        },
        Study {
            key: "claims",
            title: "the claims catalogue",
            cost: claims::cost,
            write: claims::write,
        },
        Study {
            key: "gold-pots",
            title: "the gold-pots example",
            cost: gold_pots::cost,
            write: gold_pots::write,
        },
        Study {
            key: "games",
            title: "the other games (II, III, Divisor, VII, IV, nim, pizza)",
            cost: || sweeps_cost(&games::studies()),
            write: games::write,
        },
        Study {
            key: "strategies",
            title: "the strategy tournament and how strategies fail",
            cost: strategies::cost,
            write: strategies::write,
        },
        Study {
            key: "subtract-a-square",
            title: "how rare losing positions are in subtract-a-square (to 2^26)",
            cost: subtract_a_square::cost,
            write: subtract_a_square::write,
        },
        Study {
            key: "octal",
            title: "the octal games' nim-sequences and periods",
            cost: octal::cost,
            write: octal::write,
        },
    ]
}

/// What running `sweeps` costs.
fn sweeps_cost(sweeps: &[SweepStudy]) -> Result<Cost, ReportError> {
    sweeps.iter().try_fold(Cost::default(), |total, sweep| {
        let entry = find_game(sweep.game).map_err(ReportError::study)?;
        let (_, cost) = sweep_cost(entry, &sweep.spec()).map_err(ReportError::study)?;
        Ok(total.then(cost))
    })
}

/// Writes the report into `dir`, every study but those named in `skip`, calling `progress` once
/// per study. The whole report is costed before any study runs and refused if it is over the
/// budget; its files are put in place together once every study is done, so that a failure
/// leaves the folder as it was (a folder created for it is removed again).
pub fn generate_report(
    dir: &Path,
    skip: &[String],
    progress: &dyn Fn(&str),
) -> Result<(), ReportError> {
    let all = studies();
    if let Some(unknown) = skip.iter().find(|key| !all.iter().any(|s| s.key == *key)) {
        let keys: Vec<&str> = all.iter().map(|study| study.key).collect();
        return Err(ReportError::Study(format!(
            "--skip '{unknown}' names no study (the studies: {})",
            keys.join(", ")
        )));
    }
    let chosen: Vec<&Study> = all
        .iter()
        .filter(|s| !skip.contains(&s.key.to_string()))
        .collect();
    if chosen.is_empty() {
        return Err(ReportError::Study(
            "--skip leaves out every study: the report would hold nothing".to_string(),
        ));
    }
    let _admitted = admit(&chosen)?;
    // A folder made here goes again if the report fails or is interrupted: every file the
    // report reserved is deleted with its writer, so it is empty then.
    let made = match dir.exists() {
        true => None,
        false => Some(MadeFolder::create(dir).map_err(|error| ReportError::Io {
            path: dir.display().to_string(),
            error,
        })?),
    };
    let written = write_studies(dir, &chosen, progress);
    if let (Err(_), Some(made)) = (&written, made) {
        made.remove_if_empty();
    }
    written
}

/// Costs `chosen` as a whole and admits it under the budget, or refuses it naming the study
/// that takes the most of the budget exceeded: memory when the report is over the memory
/// budget, else time.
fn admit(chosen: &[&Study]) -> Result<crate::cost::progress::Admitted, ReportError> {
    let costs = chosen
        .iter()
        .map(|study| Ok((*study, (study.cost)()?)))
        .collect::<Result<Vec<(&Study, Cost)>, ReportError>>()?;
    let total = costs
        .iter()
        .fold(Cost::default(), |total, (_, cost)| total.then(*cost));
    let largest = crate::cost::largest_part(costs.iter().map(|(_, cost)| *cost), &total);
    let advice = match largest.map(|index| costs[index]) {
        Some((study, cost)) if chosen.len() > 1 => {
            let share = match total.is_over_memory() {
                true => format!("needs about {:.1}", crate::cost::Bytes(cost.memory)),
                false => format!(
                    "would take about {}",
                    crate::cost::duration(cost.work.seconds())
                ),
            };
            format!(
                "leave out its largest study, {}, which {share}, with --skip {}",
                study.title, study.key
            )
        }
        _ => "leave out studies with --skip".to_string(),
    };
    total
        .admit(
            format_args!(
                "this report ({})",
                crate::util::plural::counted_as(chosen.len(), "study", "studies")
            ),
            &advice,
        )
        .map_err(ReportError::study)
}

/// Runs every study, writing into `dir`, then the index, and puts the files in place.
fn write_studies(
    dir: &Path,
    chosen: &[&Study],
    progress: &dyn Fn(&str),
) -> Result<(), ReportError> {
    let writer = ReportWriter::new(dir);
    // Reserved first: a folder that cannot be written is refused before any study runs.
    writer.text("README.md", "")?;
    let mut sections = Vec::new();
    for (index, study) in chosen.iter().enumerate() {
        progress(&format!("[{}/{}] {}", index + 1, chosen.len(), study.title));
        sections.extend((study.write)(&writer)?);
    }
    let readme = index(&sections);
    {
        let staged = writer
            .staged
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        std::fs::write(staged[0].writing_path(), readme)
            .map_err(|error| writer.io_error("README.md", error))?;
    }
    writer.commit()
}

/// The index page: a title, the contents, and every section.
fn index(sections: &[Section]) -> String {
    let mut text = format!(
        "# gamelab reports\n\nEverything here is written by `gamelab report` (gamelab {}), \
         with fixed seeds: `gamelab report --out DIR` writes it all again into DIR (a few \
         seconds on two cores; in a clone of the repository, `cargo run --release -- report` \
         rewrites this folder). Every file is byte-for-byte reproducible, pictures included. \
         Each section ends with its data files and the exact commands that regenerate them, \
         data and charts (SVG and PNG); run those inside this folder, where they write. The \
         guide's chapter \"The report\" says how to read each study.\n\n## Contents\n\n",
        env!("CARGO_PKG_VERSION")
    );
    for section in sections {
        let _ = writeln!(text, "- [{}](#{})", section.title, anchor(&section.title));
    }
    for section in sections {
        let _ = write!(text, "\n## {}\n\n{}", section.title, section.body);
    }
    text
}

/// GitHub's anchor for a heading.
fn anchor(title: &str) -> String {
    title
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            'a'..='z' | '0'..='9' | '-' | '_' => Some(c),
            ' ' => Some('-'),
            _ => None,
        })
        .collect()
}

/// A markdown table of the sweep rows at `sizes` (sizes the sweep lacks are skipped): the
/// outcome counts and the first player's win rate with its 95% interval.
fn rows_table(rows: &[SweepRow], sizes: &[u64], size_name: &str) -> String {
    let mut text = format!(
        "| {size_name} | instances | first wins | ties | second wins | first-win rate (95% interval) |\n\
         |---:|---:|---:|---:|---:|---|\n"
    );
    for row in rows.iter().filter(|row| sizes.contains(&row.n)) {
        let _ = writeln!(
            text,
            "| {} | {} | {} | {} | {} | {} ({:.1}–{:.1}%) |",
            row.n,
            row.trials,
            row.first_wins,
            row.ties,
            row.second_wins,
            percent(row.first_wins, row.trials),
            100.0 * row.first_win_low,
            100.0 * row.first_win_high
        );
    }
    text
}

/// `12.3%`.
fn percent(part: u64, whole: u64) -> String {
    format!("{:.1}%", 100.0 * part as f64 / whole.max(1) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_follow_github() {
        assert_eq!(
            anchor("Stone Game II and III: win rates"),
            "stone-game-ii-and-iii-win-rates"
        );
        assert_eq!(
            anchor("The gold pots [4, 6, 2, 3]"),
            "the-gold-pots-4-6-2-3"
        );
    }
}
