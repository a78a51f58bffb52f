"""Playing a match: workers play the scheduled games, each with its own referee and engine
processes, and adjudicate engines that misbehave; play_match() runs them and prints the
progress and the summary."""

import queue
import sys
import threading
import time
import traceback

from .adjudication import PROVEN, proven_verdict, scores_verdict
from .engine import Gone, NoAnswer, SetupRefused, position_command
from .records import CRASH, FORFEIT, ILLEGAL, MAX_PLIES, RULES, SETUP, TIMEOUT, UNPARSABLE
from .referee import Referee, RefereeFailure
from .schedule import Dispatcher
from .settings import go_command
from .stats import Tally, sprt_test
from .summary import describe_limits, progress_line, summary_lines

# Seconds a clocked engine's late answer is still awaited, to tell "answered too late" (and
# by how much) from "never answered" in the record; the game is lost either way.
LATE_ANSWER_GRACE = 1.0


def play_match(settings, jobs, concurrency, quiet, sprt, sinks, shard, previous=()):
    """Plays `jobs` with `concurrency` workers, printing a progress line per game (unless
    `quiet`) and the summary; hands each finished record to every callable of `sinks` (the
    records and PGN files). `previous` are the records of the games a resumed run had
    finished: counted, not played again. Stops early once `sprt` decides (not in a `shard`:
    'merge' decides). Returns the exit status: 0, 3 when a worker failed, 130 when
    interrupted."""
    names = [s.name for s in settings.engines]
    records = list(previous)
    dispatcher = Dispatcher(jobs, {r["pair"] for r in records})
    results = queue.Queue()
    workers = [Worker(settings, dispatcher, results)
               for _ in range(min(concurrency, len(jobs)))]
    total = len(jobs) + len(records)
    started, cpu_started = time.monotonic(), time.process_time()
    print("Match: %s, %s; %d games%s%s, concurrency %d" % (
        " vs ".join(names), describe_limits(settings.header["engines"]), total,
        " (shard %d/%d)" % shard if shard else "",
        "; %d finished before, resumed" % len(records) if records else "", len(workers)),
        flush=True)

    def abort():
        """No more games; every engine and referee killed at once."""
        dispatcher.abort()
        for worker in workers:
            worker.kill_all()

    # (decision, LLR, games) when the SPRT stopped the match
    stopped_at = sprt_stop(sprt, shard, names, records, dispatcher)
    for worker in workers:
        worker.start()
    running, fatal = len(workers), None
    try:
        while running:
            try:
                kind, payload = results.get(timeout=0.5)
            except queue.Empty:
                continue
            if kind == "done":
                running -= 1
            elif kind == "fatal":
                fatal = fatal or payload
                abort()
            elif kind == "game":
                records.append(payload)
                for sink in sinks:
                    sink(payload)
                if not quiet:
                    print(progress_line(len(records), total, payload, records, names, sprt,
                                        started, len(previous)), flush=True)
                stopped_at = stopped_at or sprt_stop(sprt, shard, names, records, dispatcher)
    except KeyboardInterrupt:
        abort()
        print("interrupted: summary of the %d finished games" % len(records), flush=True)
        fatal = fatal or "interrupted"
    for line in summary_lines(settings.header, records):
        print(line)
    if stopped_at:
        print(sprt_stop_line(*stopped_at, len(records)))
    wall = time.monotonic() - started
    cpu = time.process_time() - cpu_started
    print("Time: %.1f s, %.1f games/min; runner CPU %.1f s (%.1f%% of one core)" % (
        wall, 60.0 * len(records) / wall if wall > 0 else 0.0, cpu,
        100.0 * cpu / wall if wall > 0 else 0.0), flush=True)
    if fatal and fatal != "interrupted":
        print("error: %s" % fatal, file=sys.stderr)
        return 3
    return 130 if fatal else 0


def sprt_stop(sprt, shard, names, records, dispatcher):
    """(decision, LLR, games) if the SPRT decides on `records` (then no new pair starts),
    else None; always None without `sprt` or in a shard."""
    if not sprt or shard:
        return None
    llr, _, decision = sprt_test(Tally.of(names[0], names[1], records).penta, sprt)
    if not decision:
        return None
    print("SPRT: %s (LLR %.2f); finishing the started pairs" % (decision, llr), flush=True)
    dispatcher.stop()
    return decision, llr, len(records)


def sprt_stop_line(decision, llr, games_then, games_now):
    """What stopped the match. The summary's SPRT line is the test at the final totals, which
    the games of the pairs already started when it stopped may have moved back inside the
    bounds: a sequential test decides when it first crosses one."""
    return "SPRT stopped the match after %d games: %s (LLR %.2f)%s" % (
        games_then, decision, llr,
        "; %d more games finished the started pairs" % (games_now - games_then)
        if games_now > games_then else "")


class Worker(threading.Thread):
    """Plays games one after another with its own referee and engine processes."""

    def __init__(self, settings, dispatcher, results):
        super().__init__(daemon=True)
        self.settings, self.dispatcher, self.results = settings, dispatcher, results
        self.engines = {}
        self.referee = None

    def run(self):
        try:
            self.referee = Referee(self.settings.referee, self.settings.game,
                                   self.settings.size, self.settings.log_dir)
            while True:
                job = self.dispatcher.next()
                if job is None:
                    break
                record = self.play(job)
                if self.dispatcher.aborted:
                    break
                self.results.put(("game", record))
        except RefereeFailure as e:
            if not self.dispatcher.aborted:
                self.results.put(("fatal", str(e)))
        except Exception:
            self.results.put(("fatal", traceback.format_exc()))
        finally:
            self.close()
            self.results.put(("done", None))

    def close(self):
        """Ends this worker's engines and referee."""
        for engine in self.engines.values():
            engine.quit()
        self.engines.clear()
        if self.referee is not None:
            self.referee.close()
            self.referee = None

    def kill_all(self):
        """Called from the main thread on an interrupt: ends every process of this worker."""
        for engine in list(self.engines.values()):
            process = engine.process  # read once: the worker thread may be clearing it
            if process is not None:
                process.kill()
        if self.referee is not None:
            self.referee.kill()

    def ready_engine(self, index):
        """The engine with `index`, running and set for a new game; (reason, detail) if not."""
        engine = self.engines.get(index)
        try:
            if engine is None or not engine.alive():
                if engine is not None:
                    engine.kill()
                spec = self.settings.engines[index]
                engine = spec.engine(self.settings.log_dir)
                self.engines[index] = engine
                engine.start(spec.setup(self.settings.game, self.settings.size))
            engine.new_game()
            return None
        except Gone as e:
            return CRASH, "before the game: %s" % e
        except NoAnswer as e:
            return TIMEOUT, "before the game: %s" % e
        except SetupRefused as e:
            return SETUP, str(e)

    def retire(self, index):
        """An engine that lost by misbehaving is killed; the next game starts a fresh one."""
        engine = self.engines.pop(index, None)
        if engine is not None:
            engine.kill()

    def play(self, job):
        """Plays one game to its end; returns its record."""
        game = GameInPlay(job, self.settings)
        for side in (0, 1):
            failure = self.ready_engine(game.sides[side])
            game.note_build(side, self.engines.get(game.sides[side]))
            if failure:
                return self.adjudicate(game, side, *failure)
        while True:
            state = self.referee.state(game.fen, game.moves())
            if state.result != "none":
                return game.record_end(state.result, RULES)
            if len(game.played) >= self.settings.max_plies:
                return game.record_end("draw", MAX_PLIES, "%d plies played" % len(game.played))
            record = self.judge_in_play(game, state)
            if record:
                return record
            side = 0 if state.p1turn else 1
            failure = self.play_move(game, side, state.legal)
            if failure:
                return self.adjudicate(game, side, *failure)

    def judge_in_play(self, game, state):
        """The record of a game still in play that --adjudicate ends now (by the last moves'
        scores, then by a proven result), or None to play on."""
        rules = self.settings.adjudication
        if game.played:
            verdict = scores_verdict(game.played, rules, 1 if state.p1turn else 0)
            if verdict:
                result, reason, detail, loser = verdict
                return game.record_end(result, reason, detail,
                                       loser=None if loser is None else game.names[loser])
        if "proven" in rules:
            value, text = self.referee.solve(game.fen, game.moves(), rules["proven"]["nodes"],
                                             rules["proven"]["movetime"])
            verdict = proven_verdict(value, text, state.p1turn)
            if verdict:
                return game.record_end(verdict[0], PROVEN, verdict[1])
        return None

    def adjudicate(self, game, side, reason, detail):
        """`side` loses for misbehaving; its engine is replaced for the next game."""
        self.retire(game.sides[side])
        return game.record_end("p2win" if side == 0 else "p1win", reason, detail,
                               loser=game.names[side])

    def play_move(self, game, side, legal):
        """Asks the mover for its move and judges the answer: None when the move is played,
        else (reason, detail) of the mover's loss."""
        settings = self.settings
        engine = self.engines[game.sides[side]]
        limits = game.limits[side]
        budget = limits.budget_ms(game.clocks[side])
        wait = (settings.timeout if budget is None
                else (budget + settings.margin) / 1000.0 + LATE_ANSWER_GRACE)
        try:
            token, line, seconds, evaluation = engine.think(
                position_command(game.fen, game.moves()),
                go_command(engine.proto, game.limits, game.clocks, side), wait)
        except NoAnswer:
            if budget is None:
                return TIMEOUT, "no bestmove within %g s (--timeout)" % wait
            return FORFEIT, "no bestmove at all (%d ms left, margin %d ms; waited %d ms)" % (
                budget, settings.margin, wait * 1000)
        except Gone as e:
            return CRASH, str(e)
        used = int(round(seconds * 1000))
        if budget is not None and used > budget + settings.margin:
            return FORFEIT, "bestmove after %d ms with %d ms left (margin %d ms)" % (
                used, budget, settings.margin)
        if limits.clocked:
            game.clocks[side] += limits.inc_ms - used
        if token is None:
            return UNPARSABLE, "'%s': no move after bestmove" % line.strip()
        # Moves are case-insensitive in the protocol; the record keeps the referee's spelling.
        move = next((m for m in legal if m.lower() == token.lower()), None)
        if move is None:
            return ILLEGAL, "'%s': %s" % (token, self.referee.why_illegal(game.fen, game.moves(),
                                                                          token))
        # The mover's last reported score (and wdl) before its bestmove, if it gave one.
        game.played.append(dict({"move": move, "ms": used}, **(evaluation or {})))
        return None


class GameInPlay:
    """One game under way: its players, their limits and clocks, and its record."""

    def __init__(self, job, settings):
        self.sides = (job.p1, job.p2)
        self.names = [settings.engines[i].name for i in self.sides]
        self.limits = [settings.engines[i].limits for i in self.sides]
        self.clocks = [limits.base_ms for limits in self.limits]
        self.fen, self.opening_moves = job.opening.fen, job.opening.moves
        self.header = settings.header
        self.record = {"id": job.id, "pair": job.pair, "p1": self.names[0], "p2": self.names[1],
                       "p1_id": None, "p2_id": None,
                       "started": time.strftime("%Y-%m-%dT%H:%M:%S"),
                       "opening": job.opening.to_json(), "moves": []}
        self.played = self.record["moves"]

    def note_build(self, side, engine):
        """Records the `id name` the engine of `side` gave (None if it gave none)."""
        if engine is not None and engine.id_name:
            self.record["p%d_id" % (side + 1)] = engine.id_name

    def moves(self):
        """Every move since the start position string: the opening's, then the game's."""
        return self.opening_moves + [m["move"] for m in self.played]

    def record_end(self, result, reason, detail="", loser=None):
        """The finished game's record: result, reason, detail, loser and match header."""
        self.record.update(result=result, reason=reason, detail=detail, loser=loser,
                           match=self.header)
        return self.record

