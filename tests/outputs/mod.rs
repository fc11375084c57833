//! What gamelab draws and writes: game trees and DAGs with their exports, charts, and the
//! committed reports.

mod graph;
mod plot;
