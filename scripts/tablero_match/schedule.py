"""The schedule of a match: pairings of engines, openings (from a file or random plies drawn
by the referee), the units a shard plays, and the order games are handed to the workers.

A unit is one opening played twice with colours swapped (a pair, the unit of the pentanomial
statistics): unit u is games 2u and 2u + 1.
"""

import collections
import random
import threading
from pathlib import Path

from . import UsageError

class Opening:
    """A start position string and moves played before the engines take over."""

    def __init__(self, fen, moves, source):
        self.fen, self.moves, self.source = fen, list(moves), source

    def to_json(self):
        """The opening as written in the records."""
        return {"fen": self.fen, "moves": self.moves, "source": self.source}


def parse_opening_line(line, number):
    """(fen or None for the start position, moves) of one opening-file line.

    `<board> <side> [moves m1 m2 …]` (a position string: its first token has a '/'),
    `startpos [moves m1 …]`, or `m1 m2 …` (moves from the start position)."""
    words = line.split()
    if "/" in words[0]:
        if len(words) < 2:
            raise UsageError("openings line %d: position string without a side to move" % number)
        fen, rest = " ".join(words[:2]), words[2:]
    elif words[0].lower() == "startpos":
        fen, rest = None, words[1:]
    else:
        return None, words
    if rest and rest[0].lower() == "moves":
        rest = rest[1:]
    elif rest:
        raise UsageError("openings line %d: expected 'moves' after the position, found '%s'"
                         % (number, rest[0]))
    return fen, rest


def load_openings(path, referee, start):
    """Every opening of the file, each checked by the referee."""
    try:
        text = Path(path).read_text()
    except OSError as e:
        raise UsageError("--openings %s: %s" % (path, e.strerror))
    openings = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fen, moves = parse_opening_line(line, number)
        error, resolved = referee.check_position(fen or start, moves)
        if error:
            raise UsageError("--openings %s line %d: %s" % (path, number, error))
        opening = Opening(resolved, moves, "%s:%d" % (Path(path).name, number))
        if referee.state(opening.fen, opening.moves).result != "none":
            raise UsageError("--openings %s line %d: the game is already over" % (path, number))
        openings.append(opening)
    if not openings:
        raise UsageError("--openings %s: no opening in the file" % path)
    return openings


def random_opening(referee, base, plies, seed, pair):
    """`plies` random legal moves after `base`, drawn by the referee's move lists with a
    generator seeded by (seed, pair) alone, so every shard draws the same opening for a pair.
    Lines whose game ends within the plies are drawn again."""
    rng = random.Random("%s/%d" % (seed, pair))
    for _ in range(1000):
        moves = list(base.moves)
        for _ in range(plies):
            state = referee.state(base.fen, moves)
            if state.result != "none":
                break
            moves.append(rng.choice(state.legal))
        if referee.state(base.fen, moves).result == "none":
            source = base.source + " + %d random plies (seed %s)" % (plies, seed)
            return Opening(base.fen, moves, source)
    raise UsageError("--random-plies %d: 1000 draws all ended the game; use fewer plies" % plies)


class Job:
    """One game of the schedule."""

    def __init__(self, game_id, pair, p1, p2, opening):
        self.id, self.pair, self.p1, self.p2, self.opening = game_id, pair, p1, p2, opening


def pairings(engine_count, gauntlet=False):
    """The pairs (i, j), i < j, of engine indices that play: every pair (a match or a round
    robin), or with `gauntlet` only the first engine's, (0, j) for each other engine j."""
    if gauntlet:
        return [(0, j) for j in range(1, engine_count)]
    return [(i, j) for i in range(engine_count) for j in range(i + 1, engine_count)]


def header_pairings(header):
    """The pairings of a records' match header (a gauntlet's if its header says so)."""
    return pairings(len(header["engines"]), header.get("gauntlet", False))


def schedule_units(engine_count, games_per_pairing, shard, gauntlet=False):
    """Units (pair index, opening index, pairing) of this shard.

    Unit u plays opening p twice, colours swapped: games 2u and 2u + 1. Round p of every
    pairing comes before round p + 1, so an early stop leaves the pairings balanced. A shard
    i/n takes every unit u with u mod n = i - 1: a fixed slice, whoever runs it. With
    `gauntlet`, only the first engine's pairings play."""
    units = []
    unit = 0
    for opening_index in range(games_per_pairing // 2):
        for pairing in pairings(engine_count, gauntlet):
            if shard is None or unit % shard[1] == shard[0] - 1:
                units.append((unit, opening_index, pairing))
            unit += 1
    return units


class Dispatcher:
    """Hands out games in schedule order; after stop(), only the second games of started
    pairs (a pair is the unit of the pentanomial statistics)."""

    def __init__(self, jobs, started_pairs=()):
        """Hands out `jobs` in order; `started_pairs` are pairs a resumed run had started."""
        self.jobs = collections.deque(jobs)
        self.lock = threading.Lock()
        self.started_pairs = set(started_pairs)
        self.stopping = False
        self.aborted = False

    def next(self):
        """The next Job to play, or None when there is none left."""
        with self.lock:
            while self.jobs and not self.aborted:
                job = self.jobs.popleft()
                if self.stopping and job.pair not in self.started_pairs:
                    continue
                self.started_pairs.add(job.pair)
                return job
            return None

    def stop(self):
        """Hands out only the second games of started pairs from now on."""
        with self.lock:
            self.stopping = True

    def abort(self):
        """Hands out nothing more."""
        with self.lock:
            self.aborted = True


def scheduled_games(header):
    """Games of the whole match (every shard) of a records' match header."""
    return header["games"] * len(header_pairings(header))


def build_openings(referee, units, path, shuffle, random_plies, seed):
    """The opening of every opening index `units` use: opening p is line p mod (lines) of the
    openings file `path` (shuffled with `seed` if `shuffle`; the start position without a
    file), then `random_plies` random plies."""
    start = Opening(referee.start_fen(), [], "startpos")
    if path:
        book = load_openings(path, referee, start.fen)
        if shuffle:
            random.Random("%s/openings" % seed).shuffle(book)
    else:
        book = [start]
    openings = {}
    for _, index, _ in units:
        if index not in openings:
            base = book[index % len(book)]
            openings[index] = (random_opening(referee, base, random_plies, seed, index)
                               if random_plies else base)
    return openings


def schedule_jobs(units, openings):
    """The games of `units` in schedule order: each unit's opening twice, colours swapped."""
    jobs = []
    for unit, index, (first, second) in units:
        jobs.append(Job(2 * unit, unit, first, second, openings[index]))
        jobs.append(Job(2 * unit + 1, unit, second, first, openings[index]))
    return jobs
