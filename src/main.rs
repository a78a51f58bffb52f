//! The `tablero` binary: the protocol on stdin/stdout by default, `perft` as a subcommand.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    cli::run()
}
