//! The `info string debug: …` lines of `debug on`: what a command did, where the protocol
//! is otherwise silent on success (`setoption`, `position`, `ucinewgame`) and how a `go`
//! will search.

use std::time::Duration;

use crate::search::{Limits, Settings, Strength};
use crate::session::AnyGame;

use super::answers::status_words;

/// `info string debug: <text>`.
fn debug(text: &str) -> String {
    format!("info string debug: {text}")
}

/// An option set: its name and value as sent.
pub fn option_set(name: &str, value: Option<&str>) -> String {
    match value.filter(|value| !value.is_empty()) {
        Some(value) => debug(&format!("setoption {name} = {value}")),
        None => debug(&format!("setoption {name}")),
    }
}

/// The position loaded by `position` or `ucinewgame`: its string, the side to move, the
/// legal moves and the status.
pub fn position(game: &AnyGame) -> String {
    debug(&format!(
        "position {} {}, player {} to move, {} legal moves, {}",
        game.kind(),
        game.fen(),
        game.side_to_move().index() + 1,
        game.legal_moves().len(),
        status_words(game.status())
    ))
}

/// How a `go` searches: the settings and the limits given.
pub fn go(settings: &Settings, limits: &Limits) -> String {
    debug(&format!(
        "go with strategy {}, {}, threads {}, multipv {}, move overhead {} ms, limits {}",
        settings.strategy,
        strength(settings.strength),
        settings.threads.max(1),
        settings.multipv.max(1),
        settings.move_overhead.as_millis(),
        limits_text(limits)
    ))
}

/// The strength in the options' words.
fn strength(strength: Strength) -> String {
    match strength {
        Strength::Full => "full strength".to_string(),
        Strength::Skill(level) => format!("Skill Level {level}"),
        Strength::Elo(elo) => format!("UCI_Elo {elo}"),
    }
}

/// The limits that are set, as `go` words; `none` when the search waits for `stop` only.
fn limits_text(limits: &Limits) -> String {
    let ms = |d: Duration| d.as_millis().to_string();
    let mut words: Vec<String> = Vec::new();
    let mut add = |key: &str, value: Option<String>| {
        if let Some(value) = value {
            words.push(format!("{key} {value}"));
        }
    };
    add("depth", limits.depth.map(|d| d.to_string()));
    add("nodes", limits.nodes.map(|n| n.to_string()));
    add("movetime", limits.movetime.map(ms));
    add("mate", limits.mate.map(|m| m.to_string()));
    if let Some(clock) = &limits.clock {
        add("p1time", clock.time[0].map(ms));
        add("p2time", clock.time[1].map(ms));
        add("p1inc", Some(ms(clock.increment[0])));
        add("p2inc", Some(ms(clock.increment[1])));
        add("movestogo", clock.moves_to_go.map(|n| n.to_string()));
    }
    if limits.infinite {
        words.push("infinite".to_string());
    }
    if words.is_empty() {
        "none".to_string()
    } else {
        words.join(" ")
    }
}
