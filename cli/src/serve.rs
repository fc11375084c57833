//! `gamelab serve`: the explorer page on a local web server (the standard library's sockets, see
//! `http`), where the user picks
//! any game and instance, with a small JSON API modelled on GAMESMAN's: the games, one game, the
//! solved space of an instance (what the page plays from) and the analysis of one position.
//!
//! Every request is guarded: an instance that may have more positions than `--max-states` is
//! refused (413) before any work, solving runs on a thread of its own under a time limit (503
//! past it), malformed requests get a 400, unknown paths a 404, a request that does not arrive
//! in time a 408, a request line or head past its limit a 414 or 431 (see `http`), always with
//! a JSON body `{"error": "..."}`; the server keeps serving after any of them. Solved spaces of the last
//! few instances are kept, within half the memory budget, so analysing positions of an
//! instance being played is a lookup.

use super::http::{Request, Response, Status, decode, query_pairs};
use super::say;
use super::values::whole_number;
use anyhow::Context;
use clap::Args;
use gamelab::analysis::SolvedSpace;
use gamelab::base::error::InputError;
use gamelab::base::input::{InstanceInput, parse_heaps, parse_piles, parse_subtract};
use gamelab::games::InputForm;
use gamelab::games::{GameEntry, every_game, find_game};
use gamelab::present::explore::{DEFAULT_PAGE_MAX_STATES, PageMeta, Source, page_data, write_page};
use serde_json::{Value, json};
use std::collections::{HashMap, VecDeque};
use std::process::ExitCode;
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::Duration;

#[derive(Args)]
pub struct ServeArgs {
    /// The address to listen on (loopback by default: only this machine can connect)
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// The port (0 picks a free one; the address is printed on start)
    #[arg(long, default_value_t = 8000, value_parser = super::values::port)]
    port: u16,
    /// Refuse instances that may have more positions than this (413)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_PAGE_MAX_STATES as u64, value_parser = whole_number, allow_negative_numbers = true)]
    max_states: u64,
    /// Give up on a request that takes longer than this many seconds to arrive (408) or to
    /// solve (503), and on a client that leaves its answer unread as long
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = super::values::positive_number, allow_negative_numbers = true)]
    timeout: u64,
}

/// How many solved instances the server keeps, at most: fewer when they hold more than
/// [`cache_share`] of the memory budget between them.
const CACHE_SIZE: usize = 8;

/// The memory the kept instances may hold between them, their explorer data included: half the
/// budget (`--max-memory`), so that the answers being written, which the budget bounds too,
/// and the instances being solved have the other half.
fn cache_share(budget: u64) -> usize {
    usize::try_from(budget / 2).unwrap_or(usize::MAX)
}

/// The most instances solved at once: a request past the time limit leaves its solving to finish
/// (its result is kept for the next request of the instance), and requests repeated meanwhile
/// must not start ever more of them.
const SOLVES: usize = 4;

/// The solved instances kept, the last used at the back.
type Cache = Mutex<VecDeque<(String, Arc<Solved>)>>;

/// The query parameters the API knows.
const PARAMETERS: &str = "game, piles, n, heaps, subtract, code, moves";

struct Server {
    page: Arc<[u8]>,
    max_states: u128,
    timeout: Duration,
    cache: Arc<Cache>,
    /// What the kept instances may hold between them ([`cache_share`]).
    cache_bytes: usize,
    /// The instances being solved now, at most [`SOLVES`], each shared by every request of it.
    solving: Arc<Mutex<HashMap<String, Arc<Pending>>>>,
}

/// One solved instance: its description and its space, and the explorer's data of it once
/// asked for, written once and shared by every answer that sends it (so that many requests of
/// one large instance hold one copy, and write it once).
struct Solved {
    game: &'static dyn GameEntry,
    instance: String,
    space: SolvedSpace,
    /// What `space` holds ([`SolvedSpace::held_bytes`]), counted once when it is solved.
    space_bytes: usize,
    page_data: OnceLock<Arc<[u8]>>,
}

impl Solved {
    /// What this instance holds while it is kept: its space and its explorer data, once written.
    fn held_bytes(&self) -> usize {
        self.space_bytes
            .saturating_add(self.page_data.get().map_or(0, |data| data.len()))
    }
}

/// An API error: a status and one line, sent as `{"error": "..."}`.
#[derive(Clone)]
struct ApiError(Status, String);

impl From<InputError> for ApiError {
    fn from(error: InputError) -> ApiError {
        let status = match error {
            // More than the server's budgets allow: refused before the work, as too large.
            InputError::TooManyNodes { .. }
            | InputError::OverBudget(_)
            | InputError::OutOfMemory { .. } => Status::PAYLOAD_TOO_LARGE,
            InputError::UnknownGame { .. } => Status::NOT_FOUND,
            _ => Status::BAD_REQUEST,
        };
        ApiError(status, error.to_string())
    }
}

fn bad_request(message: impl Into<String>) -> ApiError {
    ApiError(Status::BAD_REQUEST, message.into())
}

pub fn run(args: ServeArgs) -> anyhow::Result<ExitCode> {
    let mut page = Vec::new();
    write_page(None, Source::Server, &mut page)?;
    let server = Server {
        page: Arc::from(page),
        max_states: args.max_states as u128,
        timeout: Duration::from_secs(args.timeout),
        cache: Arc::new(Mutex::new(VecDeque::new())),
        cache_bytes: cache_share(gamelab::cost::budget().memory),
        solving: Arc::new(Mutex::new(HashMap::new())),
    };
    limit_malloc_arenas();
    let listener = std::net::TcpListener::bind((args.host.as_str(), args.port))
        .with_context(|| format!("cannot listen on {}:{}", args.host, args.port))?;
    let address = listener.local_addr()?;
    say!("serving the explorer on http://{address}/ (Ctrl-C stops)");
    super::http::serve(
        listener,
        Duration::from_secs(args.timeout),
        gamelab::cost::budget().memory,
        move |request| respond(&server, request),
    );
    Ok(ExitCode::SUCCESS)
}

/// glibc gives each thread that allocates an arena of its own, up to eight per core, each
/// reserving 64 MiB of address space: a server of many connection threads would run out of
/// address space under a limit of it (`ulimit -v`) long before it used the memory. A few arenas
/// serve threads that allocate little.
fn limit_malloc_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets an allocator parameter; called before any other thread exists
    // but the signal waiter, which does not allocate.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 4);
    }
}

/// The API's routes: the page, the games, one game, an instance's solved space, a position's
/// analysis; GET (and HEAD) only.
fn respond(server: &Server, request: &Request) -> Response {
    let path = request.path.as_str();
    let route = match path {
        "/" => Route::Page,
        "/api/games" => Route::Games,
        "/api/explore" => Route::Explore,
        "/api/analyze" => Route::Analyze,
        _ => match path.strip_prefix("/api/games/") {
            Some(name) if !name.is_empty() && !name.contains('/') => Route::Game(name),
            _ => {
                return Response::error(
                    Status::NOT_FOUND,
                    "no such page: the API is /api/games, /api/games/NAME, /api/explore and \
                     /api/analyze",
                );
            }
        },
    };
    if !matches!(request.method.as_str(), "GET" | "HEAD") {
        let message = format!(
            "method '{}' not allowed: the explorer's API answers GET only",
            request.method
        );
        return Response::error(Status::METHOD_NOT_ALLOWED, &message);
    }
    // The page reads its own query (a bookmarked instance); the games' routes take none.
    if matches!(route, Route::Games | Route::Game(_))
        && let Some((name, _)) = query_pairs(&request.query).first()
    {
        let message = format!("unknown parameter '{name}': {path} takes none");
        return Response::error(Status::BAD_REQUEST, &message);
    }
    let answered = match route {
        Route::Page => Ok(Response::html(server.page.clone())),
        Route::Games => Ok(games()),
        Route::Game(name) => one_game(&decode(name, false)),
        Route::Explore => explore(server, &request.query),
        Route::Analyze => analyze(server, &request.query),
    };
    answered.unwrap_or_else(|ApiError(status, message)| Response::error(status, &message))
}

/// What a path asks for.
enum Route<'a> {
    Page,
    Games,
    Game(&'a str),
    Explore,
    Analyze,
}

/// A value as the API's JSON.
fn json_response(value: &Value) -> Response {
    Response::json(Status::OK, value.to_string())
}

fn describe(entry: &dyn GameEntry) -> Value {
    let (input, subtraction_set, code) = match entry.input_form() {
        InputForm::Piles { .. } => ("piles", false, false),
        InputForm::Number {
            subtraction_set,
            code,
            ..
        } => ("number", subtraction_set, code),
    };
    json!({
        "name": entry.name(), "title": entry.title(), "rules": entry.rules(), "input": input,
        "subtraction_set": subtraction_set, "code": code, "solvers": entry.solver_names(),
    })
}

fn games() -> Response {
    json_response(
        &json!({ "games": every_game().iter().map(|entry| describe(*entry)).collect::<Vec<_>>() }),
    )
}

fn one_game(name: &str) -> Result<Response, ApiError> {
    Ok(json_response(&describe(find_game(name)?)))
}

/// The query's parameters, refusing malformed queries and unknown names.
fn parameters(query: &str) -> Result<HashMap<String, String>, ApiError> {
    let mut parameters = HashMap::new();
    for (key, value) in query_pairs(query) {
        if !PARAMETERS.split(", ").any(|known| known == key) {
            return Err(bad_request(format!(
                "unknown parameter '{key}' (known: {PARAMETERS})"
            )));
        }
        // One value a parameter: which of two would count is not for the server to guess.
        if parameters.contains_key(&key) {
            return Err(bad_request(format!("parameter '{key}' is given twice")));
        }
        parameters.insert(key, value);
    }
    Ok(parameters)
}

/// The game and instance a query names.
fn instance_of(
    parameters: &HashMap<String, String>,
) -> Result<(&'static dyn GameEntry, InstanceInput), ApiError> {
    let name = parameters
        .get("game")
        .ok_or_else(|| bad_request("the parameter 'game' is missing, e.g. game=stone-game"))?;
    let entry = find_game(name)?;
    let n = match parameters.get("n") {
        // As the command line reads --n: 1e18 too.
        Some(text) => Some(whole_number(text).map_err(|error| bad_request(format!("n: {error}")))?),
        None => None,
    };
    let input = InstanceInput {
        game: None,
        piles: parameters
            .get("piles")
            .map(|p| parse_piles(p))
            .transpose()?,
        n,
        subtract: parameters
            .get("subtract")
            .map(|s| parse_subtract(s))
            .transpose()?,
        heaps: parameters
            .get("heaps")
            .map(|h| parse_heaps(h))
            .transpose()?,
        // As the command line reads --code: in its canonical form, so that the page names it so.
        code: parameters
            .get("code")
            .map(|code| super::values::octal_code(code).unwrap_or_else(|_| code.clone())),
    };
    Ok((entry, input))
}

/// The solved space of an instance, from the cache or solved now (on a thread of its own, under
/// the time limit, refused beforehand above the position limit).
fn solved(
    server: &Server,
    entry: &'static dyn GameEntry,
    input: InstanceInput,
) -> Result<Arc<Solved>, ApiError> {
    let key = format!(
        "{} {}",
        entry.name(),
        serde_json::to_string(&input).unwrap_or_default()
    );
    let pending = {
        // Looked up under the lock of the instances being solved, so that one whose solving
        // ends meanwhile is found kept, not solved again.
        let mut solving = lock(&server.solving);
        if let Some((_, hit)) = lock(&server.cache).iter().find(|(k, _)| *k == key) {
            return Ok(hit.clone());
        }
        match solving.get(&key) {
            // Asked for again while it is solved: wait for that solving rather than start one.
            Some(pending) => pending.clone(),
            None if solving.len() >= SOLVES => {
                return Err(ApiError(
                    Status::SERVICE_UNAVAILABLE,
                    format!("the server is solving {SOLVES} instances, its limit; try again"),
                ));
            }
            None => {
                let pending = Arc::new(Pending::default());
                solving.insert(key.clone(), pending.clone());
                let finish = Finish {
                    key,
                    pending: pending.clone(),
                    solving: server.solving.clone(),
                    cache: server.cache.clone(),
                    cache_bytes: server.cache_bytes,
                };
                let max_states = server.max_states;
                // Past the time limit the request is answered and the solving thread left to
                // finish on its own (a computation cannot be stopped from outside): what it
                // solves is kept, so that the request asked again finds it.
                let spawned = std::thread::Builder::new().spawn(move || {
                    let work = || -> Result<Arc<Solved>, InputError> {
                        let instance = entry.build(&input)?;
                        let space = instance.solve_space(max_states)?;
                        Ok(Arc::new(Solved {
                            game: entry,
                            instance: input.describe(),
                            space_bytes: space.held_bytes(),
                            space,
                            page_data: OnceLock::new(),
                        }))
                    };
                    finish.with(work().map_err(ApiError::from));
                });
                if spawned.is_err() {
                    // The thread's closure is dropped, and with it `finish`, which says so.
                    return Err(ApiError(
                        Status::SERVICE_UNAVAILABLE,
                        "the server cannot start a thread to solve this now; try again".to_string(),
                    ));
                }
                pending
            }
        }
    };
    pending.wait(server.timeout)
}

/// A solving in progress: its result once there, for every request waiting on it.
#[derive(Default)]
struct Pending {
    result: Mutex<Option<Result<Arc<Solved>, ApiError>>>,
    ready: Condvar,
}

impl Pending {
    /// The result, waiting for it at most `limit`.
    fn wait(&self, limit: Duration) -> Result<Arc<Solved>, ApiError> {
        let result = lock(&self.result);
        let (result, _) = self
            .ready
            .wait_timeout_while(result, limit, |result| result.is_none())
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        result.clone().unwrap_or_else(|| {
            Err(ApiError(
                Status::SERVICE_UNAVAILABLE,
                format!(
                    "solving took longer than the server's limit of {} s",
                    limit.as_secs()
                ),
            ))
        })
    }
}

/// Ends a solving: keeps what it solved, gives its result to the requests waiting on it and
/// takes it off the instances being solved; dropped without a result (the solving thread
/// panicked, or could not start), it gives them an error.
struct Finish {
    key: String,
    pending: Arc<Pending>,
    solving: Arc<Mutex<HashMap<String, Arc<Pending>>>>,
    cache: Arc<Cache>,
    cache_bytes: usize,
}

impl Finish {
    fn with(self, result: Result<Arc<Solved>, ApiError>) {
        if let Ok(solved) = &result {
            remember(
                &self.cache,
                self.key.clone(),
                solved.clone(),
                self.cache_bytes,
            );
        }
        *lock(&self.pending.result) = Some(result);
    }
}

impl Drop for Finish {
    fn drop(&mut self) {
        lock(&self.solving).remove(&self.key);
        let mut result = lock(&self.pending.result);
        if result.is_none() {
            *result = Some(Err(ApiError(
                Status::INTERNAL_SERVER_ERROR,
                "solving failed".to_string(),
            )));
        }
        self.pending.ready.notify_all();
    }
}

/// Keeps a solved instance, then trims the cache.
fn remember(cache: &Cache, key: String, solved: Arc<Solved>, limit: usize) {
    lock(cache).push_back((key, solved));
    trim(cache, limit);
}

/// Forgets the oldest instances while more than [`CACHE_SIZE`] are kept or they hold more than
/// `limit` bytes between them (an instance that alone holds more is not kept: it is solved
/// again when asked for again). Answers already holding a forgotten instance keep it until
/// they are sent.
fn trim(cache: &Cache, limit: usize) {
    let mut cache = lock(cache);
    let mut held: usize = cache.iter().map(|(_, solved)| solved.held_bytes()).sum();
    while cache.len() > CACHE_SIZE || held > limit {
        let Some((_, oldest)) = cache.pop_front() else {
            break;
        };
        held = held.saturating_sub(oldest.held_bytes());
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A poisoned lock only means another thread panicked mid-update of entries that are each
    // whole (solved instances, results).
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn explore(server: &Server, query: &str) -> Result<Response, ApiError> {
    let parameters = parameters(query)?;
    if parameters.contains_key("moves") {
        return Err(bad_request(
            "/api/explore takes no moves: it returns the whole solved space",
        ));
    }
    let (entry, input) = instance_of(&parameters)?;
    let solved = solved(server, entry, input)?;
    let data = solved.page_data.get_or_init(|| {
        let data = page_data(
            &PageMeta::for_entry(solved.game, &solved.instance),
            &solved.space,
        );
        Arc::from(data.into_bytes())
    });
    let response = Response::shared_json(Status::OK, data.clone());
    // The data now written counts towards what the kept instances hold.
    trim(&server.cache, server.cache_bytes);
    Ok(response)
}

fn analyze(server: &Server, query: &str) -> Result<Response, ApiError> {
    let parameters = parameters(query)?;
    let (entry, input) = instance_of(&parameters)?;
    let line: Vec<&str> = match parameters.get("moves") {
        Some(moves) if !moves.trim().is_empty() => moves.split(',').collect(),
        _ => Vec::new(),
    };
    let solved = solved(server, entry, input)?;
    let analysis = solved
        .space
        .analyze(&line)
        .map_err(|error| bad_request(error.to_string()))?;
    let analysis = serde_json::to_string(&analysis)
        .map_err(|error| ApiError(Status::INTERNAL_SERVER_ERROR, error.to_string()))?;
    Ok(Response::json(Status::OK, analysis))
}
