//! Command-line interface: argument definitions (clap derive, one file per subcommand), the
//! error policy (one line on stderr, exit status 2; a closed pipe is not an error), the flag
//! names of the library's settings, and output helpers. Everything substantial lives in the
//! library.

mod analyze;
mod bench;
mod check;
mod claims;
mod completions;
mod explore;
mod games;
mod generate;
mod generator_args;
mod instance;
mod interrupt;
mod man;
mod merge;
mod mistakes;
mod play;
mod plot;
mod reference;
mod report;
mod serve;
mod solve;
mod sweep;
mod tournament;
mod tree;
mod values;

use anyhow::Context;
use clap::{CommandFactory, Parser, Subcommand};
use gamelab::output::OutputFile;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::Path;
use std::process::ExitCode;

/// Exit status of a finding: a claim refuted.
const EXIT_FINDING: u8 = 1;
/// Exit status of every error: bad input or usage, an unreadable or unwritable file, a failed
/// external tool (as grep: 1 is a finding, 2 is trouble).
const EXIT_ERROR: u8 = 2;

#[derive(Parser)]
#[command(
    name = "gamelab",
    version,
    about = "Explore two-player games of perfect information: the LeetCode stone games and relatives",
    long_about = "Explore two-player games of perfect information: solve the LeetCode stone \
        games and their relatives exactly, show optimal play, sweep random instances, draw game \
        trees, plot statistics and check claims.\n\nExit status: 0 success, 1 a finding (a claim \
        refuted), 2 bad input or usage."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Refuse requests estimated to need more memory than this (e.g. 512M, 8G) [default: 1G]
    #[arg(long, global = true, value_name = "SIZE", value_parser = gamelab::budget::parse_bytes)]
    max_memory: Option<u64>,
    /// Refuse requests estimated to need more elementary steps than this (e.g. 1e13)
    /// [default: 1e12]
    #[arg(long, global = true, value_name = "STEPS", value_parser = gamelab::budget::parse_steps)]
    max_work: Option<u128>,
}

#[derive(Subcommand)]
enum Command {
    /// Solve instances exactly and show the optimal play
    Solve(solve::SolveArgs),
    /// List the games with their rules, input form and solvers
    Games,
    /// Analyse one position: value, margin and remoteness for the player to move, every move best first
    Analyze(analyze::AnalyzeArgs),
    /// Write an explorer page: one offline HTML file to play through a game with every move's value
    Explore(explore::ExploreArgs),
    /// Serve the explorer on a local web server: pick any game and instance; JSON API for analysis
    Serve(serve::ServeArgs),
    /// Print seeded random instances as JSON lines (input for `solve --input -`)
    Generate(generate::GenerateArgs),
    /// Tally who wins under optimal play over random instances, for every n in a range
    Sweep(sweep::SweepArgs),
    /// Merge the CSVs of a sharded sweep into the CSV of the whole sweep
    Merge(merge::MergeArgs),
    /// Export the game tree or state DAG (DOT, Gambit EFG, JSON) and draw it
    Tree(tree::TreeArgs),
    /// Draw a chart (SVG or PNG): win rates, outcome shares, margins, DP heatmaps, divisor-game
    Plot(plot::PlotArgs),
    /// Check a claim (exhaustively or by sampling); exit 1 with the smallest counterexample if refuted
    Check(check::CheckArgs),
    /// The catalogue of named claims from the problem statements and the literature; --run settles them
    Claims(claims::ClaimsArgs),
    /// Play two strategies against each other, on one instance or many
    Play(play::PlayArgs),
    /// Every strategy against every other on the same instances: the matrix, each one's price and ratings
    Tournament(tournament::TournamentArgs),
    /// Where a strategy gives value away: mistake rate and value lost by ply and n, with 95% intervals
    Mistakes(mistakes::MistakesArgs),
    /// Agreement with optimal play and mean regret of a strategy family (mcts, noisy, lookahead) by budget
    StrategyCurve(mistakes::CurveArgs),
    /// Measure the performance targets on this machine (median wall time, throughput, memory)
    Bench(bench::BenchArgs),
    /// Regenerate the reports folder: every study with its data, charts and commands
    Report(report::ReportArgs),
    /// Print the completion script for a shell: bash, zsh, fish, powershell or elvish
    Completions(completions::CompletionsArgs),
    /// Write the manual pages: gamelab.1 and one page per subcommand
    Man(man::ManArgs),
    /// Print the command reference of the guide (docs/src/reference/commands.md) in markdown
    #[command(hide = true)]
    Reference,
}

/// Parses the command line, runs the command and turns errors into exit statuses.
pub fn main() -> ExitCode {
    interrupt::install();
    gamelab::error::name_settings(flag_name);
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage_error(error),
    };
    let default = gamelab::budget::Budget::DEFAULT;
    gamelab::budget::set_budget(gamelab::budget::Budget {
        memory: cli.max_memory.unwrap_or(default.memory),
        work: cli.max_work.unwrap_or(default.work),
    });
    match run(cli) {
        Ok(code) => code,
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {}", one_line(&format!("{error:#}")));
            ExitCode::from(EXIT_ERROR)
        }
    }
}

/// The flags (or words) the command line gives the library's settings in messages.
fn flag_name(setting: gamelab::error::Setting) -> &'static str {
    use gamelab::error::Setting;
    match setting {
        Setting::Piles => "piles (--piles)",
        Setting::Number => "N (--n)",
        Setting::Subtract => "the subtraction set (--subtract)",
        Setting::MinSize => "--n-min",
        Setting::MaxSize => "--n-max",
        Setting::SizeModulus => "--n-mod",
        Setting::SizeResidue => "--n-residue",
        Setting::MinValue => "--min-value",
        Setting::MaxValue => "--max-value",
        Setting::ValueSettings => {
            "pile values (--min-value, --max-value, --distribution, --total-parity)"
        }
        Setting::TotalParity => "--total-parity",
        Setting::Trials => "--trials",
        Setting::Samples => "--samples",
        Setting::Shard => "--shard",
        Setting::MaxNodes => "--max-nodes",
        Setting::MaxStates => "--max-states",
        Setting::StateDag => "the state DAG (--dag)",
        Setting::Solver => "--solver",
        Setting::MaxMemory => "--max-memory",
        Setting::MaxWork => "--max-work",
        Setting::MaxRenderNodes => "--max-render-nodes",
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Games => games::run(),
        Command::Analyze(args) => analyze::run(args),
        Command::Explore(args) => explore::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Sweep(args) => sweep::run(args),
        Command::Merge(args) => merge::run(args),
        Command::Tree(args) => tree::run(args),
        Command::Plot(args) => plot::run(args),
        Command::Check(args) => check::run(args),
        Command::Claims(args) => claims::run(args),
        Command::Play(args) => play::run(args),
        Command::Tournament(args) => tournament::run(args),
        Command::Mistakes(args) => mistakes::run(args),
        Command::StrategyCurve(args) => mistakes::run_curve(args),
        Command::Bench(args) => bench::run(args),
        Command::Report(args) => report::run(args),
        Command::Completions(args) => completions::run(args, Cli::command()),
        Command::Man(args) => man::run(args, Cli::command()),
        Command::Reference => reference::run(Cli::command()),
    }
}

/// Help and version go to stdout with status 0; every other parse error becomes one line.
fn usage_error(error: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = error.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand => {
            eprintln!("usage: gamelab <COMMAND> [OPTIONS]; run 'gamelab --help' for the commands");
            ExitCode::from(EXIT_ERROR)
        }
        _ => {
            eprintln!("error: {}", one_line(&error.to_string()));
            ExitCode::from(EXIT_ERROR)
        }
    }
}

/// Folds a multi-line message (clap's, with its usage and tips) into one line.
fn one_line(message: &str) -> String {
    message
        .lines()
        .map(str::trim)
        .filter(|line| {
            !line.is_empty()
                && !line.starts_with("Usage:")
                && !line.starts_with("For more information")
        })
        .map(|line| line.strip_prefix("error: ").unwrap_or(line))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Whether the error is a write into a closed pipe (`gamelab generate | head -1`), however it
/// is wrapped: plain I/O, JSON and CSV writers, streamed sweep rows, graph exports.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    let broken = |kind: Option<io::ErrorKind>| kind == Some(io::ErrorKind::BrokenPipe);
    error.chain().any(|cause| {
        broken(cause.downcast_ref::<io::Error>().map(io::Error::kind))
            || broken(
                cause
                    .downcast_ref::<serde_json::Error>()
                    .and_then(serde_json::Error::io_error_kind),
            )
            || cause
                .downcast_ref::<csv::Error>()
                .is_some_and(|csv| matches!(csv.kind(), csv::ErrorKind::Io(e) if broken(Some(e.kind()))))
            || cause
                .downcast_ref::<gamelab::sweep::SweepError>()
                .is_some_and(|sweep| matches!(sweep, gamelab::sweep::SweepError::Write(e) if broken(Some(e.kind()))))
            || cause
                .downcast_ref::<gamelab::export::GraphError>()
                .is_some_and(|graph| {
                    matches!(graph, gamelab::export::GraphError::Export(gamelab::export::ExportError::Io(e)) if broken(Some(e.kind())))
                })
    })
}

/// Where a command writes: standard output, or a file that appears whole when the command
/// succeeds ([`Output::finish`]) and never partial (see `gamelab::output`).
enum Output {
    Stdout(BufWriter<io::StdoutLock<'static>>),
    File(OutputFile),
}

impl Output {
    /// Flushes standard output, or puts the file in place.
    fn finish(self) -> anyhow::Result<()> {
        match self {
            Output::Stdout(mut out) => out.flush()?,
            Output::File(file) => {
                let path = file.path().display().to_string();
                file.finish()
                    .with_context(|| format!("cannot write output file '{path}'"))?
            }
        }
        Ok(())
    }
}

impl Write for Output {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match self {
            Output::Stdout(out) => out.write(bytes),
            Output::File(file) => file.write(bytes),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(out) => out.flush(),
            Output::File(file) => file.flush(),
        }
    }
}

/// Standard output, or the file at `path`; call [`Output::finish`] when done (a file not
/// finished is deleted).
fn open_output(path: Option<&Path>) -> anyhow::Result<Output> {
    Ok(match path {
        None => Output::Stdout(BufWriter::new(io::stdout().lock())),
        Some(path) => Output::File(create_file(path)?),
    })
}

/// The file at `path`, written whole or not at all (see `gamelab::output`).
fn create_file(path: &Path) -> anyhow::Result<OutputFile> {
    OutputFile::create(path)
        .with_context(|| format!("cannot create output file '{}'", path.display()))
}

/// Puts a finished file in place.
fn finish_file(file: OutputFile) -> anyhow::Result<()> {
    let path = file.path().display().to_string();
    file.finish()
        .with_context(|| format!("cannot write output file '{path}'"))
}

/// Refuses two output flags that name the same file: the second would silently overwrite the
/// first. Paths are compared as given and, where the files exist or their folders do, resolved.
fn distinct_outputs(outputs: &[(&str, Option<&Path>)]) -> anyhow::Result<()> {
    let resolved = |path: &Path| -> std::path::PathBuf {
        let parent = path.parent().filter(|p| !p.as_os_str().is_empty());
        let folder = parent
            .map_or_else(|| std::env::current_dir().ok(), |p| p.canonicalize().ok())
            .unwrap_or_default();
        folder.join(path.file_name().unwrap_or_default())
    };
    let given: Vec<(&str, &Path)> = outputs
        .iter()
        .filter_map(|(flag, path)| path.map(|path| (*flag, path)))
        .collect();
    for (index, (flag, path)) in given.iter().enumerate() {
        for (other_flag, other) in &given[index + 1..] {
            if path == other || resolved(path) == resolved(other) {
                anyhow::bail!(
                    "{flag} and {other_flag} both name '{}': give each output its own file",
                    path.display()
                );
            }
        }
    }
    Ok(())
}

/// Standard input for `-`, else the file at `path`, buffered.
fn open_input(path: &str) -> anyhow::Result<Box<dyn BufRead>> {
    Ok(if path == "-" {
        Box::new(BufReader::new(io::stdin().lock()))
    } else {
        Box::new(BufReader::new(
            File::open(path).with_context(|| format!("cannot open input file '{path}'"))?,
        ))
    })
}

/// Output formats shared by several commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// Readable text
    Text,
    /// JSON (one object per result, one per line)
    Json,
}
