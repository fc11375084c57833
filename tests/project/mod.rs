//! The project as a whole: the layering of the library's source, the examples, the fuzz targets
//! and what the published crate holds.

mod architecture;
mod examples;
mod fuzz_targets;
mod package;
