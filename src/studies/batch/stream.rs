//! The streaming pipeline behind `solve --input`: the calling thread reads blocks of whole lines
//! (about 256 KiB each, cut at a line break) and writes finished blocks in input order; worker
//! threads parse, solve and format them. At most a fixed number of blocks are in flight, so
//! memory stays bounded whatever the input's length. Blocks and buffers are recycled: once they
//! have grown, the hot path neither allocates nor makes a system call per instance. The calling
//! thread only copies bytes and counts line breaks, so parsing runs on every core.
//!
//! The reader and the writer stay on the calling thread, so they need not be `Send` (standard
//! input and output locks are not).

use crate::base::error::InputError;
use crate::base::input::InstanceInput;
use crate::base::input::json_line::{
    LONG_LINE_BYTES, MAX_LINE_BYTES, parse_instance_bytes, parse_long_line, parse_piles_line,
};
use crate::games::{GameEntry, Scratch, StreamAnswerer};
use crate::studies::batch::{InstanceError, OutputFormat, StreamError, StreamOptions};
use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::ops::Range;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, mpsc};

/// Bytes of whole lines per chunk (a longer line makes a chunk of its own): enough that handing
/// a chunk over costs nothing per instance, small enough that a chunk's output (about 1 KB an
/// instance of 16 piles with moves) stays a few megabytes.
const CHUNK_BYTES: usize = 1 << 18;
/// Where one instance's piles are, or its whole input when the fast parser left it to serde.
enum Source {
    Piles { start: usize, end: usize },
    Input(Box<InstanceInput>),
}

struct Item {
    line: usize,
    source: Source,
}

/// A run of whole lines, read by the calling thread, answered by a worker.
#[derive(Default)]
struct Chunk {
    /// Position in the input (chunks are written in this order).
    sequence: u64,
    /// The number of the chunk's first line.
    first_line: usize,
    /// The lines, each ended by a line break except perhaps the input's last.
    text: Vec<u8>,
    /// Instead of `text`: the one line, longer than [`LONG_LINE_BYTES`], parsed as it was read.
    long_line: Option<Box<InstanceInput>>,
    /// The formatted answers.
    out: Vec<u8>,
    /// The error that ends the input: reading failed after `text` (set by the reader), or a line
    /// of `text` is invalid (set by the worker; the answers before it are in `out`).
    error: Option<StreamError>,
}

/// Cuts the input into chunks of whole lines, enforcing the line-length limit.
struct ChunkReader<R> {
    reader: R,
    /// The start of a line read past the end of the previous chunk.
    carry: Vec<u8>,
    next_line: usize,
    limit: usize,
    ended: bool,
    /// The start of a line longer than [`LONG_LINE_BYTES`], to be parsed into the next chunk.
    long_line: Option<Vec<u8>>,
}

impl<R: BufRead> ChunkReader<R> {
    /// A reader of `reader`'s lines from line 1, within the line-length limit.
    fn new(reader: R) -> ChunkReader<R> {
        ChunkReader {
            reader,
            carry: Vec::new(),
            next_line: 1,
            limit: MAX_LINE_BYTES,
            ended: false,
            long_line: None,
        }
    }

    /// Fills `chunk` with whole lines, or with one long line parsed as it is read; false when
    /// the input had no more.
    fn fill(&mut self, chunk: &mut Chunk) -> bool {
        chunk.long_line = None;
        loop {
            if let Some(start) = self.long_line.take() {
                chunk.text.clear();
                chunk.first_line = self.next_line;
                if self.parse_long_line(&start, chunk) {
                    return true;
                }
            }
            self.fill_lines(chunk);
            // A chunk that only met a long line: parse it now.
            if !(chunk.text.is_empty() && chunk.error.is_none() && self.long_line.is_some()) {
                return !chunk.text.is_empty() || chunk.error.is_some();
            }
        }
    }

    /// Parses the long line that starts with `start` into `chunk` (or its error); false if the
    /// line was blank.
    fn parse_long_line(&mut self, start: &[u8], chunk: &mut Chunk) -> bool {
        let line = self.next_line;
        self.next_line += 1;
        match parse_long_line(start, &mut self.reader, line, self.limit) {
            Ok(Some(input)) => chunk.long_line = Some(Box::new(input)),
            Ok(None) => return false,
            Err(error) => {
                self.ended = true;
                chunk.error = Some(StreamError::Read(Box::new(error)));
            }
        }
        true
    }

    /// Fills `chunk.text` with whole lines, stopping before a line longer than
    /// [`LONG_LINE_BYTES`] (its start is kept in `self.long_line`).
    fn fill_lines(&mut self, chunk: &mut Chunk) {
        chunk.text.clear();
        chunk.text.append(&mut self.carry);
        chunk.first_line = self.next_line;
        // Where the last (possibly partial) line in `text` starts.
        let mut line_start = chunk
            .text
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |at| at + 1);
        while !self.ended && (chunk.text.len() < CHUNK_BYTES || line_start == 0) {
            let available = match self.reader.fill_buf() {
                Ok(bytes) => bytes,
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    self.ended = true;
                    chunk.error = Some(StreamError::Read(Box::new(InputError::JsonLine {
                        line: self.line_at(chunk, line_start),
                        message: format!("cannot read: {error}"),
                    })));
                    break;
                }
            };
            if available.is_empty() {
                self.ended = true;
                line_start = chunk.text.len();
                break;
            }
            let length = available.len();
            if let Some(last_break) = available.iter().rposition(|&b| b == b'\n') {
                line_start = chunk.text.len() + last_break + 1;
            }
            chunk.text.extend_from_slice(available);
            self.reader.consume(length);
            if chunk.text.len() - line_start > self.limit {
                self.ended = true;
                chunk.error = Some(StreamError::Read(Box::new(InputError::LineTooLong {
                    line: self.line_at(chunk, line_start),
                    limit: self.limit,
                })));
                break;
            }
            if chunk.text.len() - line_start > LONG_LINE_BYTES {
                self.long_line = Some(chunk.text.split_off(line_start));
                break;
            }
        }
        // Whole lines stay; the partial last line (if any) starts the next chunk, or is dropped
        // after an error.
        if !self.ended || chunk.error.is_some() {
            self.carry.extend_from_slice(&chunk.text[line_start..]);
            chunk.text.truncate(line_start);
        }
        if chunk.error.is_some() {
            self.carry.clear();
        }
        self.next_line += count_breaks(&chunk.text);
    }

    /// The number of the line starting at `line_start` in `chunk.text`.
    fn line_at(&self, chunk: &Chunk, line_start: usize) -> usize {
        chunk.first_line + count_breaks(&chunk.text[..line_start])
    }
}

/// Line breaks in `bytes` (a loop the compiler vectorises).
fn count_breaks(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count()
}

/// A chunk's lines, parsed: piles in one vector (no allocation per instance), other inputs boxed.
#[derive(Default)]
struct Parsed {
    items: Vec<Item>,
    piles: Vec<i64>,
    /// Each item's piles as a range of `piles` (`None` for an item given in another form), for
    /// the game's own answers (see [`StreamAnswerer`]).
    rows: Vec<Option<Range<usize>>>,
}

impl Parsed {
    /// Parses the lines of `chunk`; returns the error of the first bad line (the items before it
    /// are kept).
    fn parse(&mut self, chunk: &mut Chunk, game: &dyn GameEntry) -> Option<StreamError> {
        let error = self.parse_items(chunk, game);
        self.rows.clear();
        self.rows
            .extend(self.items.iter().map(|item| match item.source {
                Source::Piles { start, end } => Some(start..end),
                Source::Input(_) => None,
            }));
        error
    }

    fn parse_items(&mut self, chunk: &mut Chunk, game: &dyn GameEntry) -> Option<StreamError> {
        self.items.clear();
        self.piles.clear();
        if let Some(input) = chunk.long_line.take() {
            self.take_long_line(*input, chunk.first_line, game);
            return None;
        }
        for (offset, raw) in chunk.text.split(|&b| b == b'\n').enumerate() {
            let bytes = raw.strip_suffix(b"\r").unwrap_or(raw);
            if bytes.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let line = chunk.first_line + offset;
            let start = self.piles.len();
            let fast = game.takes_piles()
                && parse_piles_line(bytes, &mut self.piles)
                    .is_some_and(|parsed| parsed.game.is_none_or(|g| g == game.name().as_bytes()));
            let source = if fast {
                Source::Piles {
                    start,
                    end: self.piles.len(),
                }
            } else {
                self.piles.truncate(start);
                match parse_instance_bytes(bytes, line) {
                    Ok(input) => Source::Input(Box::new(input)),
                    Err(error) => return Some(StreamError::Read(Box::new(error))),
                }
            };
            self.items.push(Item { line, source });
        }
        None
    }
}

impl Parsed {
    /// Takes a long line's parsed input as the only item; piles alone (of this game) move into
    /// `self.piles`, so the game's own answers take them as they take a short line's.
    fn take_long_line(&mut self, input: InstanceInput, line: usize, game: &dyn GameEntry) {
        let piles_alone = game.takes_piles()
            && input.n.is_none()
            && input.subtract.is_none()
            && input
                .game
                .as_deref()
                .is_none_or(|named| named == game.name());
        let source = match input.piles {
            Some(piles) if piles_alone => {
                self.piles = piles;
                Source::Piles {
                    start: 0,
                    end: self.piles.len(),
                }
            }
            _ => Source::Input(Box::new(input)),
        };
        self.items.push(Item { line, source });
    }
}

/// How a worker answers: the game, the options, and the game's own answers where it has them.
struct Solver<'a> {
    game: &'a dyn GameEntry,
    options: &'a StreamOptions,
    /// The game's own answers for this stream (JSON only), made once per stream.
    answerer: Option<Box<dyn StreamAnswerer>>,
}

impl<'a> Solver<'a> {
    /// The solver of a stream of `game` under `options`, with the game's own answers where it
    /// has them (JSON only).
    fn new(game: &'a dyn GameEntry, options: &'a StreamOptions) -> Solver<'a> {
        let answerer = match options.format {
            OutputFormat::Json => game.stream_answers().and_then(|answers| {
                answers.answerer(options.solver, options.value_only, options.threads)
            }),
            OutputFormat::Text => None,
        };
        Solver {
            game,
            options,
            answerer,
        }
    }

    /// Parses and answers `chunk` into `chunk.out`, stopping at its first error.
    fn answer_chunk(&self, chunk: &mut Chunk, parsed: &mut Parsed, scratch: &mut Scratch) {
        // Tests: a bug in a worker, to check that it ends the run rather than hanging it.
        #[cfg(test)]
        if chunk.text.starts_with(b"{\"panic for a test\"") {
            panic!("a test's panic in a worker");
        }
        let parse_error = parsed.parse(chunk, self.game);
        let mut at = 0;
        while at < parsed.items.len() {
            let answered = self.answerer.as_ref().map_or(0, |answerer| {
                answerer.answer(&parsed.piles, &parsed.rows[at..], scratch, &mut chunk.out)
            });
            if answered > 0 {
                at += answered;
                continue;
            }
            let last = at + 1 == parsed.items.len();
            let item = &mut parsed.items[at];
            if let Err(error) = self.solve_one(item, &mut parsed.piles, last, &mut chunk.out) {
                chunk.error = Some(StreamError::Instance {
                    line: item.line,
                    error: Box::new(error),
                });
                return;
            }
            at += 1;
        }
        if parse_error.is_some() {
            chunk.error = parse_error;
        }
    }

    /// Any game, any format: build, solve, write. The item's input is given to the game (it is
    /// not read again), so a huge instance's piles are never copied.
    fn solve_one(
        &self,
        item: &mut Item,
        piles: &mut Vec<i64>,
        last: bool,
        out: &mut Vec<u8>,
    ) -> Result<(), InstanceError> {
        let taken = std::mem::replace(&mut item.source, Source::Piles { start: 0, end: 0 });
        let input = match taken {
            Source::Piles { start, end } => {
                // The chunk's last line (a long line is a chunk of its own) gives its piles
                // away instead of copying them.
                InstanceInput::piles(if last && start == 0 && end == piles.len() {
                    std::mem::take(piles)
                } else {
                    piles[start..end].to_vec()
                })
            }
            Source::Input(input) => *input,
        };
        let description = match self.options.format {
            OutputFormat::Text => input.describe(),
            OutputFormat::Json => String::new(),
        };
        let instance = self.game.build_owned(input).map_err(InstanceError::Input)?;
        let solution = if self.options.value_only {
            instance.solve_value(self.options.solver)
        } else {
            instance.solve(self.options.solver)
        }
        .map_err(InstanceError::Solve)?;
        match self.options.format {
            OutputFormat::Json => {
                // Serialising a Solution into memory cannot fail: every key is a string.
                let _ = serde_json::to_writer(&mut *out, &solution);
                out.push(b'\n');
            }
            OutputFormat::Text => {
                // Every answer starts with the blank line that separates it from the one
                // before; the writer drops the very first one.
                out.push(b'\n');
                out.extend_from_slice(solution.to_text(&description).as_bytes());
            }
        }
        Ok(())
    }
}

/// Solves every instance of `reader` (JSON lines) and writes the answers to `writer` in input
/// order; see [`crate::studies::batch::solve_stream`].
pub(super) fn run<R: BufRead, W: Write>(
    game: &dyn GameEntry,
    reader: R,
    mut writer: W,
    options: &StreamOptions,
) -> Result<(), StreamError> {
    let solver = Solver::new(game, options);
    let mut chunks = ChunkReader::new(reader);
    let shared = Shared {
        solver: &solver,
        cancelled: AtomicBool::new(false),
        panicked: Mutex::new(None),
    };
    let (work_sender, work_receiver) = mpsc::channel::<Box<Chunk>>();
    let work_receiver = Mutex::new(work_receiver);
    let (done_sender, done_receiver) = mpsc::channel::<Box<Chunk>>();
    let result = std::thread::scope(|scope| {
        // Workers are independent: if one cannot be started (a process or address-space
        // limit), the run goes on with those that were, and with none on this thread alone.
        let mut started = 0;
        for _ in 0..options.threads.max(1) {
            let (work_receiver, done_sender, shared) =
                (&work_receiver, done_sender.clone(), &shared);
            let worker = crate::util::parallel::start_scoped(scope, move || {
                shared.work(work_receiver, &done_sender)
            });
            match worker {
                Ok(_) => started += 1,
                Err(_) => break,
            }
        }
        drop(done_sender);
        let skip_first_byte = options.format == OutputFormat::Text;
        let (in_flight, mut crew) = match started {
            0 => (1, Crew::alone(&solver)),
            _ => (
                2 * started + 1,
                Crew::Workers {
                    work: &work_sender,
                    done: &done_receiver,
                },
            ),
        };
        let result = drive(
            &mut chunks,
            &mut writer,
            in_flight,
            skip_first_byte,
            &mut crew,
        );
        if result.is_err() {
            shared.cancelled.store(true, Ordering::Relaxed);
        }
        drop(work_sender);
        result
    });
    if let Some(payload) = shared.panicked.into_inner().ok().flatten() {
        std::panic::resume_unwind(payload);
    }
    result
}

/// What the workers share: the solver, whether the run was called off, and the first worker
/// panic (a bug), kept to be raised again once the run has stopped: the driver, waiting for that
/// worker's chunk, would otherwise wait forever.
struct Shared<'a> {
    solver: &'a Solver<'a>,
    cancelled: AtomicBool,
    panicked: Mutex<Option<Box<dyn std::any::Any + Send>>>,
}

impl Shared<'_> {
    /// A worker: answers chunks from `work` until the driver stops sending, and hands each back
    /// on `done`.
    fn work(&self, work: &Mutex<mpsc::Receiver<Box<Chunk>>>, done: &mpsc::Sender<Box<Chunk>>) {
        let (mut parsed, mut scratch) = (Parsed::default(), Scratch::default());
        loop {
            let next = match work.lock() {
                Ok(receiver) => receiver.recv(),
                Err(_) => return,
            };
            let Ok(mut chunk) = next else { return };
            if !self.cancelled.load(Ordering::Relaxed) {
                let answered = std::panic::catch_unwind(AssertUnwindSafe(|| {
                    self.solver
                        .answer_chunk(&mut chunk, &mut parsed, &mut scratch)
                }));
                if let Err(payload) = answered {
                    self.cancelled.store(true, Ordering::Relaxed);
                    if let Ok(mut slot) = self.panicked.lock() {
                        slot.get_or_insert(payload);
                    }
                    chunk.error = Some(StreamError::Write(std::io::Error::other(
                        "a worker thread panicked",
                    )));
                    (parsed, scratch) = (Parsed::default(), Scratch::default());
                }
            }
            if done.send(chunk).is_err() {
                return;
            }
        }
    }
}

/// Who answers the chunks the driver reads: the worker threads, or the driving thread itself
/// when not one worker could be started.
enum Crew<'a> {
    Workers {
        work: &'a mpsc::Sender<Box<Chunk>>,
        done: &'a mpsc::Receiver<Box<Chunk>>,
    },
    Alone {
        solver: &'a Solver<'a>,
        parsed: Parsed,
        scratch: Scratch,
        /// The chunk answered last, until the driver takes it (one in flight: `limit` 1).
        answered: Option<Box<Chunk>>,
    },
}

impl<'a> Crew<'a> {
    /// The driving thread answering alone.
    fn alone(solver: &'a Solver<'a>) -> Crew<'a> {
        Crew::Alone {
            solver,
            parsed: Parsed::default(),
            scratch: Scratch::default(),
            answered: None,
        }
    }

    /// Hands `chunk` over to be answered.
    fn give(&mut self, mut chunk: Box<Chunk>) {
        match self {
            Crew::Workers { work, .. } => {
                if work.send(chunk).is_err() {
                    unreachable!("the workers wait for work until the sender is dropped");
                }
            }
            Crew::Alone {
                solver,
                parsed,
                scratch,
                answered,
            } => {
                solver.answer_chunk(&mut chunk, parsed, scratch);
                *answered = Some(chunk);
            }
        }
    }

    /// An answered chunk, in whatever order they finish.
    fn take(&mut self) -> Result<Box<Chunk>, StreamError> {
        let stopped = || StreamError::Write(std::io::Error::other("a worker thread stopped"));
        match self {
            Crew::Workers { done, .. } => done.recv().map_err(|_| stopped()),
            Crew::Alone { answered, .. } => answered.take().ok_or_else(stopped),
        }
    }
}

/// The calling thread's part: keep up to `limit` chunks in flight, write finished ones in order.
fn drive<R: BufRead, W: Write>(
    chunks: &mut ChunkReader<R>,
    writer: &mut W,
    limit: usize,
    mut skip_first_byte: bool,
    crew: &mut Crew<'_>,
) -> Result<(), StreamError> {
    let mut spare: Vec<Box<Chunk>> = Vec::new();
    let mut finished: BTreeMap<u64, Box<Chunk>> = BTreeMap::new();
    let (mut next_read, mut next_write) = (0u64, 0u64);
    let mut input_over = false;
    loop {
        while !input_over && next_read - next_write < limit as u64 {
            let mut chunk = spare.pop().unwrap_or_default();
            chunk.out.clear();
            chunk.error = None;
            chunk.sequence = next_read;
            if !chunks.fill(&mut chunk) {
                input_over = true;
                spare.push(chunk);
                break;
            }
            input_over = chunk.error.is_some();
            next_read += 1;
            crew.give(chunk);
        }
        if next_write == next_read {
            return Ok(());
        }
        let chunk = crew.take()?;
        finished.insert(chunk.sequence, chunk);
        while let Some(mut chunk) = finished.remove(&next_write) {
            let mut answers = chunk.out.as_slice();
            if skip_first_byte && !answers.is_empty() {
                answers = &answers[1..];
                skip_first_byte = false;
            }
            writer.write_all(answers).map_err(StreamError::Write)?;
            next_write += 1;
            if let Some(error) = chunk.error.take() {
                writer.flush().map_err(StreamError::Write)?;
                return Err(error);
            }
            spare.push(chunk);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stone_game::DEFINITION as STONE_GAME;
    use crate::solve::SolverKind;
    use crate::util::parallel::SPAWNS_ALLOWED;

    /// Solves `input` as stone-game on `threads` workers.
    fn answers(input: &str, threads: usize) -> Result<Vec<u8>, StreamError> {
        let mut options = StreamOptions::new(SolverKind::AUTO);
        options.threads = threads;
        let mut out = Vec::new();
        run(&STONE_GAME, input.as_bytes(), &mut out, &options)?;
        Ok(out)
    }

    #[test]
    fn workers_that_cannot_start_leave_the_run_to_those_that_did() {
        let input: String = (0..2000)
            .map(|k| format!("{{\"piles\":[{},{},{}]}}\n", k % 7, k % 5, k % 3))
            .collect();
        let alone = answers(&input, 1).unwrap();
        // One worker of four starts: the run goes on with it, same bytes.
        SPAWNS_ALLOWED.set(Some(1));
        let fewer = answers(&input, 4);
        // None starts: this thread answers the chunks itself, same bytes.
        SPAWNS_ALLOWED.set(Some(0));
        let none = answers(&input, 4);
        SPAWNS_ALLOWED.set(None);
        assert_eq!(fewer.unwrap(), alone);
        assert_eq!(none.unwrap(), alone);
        // A bad line still ends the run after the answers before it, on this thread too.
        SPAWNS_ALLOWED.set(Some(0));
        let bad = answers("{\"piles\":[1,2]}\n{\"piles\":[1,x]}\n", 2);
        SPAWNS_ALLOWED.set(None);
        let error = bad.unwrap_err().to_string();
        assert!(error.starts_with("line 2"), "{error}");
    }

    #[test]
    fn a_panic_in_a_worker_ends_the_run_instead_of_hanging_it() {
        // Many chunks' worth of lines after the panicking one, so that the other workers and
        // the driver are busy when it happens.
        let mut input = String::from("{\"panic for a test\":1}\n");
        input.extend((0..200_000).map(|k| format!("{{\"piles\":[{}]}}\n", k % 9)));
        // On a thread of its own, so that a hang fails the test instead of stalling the suite.
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            let outcome = std::panic::catch_unwind(|| answers(&input, 3));
            let _ = sender
                .send(outcome.map_err(|payload| {
                    payload.downcast_ref::<&str>().map(|text| text.to_string())
                }));
        });
        let outcome = receiver
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("the run ends");
        let payload = outcome.expect_err("the worker's panic is raised again");
        assert_eq!(payload.as_deref(), Some("a test's panic in a worker"));
    }
}
