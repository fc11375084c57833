//! The project as a whole: the layering of the library's source, the examples, the fuzz targets,
//! what the published crate holds, and the Python extension's build reusing the tests' library.

mod architecture;
mod examples;
mod features;
mod fuzz_targets;
mod package;
