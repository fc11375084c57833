//! What gamelab draws and writes: game trees and DAGs with their exports, charts, the explorer
//! page's data, and the committed reports.

mod explorer;
mod graph;
mod plot;
