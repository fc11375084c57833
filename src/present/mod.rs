//! Presentation: charts, pictures of graphs, the explorer page and the report.

pub mod explore;
pub mod image;
pub mod plot;
pub mod render;
pub mod report;
