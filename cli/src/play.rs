//! `gamelab play`: two strategies play one instance move by move, or many seeded instances with
//! win/tie/loss counts, mean margin and the first player's mean shortfall against optimal play.

use super::args::{DEFAULT_SIZES, DEFAULT_TRIALS, GeneratorArgs, SeedArg};
use super::plot::draw_chart;
use super::values::{HeapList, PileList, heap_list, pile_list, whole_number};
use super::{Format, commit, open_output, stage_outputs};
use clap::Args;
use gamelab::SolveError;
use gamelab::base::input::InstanceInput;
use gamelab::games::{AnyGame, GameEntry, find_game};
use gamelab::present::plot::image_format;
use gamelab::present::plot::value_history::ValueHistoryChart;
use gamelab::solve::SolverKind;
use gamelab::strategy::{GameRecord, Pairing, StrategySpec};
use gamelab::studies::generate::Generator;
use gamelab::studies::tournament::{MatchStats, check_strategies, describe_instances, run_matches};
use gamelab::util::output::Staged;
use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct PlayArgs {
    /// The game (see `gamelab games`)
    game: String,
    /// The first player's strategy: optimal, greedy, random, lookahead-K (minimax K plies deep),
    /// mcts-K (Monte Carlo tree search, K simulations a move), noisy-P (optimal, but a random
    /// move with probability P), or a game's own (parity, for stone-game)
    #[arg(long, value_name = "STRATEGY")]
    first: StrategySpec,
    /// The second player's strategy (the same choices as --first)
    #[arg(long, value_name = "STRATEGY")]
    second: StrategySpec,
    /// One instance's piles (plays it move by move)
    #[arg(long, value_name = "LIST", allow_hyphen_values = true, value_parser = pile_list, conflicts_with_all = ["n", "n_min", "n_max", "n_parity", "n_mod", "min_value", "max_value", "distribution", "total_parity", "trials"])]
    piles: Option<PileList>,
    /// One instance's heaps, for a heap game: a sum such as 7,11,30 (plays it move by move)
    #[arg(long, value_name = "LIST", value_parser = heap_list, conflicts_with_all = ["piles", "n", "n_min", "n_max", "trials"])]
    heaps: Option<HeapList>,
    /// The octal code of the one instance of the octal game (with --n or --heaps; e.g. 0.6)
    #[arg(long, value_name = "CODE", value_parser = super::values::octal_code)]
    code: Option<String>,
    #[command(flatten)]
    generator: GeneratorArgs,
    /// Play this many seeded instances [default: 1000; with --piles, or --n for a number game
    /// (divisor-game, stone-game-iv, nim, ...), one instance is played move by move]
    #[arg(long, value_name = "T", value_parser = whole_number, allow_negative_numbers = true)]
    trials: Option<u64>,
    #[command(flatten)]
    random: SeedArg,
    /// Output format
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Draw the value history of the one game played (FILE.svg or FILE.png): the first
    /// player's optimal margin after each ply, the value each move gave away marked
    #[arg(long, value_name = "FILE", value_parser = super::values::file_path)]
    history: Option<PathBuf>,
}

pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let game = find_game(&args.game)?;
    check_strategies(game, &[args.first.clone(), args.second.clone()])?;
    let sizes = &args.generator.sizes;
    let number_instance = match (&args.heaps, sizes.n) {
        (Some(heaps), _) => Some(InstanceInput {
            heaps: Some(heaps.0.clone()),
            ..InstanceInput::default()
        }),
        (None, Some(n)) => Some(InstanceInput::number(n)),
        (None, None) => None,
    };
    let single = match (
        &args.piles,
        game.takes_piles(),
        number_instance,
        args.trials,
    ) {
        (Some(piles), _, _, _) => Some(InstanceInput::piles(piles.0.clone())),
        (None, false, Some(mut input), None) => {
            args.generator.draws.extras().apply_to(&mut input);
            input.code = args.code.clone();
            Some(input)
        }
        _ => None,
    };
    if single.is_none() && (args.code.is_some() || args.heaps.is_some()) {
        anyhow::bail!(
            "--code and --heaps describe one instance of a heap game: give it with --n or \
             --heaps (without --trials)"
        );
    }
    if let Some(path) = &args.history {
        if single.is_none() {
            anyhow::bail!(
                "--history draws one game: give the instance with --piles (or --n for a number game)"
            );
        }
        image_format(path)?;
    }
    let [history] = stage_outputs([("--history", args.history.as_deref())], &[])?;
    let mut out = open_output(None)?;
    match single {
        Some(input) => play_one(game, &args, &input, history, &mut out)?,
        None => play_many(game, &args, &mut out)?,
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn play_one(
    game: &dyn GameEntry,
    args: &PlayArgs,
    input: &InstanceInput,
    history: Option<Staged>,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let instance = game.build(input)?;
    let (record, unvalued) = play_recorded(instance.as_ref(), args)?;
    if let (Some(staged), Some(path)) = (history, &args.history) {
        let title = title(game, input, args);
        draw_chart(&ValueHistoryChart::new(&title, &record)?, &staged, path)?;
        commit(vec![staged], &[path.as_path()])?;
    }
    match args.format {
        Format::Json => super::write_json_line(out, &record)?,
        Format::Text => {
            writeln!(out, "{}", title(game, input, args))?;
            write_moves(out, &record)?;
            write_result(out, &record, unvalued)?;
        }
    }
    Ok(())
}

/// The one game played, with every move's regret where the instance can be valued (always
/// with `--history`, which draws it), else the reason it could not be.
fn play_recorded(
    instance: &dyn AnyGame,
    args: &PlayArgs,
) -> anyhow::Result<(GameRecord, Option<SolveError>)> {
    // Only the value: the move list is not needed, and `auto` gives the value for less (for a
    // long stone-game row by `peaks`, rather than `rolling`'s moves).
    let optimal = instance.solve_value(SolverKind::AUTO)?.scores();
    let pairing = Pairing {
        first: &args.first,
        second: &args.second,
        optimal,
        seed: args.random.seed,
        index: 0,
    };
    // Regret needs every position's value; an instance too large for that is still played,
    // without it (unless a history was asked for).
    Ok(if args.history.is_some() {
        (instance.play_valued(pairing)?, None)
    } else {
        instance.play_valued_if_possible(pairing)?
    })
}

/// `GAME INSTANCE: FIRST (first) against SECOND (second)`.
fn title(game: &dyn GameEntry, input: &InstanceInput, args: &PlayArgs) -> String {
    format!(
        "{} {}: {} (first) against {} (second)",
        game.name(),
        input.describe(),
        args.first,
        args.second
    )
}

/// One line per move: who made it, what it was, its gain, the position after it, and the
/// value it gave away.
fn write_moves(out: &mut dyn Write, record: &GameRecord) -> std::io::Result<()> {
    for (index, mv) in record.moves.iter().enumerate() {
        let lost = match record.values.as_ref().and_then(|values| values.get(index)) {
            Some(value) if value.regret > 0 => format!("  (gave away {})", value.regret),
            _ => String::new(),
        };
        writeln!(
            out,
            "  {:>3}. {:<6} {:<28} {:>+6}   then {}{lost}",
            index + 1,
            mv.player.name(),
            mv.description.text,
            mv.gain,
            mv.position_after
        )?;
    }
    Ok(())
}

/// The result beside optimal play by both, the value each side gave away, and the notes.
fn write_result(
    out: &mut dyn Write,
    record: &GameRecord,
    unvalued: Option<SolveError>,
) -> std::io::Result<()> {
    writeln!(
        out,
        "result: {} (first {}, second {}, margin {:+})",
        record.winner.name(),
        record.first_score,
        record.second_score,
        record.margin
    )?;
    writeln!(
        out,
        "optimal play by both: first {}, second {}; the first player's shortfall: {:+}",
        record.optimal.first,
        record.optimal.second,
        record.shortfall()
    )?;
    if let (Some(first), Some(second)) = (
        record.regret_of(gamelab::Player::First),
        record.regret_of(gamelab::Player::Second),
    ) {
        writeln!(
            out,
            "value given away (regret): first {first}, second {second}; final margin {:+} = optimal {:+} - {first} + {second}",
            record.margin,
            record.optimal.margin()
        )?;
    }
    if let Some(refused) = unvalued {
        writeln!(out, "note: regret not recorded: {refused}")?;
    }
    for note in &record.notes {
        writeln!(out, "note: {note}")?;
    }
    Ok(())
}

fn play_many(game: &dyn GameEntry, args: &PlayArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    let spec = args.generator.spec(game, args.random.seed, DEFAULT_SIZES);
    let generator = Generator::new(game, spec)?;
    let trials = args.trials.unwrap_or(DEFAULT_TRIALS);
    let pairs = [(args.first.clone(), args.second.clone())];
    let stats = run_matches(game, &pairs, &generator, trials, args.random.seed)?;
    let Some(stats) = stats.first() else {
        anyhow::bail!("no pairing was played");
    };
    match args.format {
        Format::Json => super::write_json_line(out, stats)?,
        Format::Text => out.write_all(render_stats(game, &generator, stats).as_bytes())?,
    }
    Ok(())
}

fn render_stats(game: &dyn GameEntry, generator: &Generator, stats: &MatchStats) -> String {
    let mut text = String::new();
    let percent = |count: u64| 100.0 * count as f64 / stats.trials.max(1) as f64;
    let _ = writeln!(
        text,
        "{}: {} (first) against {} (second), {}",
        game.name(),
        stats.first,
        stats.second,
        describe_instances(game, generator, stats.trials)
    );
    let _ = writeln!(
        text,
        "first player wins {} ({:.1}%), ties {} ({:.1}%), second player wins {} ({:.1}%)",
        stats.first_wins,
        percent(stats.first_wins),
        stats.ties,
        percent(stats.ties),
        stats.second_wins,
        percent(stats.second_wins)
    );
    let _ = writeln!(
        text,
        "mean margin (first minus second): {:+.3}",
        stats.mean_margin
    );
    let _ = writeln!(
        text,
        "mean shortfall of the first player against optimal play by both: {:+.3} points",
        stats.mean_shortfall
    );
    if !stats.notes.is_empty() {
        let _ = writeln!(text, "notes: {}", stats.notes);
    }
    text
}
