"""The referee: a tablero process that replays games and alone decides whether a move is legal
and what the result is (an engine under test never judges itself).

`RefereeClient` is the one client of such a process, for scripts/match.py and the web board
(tablero_board): every exchange ends with `isready`, so that the lines read up to `readyok` are
exactly the answers to the lines sent, each `response …` or `info string error: …` in order.
`Referee` is match.py's referee, set for one game and board size.
"""

from pathlib import Path

from .engine import SETUP_PATIENCE, Gone, NoAnswer, Process, game_options, greet, \
    position_command, setoption

RESPONSE = "response"
ERROR = "error"
ERROR_PREFIX = "info string error: "


# Seconds a `solve` without a movetime may take beyond its node budget: tablero builds
# Crossings' endgame tables (once per process) outside the node count.
SOLVE_PATIENCE = 120.0


class RefereeFailure(Exception):
    """The referee died, refused its setup or contradicted itself: it cannot judge any more."""


class State:
    """The referee's view of a position: result, side to move, legal moves."""

    def __init__(self, result, p1turn, legal):
        self.result, self.p1turn, self.legal = result, p1turn, legal


def answer_of(line):
    """A referee output line as (RESPONSE, text after 'response ') or (ERROR, text after
    'info string error: '); None for any other line (`info` lines, `readyok`)."""
    if line == "response" or line.startswith("response "):
        return RESPONSE, line[len("response "):]
    if line.startswith(ERROR_PREFIX):
        return ERROR, line[len(ERROR_PREFIX):]
    return None


class RefereeClient:
    """A tablero process asked in exchanges, each read up to an `isready` sentinel."""

    def __init__(self, argv, log=None, ask_options=False):
        """Starts `argv`, its stderr as Process takes `log` (None inherits it). With
        `ask_options`, greets it with `uci` first and keeps the options it advertises
        (option_specs, as tablero_match.engine.greet gives them). Gone or NoAnswer if it does
        not start or does not answer (the process is killed)."""
        self.process = Process(list(argv), None, log, "referee")
        self.option_specs = {}
        if ask_options:
            try:
                _, self.option_specs, _ = greet(self.process)
            except (Gone, NoAnswer):
                self.process.kill()
                raise

    def exchange(self, lines):
        """Sends `lines` and `isready`; the answers up to `readyok`, as answer_of gives them,
        in order. RefereeFailure if the referee ends or does not answer within SETUP_PATIENCE
        seconds; the process is then killed, and every later exchange fails."""
        try:
            self.process.send(*(list(lines) + ["isready"]))
            out = self.process.read_until(lambda line: line.strip() == "readyok",
                                          SETUP_PATIENCE, "readyok")
        except NoAnswer:
            self.process.kill()
            raise RefereeFailure("the referee did not answer within %g s" % SETUP_PATIENCE)
        except Gone as e:
            self.process.kill()
            raise RefereeFailure("the referee failed: %s" % e)
        return [answer for answer in map(answer_of, out[:-1]) if answer is not None]

    def ask(self, lines):
        """Sends `lines`; (error texts, response texts), each in order."""
        answers = self.exchange(lines)
        return ([text for kind, text in answers if kind == ERROR],
                [text for kind, text in answers if kind == RESPONSE])

    def command(self, line):
        """Sends a command that answers nothing when it works; its first error or None."""
        errors, _ = self.ask([line])
        return errors[0] if errors else None

    def queries(self, subjects):
        """Each `query <subject>`'s answer as (ok, text): one answer line per query."""
        answers = self.exchange(["query " + s for s in subjects])
        if len(answers) != len(subjects):
            raise RefereeFailure("the referee answered %d lines to %d queries" % (
                len(answers), len(subjects)))
        return [(kind == RESPONSE, text) for kind, text in answers]

    def select(self, game, size=None):
        """Selects `game` (and board `size`, if any) and its start position; the error texts
        (empty if it accepted them)."""
        errors, _ = self.ask([setoption(name, value) for name, value in game_options(game, size)])
        return errors

    def variants(self):
        """The games the referee plays (its UCI_Variant values; needs `ask_options`)."""
        spec = self.option_specs.get("uci_variant")
        return list(spec["vars"]) if spec else []

    def alive(self):
        return self.process.alive()

    def kill(self):
        """Kills the referee at once (an interrupted match, a failed session)."""
        self.process.kill()

    def close(self):
        """Asks the referee to quit, kills it if it lingers."""
        self.process.quit()


class Referee(RefereeClient):
    """match.py's referee: a tablero process for one game and board size, replaying games and
    answering `query` about them."""

    def __init__(self, path, game, size, log_dir):
        """Starts tablero `path` for `game` on board `size`, its stderr to
        <log_dir>/referee.log; RefereeFailure if it does not start or refuses the game."""
        self.path = str(path)
        try:
            super().__init__([self.path], Path(log_dir) / "referee.log")
        except Gone as e:
            raise RefereeFailure("referee %s: %s" % (self.path, e))
        errors = self.select(game, size)
        if errors:
            self.close()
            raise RefereeFailure("referee refused --game/--size: " + "; ".join(errors))

    def answers(self, lines, queries):
        """Sends `lines`, among them `queries` queries; (error texts, the queries' response
        texts), each in order. RefereeFailure if a query is answered by an error line instead of
        a response (the referee cannot judge any more)."""
        errors, responses = self.ask(lines)
        if len(responses) != queries:
            raise RefereeFailure("the referee answered %d of %d queries with a response%s" % (
                len(responses), queries, ": " + "; ".join(errors) if errors else ""))
        return errors, responses

    def start_fen(self):
        """The position string of the game's start position."""
        _, (fen,) = self.answers(["position startpos", "query fen"], 1)
        return fen

    def check_position(self, fen, moves):
        """(error text or None, resolved position string of `fen` alone)."""
        errors, answers = self.answers([position_command(fen, []), "query fen",
                                        position_command(fen, moves), "query result"], 2)
        return (errors[0] if errors else None), answers[0]

    def state(self, fen, moves):
        """The State after `moves` from `fen`; RefereeFailure if the referee refuses it."""
        errors, (result, p1turn, legal) = self.answers(
            [position_command(fen, moves), "query result", "query p1turn", "query moves"], 3)
        if errors:
            raise RefereeFailure("the referee refused a position it had accepted: " + errors[0])
        return State(result, p1turn == "true", legal.split())

    def why_illegal(self, fen, moves, move):
        """The referee's reason for refusing `move` after `moves`."""
        errors, _ = self.answers([position_command(fen, moves + [move]), "query result"], 1)
        if not errors:
            return "the referee's position accepts it, but it is not among its legal moves"
        reason = errors[0]
        marker = "in 'moves': "
        return reason[reason.index(marker) + len(marker):] if marker in reason else reason

    def solve(self, fen, moves, nodes, movetime=None):
        """The referee's `solve nodes <nodes> [movetime <ms>]` of the position after `moves`:
        (value, text), value 'win', 'loss' or 'draw' for the side to move, or 'unknown' when
        the budget ran out, and text the value's words ('win distance 7'). RefereeFailure if
        it refuses or does not answer."""
        line = "solve nodes %d" % nodes + (" movetime %d" % movetime if movetime else "")
        wait = (movetime / 1000.0 if movetime else SOLVE_PATIENCE) + SETUP_PATIENCE
        try:
            self.process.send(position_command(fen, moves), line)
            out = self.process.read_until(
                lambda text: text.startswith("solve value") or text.startswith(ERROR_PREFIX),
                wait, "solve answer")
        except (NoAnswer, Gone) as e:
            self.process.kill()
            raise RefereeFailure("the referee's solve failed: %s" % e)
        if out[-1].startswith(ERROR_PREFIX):
            raise RefereeFailure("the referee refused a solve: " + out[-1][len(ERROR_PREFIX):])
        return solve_value(out[-1])


def solve_value(line):
    """(value, text) of a `solve value …` answer line: text is the value with its distance
    and margin ('win distance 7', 'draw'), value its first word ('unknown' when stopped)."""
    words = line.split()[2:]
    value = words[0] if words else "unknown"
    text = []
    for word in words:
        if word in ("moves", "reason", "nodes"):
            break
        text.append(word)
    return value, " ".join(text)
