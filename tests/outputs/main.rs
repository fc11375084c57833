//! What gamelab draws and writes: game trees and DAGs with their exports, charts, and the
//! committed reports. One test binary for the area.

#[path = "../common/mod.rs"]
mod common;

mod cli_tree;
mod graph;
mod plot;
mod report;
