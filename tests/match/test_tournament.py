#!/usr/bin/env python3
"""Tournament features of scripts/match.py: gauntlet pairings, PGN output and its round trip
through `replay`, resuming an interrupted run from its records, and adjudication by scores
and by a proven result; the engines' `id name` in records and PGN.

Run by hand from the repository (the packages are in scripts/; TABLERO defaults to
target/release/tablero):

    PYTHONPATH=scripts python3 tests/match/test_tournament.py [Class[.test_name]]

cargo test runs it through tests/integration/match_runner.rs with the test build as TABLERO.
"""

import json
import math
import re
import subprocess
import sys
import unittest
from pathlib import Path

from match_module import ConcurrentRunner, HERE, TABLERO, InScratchDirectory, read_records
from tablero_match import UsageError
from tablero_match.adjudication import draw_by_scores, mover_score, parse_adjudication, \
    resigns
from tablero_match.pgn import game_id_of_round, read_pgn

SEVEN = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
RESULTS = {"p1win": "1-0", "p2win": "0-1", "draw": "1/2-1/2"}


def engine(name, *words):
    """An --engine of TABLERO named `name` with more key=value `words`."""
    return ["--engine", "cmd=%s" % TABLERO, "name=%s" % name] + list(words)


def tablero_id_name():
    """The `id name` TABLERO gives."""
    out = subprocess.run([TABLERO], input="uci\nquit\n", capture_output=True, text=True,
                         timeout=10).stdout
    return next(line[len("id name "):] for line in out.splitlines()
                if line.startswith("id name "))


class Directory(InScratchDirectory):
    def replay(self, *files):
        return self.run_here("replay", "--referee", TABLERO, *files)


class Gauntlet(Directory):
    def test_help_documents_the_new_options(self):
        text = self.run_here("--help").stdout
        for word in ("--gauntlet", "--pgn", "--resume", "--adjudicate", "movenumber=",
                     "movecount=", "twosided=", "proven [nodes=N] [movetime=MS]", "Termination",
                     "WhiteEngine", "score draw", "score resign"):
            self.assertIn(word, text)
        self.assertIn("PGN", self.run_here("replay", "--help").stdout)

    def test_the_first_engine_plays_each_other_and_no_one_else(self):
        engines = engine("d2", "depth=2") + engine("d1", "depth=1") + \
            engine("greedy", "option.Strategy=greedy") + engine("random", "option.Strategy=random")
        done = self.run_here(*engines, "--gauntlet", "--game", "jcshock", "--size", 4,
                             "--depth", 1, "--games", 4, "--random-plies", 2,
                             "--records", "r.jsonl", "--quiet")
        self.assertEqual(done.returncode, 0, done.stderr)
        records = read_records(self.dir / "r.jsonl")
        self.assertEqual(len(records), 12)
        self.assertIn("Games: 12 of 12 scheduled", done.stdout)
        pairings = {frozenset((r["p1"], r["p2"])) for r in records}
        self.assertEqual(pairings, {frozenset(("d2", o)) for o in ("d1", "greedy", "random")})
        for other in ("d1", "greedy", "random"):
            games = [r for r in records if other in (r["p1"], r["p2"])]
            self.assertEqual(len(games), 4)
            self.assertEqual(sum(r["p1"] == "d2" for r in games), 2)
            self.assertIn("d2 vs %s: " % other, done.stdout)
        points = sum(1.0 if r["result"] == ("p1win" if r["p1"] == "d2" else "p2win") else
                     0.5 if r["result"] == "draw" else 0.0 for r in records)
        total = re.search(r"Gauntlet total of d2 against 3 engines: (\d+)-(\d+)-(\d+)",
                          done.stdout)
        self.assertIsNotNone(total, done.stdout)
        wins, draws, losses = map(int, total.groups())
        self.assertEqual((wins + draws + losses, wins + draws / 2), (12, points))
        self.assertNotIn("Standings", done.stdout)
        merged = self.run_here("merge", "r.jsonl")
        self.assertIn("Gauntlet total of d2", merged.stdout)
        self.assertNotIn("not in these records", merged.stdout)

    def test_records_name_each_engines_build(self):
        done = self.run_here(*engine("a"), *engine("b"), "--depth", 1, "--size", 5,
                             "--random-plies", 2, "--records", "r.jsonl", "--quiet")
        self.assertEqual(done.returncode, 0, done.stderr)
        name = tablero_id_name()
        for record in read_records(self.dir / "r.jsonl"):
            self.assertEqual((record["p1_id"], record["p2_id"]), (name, name))
            self.assertRegex(record["started"], r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$")


class Pgn(Directory):
    def play(self, *extra):
        done = self.run_here(*engine("deep", "depth=2"), *engine("shallow", "depth=1"),
                             "--records", "r.jsonl", "--pgn", "g.pgn", "--quiet", *extra)
        self.assertEqual(done.returncode, 0, done.stderr)
        return read_records(self.dir / "r.jsonl"), read_pgn(self.dir / "g.pgn")

    def check_game(self, record, game):
        self.assertEqual(list(game.tags)[:7], SEVEN)
        tags = game.tags
        self.assertEqual((tags["White"], tags["Black"]), (record["p1"], record["p2"]))
        self.assertEqual(tags["Result"], RESULTS[record["result"]])
        self.assertEqual(game.result, record["result"])
        self.assertEqual(tags["Variant"], record["match"]["game"])
        self.assertEqual(tags["WhiteEngine"], record["p1_id"])
        moves = record["opening"]["moves"] + [m["move"] for m in record["moves"]]
        self.assertEqual([m for m, _ in game.moves], moves)
        self.assertEqual(int(tags["PlyCount"]), len(moves))
        self.assertEqual(game_id_of_round(tags["Round"]), record["id"])
        self.assertEqual(tags["Termination"], "normal" if record["reason"] == "rules"
                         else tags["Termination"])
        book = len(record["opening"]["moves"])
        self.assertTrue(all(note == "book" for _, note in game.moves[:book]))
        for (_, note), move in zip(game.moves[book:], record["moves"]):
            self.assertTrue(note.endswith("%.3fs" % (move["ms"] / 1000.0)), note)

    def test_every_game_is_written_and_replay_accepts_it(self):
        records, games = self.play("--game", "crossings", "--games", 4, "--random-plies", 3,
                                   "--max-plies", 40, "--tc", "5+0.05")
        self.assertEqual(len(games), 4)
        by_id = {game_id_of_round(g.tags["Round"]): g for g in games}
        for record in records:
            self.check_game(record, by_id[record["id"]])
            tags = by_id[record["id"]].tags
            self.assertNotIn("FEN", tags)  # the start position, at the default size
            self.assertEqual(tags["TimeControl"], "5+0.05")
        text = (self.dir / "g.pgn").read_text()
        if any(r["reason"] == "max plies" for r in records):
            self.assertIn("{max plies: 40 plies played} 1/2-1/2", text.replace("\n", " "))
        self.assertTrue(all(len(line) <= 79 for line in text.splitlines()))
        replay = self.replay("g.pgn")
        self.assertEqual(replay.returncode, 0, replay.stdout + replay.stderr)
        self.assertIn("4 games", replay.stdout)
        self.assertIn("all consistent", replay.stdout)

    def test_a_position_string_start_has_fen_and_player_2_may_move_first(self):
        (self.dir / "book.txt").write_text("x4/5/5/5/5 o\n")
        records, games = self.play("--game", "crossjack", "--size", 5, "--games", 2,
                                   "--openings", "book.txt")
        for record, game in zip(records, sorted(games, key=lambda g: g.tags["Round"])):
            self.check_game(record, game)
            self.assertEqual((game.tags["SetUp"], game.tags["FEN"]), ("1", "x4/5/5/5/5 o"))
        text = (self.dir / "g.pgn").read_text()
        movetext = text.split("\n\n")[1]
        self.assertRegex(movetext, r"^1\.\.\. [a-e][1-5] \{")
        self.assertRegex(movetext, r"\} 2\. [a-e][1-5] \{")
        self.assertEqual(self.replay("g.pgn").returncode, 0)

    def test_replay_catches_a_tampered_pgn_and_names_the_line_of_one_cut_short(self):
        self.play("--game", "crossjack", "--size", 5, "--games", 2, "--depth", 1,
                  "--random-plies", 2)
        text = (self.dir / "g.pgn").read_text()
        first = read_pgn(self.dir / "g.pgn")[0]
        move = first.moves[2][0]
        tampered = text.replace(" 2. %s {" % move, " 2. %s {" % first.moves[0][0], 1)
        self.assertNotEqual(tampered, text)
        (self.dir / "bad.pgn").write_text(tampered)
        replay = self.replay("bad.pgn")
        self.assertEqual(replay.returncode, 1, replay.stdout)
        self.assertRegex(replay.stdout, r"game %d: move 3 '[a-e][1-5]' in 'moves': .*occupied"
                         % game_id_of_round(first.tags["Round"]))
        cut = text.rstrip().rsplit(" ", 1)[0]  # the last game's result left out
        (self.dir / "cut.pgn").write_text(cut)
        second_start = text[:text.index("[Event", 1)].count("\n") + 1
        replay = self.replay("cut.pgn")
        self.assertEqual(replay.returncode, 2)
        self.assertIn("cut.pgn line %d: the game that starts there has no result"
                      % second_start, replay.stderr)

    def test_an_unwritable_pgn_path_is_refused_before_any_game(self):
        done = self.run_here(*engine("a"), *engine("b"), "--depth", 1,
                             "--pgn", "no-such-dir/g.pgn", "--records", "r.jsonl")
        self.assertEqual(done.returncode, 2)
        self.assertIn("--pgn no-such-dir/g.pgn: cannot write there", done.stderr)
        self.assertFalse((self.dir / "r.jsonl").exists())

    def test_an_existing_pgn_file_is_never_overwritten(self):
        (self.dir / "g.pgn").write_text("kept\n")
        done = self.run_here(*engine("a"), *engine("b"), "--depth", 1, "--pgn", "g.pgn")
        self.assertEqual(done.returncode, 2)
        self.assertIn("--pgn g.pgn exists", done.stderr)
        self.assertEqual((self.dir / "g.pgn").read_text(), "kept\n")


# Fixed depths make tablero deterministic: a resumed run plays exactly the games of a whole one.
RESUMABLE = engine("deep", "depth=2") + engine("shallow", "depth=1") + [
    "--game", "crossjack", "--size", 6, "--games", 8, "--random-plies", 3, "--seed", 5,
    "--concurrency", 1, "--quiet"]


def comparable(record):
    """A record without what depends on the clock."""
    return dict(record, moves=[m["move"] for m in record["moves"]], started=None)


class Resume(Directory):
    def whole_and_part(self, kept_lines, kept_games):
        """Plays the whole match, and a copy of it cut to `kept_lines` records and
        `kept_games` PGN games (an interrupted run); returns the whole records."""
        done = self.run_here(*RESUMABLE, "--records", "whole.jsonl", "--pgn", "whole.pgn")
        self.assertEqual(done.returncode, 0, done.stderr)
        lines = (self.dir / "whole.jsonl").read_text().splitlines(True)
        (self.dir / "part.jsonl").write_text("".join(lines[:kept_lines]))
        games = (self.dir / "whole.pgn").read_text().split("[Event")[1:]
        (self.dir / "part.pgn").write_text("".join("[Event" + g for g in games[:kept_games]))
        return read_records(self.dir / "whole.jsonl")

    def test_a_resumed_run_plays_only_the_missing_games_and_appends(self):
        whole = self.whole_and_part(3, 2)
        before = (self.dir / "part.jsonl").read_text()
        pgn_before = (self.dir / "part.pgn").read_text()
        done = self.run_here(*RESUMABLE, "--records", "part.jsonl", "--pgn", "part.pgn",
                             "--resume")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("8 games; 3 finished before, resumed", done.stdout)
        after = (self.dir / "part.jsonl").read_text()
        self.assertTrue(after.startswith(before))
        self.assertTrue((self.dir / "part.pgn").read_text().startswith(pgn_before))
        resumed = read_records(self.dir / "part.jsonl")
        self.assertEqual([comparable(r) for r in resumed], [comparable(r) for r in whole])
        self.assertIn("Games: 8 of 8 scheduled", done.stdout)
        games = read_pgn(self.dir / "part.pgn")
        self.assertEqual(sorted(game_id_of_round(g.tags["Round"]) for g in games),
                         list(range(8)))
        expected = {game_id_of_round(g.tags["Round"]): g.moves
                    for g in read_pgn(self.dir / "whole.pgn")}
        for game in games:
            self.assertEqual([m for m, _ in game.moves],
                             [m for m, _ in expected[game_id_of_round(game.tags["Round"])]])
        again = self.run_here(*RESUMABLE, "--records", "part.jsonl", "--resume")
        self.assertEqual(again.returncode, 0, again.stderr)
        self.assertEqual((self.dir / "part.jsonl").read_text(), after)

    def test_a_records_file_cut_short_or_corrupt_is_refused_with_its_line(self):
        self.whole_and_part(3, 3)
        cases = {"cut": ('{"id": 3, "pair": 1, "p1', "line 4: cut short"),
                 "corrupt": ('{"id": 3}\n', "line 4: not a complete game record")}
        for name, (tail, message) in cases.items():
            path = self.dir / ("%s.jsonl" % name)
            text = (self.dir / "part.jsonl").read_text() + tail
            path.write_text(text)
            done = self.run_here(*RESUMABLE, "--records", path.name, "--resume")
            self.assertEqual(done.returncode, 2, name)
            self.assertIn("--records %s %s" % (path.name, message), done.stderr)
            self.assertEqual(path.read_text(), text)

    def test_records_of_other_settings_or_a_pgn_ahead_of_them_are_refused(self):
        self.whole_and_part(2, 2)
        other = [a if a != 5 else 6 for a in RESUMABLE]
        done = self.run_here(*other, "--records", "part.jsonl", "--resume")
        self.assertEqual(done.returncode, 2)
        self.assertIn("line 1: a game of another match (settings differ: seed)", done.stderr)
        done = self.run_here(*RESUMABLE, "--records", "part.jsonl", "--pgn", "whole.pgn",
                             "--resume")
        self.assertEqual(done.returncode, 2)
        self.assertRegex(done.stderr, r"--pgn whole.pgn line \d+: a game \(Round 2.1\) that "
                         r"is not among the finished games")
        self.assertEqual(len(read_records(self.dir / "part.jsonl")), 2)
        done = self.run_here(*RESUMABLE, "--records", "part.jsonl")
        self.assertEqual(done.returncode, 2)
        self.assertIn("--records part.jsonl exists", done.stderr)
        done = self.run_here(*RESUMABLE, "--resume")
        self.assertIn("--resume needs the --records FILE", done.stderr)


def moves_of(*scores):
    """Played moves with these mover's scores (None: no score)."""
    return [{"move": "a1", "ms": 0} if s is None else {"move": "a1", "ms": 0, "score": s}
            for s in scores]


class Adjudication(Directory):
    def test_the_option_words(self):
        settings = parse_adjudication([["draw", "movenumber=40", "movecount=8", "score=10",
                                        "resign", "movecount=3", "score=600"],
                                       ["proven", "nodes=5000"]])
        self.assertEqual(settings, {
            "draw": {"movenumber": 40, "movecount": 8, "score": 10},
            "resign": {"movecount": 3, "score": 600, "twosided": False},
            "proven": {"nodes": 5000, "movetime": None}})
        for words, message in (
                (["draw", "score=3"], "--adjudicate draw: movecount= is required"),
                (["draw", "movecount=0", "score=3"], "movecount must be at least 1"),
                (["resign", "movecount=2", "score=x"], "score must be a whole number"),
                (["resign", "movecount=2", "score=9", "twosided=maybe"], "true or false"),
                (["movecount=2"], "before a kind"), (["stalemate"], "unknown kind"),
                (["proven", "depth=3"], "unknown key 'depth'"),
                (["proven", "proven"], "proven given twice")):
            with self.assertRaises(UsageError) as caught:
                parse_adjudication([words])
            self.assertIn(message, str(caught.exception))

    def test_scores_that_draw_and_resign(self):
        self.assertEqual([mover_score(m) for m in moves_of("cp -7", "mate 3", "mate -2", None,
                                                           "wdl 1 2 3")],
                         [-7, math.inf, -math.inf, None, None])
        draw = {"movenumber": 3, "movecount": 2, "score": 10}
        self.assertTrue(draw_by_scores(moves_of("cp 50", "cp 50", "cp 10", "cp -10", "cp 0",
                                                "cp 3"), draw))
        self.assertFalse(draw_by_scores(moves_of("cp 10", "cp -10", "cp 0", "cp 3"), draw))
        self.assertFalse(draw_by_scores(moves_of("cp 0", "cp 0", "cp 11", "cp 0", "cp 0"),
                                        dict(draw, movecount=3)))
        self.assertFalse(draw_by_scores(moves_of("cp 0", "mate 5", "cp 0", "cp 0", "cp 0",
                                                 "cp 0")[:4], dict(draw, movenumber=0)))
        one = {"movecount": 2, "score": 300, "twosided": False}
        self.assertTrue(resigns(moves_of("cp -300", "cp 0", "mate -4"), one))
        self.assertFalse(resigns(moves_of("cp -299", "cp 0", "cp -900"), one))
        self.assertFalse(resigns(moves_of("cp -300", None, "cp -900")[1:], one))
        two = dict(one, twosided=True)
        self.assertTrue(resigns(moves_of("cp 300", "cp -400", "cp 500", "cp -300"), two))
        self.assertFalse(resigns(moves_of("cp 299", "cp -400", "cp 500", "cp -300"), two))

    def check_first_verdict(self, record, rule, test, reason):
        """The game was adjudicated with `reason` after the first ply where `test` holds of
        the moves so far, and not before."""
        moves = record["moves"]
        first = next((n for n in range(1, len(moves) + 1) if test(moves[:n], rule)), None)
        if record["reason"] == reason:
            self.assertEqual(first, len(moves), record)
        elif first is not None:
            self.assertNotIn(record["reason"], ("rules", "max plies"), (first, record))

    def test_scored_games_end_by_agreed_scores_and_replay(self):
        scored = "cmd=%s %s %s" % (sys.executable, HERE / "scored_engine.py", TABLERO)
        done = self.run_here("--engine", scored, "name=five", "option.Skill Level=5",
                             "--engine", scored, "name=twelve", "option.Skill Level=12",
                             "--game", "crossings", "--nodes", 1, "--games", 8,
                             "--max-plies", 30, "--random-plies", 2, "--concurrency", 1,
                             "--adjudicate", "draw", "movecount=1", "score=10", "resign",
                             "movecount=1", "score=600", "--records", "r.jsonl",
                             "--pgn", "g.pgn", "--quiet")
        self.assertEqual(done.returncode, 0, done.stderr)
        records = read_records(self.dir / "r.jsonl")
        reasons = {r["reason"] for r in records}
        self.assertIn("score resign", reasons)
        rules = parse_adjudication([["draw", "movecount=1", "score=10"],
                                    ["resign", "movecount=1", "score=600"]])
        for record in records:
            self.check_first_verdict(record, rules["resign"], resigns, "score resign")
            if record["reason"] == "score resign":
                loser = record["p1"] if record["result"] == "p2win" else record["p2"]
                self.assertEqual(record["loser"], loser)
                self.assertEqual(record["moves"][-1]["score"], "mate -3")
            if record["reason"] == "score draw":
                self.assertEqual(record["result"], "draw")
        self.assertRegex(done.stdout, r"Endings: .*score resign \d+")
        self.assertRegex(done.stdout, r"lost \d+ by adjudication \(score resign \d+\)")
        pgn = (self.dir / "g.pgn").read_text()
        self.assertIn('[Termination "adjudication"]', pgn)
        self.assertIn("{score resign: p", pgn)
        replay = self.replay("r.jsonl", "g.pgn")
        self.assertEqual(replay.returncode, 0, replay.stdout + replay.stderr)
        self.assertIn("16 games", replay.stdout)

    def test_a_proven_result_ends_the_game_and_replay_solves_it_again(self):
        done = self.run_here(*engine("a", "depth=1"), *engine("b", "depth=1"),
                             "--game", "jcshock", "--size", 4, "--games", 4,
                             "--random-plies", 4, "--adjudicate", "proven", "nodes=20000",
                             "--records", "r.jsonl", "--pgn", "g.pgn", "--quiet")
        self.assertEqual(done.returncode, 0, done.stderr)
        records = read_records(self.dir / "r.jsonl")
        proven = [r for r in records if r["reason"] == "proven"]
        self.assertTrue(proven, done.stdout)
        for record in proven:
            self.assertRegex(record["detail"], r"^solve: (win distance \d+|loss distance \d+|"
                             r"draw)( margin -?\d+ length \d+)? for p[12], the side to move")
        self.assertRegex(done.stdout, r"Endings: .*proven \d+")
        self.assertEqual(self.replay("r.jsonl", "g.pgn").returncode, 0)
        tampered = dict(proven[0], result={"draw": "p1win"}.get(proven[0]["result"], "draw"))
        (self.dir / "bad.jsonl").write_text(json.dumps(tampered) + "\n")
        replay = self.replay("bad.jsonl")
        self.assertEqual(replay.returncode, 1)
        self.assertIn("game %d: recorded %s as proven, the referee's solve says"
                      % (tampered["id"], tampered["result"]), replay.stdout)


if __name__ == "__main__":
    unittest.main(testRunner=ConcurrentRunner())
