//! Tests that need a tool from outside the Rust toolchain: Chromium and playwright-core (the
//! explorer in a real browser), the Python venv (the Python package's pytest suite), both at once
//! (explorer pages made from Python, in the browser), Graphviz (`dot` reading our DOT), bash (the
//! completion script) and man with groff (the manual pages). A custom harness (libtest-mimic) so
//! that, when a tool is missing, its tests are reported as *ignored* with the tool named
//! (`test [missing: …] browser::… ignored`) instead of passing silently; with `CI=true` they fail
//! instead, since `.ci/run` installs every tool. `cargo test -- --include-ignored` runs them
//! anyway (and they fail on the missing tool).

#[path = "../common/mod.rs"]
mod common;

mod bash_completion;
mod browser;
mod browser_python;
mod graphviz;
mod man_pages;
mod python;

use libtest_mimic::{Arguments, Trial};

/// A tool this machine lacks: its short name (shown beside each ignored test) and how to get it
/// (printed once).
pub struct Missing {
    pub tool: String,
    pub how: String,
}

/// One tool's tests: what is missing for them here (`None` when nothing is) and the tests.
struct Suite {
    area: &'static str,
    missing: Option<Missing>,
    tests: Vec<(&'static str, fn())>,
}

fn suites() -> Vec<Suite> {
    vec![
        // The tests start in this order, two at a time. First the longest chain: building the
        // Python extension (20 to 30 s from a fresh clone, once for every test that runs Python),
        // then the slower half of pytest. The browser tests, light on the processor, run beside
        // the build; the other half of pytest starts after them, once the extension is built.
        Suite {
            area: "python",
            missing: python::missing(),
            tests: vec![(
                "python_integrations_pass_their_pytest_tests",
                python::python_integrations_pass_their_pytest_tests,
            )],
        },
        Suite {
            area: "browser",
            missing: browser::missing(),
            tests: vec![
                (
                    "explorer_pages_play_every_game_as_analyze_says",
                    browser::explorer_pages_play_every_game_as_analyze_says,
                ),
                (
                    "the_layout_check_finds_overlapping_texts",
                    browser::the_layout_check_finds_overlapping_texts,
                ),
                (
                    "the_300_pile_page_loads_and_answers_clicks",
                    browser::the_300_pile_page_loads_and_answers_clicks,
                ),
                (
                    "served_pages_of_each_kind_of_input_play_as_analyze_says",
                    browser::served_pages_of_each_kind_of_input_play_as_analyze_says,
                ),
            ],
        },
        Suite {
            area: "python",
            missing: python::missing(),
            tests: vec![(
                "python_package_passes_its_pytest_suite",
                python::python_package_passes_its_pytest_suite,
            )],
        },
        Suite {
            area: "browser_python",
            missing: browser_python::missing(),
            tests: vec![(
                "pages_from_python_play_a_python_game_and_a_built_in_one",
                browser_python::pages_from_python_play_a_python_game_and_a_built_in_one,
            )],
        },
        Suite {
            area: "graphviz",
            missing: graphviz::missing(),
            tests: vec![
                (
                    "every_game_exports_dot_that_graphviz_reads",
                    graphviz::every_game_exports_dot_that_graphviz_reads,
                ),
                (
                    "rendering_with_graphviz_draws_png",
                    graphviz::rendering_with_graphviz_draws_png,
                ),
                (
                    "a_graphviz_layout_past_the_time_budget_is_stopped",
                    graphviz::a_graphviz_layout_past_the_time_budget_is_stopped,
                ),
                (
                    "the_reports_graph_pictures_are_the_same_with_graphviz_on_the_path",
                    graphviz::the_reports_graph_pictures_are_the_same_with_graphviz_on_the_path,
                ),
            ],
        },
        Suite {
            area: "bash_completion",
            missing: bash_completion::missing(),
            tests: vec![
                (
                    "the_script_loads_and_completes_subcommands",
                    bash_completion::the_script_loads_and_completes_subcommands,
                ),
                (
                    "the_script_completes_flags_and_values",
                    bash_completion::the_script_completes_flags_and_values,
                ),
            ],
        },
        Suite {
            area: "man_pages",
            missing: man_pages::missing(),
            tests: vec![
                (
                    "every_page_renders_with_man",
                    man_pages::every_page_renders_with_man,
                ),
                (
                    "every_page_parses_without_a_groff_warning",
                    man_pages::every_page_parses_without_a_groff_warning,
                ),
            ],
        },
    ]
}

/// Whether this run is CI's, where every tool must be present.
fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|value| value == "true")
}

fn main() -> std::process::ExitCode {
    let arguments = Arguments::from_args();
    let mut trials = Vec::new();
    for suite in suites() {
        if let Some(missing) = &suite.missing {
            eprintln!(
                "note: the {} tests need {}: {}",
                suite.area, missing.tool, missing.how
            );
        }
        for (name, test) in suite.tests {
            let name = format!("{}::{name}", suite.area);
            let trial = match &suite.missing {
                None => Trial::test(name, move || {
                    test();
                    Ok(())
                }),
                Some(missing) if in_ci() => {
                    let message = format!(
                        "CI=true but {} is missing ({}): .ci/run installs it",
                        missing.tool, missing.how
                    );
                    Trial::test(name, move || Err(message.into()))
                }
                Some(missing) => Trial::test(name, || Err("the tool is missing".into()))
                    .with_kind(format!("missing {}", missing.tool))
                    .with_ignored_flag(true),
            };
            trials.push(trial);
        }
    }
    libtest_mimic::run(&arguments, trials).exit_code()
}
