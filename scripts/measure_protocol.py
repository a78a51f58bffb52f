#!/usr/bin/env python3
"""Measures the protocol's responsiveness (python3 standard library only).

Figures:
  1. start to `uciok`: process start until the `uciok` line (after sending `uci` at once);
  2. `isready` round trip while a `go infinite` search runs;
  3. `stop` to `bestmove` after a running `go infinite`;
  4. `quit` to process exit while a `go infinite` search runs, and while a `go perft` runs;
  5. resident memory (VmRSS) with the default Hash, idle and after a search.

Usage: scripts/measure_protocol.py [path/to/tablero] [--game G] [--size S] [--runs N]
Build first: cargo build --release
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

from tablero_match import DEFAULT_BINARY
from tablero_match.engine import Process

PATIENCE = 10.0


def launch(binary, args):
    """The engine `binary` with command-line `args`, its stderr discarded."""
    return Process([binary] + args, log=subprocess.DEVNULL)


def timed_send(engine, line):
    """Sends one line; returns the time just before it was written."""
    sent = time.perf_counter()
    engine.send(line)
    return sent


def arrival(engine, predicate):
    """Reads lines until one satisfies `predicate`; returns the time it was read."""
    engine.read_until(predicate, PATIENCE)
    return time.perf_counter()


def rss_kib(engine):
    """The engine's resident memory (VmRSS) in KiB."""
    with open("/proc/%d/status" % engine.pid) as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return None


def ms(seconds):
    return seconds * 1000.0


def summary(samples):
    samples = sorted(samples)
    return "median %.3f ms, min %.3f ms, max %.3f ms (n=%d)" % (
        ms(statistics.median(samples)),
        ms(samples[0]),
        ms(samples[-1]),
        len(samples),
    )


def start_to_uciok(binary, args, runs):
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        engine = launch(binary, args)
        engine.send("uci")
        samples.append(arrival(engine, lambda line: line == "uciok") - started)
        engine.quit(grace=5.0)
    return samples


def isready_mid_search(binary, args, runs):
    engine = launch(binary, args)
    engine.send("go infinite")
    time.sleep(0.3)
    samples = []
    for _ in range(runs):
        sent = timed_send(engine, "isready")
        samples.append(arrival(engine, lambda line: line == "readyok") - sent)
        time.sleep(0.01)
    engine.send("stop")
    engine.read_until(lambda line: line.startswith("bestmove"), PATIENCE)
    engine.quit(grace=5.0)
    return samples


def stop_to_bestmove(binary, args, runs):
    engine = launch(binary, args)
    samples = []
    for _ in range(runs):
        engine.send("go infinite")
        time.sleep(0.3)
        engine.discard_pending()
        sent = timed_send(engine, "stop")
        samples.append(arrival(engine, lambda line: line.startswith("bestmove")) - sent)
    engine.quit(grace=5.0)
    return samples


def quit_to_exit(binary, args, go, runs):
    samples = []
    for _ in range(runs):
        engine = launch(binary, args)
        engine.send(go)
        time.sleep(0.2)
        sent = timed_send(engine, "quit")
        engine.wait(timeout=PATIENCE)
        samples.append(time.perf_counter() - sent)
        engine.kill()
    return samples


def resident_memory(binary, args):
    engine = launch(binary, args)
    engine.send("isready")
    engine.read_until(lambda line: line == "readyok", PATIENCE)
    idle = rss_kib(engine)
    engine.send("go movetime 1000")
    engine.read_until(lambda line: line.startswith("bestmove"), PATIENCE)
    searched = rss_kib(engine)
    engine.quit(grace=5.0)
    return idle, searched


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary", nargs="?", default=str(DEFAULT_BINARY))
    parser.add_argument("--game", default="jcshock")
    parser.add_argument("--size", default="8")
    parser.add_argument("--runs", type=int, default=20)
    options = parser.parse_args()
    if not os.path.exists(options.binary):
        sys.exit("no engine at %s: run cargo build --release first" % options.binary)
    args = ["--game", options.game, "--size", options.size]

    print("engine: %s %s" % (options.binary, " ".join(args)))
    print(
        "start to uciok:            "
        + summary(start_to_uciok(options.binary, args, options.runs))
    )
    print(
        "isready mid-search:        "
        + summary(isready_mid_search(options.binary, args, options.runs * 5))
    )
    print(
        "stop to bestmove:          "
        + summary(stop_to_bestmove(options.binary, args, options.runs // 2 or 1))
    )
    few = options.runs // 2 or 1
    print(
        "quit mid-search to exit:   "
        + summary(quit_to_exit(options.binary, args, "go infinite", few))
    )
    print(
        "quit mid-perft to exit:    "
        + summary(quit_to_exit(options.binary, args, "go perft 12", few))
    )
    idle, searched = resident_memory(options.binary, args)
    print("resident memory (Hash 16): %d KiB idle, %d KiB after a 1 s search" % (idle, searched))


if __name__ == "__main__":
    main()
