//! The integration tests, one module per subject, built as one test binary: each binary links
//! the library and instantiates its generic code on its own, so one binary instead of one per
//! file builds much faster. The protocol fuzzer is the other test binary (`tests/fuzz.rs`,
//! `cargo test --test fuzz`). `cargo test --test integration <module>::` runs one subject.

#[path = "../common/mod.rs"]
mod common;

mod bad_input;
mod bench;
mod board;
mod board_page;
mod cli;
mod crossings;
mod crossings_reference;
mod crossings_search;
mod crossjack;
mod diagnostics;
mod documents;
mod duty;
mod effects;
mod end;
mod invariants;
mod jcshock;
mod levels;
mod match_runner;
mod protocol;
mod queries;
mod reason;
mod reliability;
mod search;
mod search_in_games;
mod solve;
mod strategy;
mod transcripts;
mod turn;
mod vectors;
mod version;
