//! The walk behind [`super::explore`]: every position reachable from the start once, depth
//! first, interned by its key, refusing a state space over the limit and any cycle.

use crate::base::game::{Player, Scores};
use crate::games::explicit::Numbered;
use crate::games::explicit::table::{ExplicitGame, ExplicitMove, Position};
use crate::games::explicit::{Exploration, ExploreError, Explored, LINE_ENDS_SHOWN, Rules};
use crate::util::hashing::FastMap;
use std::sync::Arc;

/// Where a position stands in the depth-first walk.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Progress {
    /// Seen as the target of a move, not yet expanded.
    Seen,
    /// Being expanded: on the current line of play.
    OnLine,
    /// Expanded, with everything below it.
    Done,
}

/// The state of one exploration.
pub(super) struct Explorer<'r, R: Rules> {
    rules: &'r mut R,
    max_positions: usize,
    ids: FastMap<R::Key, u32>,
    /// The definer's state of each position (while its position is on the line at least).
    states: Vec<Option<R::State>>,
    /// The move that first reached each position.
    parents: Vec<Option<u32>>,
    keep_states: bool,
    progress: Vec<Progress>,
    positions: Vec<Position>,
    moves: Vec<ExplicitMove>,
    /// The definer's move of each move, with the position it is played at.
    move_objects: Vec<(u32, R::Move)>,
    children_first: Vec<u32>,
    /// The sum of every move's and end position's points in absolute value: no line of play
    /// visits a move twice, so no score or margin can exceed it.
    points_bound: u128,
}

impl<'r, R: Rules> Explorer<'r, R> {
    pub(super) fn new(rules: &'r mut R, max_positions: usize) -> Self {
        let keep_states = rules.keeps_states();
        Explorer {
            rules,
            max_positions,
            ids: FastMap::default(),
            states: Vec::new(),
            parents: Vec::new(),
            keep_states,
            progress: Vec::new(),
            positions: Vec::new(),
            moves: Vec::new(),
            move_objects: Vec::new(),
            children_first: Vec::new(),
            points_bound: 0,
        }
    }

    pub(super) fn run(mut self) -> Exploration<R> {
        let start = self.rules.initial().map_err(ExploreError::Rules)?;
        let root = self.intern(start, None)?;
        // Each frame: a position on the current line and the next of its moves to follow.
        let mut line: Vec<(u32, u32)> = Vec::new();
        self.expand(root)?;
        line.push((root, 0));
        while let Some(&mut (position, ref mut next)) = line.last_mut() {
            let Position {
                first_move,
                move_count,
                ..
            } = self.positions[position as usize];
            if *next == move_count {
                self.progress[position as usize] = Progress::Done;
                if !self.keep_states {
                    self.states[position as usize] = None;
                }
                self.children_first.push(position);
                line.pop();
                continue;
            }
            let target = self.moves[(first_move + *next) as usize].target;
            *next += 1;
            match self.progress[target as usize] {
                Progress::Done => {}
                Progress::Seen => {
                    self.expand(target)?;
                    line.push((target, 0));
                }
                Progress::OnLine => return Err(self.cycle(&line, target)),
            }
        }
        if self.points_bound > i64::MAX as u128 {
            return Err(ExploreError::ScoreOverflow);
        }
        Ok(Explored {
            table: ExplicitGame {
                positions: self.positions,
                moves: self.moves,
                children_first: self.children_first,
                labels: Arc::new(Numbered),
            },
            states: self.states,
            moves: self.move_objects,
            parents: self.parents,
        })
    }

    /// The id of `state`, reached by move `parent` (`None` at the start), numbering it if new.
    fn intern(
        &mut self,
        state: R::State,
        parent: Option<u32>,
    ) -> Result<u32, ExploreError<R::Error>> {
        let key = self.rules.key(&state).map_err(ExploreError::Rules)?;
        if let Some(&id) = self.ids.get(&key) {
            return Ok(id);
        }
        if self.positions.len() >= self.max_positions {
            return Err(ExploreError::TooManyPositions {
                limit: self.max_positions,
            });
        }
        let id = self.positions.len() as u32;
        self.ids.insert(key, id);
        self.positions.push(Position {
            to_move: Player::First,
            final_payoff: Scores::ZERO,
            first_move: 0,
            move_count: 0,
        });
        self.states.push(Some(state));
        self.parents.push(parent);
        self.progress.push(Progress::Seen);
        Ok(id)
    }

    /// Asks the rules for everything about `position` and numbers the positions its moves reach.
    fn expand(&mut self, position: u32) -> Result<(), ExploreError<R::Error>> {
        let index = position as usize;
        self.progress[index] = Progress::OnLine;
        let state = self.states[index]
            .as_ref()
            .expect("a position's state is kept until everything below it is explored");
        let to_move = self.rules.to_move(state).map_err(ExploreError::Rules)?;
        let children = self.rules.children(state).map_err(ExploreError::Rules)?;
        let final_payoff = if children.is_empty() {
            self.rules
                .final_payoff(state)
                .map_err(ExploreError::Rules)?
        } else {
            Scores::ZERO
        };
        self.points_bound += u128::from(final_payoff.first.unsigned_abs())
            + u128::from(final_payoff.second.unsigned_abs());
        let first_move = self.moves.len() as u32;
        let move_count = children.len() as u32;
        for (offset, (mv, next, gain)) in children.into_iter().enumerate() {
            let target = self.intern(next, Some(first_move + offset as u32))?;
            self.points_bound += u128::from(gain.unsigned_abs());
            self.moves.push(ExplicitMove { target, gain });
            self.move_objects.push((position, mv));
        }
        let entry = &mut self.positions[index];
        entry.to_move = to_move;
        entry.final_payoff = final_payoff;
        entry.first_move = first_move;
        entry.move_count = move_count;
        Ok(())
    }

    /// The error for a move from the end of `line` back to `target`, which is on the line.
    fn cycle(&mut self, line: &[(u32, u32)], target: u32) -> ExploreError<R::Error> {
        let mut ids: Vec<u32> = line.iter().map(|&(id, _)| id).collect();
        ids.push(target);
        let mut names = Vec::with_capacity(ids.len());
        for id in ids {
            // Positions on the line keep their states (see `Rules::keeps_states`).
            let Some(state) = &self.states[id as usize] else {
                names.push(format!("#{id}"));
                continue;
            };
            match self.rules.describe_state(state) {
                Ok(name) => names.push(name),
                Err(error) => return ExploreError::Rules(error),
            }
        }
        let position = names.last().cloned().unwrap_or_default();
        if names.len() > 2 * LINE_ENDS_SHOWN {
            let tail = names.split_off(names.len() - LINE_ENDS_SHOWN);
            names.truncate(LINE_ENDS_SHOWN);
            names.push("...".to_string());
            names.extend(tail);
        }
        ExploreError::Cycle {
            position,
            line: names,
        }
    }
}
