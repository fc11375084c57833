//! Closed sets of named choices — solvers, distributions, parities, formats, claim outcomes —
//! so that every front end lists, documents and parses them from one table.

/// A value from a small closed set, each with a name (as typed) and a summary (as documented).
pub trait Choice: Copy + PartialEq + 'static {
    /// Every choice, in the order front ends list them.
    const ALL: &'static [Self];

    /// The name a user types, e.g. `closed-form`.
    fn name(self) -> &'static str;

    /// What the choice means, in a few words.
    fn summary(self) -> &'static str;

    /// The choice called `name`, if any.
    fn from_name(name: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|choice| choice.name() == name)
    }

    /// Every name, comma-separated, for messages.
    fn names() -> String {
        Self::ALL
            .iter()
            .map(|choice| choice.name())
            .collect::<Vec<_>>()
            .join(", ")
    }
}
