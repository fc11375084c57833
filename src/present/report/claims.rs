//! The claims section: every catalogue claim checked, with its verdict and its smallest
//! counterexample, as a table and as `claims.csv`.

use crate::present::report::{ReportError, ReportWriter, Section};
use crate::studies::claims::catalogue::{ClaimRow, catalogue, claim_rows, write_claims_csv};
use std::fmt::Write as _;

/// The data file, and the command that writes it.
const CSV: &str = "claims.csv";
const COMMAND: &str = "gamelab claims --run --format csv > claims.csv";

/// What checking the catalogue costs.
pub(super) fn cost() -> Result<crate::cost::Cost, ReportError> {
    crate::studies::claims::catalogue::catalogue_cost().map_err(ReportError::study)
}

pub(super) fn write(writer: &ReportWriter) -> Result<Vec<Section>, ReportError> {
    let mut rows: Vec<ClaimRow> = Vec::new();
    let mut table = String::from(
        "| claim | verdict | checked | smallest counterexample (first, second) | source |\n\
         |---|---|---|---|---|\n",
    );
    let (mut held, mut refuted) = (0, 0);
    for entry in catalogue() {
        let result = entry.run().map_err(ReportError::study)?;
        let parts = claim_rows(&entry, &result);
        if result.holds {
            held += 1;
        } else {
            refuted += 1;
        }
        let checked: u64 = parts.iter().map(|part| part.checked).sum();
        let how = if parts.iter().all(|part| part.exhaustive) {
            "all"
        } else {
            "sampled"
        };
        let counterexample =
            parts
                .iter()
                .find(|part| !part.holds)
                .map_or("—".to_string(), |part| {
                    format!(
                        "`{}` ({}, {}), {}",
                        part.counterexample,
                        part.counterexample_first.unwrap_or_default(),
                        part.counterexample_second.unwrap_or_default(),
                        match part.minimality {
                            Some(crate::studies::claims::Minimality::Local) => "locally minimal",
                            Some(crate::studies::claims::Minimality::Partial) => {
                                "shrunk as far as its budget allowed"
                            }
                            _ => "globally minimal",
                        }
                    )
                });
        let _ = writeln!(
            table,
            "| **{}**: {} | {} | {checked} ({how}) | {counterexample} | {} |",
            entry.name,
            entry.statement,
            if result.holds { "holds" } else { "**refuted**" },
            entry.source.replace('|', "\\|"),
        );
        rows.extend(parts);
    }
    let mut csv = Vec::new();
    write_claims_csv(&rows, &mut csv).map_err(ReportError::study)?;
    writer.text(CSV, std::str::from_utf8(&csv).map_err(ReportError::study)?)?;
    let body = format!(
        "The claims of the problem statements and of the articles on these games, each checked by solving \
         instances exactly: every instance when there are few enough, otherwise a fixed-seed \
         sample, and for a refuted claim the smallest counterexample (\"globally minimal\": no \
         instance earlier in size order refutes it; \"locally\": no pile can be dropped and no \
         value lowered). {} on everything checked and {} refuted.\n\n\
         {table}\nA claim that holds here is supported, not proven: only the checked instances \
         are known. The CSV has one row per claim part with the `gamelab check` command that \
         settles it.\n{}",
        agreeing(held, "holds", "hold"),
        agreeing(refuted, "is", "are"),
        crate::present::report::provenance(&format!("[{CSV}]({CSV})"), &[COMMAND.to_string()])
    );
    Ok(vec![Section {
        title: "Claims checked".to_string(),
        body,
    }])
}

/// `1 claim holds`, `6 claims hold`: the count, its noun and the verb in agreement.
fn agreeing(count: usize, one: &str, many: &str) -> String {
    let verb = if count == 1 { one } else { many };
    format!("{} {verb}", crate::util::plural::counted(count, "claim"))
}
