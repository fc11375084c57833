//! `gamelab serve`: the explorer page on a local web server (axum on tokio), where the user picks
//! any game and instance, with a small JSON API modelled on GAMESMAN's: the games, one game, the
//! solved space of an instance (what the page plays from) and the analysis of one position.
//!
//! Every request is guarded: an instance that may have more positions than `--max-states` is
//! refused (413) before any work, solving runs off the async threads under a time limit (503
//! past it), malformed requests get a 400, unknown paths a 404, a request that does not arrive
//! in time a 408, a request line or head past its limit a 414 or 431 (see `http`), always with
//! a JSON body `{"error": "..."}`; the server keeps serving after any of them. Solved spaces of the last
//! few instances are kept, so analysing positions of an instance being played is a lookup.

use super::say;
use super::values::whole_number;
use anyhow::Context;
use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
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
use std::sync::{Arc, Mutex};
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
    /// solve (503)
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = whole_number, allow_negative_numbers = true)]
    timeout: u64,
}

/// How many solved instances the server keeps.
const CACHE_SIZE: usize = 8;

/// The query parameters the API knows.
const PARAMETERS: &str = "game, piles, n, heaps, subtract, code, moves";

struct Server {
    page: String,
    max_states: u128,
    timeout: Duration,
    cache: Mutex<VecDeque<(String, Arc<Solved>)>>,
}

/// One solved instance: its description and its space.
struct Solved {
    game: &'static dyn GameEntry,
    instance: String,
    space: SolvedSpace,
}

/// An API error: a status and one line, sent as `{"error": "..."}`.
struct ApiError(StatusCode, String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

impl From<InputError> for ApiError {
    fn from(error: InputError) -> ApiError {
        let status = match error {
            InputError::TooManyNodes { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            InputError::UnknownGame { .. } => StatusCode::NOT_FOUND,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError(status, error.to_string())
    }
}

fn bad_request(message: impl Into<String>) -> ApiError {
    ApiError(StatusCode::BAD_REQUEST, message.into())
}

pub fn run(args: ServeArgs) -> anyhow::Result<ExitCode> {
    let mut page = Vec::new();
    write_page(None, Source::Server, &mut page)?;
    let server = Arc::new(Server {
        page: String::from_utf8(page).context("the page is UTF-8")?,
        max_states: args.max_states as u128,
        timeout: Duration::from_secs(args.timeout),
        cache: Mutex::new(VecDeque::new()),
    });
    let app = axum::Router::new()
        .route("/", get(index))
        .route("/api/games", get(games))
        .route("/api/games/{name}", get(one_game))
        .route("/api/explore", get(explore))
        .route("/api/analyze", get(analyze))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(server);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port))
            .await
            .with_context(|| format!("cannot listen on {}:{}", args.host, args.port))?;
        let address = listener.local_addr()?;
        say!("serving the explorer on http://{address}/ (Ctrl-C stops)");
        super::http::serve(listener, app, Duration::from_secs(args.timeout)).await;
        anyhow::Ok(())
    })?;
    Ok(ExitCode::SUCCESS)
}

async fn index(State(server): State<Arc<Server>>) -> Html<String> {
    Html(server.page.clone())
}

async fn method_not_allowed(method: axum::http::Method) -> ApiError {
    ApiError(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("method {method} not allowed: the explorer's API answers GET only"),
    )
}

async fn not_found() -> ApiError {
    ApiError(
        StatusCode::NOT_FOUND,
        "no such page: the API is /api/games, /api/games/NAME, /api/explore and /api/analyze"
            .to_string(),
    )
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

async fn games() -> Json<Value> {
    Json(json!({ "games": every_game().iter().map(|entry| describe(*entry)).collect::<Vec<_>>() }))
}

async fn one_game(Path(name): Path<String>) -> Result<Json<Value>, ApiError> {
    Ok(Json(describe(find_game(&name)?)))
}

/// The query's parameters, refusing malformed queries and unknown names.
fn parameters(
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<HashMap<String, String>, ApiError> {
    let Query(pairs) = query.map_err(|rejection| bad_request(rejection.body_text()))?;
    let mut parameters = HashMap::new();
    for (key, value) in pairs {
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
        code: parameters.get("code").cloned(),
    };
    Ok((entry, input))
}

/// The solved space of an instance, from the cache or solved now (off the async threads, under
/// the time limit, refused beforehand above the position limit).
async fn solved(
    server: &Arc<Server>,
    entry: &'static dyn GameEntry,
    input: InstanceInput,
) -> Result<Arc<Solved>, ApiError> {
    let key = format!(
        "{} {}",
        entry.name(),
        serde_json::to_string(&input).unwrap_or_default()
    );
    if let Some((_, hit)) = lock(server).iter().find(|(k, _)| *k == key) {
        return Ok(hit.clone());
    }
    let max_states = server.max_states;
    let work = tokio::task::spawn_blocking(move || -> Result<Solved, InputError> {
        let instance = entry.build(&input)?;
        Ok(Solved {
            game: entry,
            instance: input.describe(),
            space: instance.solve_space(max_states)?,
        })
    });
    let solved = match tokio::time::timeout(server.timeout, work).await {
        Err(_) => {
            return Err(ApiError(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "solving took longer than the server's limit of {} s",
                    server.timeout.as_secs()
                ),
            ));
        }
        Ok(Err(_)) => {
            return Err(ApiError(
                StatusCode::INTERNAL_SERVER_ERROR,
                "solving failed".to_string(),
            ));
        }
        Ok(Ok(result)) => Arc::new(result?),
    };
    let mut cache = lock(server);
    cache.push_back((key, solved.clone()));
    if cache.len() > CACHE_SIZE {
        cache.pop_front();
    }
    Ok(solved)
}

fn lock(server: &Server) -> std::sync::MutexGuard<'_, VecDeque<(String, Arc<Solved>)>> {
    // A poisoned lock only means another request panicked mid-update of a cache of immutable
    // entries; the entries themselves are whole.
    server
        .cache
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

async fn explore(
    State(server): State<Arc<Server>>,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Response, ApiError> {
    let parameters = parameters(query)?;
    if parameters.contains_key("moves") {
        return Err(bad_request(
            "/api/explore takes no moves: it returns the whole solved space",
        ));
    }
    let (entry, input) = instance_of(&parameters)?;
    let solved = solved(&server, entry, input).await?;
    let data = page_data(
        &PageMeta::for_entry(solved.game, &solved.instance),
        &solved.space,
    );
    Ok(([(header::CONTENT_TYPE, "application/json")], data).into_response())
}

async fn analyze(
    State(server): State<Arc<Server>>,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Response, ApiError> {
    let parameters = parameters(query)?;
    let (entry, input) = instance_of(&parameters)?;
    let line: Vec<&str> = match parameters.get("moves") {
        Some(moves) if !moves.trim().is_empty() => moves.split(',').collect(),
        _ => Vec::new(),
    };
    let solved = solved(&server, entry, input).await?;
    let analysis = solved
        .space
        .analyze(&line)
        .map_err(|error| bad_request(error.to_string()))?;
    Ok(Json(analysis).into_response())
}
