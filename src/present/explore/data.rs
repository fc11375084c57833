//! The explorer page's data: [`PageData`], the one record an explorer page is made from, written
//! by serde_json. The same record is inlined into every page (`gamelab explore`, the report's
//! page, Python's `gamelab.explorer`), is what `gamelab serve` answers `/api/explore` with, and
//! is what the page's script reads (`web/explorer/js/core.js`). Its schema, field by field, is
//! documented once, in the guide's internals chapter "The explorer's data"
//! (`docs/src/internals/explorer-data.md`).
//!
//! Positions and moves are written as columns, one array per field, so that a field's name is
//! written once and not once a position: a 300-pile stone game of 45,151 positions is a page of
//! about 3 MB.

use super::{Board, PageMeta, is_interval_game};
use crate::analysis::SolvedSpace;
use crate::base::game::{Player, Scores};
use serde::Serialize;
use serde::ser::{SerializeSeq, Serializer};
use std::io;
use std::ops::Range;

/// The data of one explorer page: the game, the instance and every solved position. The fields
/// are documented in `docs/src/internals/explorer-data.md`; the names here are the JSON's.
#[derive(Debug, Serialize)]
pub struct PageData<'a> {
    /// The game, its title and rules, the instance and how positions are drawn (`piles`,
    /// `number` or `text`): the fields `game`, `title`, `rules`, `instance` and `board`.
    #[serde(flatten)]
    pub meta: PageMeta<'a>,
    /// The piles of a pile game in their original order (`null` for other games).
    pub row: Option<&'a [i64]>,
    /// Whether the positions are the intervals of the row, so that the page draws the DP table.
    pub interval: bool,
    /// Every move's name, as [`Moves::name`] indexes them.
    pub move_names: &'a [String],
    /// Every move's JSON key in `solve`'s output (`side`, `count`, ...), by the same index.
    pub move_keys: &'a [&'static str],
    /// The positions, one entry of each column a position, the start first.
    pub positions: Positions<'a>,
    /// The legal moves of every position, position after position, each position's best first.
    pub moves: Moves,
}

/// The positions, as columns: entry `id` of each is position `id`'s.
#[derive(Debug, Default, Serialize)]
pub struct Positions<'a> {
    /// The player to move (written 0 for the first player, 1 for the second); at a finished
    /// position, the player who would move next.
    #[serde(serialize_with = "players")]
    pub to_move: Vec<Player>,
    /// The mover's margin over the rest of the game under optimal play.
    pub margin: Vec<i64>,
    /// Moves left under optimal play.
    pub remoteness: Vec<u64>,
    /// The Grundy values, for impartial games (absent for the others).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grundy: Option<Vec<Option<u64>>>,
    /// The piles left, as index ranges into the row (pile games; written flat, `start, end`
    /// pairs).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub piles: Option<Vec<Runs<'a>>>,
    /// The position's text (games without a row of piles).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<Vec<&'a str>>,
    /// What a pile game's position holds besides its piles (stone-game-ii's `M=2`; `null`
    /// where nothing; absent in the other games).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub beyond_piles: Option<Vec<Option<&'a str>>>,
    /// The points paid at the end (`[first, second]`, `null` where nothing is paid; absent when
    /// no position pays anything).
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "payoffs")]
    pub payoff: Option<Vec<Scores>>,
    /// How many legal moves the position has: its moves are the next that many of [`Moves`].
    pub move_count: Vec<u32>,
}

/// The piles left at one position: index ranges into the row, written flat as
/// `[start, end, start, end, ...]` (one range for an interval, two for an arc of a circle).
#[derive(Clone, Copy, Debug)]
pub struct Runs<'a>(pub &'a [Range<usize>]);

/// The legal moves, as columns: the moves of position 0 first, then those of position 1, ...;
/// each position's best first, as `gamelab analyze` lists them.
#[derive(Debug, Default, Serialize)]
pub struct Moves {
    /// The index of the move's name in [`PageData::move_names`].
    pub name: Vec<u32>,
    /// The position it leads to.
    pub child: Vec<u32>,
    /// The points it earns its mover.
    pub gain: Vec<i64>,
    /// The mover's margin over the rest of the game with this move (its points included).
    pub margin: Vec<i64>,
    /// Moves left after it under optimal play, itself included.
    pub remoteness: Vec<u64>,
    /// Whether optimal play (`solve`'s tie-break) makes it (written 1 or 0).
    #[serde(serialize_with = "flags")]
    pub optimal: Vec<bool>,
}

impl<'a> PageData<'a> {
    /// The data of the page of `space`, described by `meta`.
    pub fn new(meta: &PageMeta<'a>, space: &'a SolvedSpace) -> PageData<'a> {
        // A row of piles is drawn only when the positions have one.
        let board = match (meta.board, &space.pile_row) {
            (Board::Piles, None) => Board::Text,
            (board, _) => board,
        };
        PageData {
            meta: PageMeta { board, ..*meta },
            row: space.pile_row.as_deref(),
            interval: is_interval_game(space),
            move_names: &space.move_names,
            move_keys: &space.move_keys,
            positions: Positions::of(space),
            moves: Moves::of(space),
        }
    }

    /// The data as JSON that is safe to inline in an HTML `<script>` element: `<`, `>` and `&`
    /// in strings are written as `\u003c`, `\u003e` and `\u0026`, so no text of a game can close
    /// the element.
    pub fn to_json(&self) -> String {
        let positions = self.positions.margin.len();
        let mut bytes = Vec::with_capacity(positions * 32 + self.moves.name.len() * 24 + 1024);
        let mut serializer = serde_json::Serializer::with_formatter(&mut bytes, ScriptSafe);
        self.serialize(&mut serializer)
            .expect("page data serialises");
        String::from_utf8(bytes).expect("serde_json writes UTF-8")
    }
}

impl<'a> Positions<'a> {
    fn of(space: &'a SolvedSpace) -> Positions<'a> {
        let all = &space.positions;
        let mut columns = Positions {
            to_move: all.iter().map(|p| p.to_move).collect(),
            margin: all.iter().map(|p| p.margin).collect(),
            remoteness: all.iter().map(|p| p.remoteness).collect(),
            move_count: all.iter().map(|p| p.moves.len() as u32).collect(),
            ..Positions::default()
        };
        if all.iter().any(|p| p.grundy.is_some()) {
            columns.grundy = Some(all.iter().map(|p| p.grundy).collect());
        }
        // Piles when every position has them, else every position's text.
        columns.piles = all
            .iter()
            .map(|p| p.piles.as_deref().map(Runs))
            .collect::<Option<Vec<_>>>();
        if columns.piles.is_none() {
            columns.label = Some(all.iter().map(|p| p.label.as_str()).collect());
        } else if all.iter().any(|p| p.beyond_piles.is_some()) {
            columns.beyond_piles = Some(all.iter().map(|p| p.beyond_piles.as_deref()).collect());
        }
        if all.iter().any(|p| p.payoff != Scores::ZERO) {
            columns.payoff = Some(all.iter().map(|p| p.payoff).collect());
        }
        columns
    }
}

impl Moves {
    fn of(space: &SolvedSpace) -> Moves {
        let count = space.positions.iter().map(|p| p.moves.len()).sum();
        let mut moves = Moves {
            name: Vec::with_capacity(count),
            child: Vec::with_capacity(count),
            gain: Vec::with_capacity(count),
            margin: Vec::with_capacity(count),
            remoteness: Vec::with_capacity(count),
            optimal: Vec::with_capacity(count),
        };
        for entry in space.positions.iter().flat_map(|p| &p.moves) {
            moves.name.push(entry.name);
            moves.child.push(entry.child);
            moves.gain.push(entry.gain);
            moves.margin.push(entry.margin);
            moves.remoteness.push(entry.remoteness);
            moves.optimal.push(entry.optimal);
        }
        moves
    }
}

impl Serialize for Runs<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len() * 2))?;
        for range in self.0 {
            seq.serialize_element(&range.start)?;
            seq.serialize_element(&range.end)?;
        }
        seq.end()
    }
}

/// Players as 0 (first) and 1 (second).
fn players<S: Serializer>(players: &[Player], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(players.iter().map(|p| u8::from(*p == Player::Second)))
}

/// Flags as 1 and 0, a fifth of `true` and `false`.
fn flags<S: Serializer>(flags: &[bool], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(flags.iter().map(|&flag| u8::from(flag)))
}

/// Payoffs as `[first, second]`, and `null` where nothing is paid.
fn payoffs<S: Serializer>(payoffs: &Option<Vec<Scores>>, serializer: S) -> Result<S::Ok, S::Error> {
    let payoffs = payoffs.as_deref().unwrap_or_default();
    serializer.collect_seq(
        payoffs
            .iter()
            .map(|scores| (*scores != Scores::ZERO).then_some([scores.first, scores.second])),
    )
}

/// serde_json's compact output, with `<`, `>` and `&` in strings escaped for a `<script>`.
struct ScriptSafe;

impl serde_json::ser::Formatter for ScriptSafe {
    fn write_string_fragment<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut rest = fragment.as_bytes();
        while let Some(at) = rest.iter().position(|b| matches!(b, b'<' | b'>' | b'&')) {
            writer.write_all(&rest[..at])?;
            let escaped: &[u8] = match rest[at] {
                b'<' => b"\\u003c",
                b'>' => b"\\u003e",
                _ => b"\\u0026",
            };
            writer.write_all(escaped)?;
            rest = &rest[at + 1..];
        }
        writer.write_all(rest)
    }
}
