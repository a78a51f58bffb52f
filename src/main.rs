//! The `tablero` binary: the protocol on stdin/stdout by default; `perft`, `bench` and
//! `solve` as subcommands.

#![forbid(unsafe_code)]

mod cli;

use std::process::ExitCode;
use std::time::Duration;

/// How long the process waits at exit for its last log records to reach stderr.
const LOG_DRAIN: Duration = Duration::from_millis(200);

fn main() -> ExitCode {
    tablero::logging::init("warn");
    let code = cli::run();
    tablero::logging::drain(LOG_DRAIN);
    code
}
