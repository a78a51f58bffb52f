"""The referee: a tablero process that replays games and alone decides whether a move is legal
and what the result is (an engine under test never judges itself)."""

import time
from pathlib import Path

from .engine import SETUP_PATIENCE, Gone, NoAnswer, Process, game_options, position_command, \
    setoption


class RefereeFailure(Exception):
    """The referee died, refused its setup or contradicted itself: the match cannot go on."""


class State:
    """The referee's view of a position: result, side to move, legal moves."""

    def __init__(self, result, p1turn, legal):
        self.result, self.p1turn, self.legal = result, p1turn, legal


class Referee:
    """A tablero process that replays games and answers `query` about them."""

    def __init__(self, path, game, size, log_dir):
        """Starts tablero `path` for `game` on board `size`, its stderr to
        <log_dir>/referee.log; RefereeFailure if it does not start or refuses the game."""
        self.path = str(path)
        try:
            self.process = Process([self.path], None, Path(log_dir) / "referee.log", "referee")
            setup = [setoption(name, value) for name, value in game_options(game, size)]
            errors, _ = self.ask(setup + ["isready"], 0, "readyok")
        except Gone as e:
            raise RefereeFailure("referee %s: %s" % (self.path, e))
        if errors:
            self.close()
            raise RefereeFailure("referee refused --game/--size: " + "; ".join(errors))

    def ask(self, lines, responses, until=None):
        """Sends `lines`; collects `responses` `response …` lines (and up to a line equal to
        `until`); returns (error texts, response texts)."""
        deadline = time.monotonic() + SETUP_PATIENCE
        errors, answers = [], []
        try:
            self.process.send(*lines)
            while len(answers) < responses or (until and until not in answers):
                line = self.process.readline(deadline)
                if line.startswith("info string error: "):
                    errors.append(line[len("info string error: "):])
                elif line == "response" or line.startswith("response "):
                    answers.append(line[len("response "):])
                elif until and line.strip() == until:
                    answers.append(until)
        except NoAnswer:
            raise RefereeFailure("the referee did not answer within %g s" % SETUP_PATIENCE)
        except Gone as e:
            raise RefereeFailure("the referee failed: %s" % e)
        return errors, answers

    def start_fen(self):
        """The position string of the game's start position."""
        _, (fen,) = self.ask(["position startpos", "query fen"], 1)
        return fen

    def check_position(self, fen, moves):
        """(error text or None, resolved position string of `fen` alone)."""
        errors, answers = self.ask([position_command(fen, []), "query fen",
                                    position_command(fen, moves), "query result"], 2)
        return (errors[0] if errors else None), answers[0]

    def state(self, fen, moves):
        """The State after `moves` from `fen`; RefereeFailure if the referee refuses it."""
        errors, (result, p1turn, legal) = self.ask(
            [position_command(fen, moves), "query result", "query p1turn", "query moves"], 3)
        if errors:
            raise RefereeFailure("the referee refused a position it had accepted: " + errors[0])
        return State(result, p1turn == "true", legal.split())

    def why_illegal(self, fen, moves, move):
        """The referee's reason for refusing `move` after `moves`."""
        errors, _ = self.ask([position_command(fen, moves + [move]), "query result"], 1)
        if not errors:
            return "the referee's position accepts it, but it is not among its legal moves"
        reason = errors[0]
        marker = "in 'moves': "
        return reason[reason.index(marker) + len(marker):] if marker in reason else reason

    def kill(self):
        """Kills the referee at once (an interrupted match)."""
        self.process.kill()

    def close(self):
        """Asks the referee to quit, kills it if it lingers."""
        self.process.quit()
