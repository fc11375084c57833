//! Command-line interface: argument definitions (clap derive, one file per subcommand), the
//! error policy (one line on stderr, exit status 2, also when stderr cannot be written; a closed
//! pipe is not an error), the budgets (`--max-memory`, `--max-time`), progress on stderr, the
//! thread pool the work runs in, the flag names of the library's settings, and output helpers
//! (files reserved before the work and put in place together). Everything substantial lives in
//! the library.

mod analyze;
mod args;
mod bench;
mod check;
mod claims;
mod completions;
mod examples;
mod explore;
mod games;
mod generate;
mod grundy;
mod http;
mod interrupt;
mod losing;
mod man;
#[cfg(unix)]
mod memory;
mod merge;
mod mistakes;
mod play;
mod plot;
mod progress;
mod reference;
mod report;
mod serve;
mod solve;
mod sweep;
mod tournament;
mod tree;
mod values;

use anyhow::Context;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use gamelab::util::output::{OutputFile, Staged};
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

/// Writes one line on standard error — a note, a refusal, an error. A write that fails (a full
/// disk, a closed stderr) is dropped: there is nowhere left to report it, and the exit status
/// still tells. A progress bar being drawn is cleared first and redrawn after.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::say_line(format_args!($($arg)*))
    };
}

/// [`say!`] for what is only informative ("wrote FILE"): silenced by `--quiet`.
macro_rules! note {
    ($($arg:tt)*) => {
        if !$crate::quiet() {
            $crate::say_line(format_args!($($arg)*));
        }
    };
}

pub(crate) use {note, say};

/// Exit status of a finding: a claim refuted.
pub(crate) const EXIT_FINDING: u8 = 1;
/// Exit status of every error: bad input or usage, an unreadable or unwritable file, a failed
/// external tool (as grep: 1 is a finding, 2 is trouble).
pub(crate) const EXIT_ERROR: u8 = 2;

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
    // Hyphen values reach the parser, which names the problem ("-1G" is not a size) where clap
    // would call "-1" an unexpected flag.
    #[arg(long, global = true, value_name = "SIZE", value_parser = gamelab::cost::parse_bytes, allow_hyphen_values = true)]
    max_memory: Option<u64>,
    /// Refuse requests estimated to take longer than this (e.g. 90s, 10m, 2h; none: no limit)
    /// [default: 10s; 2m for grundy, losing-positions and report]
    #[arg(long, global = true, value_name = "TIME", value_parser = time_budget, allow_hyphen_values = true)]
    max_time: Option<TimeBudget>,
    /// Replaced by --max-time
    #[arg(long, global = true, hide = true, value_name = "STEPS")]
    max_work: Option<String>,
    /// Report progress as plain lines on stderr (for logs), even when stderr is not a terminal
    #[arg(long, global = true, conflicts_with = "quiet")]
    progress: bool,
    /// No progress bar and no notes on stderr (errors still go there)
    #[arg(long, short, global = true)]
    quiet: bool,
}

/// The time budget when `--max-time` is not given: the library's default, except for the
/// commands that exist to compute at research scale (a nim-sequence, the losing positions to
/// 2^30), which would otherwise need `--max-time` for their main use, and the report, a fixed
/// set of studies (about 2 s on two cores, 5 s on one) that a machine of one core must not see
/// refused for its upper estimates; they show progress.
fn default_time(
    command: &Command,
    default: Option<std::time::Duration>,
) -> Option<std::time::Duration> {
    match command {
        Command::Grundy(_) | Command::LosingPositions(_) | Command::Report(_) => {
            Some(std::time::Duration::from_secs(120))
        }
        _ => default,
    }
}

/// `--max-time`: a time, or none.
#[derive(Clone, Copy, Debug)]
struct TimeBudget(Option<std::time::Duration>);

fn time_budget(text: &str) -> Result<TimeBudget, String> {
    gamelab::cost::parse_time(text).map(TimeBudget)
}

#[derive(Subcommand)]
enum Command {
    /// Solve instances exactly and show the optimal play
    Solve(solve::SolveArgs),
    /// List the games with their rules, input form and solvers
    Games,
    /// Analyse one position: value, margin and remoteness for the player to move, every move best first
    Analyze(analyze::AnalyzeArgs),
    /// The nim-sequence of a heap game: every heap's Grundy value, the period (proved or not), as CSV
    Grundy(grundy::GrundyArgs),
    /// Count a heap game's losing positions up to N at every power of two, fit a power law to the counts, list and chart them
    LosingPositions(losing::LosingArgs),
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

/// Whether `--quiet` was given.
static QUIET: AtomicBool = AtomicBool::new(false);

/// Whether notes are silenced (`--quiet`).
pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// Writes `line` on standard error (see [`say!`]).
pub fn say_line(line: std::fmt::Arguments<'_>) {
    progress::suspend(|| {
        let mut stderr = io::stderr().lock();
        let _ = writeln!(stderr, "{line}");
        let _ = stderr.flush();
    });
}

/// Parses the command line, runs the command and turns errors into exit statuses.
pub fn main() -> ExitCode {
    interrupt::install();
    gamelab::base::error::name_settings(flag_name);
    let cli = match cli_command()
        .try_get_matches()
        .and_then(|matches| Cli::from_arg_matches(&matches))
    {
        Ok(cli) => cli,
        Err(error) => return usage_error(error),
    };
    if cli.max_work.is_some() {
        say!(
            "error: --max-work (steps) was replaced by --max-time, a time such as 90s, 10m or \
             none"
        );
        return ExitCode::from(EXIT_ERROR);
    }
    QUIET.store(cli.quiet, Ordering::Relaxed);
    gamelab::calibration::clock::set_cpu_clock(bench::calibrate::thread_cpu_seconds);
    let measured = match scale_estimates(&cli.command) {
        Ok(measured) => measured,
        Err(error) => {
            say!("error: {error}");
            return ExitCode::from(EXIT_ERROR);
        }
    };
    let default = gamelab::cost::Budget::DEFAULT;
    gamelab::cost::set_budget(gamelab::cost::Budget {
        memory: cli.max_memory.unwrap_or(default.memory),
        time: cli
            .max_time
            .map_or(default_time(&cli.command, default.time), |budget| budget.0),
    });
    // The work runs in a pool of its own, so that threads that cannot start (a process or
    // address-space limit, RAYON_NUM_THREADS=1000) mean fewer threads, never a panic.
    let (pool, note) = match gamelab::util::parallel::start_pool() {
        Ok(started) => started,
        Err(reason) => {
            say!("error: {reason}");
            return ExitCode::from(EXIT_ERROR);
        }
    };
    let display = progress::start(progress::mode(cli.progress, cli.quiet, &cli.command));
    let result = pool.install(|| run(cli));
    display.finish();
    match result {
        Ok(code) => {
            // Said after the work, so that a failing command still ends with its one line.
            for note in note.into_iter().chain(measured) {
                note!("note: {note}");
            }
            code
        }
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            say!("error: {}", one_line(&format!("{error:#}")));
            ExitCode::from(EXIT_ERROR)
        }
    }
}

/// Scales the time estimates to this machine (see `gamelab::calibration::machine`) for the
/// commands that estimate anything: from GAMELAB_MACHINE_FACTOR, the cache, or measured now and
/// cached; in that last case, the note to say after the command (once per machine). `bench`
/// measures as it needs.
fn scale_estimates(command: &Command) -> Result<Option<String>, String> {
    use gamelab::calibration::machine::{Source, apply};
    if matches!(
        command,
        Command::Games
            | Command::Bench(_)
            | Command::Completions(_)
            | Command::Man(_)
            | Command::Reference
    ) {
        return Ok(None);
    }
    let found = apply()?;
    let Source::Measured(cached) = &found.source else {
        return Ok(None);
    };
    let kept = match cached {
        Some(path) => format!("cached in {}", path.display()),
        None => "not cached: the cache folder cannot be written".to_string(),
    };
    Ok(Some(format!(
        "measured this machine's speed for the time estimates: {:.2} times the reference \
         machine's time ({kept}; gamelab bench --calibrate-machine measures it again)",
        found.factors.mean()
    )))
}

/// The flags (or words) the command line gives the library's settings in messages.
fn flag_name(setting: gamelab::base::error::Setting) -> &'static str {
    use gamelab::base::error::Setting;
    match setting {
        Setting::Piles => "piles (--piles)",
        Setting::Number => "N (--n)",
        Setting::Subtract => "the subtraction set (--subtract)",
        Setting::Heaps => "heaps (--heaps)",
        Setting::Code => "the octal code (--code)",
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
        Setting::MaxTime => "--max-time",
        Setting::MaxRenderNodes => "--max-render-nodes",
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Games => games::run(),
        Command::Analyze(args) => analyze::run(args),
        Command::Grundy(args) => grundy::run(args),
        Command::LosingPositions(args) => losing::run(args),
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
        Command::Completions(args) => completions::run(args, cli_command()),
        Command::Man(args) => man::run(args, cli_command()),
        Command::Reference => reference::run(cli_command()),
    }
}

/// The command line's definition, where every option's value may start with `-`: each option's
/// own parser then names what is wrong with `--trials -1`, `--seed -inf` or `--out --plot`,
/// where clap would call the value an unexpected flag (`'-i'` for `-inf`).
fn cli_command() -> clap::Command {
    hyphen_values(Cli::command())
}

/// `command` and its subcommands with [`cli_command`]'s setting on every option with a value.
fn hyphen_values(command: clap::Command) -> clap::Command {
    command
        .mut_args(|arg| {
            if arg.get_long().is_some() && arg.get_action().takes_values() {
                arg.allow_hyphen_values(true)
            } else {
                arg
            }
        })
        .mut_subcommands(hyphen_values)
}

/// Help and version go to stdout with status 0 (2 if they cannot be written, unless into a
/// closed pipe); every other parse error becomes one line.
fn usage_error(error: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let text = error.render().to_string();
            let mut stdout = io::stdout().lock();
            match stdout
                .write_all(text.as_bytes())
                .and_then(|()| stdout.flush())
            {
                Ok(()) => ExitCode::SUCCESS,
                Err(failed) if failed.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(failed) => {
                    say!("error: cannot write to standard output: {failed}");
                    ExitCode::from(EXIT_ERROR)
                }
            }
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand => {
            say!("{}", missing_subcommand(&error.render().to_string()));
            ExitCode::from(EXIT_ERROR)
        }
        _ => {
            say!("error: {}", one_line(&error.render().to_string()));
            ExitCode::from(EXIT_ERROR)
        }
    }
}

/// The one line for a command given without its subcommand (`gamelab`, `gamelab plot`): its
/// usage and how to list the choices, read from clap's usage line (`Usage: gamelab plot
/// <COMMAND>`).
fn missing_subcommand(rendered: &str) -> String {
    let path: Vec<&str> = rendered
        .lines()
        .find_map(|line| line.trim().strip_prefix("Usage:"))
        .unwrap_or("gamelab")
        .split_whitespace()
        .take_while(|word| !word.starts_with(['<', '[']))
        .collect();
    let path = if path.is_empty() {
        "gamelab".to_string()
    } else {
        path.join(" ")
    };
    if path == "gamelab" {
        "usage: gamelab <COMMAND> [OPTIONS]; run 'gamelab --help' for the commands".to_string()
    } else {
        format!("usage: {path} <KIND> [OPTIONS]; run '{path} --help' for the kinds")
    }
}

/// Folds a multi-line message (clap's, with its usage and tips) into one line, its long values
/// cut and control characters escaped (`gamelab::util::shown`). A line that ends with a colon
/// runs on into the next ("not provided: --n-residue <R>"); clap's tips are left out (its "use
/// '-- -1'" is wrong where a value cannot be negative).
fn one_line(message: &str) -> String {
    let mut folded = String::new();
    for line in message.lines().map(str::trim) {
        if line.is_empty()
            || line.starts_with("Usage:")
            || line.starts_with("For more information")
            || line.starts_with("tip:")
        {
            continue;
        }
        let line = line.strip_prefix("error: ").unwrap_or(line);
        if !folded.is_empty() {
            folded.push_str(if folded.ends_with(':') { " " } else { "; " });
        }
        folded.push_str(line);
    }
    gamelab::util::shown::for_one_line(&folded)
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
                .downcast_ref::<gamelab::studies::sweep::SweepError>()
                .is_some_and(|sweep| matches!(sweep, gamelab::studies::sweep::SweepError::Write(e) if broken(Some(e.kind()))))
            || cause
                .downcast_ref::<gamelab::graph::export::GraphError>()
                .is_some_and(|graph| {
                    matches!(graph, gamelab::graph::export::GraphError::Export(gamelab::graph::export::ExportError::Io(e)) if broken(Some(e.kind())))
                })
    })
}

/// Where a command writes: standard output, or a file that appears whole when the command
/// succeeds ([`Output::finish`]) and never partial (see `gamelab::util::output`).
enum Output {
    Stdout(BufWriter<TerminalAware>),
    File(OutputFile),
}

/// Standard output, written around a progress bar on a terminal (the bar is cleared, the text
/// written, the bar redrawn) so that the two never share a line.
struct TerminalAware {
    stdout: io::StdoutLock<'static>,
    terminal: bool,
}

impl Write for TerminalAware {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let written = if self.terminal {
            let stdout = &mut self.stdout;
            progress::suspend(|| stdout.write(bytes))
        } else {
            self.stdout.write(bytes)
        };
        written.map_err(standard_output_error)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.stdout.flush().map_err(standard_output_error)
    }
}

/// A failed write to standard output, said as one (`cannot write to standard output: No space
/// left on device`), of the same kind, so that a closed pipe is still recognised as one.
fn standard_output_error(error: io::Error) -> io::Error {
    io::Error::new(
        error.kind(),
        format!("cannot write to standard output: {error}"),
    )
}

impl Output {
    /// Flushes standard output, or puts the file in place.
    fn finish(self) -> anyhow::Result<()> {
        match self {
            Output::Stdout(mut out) => out.flush()?,
            Output::File(file) => file.finish()?,
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

/// Writes `value` as one line of JSON: a command's result under `--format json`.
fn write_json_line(
    out: &mut (impl Write + ?Sized),
    value: &impl serde::Serialize,
) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    writeln!(out)
}

/// Standard output, or the file at `path`; call [`Output::finish`] when done (a file not
/// finished is deleted).
fn open_output(path: Option<&Path>) -> anyhow::Result<Output> {
    Ok(match path {
        None => Output::Stdout(BufWriter::new(TerminalAware {
            stdout: io::stdout().lock(),
            terminal: io::stdout().is_terminal(),
        })),
        Some(path) => Output::File(create_file(path)?),
    })
}

/// Standard output, or the file reserved before (see [`stage_outputs`]).
fn open_staged(staged: Option<Staged>) -> anyhow::Result<Output> {
    Ok(match staged {
        None => open_output(None)?,
        Some(staged) => Output::File(OutputFile::on(staged)?),
    })
}

/// The file at `path`, written whole or not at all (see `gamelab::util::output`).
fn create_file(path: &Path) -> anyhow::Result<OutputFile> {
    Ok(OutputFile::create(path)?)
}

/// Reserves a command's output files before its work starts (see `gamelab::util::output::Staged`):
/// a missing or read-only folder is refused at once, two flags naming one file are refused,
/// and so is an output that is also one of the command's `inputs` (it would be replaced by a
/// file made from itself). One entry per flag, in order; `None` where the flag was not given.
fn stage_outputs<const N: usize>(
    outputs: [(&str, Option<&Path>); N],
    inputs: &[&Path],
) -> anyhow::Result<[Option<Staged>; N]> {
    let (staged, []) = stage_outputs_and_plots(outputs, [], inputs)?;
    Ok(staged)
}

/// The files [`stage_outputs_and_plots`] reserved: one entry per single-file flag (`None` where
/// it was not given), and the files of each flag that may be given several times.
type StagedOutputs<const N: usize, const P: usize> = ([Option<Staged>; N], [Vec<Staged>; P]);

/// [`stage_outputs`] for a command that also draws charts to files a flag may name several
/// times (`--plot a.svg --plot a.png`): the files of each such flag in `plots`, in order.
fn stage_outputs_and_plots<const N: usize, const P: usize>(
    outputs: [(&str, Option<&Path>); N],
    plots: [(&str, &[std::path::PathBuf]); P],
    inputs: &[&Path],
) -> anyhow::Result<StagedOutputs<N, P>> {
    let mut every: Vec<(&str, Option<&Path>)> = outputs.to_vec();
    for (flag, paths) in plots {
        every.extend(paths.iter().map(|path| (flag, Some(path.as_path()))));
    }
    distinct_outputs(&every)?;
    for (flag, path) in &every {
        let Some(path) = path else { continue };
        if let Some(input) = inputs.iter().find(|input| same_file(input, path)) {
            anyhow::bail!(
                "{flag} names '{}', which is also an input ('{}'): write to another file",
                path.display(),
                input.display()
            );
        }
    }
    let mut staged = every
        .iter()
        .map(|(_, path)| path.map(Staged::new).transpose())
        .collect::<Result<Vec<_>, _>>()?
        .into_iter();
    let singles = std::array::from_fn(|_| staged.next().flatten());
    let groups = plots.map(|(_, paths)| staged.by_ref().take(paths.len()).flatten().collect());
    Ok((singles, groups))
}

/// Puts a command's written files in place together (see `gamelab::util::output::commit_all`), then
/// says which charts it drew (as every chart is announced, on stderr).
fn commit(files: Vec<Staged>, charts: &[&Path]) -> anyhow::Result<()> {
    gamelab::util::output::commit_all(files)?;
    for chart in charts {
        note!("wrote {}", chart.display());
    }
    Ok(())
}

/// Whether two paths name one file: the same text, the same destination (links followed,
/// whether or not the file exists yet), or one existing file under two names (hard links).
fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || gamelab::util::output::destination(a) == gamelab::util::output::destination(b)
        || one_inode(a, b)
}

/// Whether two existing paths are one file under two names (hard links), which their resolved
/// paths do not show.
#[cfg(unix)]
fn one_inode(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn one_inode(_: &Path, _: &Path) -> bool {
    false
}

/// Refuses two output flags that name the same file: the second would silently overwrite the
/// first.
fn distinct_outputs(outputs: &[(&str, Option<&Path>)]) -> anyhow::Result<()> {
    let given: Vec<(&str, &Path)> = outputs
        .iter()
        .filter_map(|(flag, path)| path.map(|path| (*flag, path)))
        .collect();
    for (index, (flag, path)) in given.iter().enumerate() {
        for (other_flag, other) in &given[index + 1..] {
            if path == other {
                anyhow::bail!(
                    "{flag} and {other_flag} both name '{}': give each output its own file",
                    path.display()
                );
            }
            if same_file(path, other) {
                anyhow::bail!(
                    "{flag} '{}' and {other_flag} '{}' are one file: give each output its own file",
                    path.display(),
                    other.display()
                );
            }
        }
    }
    Ok(())
}

/// Refuses reading the sweep tables at `paths` over the budget (their size in bytes, as
/// `gamelab::studies::sweep::read_cost` costs it); standard input (`-`) is read as it comes.
fn check_tables(paths: &[&Path]) -> anyhow::Result<()> {
    let mut bytes = 0u64;
    for path in paths.iter().filter(|path| path.as_os_str() != "-") {
        if let Ok(metadata) = std::fs::metadata(path) {
            bytes = bytes.saturating_add(metadata.len());
        }
    }
    gamelab::studies::sweep::read_cost(bytes).check(
        format_args!(
            "reading {} of sweep tables",
            gamelab::cost::bytes(bytes as u128)
        ),
        "read fewer or smaller tables",
    )?;
    Ok(())
}

/// What messages call the input `path`: `standard input` for `-`, else the path.
fn input_name(path: &str) -> &str {
    if path == "-" { "standard input" } else { path }
}

/// Standard input for `-`, else the file at `path`, buffered; a folder is refused by name (the
/// system would open it and fail at the first read).
fn open_input(path: &str) -> anyhow::Result<Box<dyn BufRead>> {
    if path == "-" {
        return Ok(Box::new(BufReader::new(io::stdin().lock())));
    }
    if std::fs::metadata(path).is_ok_and(|metadata| metadata.is_dir()) {
        anyhow::bail!("cannot open input file '{path}': it is a folder");
    }
    Ok(Box::new(BufReader::new(File::open(path).with_context(
        || format!("cannot open input file '{path}'"),
    )?)))
}

/// Output formats shared by several commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// Readable text
    Text,
    /// JSON (one object per result, one per line)
    Json,
}
