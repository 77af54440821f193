//! Scenario files: a position plus a list of inputs (being written).

/// Runs a scenario file and prints the result; returns the process exit code.
pub fn cli(path: &std::path::Path) -> i32 {
    eprintln!("{}: scenarios are not supported yet", path.display());
    2
}
