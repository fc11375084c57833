//! The fenced code blocks of a markdown page, and the commands a block shows.

/// One fenced code block: its language, its attributes (`console,status=1` has the language
/// `console` and the attribute `status=1`), the line its first content line is on (1-based) and
/// its lines.
pub struct Block {
    pub language: String,
    pub attributes: Vec<String>,
    pub first_line: usize,
    pub lines: Vec<String>,
}

impl Block {
    /// Whether the block carries `name` (e.g. `ignore`).
    pub fn has(&self, name: &str) -> bool {
        self.attributes.iter().any(|attribute| attribute == name)
    }

    /// The value of `name=VALUE`, if the block has it.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find_map(|attribute| attribute.strip_prefix(name)?.strip_prefix('='))
    }
}

/// Every fenced block of `text` (```-fenced, with or without a language).
pub fn blocks(text: &str) -> Vec<Block> {
    let mut found = Vec::new();
    let mut open: Option<Block> = None;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        match open.take() {
            None => {
                if let Some(info) = trimmed.strip_prefix("```") {
                    let mut parts = info.trim().split(',').map(|part| part.trim().to_string());
                    open = Some(Block {
                        language: parts.next().unwrap_or_default(),
                        attributes: parts.filter(|part| !part.is_empty()).collect(),
                        first_line: index + 2,
                        lines: Vec::new(),
                    });
                }
            }
            Some(mut block) => {
                if trimmed == "```" {
                    found.push(block);
                } else {
                    block.lines.push(line.to_string());
                    open = Some(block);
                }
            }
        }
    }
    found
}

/// A command shown in a block, the line it starts on, and the output shown after it (for
/// `console` blocks).
pub struct Shown {
    pub line: usize,
    pub command: String,
    pub output: Vec<String>,
}

/// The commands of a `console` block: every `$ ` line (joined with the lines it continues onto
/// with a trailing `\`), each with the lines up to the next `$ ` as its output.
pub fn console_commands(block: &Block) -> Vec<Shown> {
    let mut shown: Vec<Shown> = Vec::new();
    let mut continuing = false;
    for (offset, line) in block.lines.iter().enumerate() {
        if continuing {
            let last = shown.last_mut().expect("a command is being continued");
            last.command.push('\n');
            last.command.push_str(line);
            continuing = line.ends_with('\\');
        } else if let Some(command) = line.strip_prefix("$ ") {
            shown.push(Shown {
                line: block.first_line + offset,
                command: command.to_string(),
                output: Vec::new(),
            });
            continuing = command.ends_with('\\');
        } else if let Some(last) = shown.last_mut() {
            last.output.push(line.clone());
        }
    }
    shown
}

/// The `gamelab` commands of an `sh` block: lines whose first word is `gamelab` (with their
/// `\` continuations); comments, blank lines and other tools' commands (cargo, pip, git) are
/// shown to the reader but not run.
pub fn sh_commands(block: &Block) -> Vec<Shown> {
    let mut shown: Vec<Shown> = Vec::new();
    // While a line continues onto the next with `\`: whether that command is run.
    let mut continuing: Option<bool> = None;
    for (offset, line) in block.lines.iter().enumerate() {
        let continues = line.ends_with('\\');
        if let Some(run) = continuing {
            if run && let Some(last) = shown.last_mut() {
                last.command.push('\n');
                last.command.push_str(line);
            }
            continuing = continues.then_some(run);
            continue;
        }
        let run = line.split_whitespace().next() == Some("gamelab");
        if run {
            shown.push(Shown {
                line: block.first_line + offset,
                command: line.trim_start().to_string(),
                output: Vec::new(),
            });
        }
        continuing = continues.then_some(run);
    }
    shown
}

/// Whether `actual` matches the `expected` lines: a line `...` stands for any number of lines,
/// `[..]` within a line for any text. Trailing spaces are ignored on both sides.
pub fn matches(expected: &[String], actual: &str) -> bool {
    let actual: Vec<&str> = actual.lines().map(str::trim_end).collect();
    let expected: Vec<&str> = expected.iter().map(|line| line.trim_end()).collect();
    // Shown output often ends with a blank line before the fence; that is not output.
    let mut expected = expected.as_slice();
    while expected.last() == Some(&"") {
        expected = &expected[..expected.len() - 1];
    }
    let mut actual = actual.as_slice();
    while actual.last() == Some(&"") {
        actual = &actual[..actual.len() - 1];
    }
    lines_match(expected, actual)
}

fn lines_match(expected: &[&str], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((&"...", rest)) => (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..])),
        Some((line, rest)) => actual
            .split_first()
            .is_some_and(|(first, others)| line_matches(line, first) && lines_match(rest, others)),
    }
}

/// One line against a pattern in which `[..]` stands for any text.
pub fn line_matches(pattern: &str, line: &str) -> bool {
    let mut pieces = pattern.split("[..]");
    let first = pieces.next().unwrap_or("");
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    let pieces: Vec<&str> = pieces.collect();
    for (index, piece) in pieces.iter().enumerate() {
        if index + 1 == pieces.len() {
            return rest.ends_with(piece);
        }
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Checks of this module, run as trials by `main.rs` (a custom harness has no `#[test]`).
pub mod checks {
    use super::*;

    pub fn wildcards_match_text_and_lines() {
        assert!(line_matches("took [..] s", "took 0.3 s"));
        assert!(line_matches("[..]", "anything"));
        assert!(line_matches("a [..] b [..] c", "a x b y c"));
        assert!(!line_matches("a [..] b", "a x c"));
        assert!(!line_matches("exact", "exact but longer"));
        let expected: Vec<String> = ["first", "...", "last"].map(String::from).into();
        assert!(matches(&expected, "first\nsome\nlines\nlast\n"));
        assert!(matches(&expected, "first\nlast"));
        assert!(!matches(&expected, "first\nlast\nmore"));
    }

    pub fn blocks_and_commands_are_read_with_their_lines() {
        let page = "text\n```console,status=1\n$ gamelab a \\\n  --b\nout\n$ gamelab c\n```\n\
                    ```sh\n# comment\ngamelab d | head\ncargo test \\\n  gamelab not-run\n```\n";
        let found = blocks(page);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].language, "console");
        assert_eq!(found[0].value("status"), Some("1"));
        let commands = console_commands(&found[0]);
        assert_eq!(commands.len(), 2);
        assert_eq!(commands[0].line, 3);
        assert_eq!(commands[0].command, "gamelab a \\\n  --b");
        assert_eq!(commands[0].output, ["out"]);
        let sh = sh_commands(&found[1]);
        assert_eq!(sh.len(), 1);
        assert_eq!(sh[0].command, "gamelab d | head");
        assert_eq!(sh[0].line, 10);
    }
}
