//! The examples of every command, one source for the manual pages' EXAMPLES sections and the
//! guide's command reference (docs/src/reference/commands.md), whose commands the docs tests
//! run in order in one folder: an example may read a file an earlier one wrote.

/// One example: what it shows and its command lines.
pub struct Example {
    pub what: &'static str,
    pub lines: &'static [&'static str],
    /// Whether the docs tests run it (false for a server that runs until stopped, or a
    /// benchmark whose time depends on the machine).
    pub runs: bool,
}

const fn ex(what: &'static str, lines: &'static [&'static str]) -> Example {
    Example {
        what,
        lines,
        runs: true,
    }
}

const fn shown(what: &'static str, lines: &'static [&'static str]) -> Example {
    Example {
        what,
        lines,
        runs: false,
    }
}

/// The examples of the command at `path` (`""` for `gamelab` itself, `"plot win-rate"` for a
/// subcommand's subcommand), in the order the reference shows them.
pub fn examples(path: &str) -> &'static [Example] {
    match path {
        "" => {
            const {
                &[
                    ex(
                        "List the games, with their rules, input and solvers",
                        &["gamelab games"],
                    ),
                    ex(
                        "Solve the gold pots and show optimal play",
                        &["gamelab solve stone-game --piles 4,6,2,3"],
                    ),
                    ex("Every command's own options", &["gamelab solve --help"]),
                ]
            }
        }
        "solve" => {
            const {
                &[
                    ex(
                        "Optimal play on one row of piles",
                        &["gamelab solve stone-game --piles 4,6,2,3"],
                    ),
                    ex(
                        "The value alone, as JSON",
                        &[
                            "gamelab solve stone-game-ii --piles 2,7,9,4,4 --format json --value-only",
                        ],
                    ),
                    ex(
                        "Every instance of a file of JSON lines",
                        &[
                            "gamelab generate stone-game --count 3 --n 6 > rows.jsonl",
                            "gamelab solve stone-game --input rows.jsonl --value-only",
                        ],
                    ),
                ]
            }
        }
        "games" => const { &[ex("The games, their rules and solvers", &["gamelab games"])] },
        "analyze" => {
            const {
                &[
                    ex(
                        "Every move of the start, with its value",
                        &["gamelab analyze stone-game --piles 4,6,2,3"],
                    ),
                    ex(
                        "The position after the first player takes the right pile",
                        &["gamelab analyze stone-game --piles 4,6,2,3 --moves right"],
                    ),
                ]
            }
        }
        "grundy" => {
            const {
                &[
                    ex(
                        "The nim-sequence of the subtraction game {1, 3, 4} and its period",
                        &["gamelab grundy nim --subtract 1,3,4 --n-max 50"],
                    ),
                    ex(
                        "The losing heaps of Stone Game IV (LeetCode 1510)",
                        &["gamelab grundy stone-game-iv --n-max 100"],
                    ),
                ]
            }
        }
        "losing-positions" => {
            const {
                &[
                    ex(
                        "How rare subtract-a-square's losing positions are up to 2^20, with the \
                         fitted power law",
                        &["gamelab losing-positions stone-game-iv --n-max 2^20"],
                    ),
                    ex(
                        "The counts as CSV, the positions listed and the log-log chart",
                        &[
                            "gamelab losing-positions stone-game-iv --n-max 2^16 --out counts.csv \
                           --list losing.txt --plot counts.svg",
                        ],
                    ),
                ]
            }
        }
        "explore" => {
            const {
                &[ex(
                    "An offline page to play the gold pots through",
                    &["gamelab explore stone-game --piles 4,6,2,3 --out pots.html"],
                )]
            }
        }
        "serve" => {
            const {
                &[
                    shown(
                        "Serve the explorer at http://127.0.0.1:8000/ until Ctrl-C",
                        &["gamelab serve"],
                    ),
                    shown(
                        "On any free port (the address is printed)",
                        &["gamelab serve --port 0"],
                    ),
                ]
            }
        }
        "generate" => {
            const {
                &[
                    ex(
                        "Three rows of eight piles, seed 3",
                        &["gamelab generate stone-game --count 3 --n 8 --seed 3"],
                    ),
                    ex(
                        "Heavy-tailed values",
                        &[
                            "gamelab generate stone-game --count 2 --n 6 --distribution geometric --max-value 1000000",
                        ],
                    ),
                ]
            }
        }
        "sweep" => {
            const {
                &[
                    ex(
                        "Who wins, for 1 to 30 piles, 1,000 rows each, as CSV",
                        &["gamelab sweep stone-game --n-max 30 --trials 1000 --out sweep.csv"],
                    ),
                    ex(
                        "LeetCode 877's conditions: even n, odd total",
                        &[
                            "gamelab sweep stone-game --n-min 2 --n-max 8 --n-parity even --total-parity odd --trials 2000",
                        ],
                    ),
                    ex(
                        "A number game: one instance per N",
                        &["gamelab sweep nim --subtract 1,3,4 --n-max 60 --out nim.csv"],
                    ),
                ]
            }
        }
        "merge" => {
            const {
                &[ex(
                    "A sweep in two shards, merged: the same CSV as the whole sweep",
                    &[
                        "gamelab sweep stone-game --n-max 10 --trials 300 --shard 1/2 --out shard1.csv",
                        "gamelab sweep stone-game --n-max 10 --trials 300 --shard 2/2 --out shard2.csv",
                        "gamelab merge shard1.csv shard2.csv --out merged.csv",
                    ],
                )]
            }
        }
        "tree" => {
            const {
                &[
                    ex(
                        "The state DAG as Graphviz DOT",
                        &["gamelab tree stone-game --piles 4,6,2,3 --dag --out dag.dot"],
                    ),
                    ex(
                        "Drawn as SVG without Graphviz",
                        &[
                            "gamelab tree stone-game --piles 4,6,2,3 --dag --render svg dag.svg --renderer built-in",
                        ],
                    ),
                    ex(
                        "The game tree for Gambit",
                        &["gamelab tree stone-game --piles 4,6,2,3 --format efg --out tree.efg"],
                    ),
                ]
            }
        }
        "plot" => {
            const {
                &[
                    ex(
                        "Charts of a sweep's CSV",
                        &[
                            "gamelab sweep stone-game --n-max 30 --trials 1000 --out sweep.csv",
                            "gamelab plot win-rate --input sweep.csv --out win-rate.svg",
                        ],
                    ),
                    ex("Every kind of chart", &["gamelab plot --help"]),
                ]
            }
        }
        "plot win-rate" => {
            const {
                &[ex(
                    "The first player's win rate, odd and even n apart",
                    &[
                        "gamelab sweep stone-game --n-max 30 --trials 1000 --out sweep.csv",
                        "gamelab plot win-rate --input sweep.csv --out win-rate.png",
                    ],
                )]
            }
        }
        "plot outcome-shares" => {
            const {
                &[ex(
                    "First wins, ties and second wins as stacked bars",
                    &[
                        "gamelab sweep stone-game --n-max 30 --trials 1000 --out sweep.csv",
                        "gamelab plot outcome-shares --input sweep.csv --out shares.svg",
                    ],
                )]
            }
        }
        "plot score-share" => {
            const {
                &[ex(
                    "The pizza problem's share against its 4/9 guarantee",
                    &[
                        "gamelab sweep coins-in-a-circle --n-max 12 --trials 500 --out pizza.csv",
                        "gamelab plot score-share --input pizza.csv --out share.svg",
                    ],
                )]
            }
        }
        "plot margins" => {
            const {
                &[ex(
                    "The margins of 2,000 random rows of nine piles",
                    &["gamelab plot margins stone-game --n 9 --trials 2000 --out margins.svg"],
                )]
            }
        }
        "plot heatmap" => {
            const {
                &[ex(
                    "The DP table of the gold pots",
                    &["gamelab plot heatmap stone-game --piles 4,6,2,3 --out heatmap.png"],
                )]
            }
        }
        "plot divisor" => {
            const {
                &[ex(
                    "Who wins the Divisor Game for N up to 200",
                    &["gamelab plot divisor --n-max 200 --out divisor.svg"],
                )]
            }
        }
        "plot winner-strip" => {
            const {
                &[ex(
                    "Who wins nim with S = {1, 3, 4} for every N",
                    &[
                        "gamelab sweep nim --subtract 1,3,4 --n-max 60 --out nim.csv",
                        "gamelab plot winner-strip --input nim.csv --out nim.svg",
                    ],
                )]
            }
        }
        "check" => {
            const {
                &[
                    ex(
                        "Does the first player win with an even number of piles and an odd total?",
                        &[
                            "gamelab check stone-game --expect first-wins --n-parity even --total-parity odd",
                        ],
                    ),
                    ex(
                        "Settle a closed form with another solver, on every instance",
                        &[
                            "gamelab check divisor-game --expect second-wins --n-parity odd --solver dp",
                        ],
                    ),
                ]
            }
        }
        "claims" => {
            const {
                &[
                    ex("The catalogue", &["gamelab claims"]),
                    ex(
                        "Settle every claim, as CSV",
                        &["gamelab claims --run --format csv > claims.csv"],
                    ),
                ]
            }
        }
        "play" => {
            const {
                &[
                    ex(
                        "Greedy against optimal play, move by move",
                        &[
                            "gamelab play stone-game --first greedy --second optimal --piles 4,6,2,3",
                        ],
                    ),
                    ex(
                        "Monte Carlo tree search against a fallible optimal player, 500 rows",
                        &[
                            "gamelab play stone-game --first mcts-100 --second noisy-0.2 --n 8 --trials 500",
                        ],
                    ),
                ]
            }
        }
        "tournament" => {
            const {
                &[ex(
                    "Four strategies on the same 500 rows of each size",
                    &[
                        "gamelab tournament stone-game --strategies optimal,greedy,lookahead-2,random --n-min 2 --n-max 10 --trials 500",
                    ],
                )]
            }
        }
        "mistakes" => {
            const {
                &[ex(
                    "Where greedy and lookahead-2 give value away, by ply",
                    &[
                        "gamelab mistakes stone-game --strategy greedy,lookahead-2 --n 12 --trials 500 --out mistakes.csv --plot mistakes.svg",
                    ],
                )]
            }
        }
        "strategy-curve" => {
            const {
                &[ex(
                    "Monte Carlo tree search at three budgets",
                    &[
                        "gamelab strategy-curve stone-game --strategy mcts --budgets 10,100,1000 --n 8 --trials 100",
                    ],
                )]
            }
        }
        "bench" => {
            const {
                &[
                    shown(
                        "The performance targets whose name holds 'peaks'",
                        &["gamelab bench --only peaks"],
                    ),
                    shown(
                        "Every time estimate against a measurement on this machine",
                        &["gamelab bench --check-estimates"],
                    ),
                ]
            }
        }
        "report" => {
            const {
                &[ex(
                    "Every study, its data and charts, into a folder",
                    &["gamelab report --out my-report"],
                )]
            }
        }
        "completions" => {
            const {
                &[ex(
                    "The bash completion script",
                    &["gamelab completions bash > gamelab.bash"],
                )]
            }
        }
        "man" => {
            const {
                &[ex(
                    "The manual pages, into a folder",
                    &["gamelab man --out man"],
                )]
            }
        }
        _ => &[],
    }
}
