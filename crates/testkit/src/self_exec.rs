//! Child processes of a test binary: the test binary itself, run again with a child's
//! role in the environment. The store's fault tests (tests/store_faults/) kill processes
//! that write to the store, and race processes against each other; those processes need
//! no command of the shipped bot.
//!
//! The test binary has a test that calls [`run_if_asked`] (tests/store_faults/main.rs:
//! `child_process`); [`Role::command`] runs the binary again, asked to run that test
//! alone, with the role (the child and its arguments, as JSON) in [`ROLE_VAR`]. There the
//! test runs the child and exits the process with the child's exit code. In a normal
//! test run the variable is not set and the test returns at once.

use serde::{Deserialize, Serialize};
use std::io::{BufRead, BufReader};
use std::process::{ChildStdout, Command};

/// The environment variable that holds a child's [`Role`], as JSON.
pub const ROLE_VAR: &str = "CRYSTAL_CLANS_TEST_CHILD";

/// A child process and its arguments.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The crash test's child: plays random inputs into a match and prints each one it
    /// submits and each one acknowledged (`store_children::run`).
    CrashChild {
        database: String,
        match_id: i64,
        seed: u64,
        /// Stop after this many acknowledgements, print `idle` and wait to be killed.
        idle_after: Option<u32>,
        /// Run the health check's write probe after every acknowledgement.
        probe: bool,
    },
    /// The takeback fault test's racer: takes back a seat's last action, or submits an
    /// input, at a version once told to go (`store_children::race`).
    RaceChild {
        database: String,
        match_id: i64,
        version: i64,
        seat: u8,
        /// The input as JSON (none: a takeback).
        input: Option<String>,
    },
}

impl Role {
    /// The command that runs this child: the current test binary, asked to run only its
    /// test `entry` (which calls [`run_if_asked`]), quietly (the harness then prints only
    /// `running 1 test` before the child's output: [`output`] reads past it) and without
    /// capturing the child's output.
    pub fn command(&self, entry: &str) -> Command {
        let exe = std::env::current_exe().expect("the test binary's path");
        let mut c = Command::new(exe);
        c.args([
            "--exact",
            entry,
            "--nocapture",
            "--quiet",
            "--test-threads=1",
        ])
        .env(
            ROLE_VAR,
            serde_json::to_string(self).expect("a role serializes"),
        );
        c
    }

    /// Runs the child in this process; returns its exit code.
    pub fn run(self) -> i32 {
        use crate::store_children as child;
        match self {
            Role::CrashChild {
                database,
                match_id,
                seed,
                idle_after,
                probe,
            } => child::run(&database, match_id, seed, idle_after, probe),
            Role::RaceChild {
                database,
                match_id,
                version,
                seat,
                input,
            } => child::race(&database, match_id, version, seat, input.as_deref()),
        }
    }
}

/// The entry of a child process, called by a test of the test binary: when
/// [`ROLE_VAR`] names a role, runs that child and exits the process with its exit code
/// (2 when the variable does not hold a role); otherwise returns at once.
pub fn run_if_asked() {
    let Some(value) = std::env::var_os(ROLE_VAR) else {
        return;
    };
    let code = match value.to_str().map(serde_json::from_str::<Role>) {
        Some(Ok(role)) => role.run(),
        _ => {
            eprintln!("{ROLE_VAR} does not name a child role: {value:?}");
            2
        }
    };
    std::process::exit(code);
}

/// A child's standard output from the child's first line on. The test harness the child
/// runs in first prints an empty line and `running 1 test`; this reads past them.
///
/// # Panics
///
/// When the harness printed anything else first.
pub fn output(stdout: ChildStdout) -> BufReader<ChildStdout> {
    let mut out = BufReader::new(stdout);
    let mut line = String::new();
    loop {
        line.clear();
        match out.read_line(&mut line) {
            // The child ended before its harness said anything.
            Ok(0) | Err(_) => break,
            Ok(_) if line.trim().is_empty() => {}
            Ok(_) => {
                assert!(
                    line.starts_with("running "),
                    "the test harness printed {line:?} before the child's output"
                );
                break;
            }
        }
    }
    out
}
