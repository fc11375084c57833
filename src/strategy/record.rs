//! The record of one played game: the moves, the scores, the game's value and, when the game was
//! played with values, every move's value and regret; one serde form for every output.

use crate::base::game::{Player, Scores, Winner};
use crate::solve::MoveRecord;
use crate::strategy::regret::MoveValue;
use serde::Serialize;

/// One game played by two strategies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub first_score: i64,
    pub second_score: i64,
    pub margin: i64,
    pub winner: Winner,
    pub moves: Vec<MoveRecord>,
    /// Scores under optimal play by both sides (the game's value).
    pub optimal: Scores,
    /// What the strategies said about their play (fallbacks).
    pub notes: Vec<String>,
    /// Every move's value and regret, one per move, when the game was played with values.
    pub values: Option<Vec<MoveValue>>,
}

/// The JSON form of a [`GameRecord`]: each move carries its value and regret when recorded.
#[derive(Serialize)]
struct GameRecordJson<'a> {
    first_score: i64,
    second_score: i64,
    margin: i64,
    winner: Winner,
    #[serde(skip_serializing_if = "Option::is_none")]
    optimal_margin: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    first_regret: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    second_regret: Option<i64>,
    moves: Vec<PlayedMove<'a>>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    notes: &'a [String],
}

/// One move in JSON: the move, then its value and regret.
#[derive(Serialize)]
struct PlayedMove<'a> {
    #[serde(flatten)]
    record: &'a MoveRecord,
    #[serde(flatten)]
    value: Option<&'a MoveValue>,
}

impl Serialize for GameRecord {
    /// `{first_score, second_score, margin, winner, optimal_margin, first_regret, second_regret,
    /// moves: [{player, gain, side, took, value_before, value_after, regret}], notes}`; the
    /// value fields appear when the game was played with values.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let valued = self.values.is_some();
        GameRecordJson {
            first_score: self.first_score,
            second_score: self.second_score,
            margin: self.margin,
            winner: self.winner,
            optimal_margin: valued.then(|| self.optimal.margin()),
            first_regret: self.regret_of(Player::First),
            second_regret: self.regret_of(Player::Second),
            moves: self
                .moves
                .iter()
                .enumerate()
                .map(|(ply, record)| PlayedMove {
                    record,
                    value: self.values.as_ref().and_then(|values| values.get(ply)),
                })
                .collect(),
            notes: &self.notes,
        }
        .serialize(serializer)
    }
}

impl GameRecord {
    /// Builds the record of a finished game.
    pub fn new(
        moves: Vec<MoveRecord>,
        scores: Scores,
        optimal: Scores,
        notes: Vec<String>,
    ) -> Self {
        GameRecord {
            first_score: scores.first,
            second_score: scores.second,
            margin: scores.margin(),
            winner: Winner::from_margin(scores.margin()),
            moves,
            optimal,
            notes,
            values: None,
        }
    }

    /// This record with every move's value and regret (one per move).
    pub fn with_values(self, values: Vec<MoveValue>) -> Self {
        GameRecord {
            values: Some(values),
            ..self
        }
    }

    /// The total regret of `player`'s moves, when values were recorded.
    pub fn regret_of(&self, player: Player) -> Option<i64> {
        let values = self.values.as_ref()?;
        Some(
            self.moves
                .iter()
                .zip(values)
                .filter(|(mv, _)| mv.player == player)
                .map(|(_, value)| value.regret)
                .sum(),
        )
    }

    /// The first player's optimal final margin after each ply, the start included (`moves + 1`
    /// values, from the game's optimal margin to the final margin), when values were recorded.
    pub fn value_history(&self) -> Option<Vec<i64>> {
        let values = self.values.as_ref()?;
        let first_side = |player: Player, value: i64| match player {
            Player::First => value,
            Player::Second => -value,
        };
        let mut history = vec![
            values
                .first()
                .zip(self.moves.first())
                .map_or(self.margin, |(value, mv)| {
                    first_side(mv.player, value.before)
                }),
        ];
        history.extend(
            self.moves
                .iter()
                .zip(values)
                .map(|(mv, value)| first_side(mv.player, value.after)),
        );
        Some(history)
    }

    /// The first player's optimal score minus the score it got.
    pub fn shortfall(&self) -> i64 {
        self.optimal.first - self.first_score
    }
}
