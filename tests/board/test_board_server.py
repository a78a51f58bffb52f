#!/usr/bin/env python3
"""The server logic of scripts/board.py (the package scripts/tablero_board) without a browser:
request validation, the parsing of the referee's answers, session limits and reaping (the
heartbeat, the closing beacon), engine options, the engine's moves and analysis, Stop, the
delay between engine moves, the clock after a flag, hint, resignation and draw offers, a
crashing engine, and records (saved, replayed by scripts/match.py, loaded back; bad ones
refused without change).

Run by hand from the repository (the packages are in scripts/; TABLERO defaults to
target/release/tablero):

    PYTHONPATH=scripts python3 tests/board/test_board_server.py [Class[.test_name]]

cargo test runs it through tests/integration/board_page.rs with the test build as TABLERO.
"""

import http.client
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest
from pathlib import Path
from unittest import mock

import tablero_board.records
import tablero_board.session
from tablero_board import MAX_BODY
from tablero_board.checks import BoardError, check_delay, check_fen, check_levels, \
    check_limits, check_players, check_token, normal_size
from tablero_board.cli import parser as board_parser
from tablero_board.offers import accepts_draw
from tablero_board.referee import catalogue, operation_arities, parse_board, parse_effects, \
    parse_end, parse_turn, start_referee
from tablero_board.search import level_choices, p1_view, parse_info
from tablero_board.server import BoardServer, Handler
from tablero_board.session import Config
from tablero_board.sessions import Sessions as BoardSessions
from tablero_match.engine import parse_option_line

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
TABLERO = os.environ.get("TABLERO") or str(REPO / "target" / "release" / "tablero")
CRASHING = "%s %s %s 2" % (sys.executable, REPO / "tests" / "match" / "crash.py", TABLERO)
# tablero with every line it is sent logged to a file (and option lines hidden, or its wdl
# fixed): the board's engine command given the log file (or -) and logging_engine.py's words.
LOGGING = "%s %s %s" % (sys.executable, HERE / "logging_engine.py", TABLERO)


def config(engine=TABLERO, max_sessions=2, idle=600.0):
    cfg = Config([TABLERO], engine.split(), "uci", None, None, max_sessions, idle,
                       os.devnull)
    probe = start_referee([TABLERO])
    try:
        cfg.games = catalogue(probe)
    finally:
        probe.close()
    return cfg


class Server:
    """A board server on a free port in this process."""

    def __init__(self, cfg):
        self.sessions = BoardSessions(cfg)
        self.httpd = BoardServer(("127.0.0.1", 0), self.sessions, quiet_errors=True)
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def request(self, method, path, body=None, headers=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        head = {"Host": "127.0.0.1:%d" % self.port}
        head.update(headers or {})
        connection.request(method, path, body=body, headers=head)
        response = connection.getresponse()
        data = response.read()
        connection.close()
        return response.status, data, response

    def api(self, name, **data):
        status, body, _ = self.request("POST", "/api/" + name, json.dumps(data).encode(),
                                       {"Content-Type": "application/json"})
        return status, json.loads(body)

    def ok(self, name, **data):
        status, reply = self.api(name, **data)
        assert status == 200 and reply["ok"], (name, status, reply)
        return reply

    def close(self):
        self.httpd.shutdown()
        self.sessions.close_all()
        self.httpd.server_close()


def wait_for(server, sid, predicate, timeout=20.0):
    """Polls until predicate(state) holds; the state and every event on the way."""
    end = time.monotonic() + timeout
    since, version, events = 0, -1, []
    while time.monotonic() < end:
        reply = server.ok("poll", session=sid, since=since, version=version, wait=1)
        events += reply["events"]
        if reply["events"]:
            since = reply["events"][-1]["seq"]
        version = reply["version"]
        if "state" in reply and predicate(reply["state"]):
            return reply["state"], events
    raise AssertionError("the state did not come within %g s" % timeout)


# tests/integration/board_page.rs runs the classes below in groups side by side (Parsing and
# Http, Records, Sessions): a new class joins one of its groups.
class Parsing(unittest.TestCase):
    def test_tokens_are_single_printable_words(self):
        for good in ("a1", "a1a3", "0000", "B1", "x" * 32):
            self.assertEqual(check_token(good), good)
        for bad in ("", "a1\nquit", "a1 b1", "a1\r", "\x00", "a1\x1b", "é1", "x" * 33, None,
                    7, ["a1"], "a1\u2028"):
            with self.assertRaises(BoardError):
                check_token(bad)

    def test_values_of_requests(self):
        self.assertEqual(check_fen("x3/4/4/4 o"), "x3/4/4/4 o")
        for bad in ("x3/4/4/4 o\nquit", "x3/4/4/4", "", "x3/4 o moves a1", 5):
            with self.assertRaises(BoardError):
                check_fen(bad)
        self.assertEqual(check_limits({"movetime": 100}), {"movetime": 100})
        self.assertEqual(check_limits({"tc": [60000, 1000]}), {"tc": [60000, 1000]})
        for bad in ({}, {"movetime": 0}, {"movetime": "100"}, {"depth": True}, {"tc": [1]},
                    {"movetime": 1, "depth": 2}, {"nodes": -1}, [], {"wtime": 5}):
            with self.assertRaises(BoardError):
                check_limits(bad)
        self.assertEqual(normal_size("9"), "9x9")
        self.assertEqual(normal_size("10X7"), "10x7")
        self.assertEqual(normal_size(" 8x8\n"), "8x8")    # blanks around are dropped
        for bad in ("9x", "x9", "nine", "8x\n8", None):
            with self.assertRaises(BoardError):
                normal_size(bad)
        with self.assertRaises(BoardError):
            check_players({"p1": "person", "p2": "robot"})

    def test_option_lines_of_an_engine(self):
        parse = parse_option_line
        self.assertEqual(parse("option name Move Overhead type spin default 30 min 0 max 5000"),
                         {"name": "Move Overhead", "type": "spin", "default": "30", "min": "0",
                          "max": "5000", "vars": []})
        self.assertEqual(parse("option name Strategy type combo default search var search "
                               "var mcts")["vars"], ["search", "mcts"])
        self.assertEqual(parse("option name Clear Hash type button")["type"], "button")
        self.assertIsNone(parse("id name tablero"))

    def test_answers_of_the_referee(self):
        parsed = parse_board(
            "width 8 height 8 game crossings files a,b,c,d,e,f,g,h ranks 1,2,3,4,5,6,7,8 "
            "origin bottom-left pieces r:p1:stone,b:p2:stone,R:p1:locked,B:p2:locked p1 Red "
            "p2 Black p1colour red p2colour black tomove p1 wrap - goals p1:8,p2:1 homes "
            "p1:1-2,p2:7-8 toplace - pass 0000 size 8x8 default 8x8 sizes 8x8 future 1")
        self.assertEqual(parsed["goals"], {"p1": 8, "p2": 1})
        self.assertEqual(parsed["homes"], {"p1": [1, 2], "p2": [7, 8]})
        self.assertEqual(parsed["pieces"][2], {"letter": "R", "player": "p1", "kind": "locked"})
        self.assertEqual(parsed["pass"], "0000")
        self.assertEqual(parsed["raw"]["future"], "1")
        effects = parse_effects("b4 place b4 x move b1 b2 flags capture,crossing")
        self.assertEqual(effects["ops"], [["place", "b4", "x"], ["move", "b1", "b2"]])
        self.assertEqual(effects["flags"], ["capture", "crossing"])
        self.assertEqual(parse_effects("0000 flags pass")["ops"], [])
        # An operation the board does not know is read by the arities `query board` lists.
        self.assertEqual(parsed["operations"], {"move": 2, "place": 2, "remove": 1, "set": 2})
        arities = operation_arities("move:2,place:2,remove:1,set:2,swap:3")
        effects = parse_effects("a1b2 swap a1 b2 c3 move a1 b2 flags capture", arities)
        self.assertEqual(effects["ops"], [["swap", "a1", "b2", "c3"], ["move", "a1", "b2"]])
        self.assertEqual(effects["flags"], ["capture"])
        self.assertIsNone(parse_end("none"))
        turn = parse_turn([(True, "turn tomove p2 duty setup toplace - moves 2"),
                           (True, "end none"), (True, "effects a1 place a1 o"),
                           (True, "effects b1 place b1 o"), (True, "turn done")])
        self.assertEqual((turn["tomove"], turn["duty"], turn["end"]), ("p2", "setup", "none"))
        self.assertEqual([entry["ops"] for entry in turn["legal"]],
                         [[["place", "a1", "o"]], [["place", "b1", "o"]]])
        for partial in ([(False, "query: expected gameover, …, found 'turn'")],
                        [(True, "turn tomove p1 duty move toplace - moves 1"),
                         (True, "end none"), (True, "turn done")]):
            self.assertIsNone(parse_turn(partial), partial)
        end = parse_end("result p2win reason crossing-unanswered crossed f1")
        self.assertEqual(end, {"result": "p2win", "reason": "crossing-unanswered",
                               "details": {"crossed": "f1"}, "squares": ["f1"],
                               "blockaded": [], "scores": None, "decided": None})
        info = parse_info("info depth 4 seldepth 6 multipv 2 score cp -44 lowerbound "
                                "nodes 107379 nps 1691380 time 63 hashfull 8 pv b1d3 d8f6")
        self.assertEqual((info["depth"], info["multipv"], info["score"], info["pv"]),
                         (4, 2, {"cp": -44, "bound": "lowerbound"}, ["b1d3", "d8f6"]))
        self.assertIsNone(parse_info("info"))
        info = parse_info("info depth 5 seldepth 7 score cp 34 wdl 520 300 180 upperbound "
                          "nodes 900 pv a1")
        self.assertEqual((info["score"], info["wdl"], info["nodes"]),
                         ({"cp": 34, "bound": "upperbound"}, [520, 300, 180], 900))

    def test_the_end_of_each_game_with_its_deciding_squares(self):
        self.assertEqual(parse_end("result p1win reason zone-row-reached square c1,d1")
                         ["squares"], ["c1", "d1"])
        blockade = parse_end("result draw reason blockade blockaded p1,p2")
        self.assertEqual((blockade["squares"], blockade["blockaded"]), ([], ["p1", "p2"]))
        score = "result p1win reason score p1score 4:1,3:0 p2score 4:0,3:1 decided 4"
        for runs, squares in (("", []), (" runs c1,c2,c3,c4", ["c1", "c2", "c3", "c4"])):
            end = parse_end(score + runs)   # an older referee gives no runs
            self.assertEqual((end["squares"], end["decided"], end["scores"]),
                             (squares, 4, {"p1": [[4, 1], [3, 0]], "p2": [[4, 0], [3, 1]]}))
        drawn = parse_end("result draw reason score p1score 3:1 p2score 3:1 decided - runs -")
        self.assertEqual((drawn["squares"], drawn["decided"]), ([], None))
        self.assertEqual(parse_end("result draw reason no-moves")["squares"], [])

    def test_new_request_values(self):
        self.assertEqual(check_delay(0), 0)
        self.assertEqual(check_delay(10000), 10000)
        for bad in (-1, 10001, "500", 2.5, True, None):
            with self.assertRaises(BoardError) as refused:
                check_delay(bad)
            self.assertIn("0..10000", str(refused.exception))
        # The engine accepts a draw when its expected score is at most one half.
        self.assertTrue(accepts_draw([0, 1000, 0]))
        self.assertTrue(accepts_draw([300, 400, 300]))
        self.assertTrue(accepts_draw([100, 0, 900]))
        self.assertFalse(accepts_draw([301, 400, 299]))
        self.assertFalse(accepts_draw(None))
        self.assertEqual(board_parser().parse_args([]).idle_timeout, 60.0)

    def test_evaluations_from_player_1s_view(self):
        # Player 1 to move: as the engine said it; expected score win + draw / 2.
        self.assertEqual(p1_view({"cp": 34}, [520, 300, 180], 0),
                         {"cp": 34, "wdl": [520, 300, 180], "eval": 670, "proven": None})
        # Player 2 to move: the score's sign, the bound and the wdl turned round.
        self.assertEqual(p1_view({"cp": 34, "bound": "lowerbound"}, [520, 300, 180], 1),
                         {"cp": -34, "bound": "upperbound", "wdl": [180, 300, 520],
                          "eval": 330, "proven": None})
        self.assertEqual(p1_view({"cp": 0}, [1, 999, 0], 1)["eval"], 500)   # 499.5 rounds up
        self.assertEqual(p1_view({"mate": 3}, [1000, 0, 0], 1),
                         {"mate": -3, "wdl": [0, 0, 1000], "eval": 0, "proven": "p2"})
        self.assertEqual(p1_view({"mate": -2}, [0, 0, 1000], 1)["proven"], "p1")
        self.assertEqual(p1_view({"mate": 1}, [1000, 0, 0], 0)["eval"], 1000)
        self.assertEqual(p1_view({"cp": -5}, None, 1), {"cp": 5})   # no wdl: no eval

    def test_level_choices_and_levels_of_a_request(self):
        skill = parse_option_line("option name Skill Level type spin default 20 min 0 max 20")
        elo = parse_option_line("option name UCI_Elo type spin default 300 min 300 max 1820")
        choices = level_choices(skill, elo)
        self.assertEqual([c["level"] for c in choices], list(range(21)))
        self.assertEqual([c["elo"] for c in choices[:20]], [300 + 80 * n for n in range(20)])
        self.assertEqual(choices[0]["label"], "Level 0: beginner, Elo 300")
        self.assertEqual([c["band"] for c in choices[3:5] + choices[15:17]],
                         ["beginner", "casual", "strong", "expert"])
        self.assertEqual(choices[20], {"level": 20, "elo": None, "band": None,
                                       "label": "Full strength"})
        odd = parse_option_line("option name UCI_Elo type spin default 0 min 0 max 100")
        self.assertEqual(level_choices(skill, odd)[1]["elo"], 5)          # 5.26 rounded
        self.assertEqual(level_choices(skill, None)[7]["label"], "Level 7: casual")
        self.assertIsNone(level_choices(None, elo))
        self.assertIsNone(level_choices(dict(skill, max="10"), elo))
        self.assertEqual(check_levels({"p1": 0, "p2": "20"}), {"p1": 0, "p2": 20})
        for bad in ({"p1": 21}, {"p1": -1}, {"p2": "strong"}, {"p2": True}, {"p2": 2.5},
                    {"p3": 1}, {}, [], 5, {"p1": None}):
            with self.assertRaises(BoardError) as refused:
                check_levels(bad)
            self.assertIn("0..20", str(refused.exception), bad)


class WithServer:
    """A mixin for test cases sharing one board server (`cls.server`) started with TABLERO."""

    @classmethod
    def setUpClass(cls):
        cls.server = Server(config())

    @classmethod
    def tearDownClass(cls):
        cls.server.close()


class Http(WithServer, unittest.TestCase):

    def test_static_files_carry_a_strict_policy(self):
        for path in ("/", "/board.js", "/board.css"):
            status, body, response = self.server.request("GET", path)
            self.assertEqual(status, 200, path)
            policy = response.getheader("Content-Security-Policy")
            self.assertIn("default-src 'none'", policy)
            self.assertIn("connect-src 'self'", policy)
        _, page, _ = self.server.request("GET", "/")
        self.assertNotIn(b"http://", page.replace(b"http://www.w3.org", b""))
        self.assertNotIn(b"https://", page)
        for path in ("/../board.py", "/board.py", "/etc/passwd", "/board/board.js"):
            self.assertEqual(self.server.request("GET", path)[0], 404, path)

    def test_malformed_requests_are_refused(self):
        post = self.server.request
        json_type = {"Content-Type": "application/json"}
        self.assertEqual(post("POST", "/api/state", b"{}", {"Content-Type": "text/plain"})[0],
                         415)
        self.assertEqual(post("POST", "/api/state", b"{not json", json_type)[0], 400)
        self.assertEqual(post("POST", "/api/state", b"[1, 2]", json_type)[0], 400)
        self.assertEqual(post("POST", "/api/state", b"\xff\xfe", json_type)[0], 400)
        # Refused on its Content-Length, before its body is read.
        big = dict(json_type, **{"Content-Length": str(MAX_BODY + 1)})
        self.assertEqual(post("POST", "/api/load", b'{"text": ""}', big)[0], 413)
        status, body, _ = post("POST", "/api/state", b'{"session": "nope"}', json_type)
        self.assertEqual(status, 410)
        self.assertTrue(json.loads(body)["gone"])
        status, _, _ = post("POST", "/api/state", b"{}", dict(json_type, Host="evil.example"))
        self.assertEqual(status, 403)
        self.assertEqual(self.server.request("GET", "/", None, {"Host": "evil.example"})[0], 403)

    def test_a_request_whose_body_never_comes_is_dropped(self):
        # Its thread waited for the body forever, one thread per such connection.
        patience, Handler.timeout = Handler.timeout, 0.5
        try:
            connection = socket.create_connection(("127.0.0.1", self.server.port), timeout=10)
            with connection:
                connection.sendall(b"POST /api/state HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                                   b"Content-Type: application/json\r\nContent-Length: 100"
                                   b"\r\n\r\n{\"se" % self.server.port)
                answer = connection.recv(4096)
            self.assertTrue(answer.startswith(b"HTTP/1.1 408"), answer[:80])
        finally:
            Handler.timeout = patience

    def test_numbers_json_has_not_are_refused(self):
        # Python's reader takes NaN and Infinity: a NaN `wait` made the poll spin forever.
        sid = self.server.ok("open", game="crossjack", size="4x4")["session"]
        version = self.server.ok("state", session=sid)["version"]
        json_type = {"Content-Type": "application/json"}
        for constant in ("NaN", "Infinity", "-Infinity"):
            body = ('{"session": "%s", "version": %d, "wait": %s}' % (
                sid, version, constant)).encode()
            status, reply, _ = self.server.request("POST", "/api/poll", body, json_type)
            self.assertEqual(status, 400, constant)
            self.assertIn("not JSON", json.loads(reply)["error"])
        self.server.ok("close", session=sid)

    def test_every_request_after_the_referee_died_asks_for_a_new_game(self):
        sid = self.server.ok("open", game="crossjack", size="4x4")["session"]
        session = self.server.sessions.by_id[sid]
        session.referee.process.kill()
        # The first request finds it dead; the next ones (an `after` was an internal error,
        # the referee's process gone) say so too, until a new game starts a referee.
        for name, data in (("move", {"move": "a4"}), ("after", {"moves": ["a4"]}),
                           ("move", {"move": "a4"})):
            status, reply = self.server.api(name, session=sid, **data)
            self.assertEqual(status, 500, (name, reply))
            self.assertIn("referee", reply["error"])
            self.assertNotIn("internal error", reply["error"])
        self.assertEqual(self.server.ok("new", session=sid, size="4")["fen"], "4/4/4/4 x")
        self.server.ok("close", session=sid)

    def test_a_game_refuses_bad_moves_and_changes_nothing(self):
        state = self.server.ok("open", game="crossjack", size="3x3")
        sid = state["session"]
        try:
            self.assertEqual(state["fen"], "3/3/3 x")
            self.assertEqual(state["duty"], "setup")
            self.assertEqual({m["move"] for m in state["legal"]}, {"a3", "b3", "c3"})
            self.assertEqual(state["legal"][0]["ops"], [["place", "a3", "x"]])
            for move, words in (("a1", "illegal move 'a1'"), ("d4", "illegal move 'd4'"),
                                ("a3\nquit", "single token"), ("", "single token"),
                                (7, "wrong type")):
                status, reply = self.server.api("move", session=sid, move=move)
                self.assertEqual(status, 400)
                self.assertIn(words, reply["error"])
            again = self.server.ok("state", session=sid)
            self.assertEqual((again["fen"], again["version"], again["moves"]),
                             (state["fen"], state["version"], []))
            after = self.server.ok("move", session=sid, move="B3")
            self.assertEqual(after["moves"][0]["move"], "b3")
            self.assertEqual(after["moves"][0]["by"], "p1")
            self.assertEqual(after["fen"], "1x1/3/3 o")
            # The engine plays player 2: a page's move for it is refused (it was played,
            # and the engine's search stopped).
            status, reply = self.server.api("move", session=sid, move="a1")
            self.assertEqual(status, 400)
            self.assertIn("it is the engine's move", reply["error"])
            self.assertEqual(self.server.ok("state", session=sid)["fen"], "1x1/3/3 o")
            self.server.ok("players", session=sid, players={"p1": "person", "p2": "person"})
            preview = self.server.ok("after", session=sid, ply=1, moves=["a1", "a3"])
            self.assertEqual(preview["fen"], "xx1/3/o2 o")
            status, reply = self.server.api("after", session=sid, ply=1, moves=["a1", "a1"])
            self.assertEqual(status, 400)
            self.assertIn("move 2", reply["error"])
            status, _ = self.server.api("after", session=sid, ply=5, moves=["a1"])
            self.assertEqual(status, 400)
            back = self.server.ok("takeback", session=sid, count=1)
            self.assertEqual((back["fen"], back["moves"]), ("3/3/3 x", []))
            status, reply = self.server.api("takeback", session=sid, count=1)
            self.assertEqual(status, 400)
            status, reply = self.server.api("new", session=sid, game="chess")
            self.assertEqual(status, 400)
            self.assertIn("unknown game", reply["error"])
            status, reply = self.server.api("new", session=sid, game="crossings", size="9x9")
            self.assertIn("no 9x9 board", reply["error"])
            self.assertEqual(self.server.ok("state", session=sid)["game"], "crossjack")
        finally:
            self.server.ok("close", session=sid)

    def test_engine_options_are_checked_against_the_engine(self):
        sid = self.server.ok("open", game="crossings")["session"]
        try:
            state = self.server.ok("state", session=sid)
            self.assertEqual(set(state["engine"]["options"]),
                             {"Strategy", "Threads", "Hash", "MultiPV"})
            for options, words in (({"Threads": 0}, "1..64"), ({"Hash": 5000}, "1..1024"),
                                   ({"Strategy": "best"}, "one of"), ({"Ponder": True}, "only"),
                                   ({"MultiPV": "2\nquit"}, "whole number"), ({}, "options"),
                                   ({"Strategy": "random\nquit"}, "one of")):
                status, reply = self.server.api("options", session=sid, options=options)
                self.assertEqual(status, 400, options)
                self.assertIn(words, reply["error"])
            state = self.server.ok("options", session=sid,
                                   options={"strategy": "Greedy", "MultiPV": 2})
            self.assertEqual(state["engine"]["values"], {"Strategy": "greedy", "MultiPV": "2"})
        finally:
            self.server.ok("close", session=sid)

    def test_the_engine_moves_and_analyses(self):
        sid = self.server.ok("open", game="crossings",
                             players={"p1": "engine", "p2": "person"})["session"]
        try:
            state = self.server.ok("go", session=sid, limits={"movetime": 50})
            self.assertEqual(state["searching"], "move")
            state, events = wait_for(self.server, sid, lambda s: len(s["moves"]) == 1 and
                                     not s["searching"])
            self.assertEqual(state["moves"][0]["by"], "p1")
            self.assertEqual(state["board"]["tomove"], "p2")
            self.assertTrue(any(e["type"] == "info" for e in events))
            self.server.ok("options", session=sid, options={"MultiPV": 2})
            state = self.server.ok("analyse", session=sid, ply=0)
            self.assertEqual(state["searching"], "analysis")
            end = time.monotonic() + 10
            lines = set()
            since = 0
            while time.monotonic() < end and len(lines) < 2:
                reply = self.server.ok("poll", session=sid, since=since, version=-1, wait=1)
                for event in reply["events"]:
                    since = event["seq"]
                    if event["type"] == "info" and event["kind"] == "analysis" and \
                            "pv" in event["info"]:
                        self.assertEqual(event["info"]["ply"], 0)
                        lines.add(event["info"].get("multipv"))
            self.assertEqual(lines, {1, 2})
            state = self.server.ok("stop", session=sid)
            self.assertIsNone(state["searching"])
            self.assertEqual(len(state["moves"]), 1)   # analysis plays nothing
            # A move while the engine thinks stops it first.
            self.server.ok("players", session=sid, players={"p1": "person", "p2": "person"})
            self.server.ok("analyse", session=sid, ply=1)
            # An illegal move is refused and leaves the analysis running.
            status, reply = self.server.api("move", session=sid, move="zz9")
            self.assertEqual(status, 400, reply)
            self.assertEqual(self.server.ok("state", session=sid)["searching"], "analysis")
            state = self.server.ok("move", session=sid, move=state["legal"][0]["move"])
            self.assertIsNone(state["searching"])
            self.assertEqual(len(state["moves"]), 2)
        finally:
            self.server.ok("close", session=sid)

    def test_a_clock_runs_and_flags(self):
        sid = self.server.ok("open", game="crossjack", size="8x8",
                             players={"p1": "person", "p2": "person"},
                             limits={"tc": [300, 0]})["session"]
        try:
            state = self.server.ok("move", session=sid, move="a8")
            self.assertEqual(state["clock"]["running"], "p2")
            time.sleep(0.5)
            state = self.server.ok("state", session=sid)
            self.assertEqual(state["result"], "p1win")
            self.assertEqual(state["adjudged"]["reason"], "time forfeit")
            # The clock stays as it was at the flag, the flagged side at 0 (it used to jump
            # back to the time left at the last move).
            self.assertEqual(state["clock"], {"p1": 300, "p2": 0, "inc": 0, "running": None,
                                              "paused": 0})
            self.assertEqual((state["end"]["reason"], state["end"]["squares"], state["duty"]),
                             ("time forfeit", [], "none"))
            time.sleep(0.2)
            self.assertEqual(self.server.ok("state", session=sid)["clock"], state["clock"])
            status, reply = self.server.api("move", session=sid, move="a1")
            self.assertIn("over", reply["error"])
        finally:
            self.server.ok("close", session=sid)

    def test_the_end_and_duty_come_from_the_referee(self):
        sid = self.server.ok("open", game="jcshock", size="4x4",
                             players={"p1": "person", "p2": "person"})["session"]
        try:
            for move in "d2 c3 b3 c1 a3 c4 a4 b1 a1 d4 a4 d2 d1".split():
                state = self.server.ok("move", session=sid, move=move)
            self.assertEqual((state["duty"], state["end"]), ("move", None))
            state = self.server.ok("move", session=sid, move="a1")
            end = state["end"]
            self.assertEqual((state["duty"], end["result"], end["reason"], end["decided"]),
                             ("none", "p1win", "score", 4))
            self.assertEqual(end["scores"], {"p1": [[4, 1], [3, 0]], "p2": [[4, 0], [3, 1]]})
            # The deciding runs, once the referee names them.
            runs = end["details"].get("runs")
            self.assertEqual(end["squares"], runs.split(",") if runs else [])
            state = self.server.ok("new", session=sid, game="crossjack", size="3x3")
            for move in ("a3", "a1", "b3", "b1", "b2", "c1"):
                state = self.server.ok("move", session=sid, move=move)
            self.assertEqual((state["end"]["reason"], state["end"]["blockaded"]),
                             ("blockade", ["p1"]))
        finally:
            self.server.ok("close", session=sid)

    def test_people_resign_and_agree_draws(self):
        sid = self.server.ok("open", game="crossjack", size="4x4",
                             players={"p1": "person", "p2": "person"})["session"]
        try:
            state = self.server.ok("resign", session=sid)      # player 1 is to move
            self.assertEqual((state["result"], state["adjudged"]["reason"], state["duty"]),
                             ("p2win", "resignation", "none"))
            self.assertEqual((state["end"]["reason"], state["end"]["squares"]),
                             ("resignation", []))
            self.assertIn("resigned", state["end"]["details"]["detail"])
            for request in ("resign", "draw", "hint"):
                status, reply = self.server.api(request, session=sid)
                self.assertEqual(status, 400, request)
                self.assertIn("the game is over", reply["error"])
            state = self.server.ok("new", session=sid)
            state = self.server.ok("move", session=sid, move=state["legal"][0]["move"])
            state = self.server.ok("resign", session=sid)      # now player 2
            self.assertEqual(state["result"], "p1win")
            self.server.ok("new", session=sid)
            reply = self.server.ok("draw", session=sid)
            self.assertEqual(reply["draw"], {"accepted": True, "wdl": None})
            self.assertEqual((reply["result"], reply["adjudged"]["reason"]),
                             ("draw", "agreement"))
            state = self.server.ok("new", session=sid, players={"p1": "engine", "p2": "engine"})
            for request in ("resign", "draw"):
                status, reply = self.server.api(request, session=sid)
                self.assertEqual(status, 400, request)
                self.assertIn("nobody", reply["error"])
            self.assertEqual(self.server.ok("state", session=sid)["result"], "none")
        finally:
            self.server.ok("close", session=sid)

    def test_a_person_resigns_against_the_engine_on_either_turn(self):
        sid = self.server.ok("open", game="crossings", limits={"movetime": 2000},
                             players={"p1": "engine", "p2": "person"})["session"]
        try:
            self.server.ok("go", session=sid)
            state = self.server.ok("resign", session=sid)      # the engine's turn
            self.assertEqual((state["result"], state["searching"], len(state["moves"])),
                             ("p1win", None, 0))
        finally:
            self.server.ok("close", session=sid)

    def test_a_hint_is_shown_not_played(self):
        sid = self.server.ok("open", game="crossings", limits={"movetime": 50},
                             players={"p1": "person", "p2": "engine"})["session"]
        try:
            self.assertEqual(self.server.ok("hint", session=sid)["searching"], "hint")
            status, reply = self.server.api("hint", session=sid)
            if status != 200:
                self.assertIn("already looking", reply["error"])
            state, _ = wait_for(self.server, sid, lambda s: s["hint"] and not s["searching"])
            hint = state["hint"]
            legal = {m["move"]: m["ops"] for m in state["legal"]}
            self.assertEqual((hint["ply"], hint["ops"]), (0, legal[hint["move"]]))
            self.assertEqual(state["moves"], [])
            again = self.server.ok("hint", session=sid)       # known: no second search
            self.assertEqual((again["hint"], again["searching"]), (hint, None))
            state = self.server.ok("move", session=sid, move=hint["move"])
            self.assertIsNone(state["hint"])
            status, reply = self.server.api("hint", session=sid)   # the engine's turn
            self.assertEqual(status, 400)
            self.assertIn("the engine's move", reply["error"])
            self.server.ok("go", session=sid)
            state, _ = wait_for(self.server, sid, lambda s: len(s["moves"]) == 2 and
                                not s["searching"])
            # Stop during a long hint search: its best move so far at once.
            self.server.ok("players", session=sid, players=state["players"],
                           limits={"movetime": 60000})
            self.server.ok("hint", session=sid)
            time.sleep(0.3)
            started = time.monotonic()
            state = self.server.ok("stop", session=sid)
            self.assertLess(time.monotonic() - started, 2.0)
            self.assertEqual((state["searching"], state["hint"]["ply"]), (None, 2))
        finally:
            self.server.ok("close", session=sid)

    def test_stop_plays_the_engines_best_move_so_far(self):
        sid = self.server.ok("open", game="crossings", limits={"movetime": 4000},
                             players={"p1": "engine", "p2": "person"})["session"]
        try:
            self.server.ok("go", session=sid)
            status, reply = self.server.api("hint", session=sid)
            self.assertIn("the engine's move", reply["error"])
            status, reply = self.server.api("draw", session=sid)
            self.assertIn("thinking about its move", reply["error"])
            time.sleep(0.5)
            started = time.monotonic()
            state = self.server.ok("stop", session=sid)
            self.assertLess(time.monotonic() - started, 1.5)
            self.assertEqual((len(state["moves"]), state["moves"][0]["by"], state["searching"]),
                             (1, "p1", None))
            self.assertLess(state["moves"][0]["ms"], 3000)
            time.sleep(0.3)
            self.assertIsNone(self.server.ok("state", session=sid)["searching"])
        finally:
            self.server.ok("close", session=sid)

    def test_a_delay_between_engine_moves(self):
        sid = self.server.ok("open", game="crossjack", size="4x4", limits={"movetime": 20},
                             players={"p1": "engine", "p2": "engine"})["session"]
        players = {"p1": "engine", "p2": "engine"}
        try:
            for bad in (-1, 10001, "700", True, 0.5):
                status, reply = self.server.api("players", session=sid, players=players,
                                                delay=bad)
                self.assertEqual(status, 400, bad)
                self.assertIn("0..10000", reply["error"])
            self.assertEqual(self.server.ok("state", session=sid)["delay"], 0)
            state = self.server.ok("players", session=sid, players=players, delay=700)
            self.assertEqual(state["delay"], 700)
            started = time.monotonic()
            self.server.ok("go", session=sid)
            wait_for(self.server, sid, lambda s: len(s["moves"]) == 1 and not s["searching"])
            self.assertGreaterEqual(time.monotonic() - started, 0.7)
            # Stop within the delay: nothing was asked of the engine, nothing is played.
            self.server.ok("go", session=sid)
            state = self.server.ok("stop", session=sid)
            self.assertEqual((len(state["moves"]), state["searching"]), (1, None))
            # With a person in a seat there is no delay.
            self.server.ok("players", session=sid, players={"p1": "person", "p2": "engine"})
            started = time.monotonic()
            self.server.ok("go", session=sid)
            wait_for(self.server, sid, lambda s: len(s["moves"]) == 2 and not s["searching"])
            self.assertLess(time.monotonic() - started, 0.6)
            # On a clock (which starts with the first move), the delay is nobody's time.
            self.server.ok("new", session=sid, players=players, delay=800,
                           limits={"tc": [6000, 0]})
            self.server.ok("go", session=sid)
            wait_for(self.server, sid, lambda s: len(s["moves"]) == 1 and not s["searching"])
            started = time.monotonic()
            state = self.server.ok("go", session=sid)
            self.assertEqual((state["clock"]["p2"], state["clock"]["running"]), (6000, "p2"))
            self.assertGreater(state["clock"]["paused"], 600)
            state, _ = wait_for(self.server, sid, lambda s: len(s["moves"]) == 2)
            used = state["moves"][1]["ms"]
            self.assertEqual(state["clock"]["p2"], 6000 - used)
            self.assertLess(used, (time.monotonic() - started) * 1000 - 700)
        finally:
            self.server.ok("close", session=sid)

    def test_the_engine_looks_at_the_position_when_offered_a_draw(self):
        sid = self.server.ok("open", game="crossings", limits={"movetime": 50},
                             players={"p1": "person", "p2": "engine"})["session"]
        try:
            reply = self.server.ok("draw", session=sid)
            win, draw, loss = reply["draw"]["wdl"]
            self.assertEqual(reply["draw"]["accepted"], 2 * win + draw <= 1000)
            self.assertEqual(reply["result"], "draw" if reply["draw"]["accepted"] else "none")
        finally:
            self.server.ok("close", session=sid)


class Records(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = Server(config())
        cls.tmp = tempfile.TemporaryDirectory()

    @classmethod
    def tearDownClass(cls):
        cls.server.close()
        cls.tmp.cleanup()

    def play(self, game, size, moves):
        sid = self.server.ok("open", game=game, size=size,
                             players={"p1": "person", "p2": "person"})["session"]
        for move in moves:
            self.server.ok("move", session=sid, move=move)
        return sid

    def replay(self, text):
        path = Path(self.tmp.name) / "game.jsonl"
        path.write_text(text)
        return subprocess.run([sys.executable, str(REPO / "scripts" / "match.py"), "replay",
                               str(path), "--referee", TABLERO, "--log-dir",
                               str(Path(self.tmp.name) / "logs")],
                              capture_output=True, text=True, timeout=60)

    def test_saved_games_replay_and_load_back(self):
        games = [("crossjack", "3x3", ["a3", "a1", "b3", "b1", "b2", "c1"]),   # ends: blockade
                 ("jcshock", "4x4", ["b1", "b4", "c2"]),                        # unfinished
                 ("crossings", "8x8", ["a1a3", "h8h6"])]
        for game, size, moves in games:
            sid = self.play(game, size, moves)
            try:
                state = self.server.ok("state", session=sid)
                saved = self.server.ok("save", session=sid)
                record = json.loads(saved["record"])
                self.assertEqual(record["match"]["game"], game)
                self.assertEqual([m["move"] for m in record["moves"]], moves)
                self.assertEqual((record["result"], record["reason"]),
                                 (state["result"], "rules") if state["result"] != "none"
                                 else ("none", "unfinished"))
                done = self.replay(saved["record"])
                self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
                self.assertIn("all consistent", done.stdout)
                other = self.server.ok("open", game="crossjack", size="4x4")["session"]
                loaded = self.server.ok("load", session=other, text=saved["record"])
                self.assertEqual((loaded["game"], loaded["size"], loaded["fen"],
                                  loaded["result"]),
                                 (game, size, state["fen"], state["result"]))
                self.assertEqual([m["ops"] for m in loaded["moves"]],
                                 [m["ops"] for m in state["moves"]])
                self.assertEqual([m["by"] for m in loaded["moves"]],
                                 [m["by"] for m in state["moves"]])
                self.server.ok("close", session=other)
            finally:
                self.server.ok("close", session=sid)

    def test_a_game_drawn_at_the_ply_limit_records_the_reason_max_plies(self):
        # The limit is the board's MAX_GAME_PLIES (2000), lowered here in both modules that
        # read it: the session ends the game there, the record's header states it.
        with mock.patch.object(tablero_board.session, "MAX_GAME_PLIES", 4), \
                mock.patch.object(tablero_board.records, "MAX_GAME_PLIES", 4):
            sid = self.play("crossings", "8x8", ["a1a3", "h8h6", "b2b3", "h6h7"])
            try:
                state = self.server.ok("state", session=sid)
                self.assertEqual(state["result"], "draw")
                self.assertEqual(state["adjudged"]["reason"], "max plies")
                self.assertEqual(state["legal"], [])
                status, reply = self.server.api("move", session=sid, move="c2c3")
                self.assertEqual(status, 400)
                self.assertIn("the game is over", reply["error"])
                saved = self.server.ok("save", session=sid)
                record = json.loads(saved["record"])
                self.assertEqual((record["result"], record["reason"],
                                  record["match"]["max_plies"]), ("draw", "max plies", 4))
                done = self.replay(saved["record"])
                self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
                self.assertIn("all consistent", done.stdout)
            finally:
                self.server.ok("close", session=sid)

    def test_bad_records_are_refused_and_change_nothing(self):
        sid = self.play("crossjack", "3x3", ["a3", "a1", "b3"])
        try:
            good = json.loads(self.server.ok("save", session=sid)["record"])
            before = self.server.ok("state", session=sid)

            def variant(**changes):
                record = json.loads(json.dumps(good))
                for key, value in changes.items():
                    if "." in key:
                        outer, inner = key.split(".")
                        record[outer][inner] = value
                    else:
                        record[key] = value
                return json.dumps(record)
            cases = [
                ("{oops", "not JSON"),
                ("[1]", "not a game record"),
                (json.dumps({"id": 1}), "not a game record"),
                (variant(moves=[{"move": "a3"}, {"move": "a3"}]), "refused by the referee"),
                (variant(moves=[{"move": "a1\nquit"}]), "single token"),
                (variant(**{"match.game": "chess"}), "unknown game"),
                (variant(**{"match.size": "99x99"}), "no 99x99 board"),
                (variant(**{"opening.fen": "3/3/3 x\nquit"}), "malformed"),
                (variant(**{"opening.fen": "4/4/4/4 x"}), "refused"),
                # A 4x4 position under a 3x3 header was loaded as a 3x3 game on a 4x4 board.
                (variant(moves=[], **{"opening.fen": "4/4/4/4 x"}), "its size is 3x3"),
                (variant(result="p1win", reason="rules"), "the referee says none"),
                (variant(id=1) + "\n" + variant(id=2), "holds 2 games"),
                ("", "empty"),
            ]
            for text, words in cases:
                status, reply = self.server.api("load", session=sid, text=text)
                self.assertEqual(status, 400, text)
                self.assertIn(words, reply["error"], text)
                after = self.server.ok("state", session=sid)
                self.assertEqual((after["game"], after["size"], after["fen"], after["moves"]),
                                 (before["game"], before["size"], before["fen"],
                                  before["moves"]), text)
            two = variant(id=1) + "\n" + variant(id=2)
            loaded = self.server.ok("load", session=sid, text=two, id=2)
            self.assertEqual(loaded["fen"], before["fen"])
        finally:
            self.server.ok("close", session=sid)


class Sessions(unittest.TestCase):
    def test_a_full_board_asks_the_next_page_to_wait(self):
        server = Server(config(max_sessions=1))
        try:
            first = server.ok("open")["session"]
            status, reply = server.api("open")
            self.assertEqual(status, 503)
            self.assertTrue(reply["busy"])
            self.assertIn("--max-sessions", reply["error"])
            self.assertTrue(server.ok("close", session=first)["closed"])
            second = server.ok("open")["session"]
            self.assertNotEqual(first, second)
            status, reply = server.api("state", session=first)
            self.assertEqual(status, 410)
        finally:
            server.close()

    def test_idle_sessions_are_reaped_with_their_processes(self):
        cfg = config(idle=0.5)
        sessions = BoardSessions(cfg)
        try:
            session = sessions.open("crossjack", "4x4")
            processes = [session.referee.process.proc, session.engine.process.proc]
            self.assertEqual(sessions.reap(time.monotonic()), [])
            self.assertEqual(sessions.reap(time.monotonic() + 1.0), [session.id])
            self.assertEqual(sessions.count(), 0)
            for proc in processes:
                self.assertIsNotNone(proc.poll(), "a process outlived its session")
            with self.assertRaises(BoardError) as caught:
                sessions.get(session.id)
            self.assertEqual(caught.exception.status, 410)
        finally:
            sessions.close_all()

    def test_a_live_pages_polls_keep_its_session_and_a_closed_ones_ends(self):
        server = Server(config(idle=1.0))
        server.sessions.start_reaper()
        try:
            state = server.ok("open", game="crossjack", size="4x4")
            sid, version = state["session"], state["version"]
            session = server.sessions.by_id[sid]
            processes = [session.referee.process.proc, session.engine.process.proc]
            end = time.monotonic() + 2.5
            while time.monotonic() < end:       # long polls, as a page on screen sends
                server.ok("poll", session=sid, since=0, version=version, wait=0.5)
            self.assertIn(sid, server.sessions.by_id)
            left = time.monotonic()             # the page is gone
            while sid in server.sessions.by_id and time.monotonic() < left + 5:
                time.sleep(0.05)
            self.assertNotIn(sid, server.sessions.by_id)
            self.assertLess(time.monotonic() - left, 1.0 + 0.25 + 0.5)
            for proc in processes:
                proc.wait(5)
        finally:
            server.close()

    def test_the_closing_beacon(self):
        server = Server(config())
        try:
            first = server.ok("open", game="crossjack", size="4x4")["session"]
            second = server.ok("open", game="crossjack", size="4x4")["session"]
            own = "http://127.0.0.1:%d" % server.port

            def beacon(name, sid, origin):
                status, body, _ = server.request(
                    "POST", "/api/" + name, json.dumps({"session": sid}).encode(),
                    {"Content-Type": "text/plain;charset=UTF-8", "Origin": origin})
                return status, json.loads(body)
            self.assertEqual(beacon("close", first, own), (200, {"ok": True, "closed": True}))
            self.assertEqual(beacon("state", second, own)[0], 415)      # close only
            self.assertEqual(beacon("close", second, "http://evil.example")[0], 415)
            self.assertEqual(beacon("close", first, own), (200, {"ok": True, "closed": False}))
            self.assertEqual(server.ok("state", session=second)["session"], second)
        finally:
            server.close()

    def test_the_engine_answers_a_draw_offer_from_its_own_estimate(self):
        # The person (player 1) offers on its turn, so the engine's view is the fixed
        # wdl turned round; after a move, on the engine's turn, the fixed wdl itself.
        for wdl, moved, answer in (("100,200,700", False, [700, 200, 100]),
                                   ("700,200,100", False, [100, 200, 700]),
                                   ("700,200,100", True, [700, 200, 100]),
                                   ("none", False, None)):
            server = Server(config(engine="%s - wdl=%s" % (LOGGING, wdl)))
            try:
                state = server.ok("open", game="crossings", limits={"movetime": 50},
                                  players={"p1": "person", "p2": "engine"})
                sid = state["session"]
                if moved:
                    server.ok("move", session=sid, move=state["legal"][0]["move"])
                reply = server.ok("draw", session=sid)
                accepted = answer is not None and 2 * answer[0] + answer[1] <= 1000
                self.assertEqual(reply["draw"], {"accepted": accepted, "wdl": answer},
                                 (wdl, moved))
                self.assertEqual(reply["result"], "draw" if accepted else "none")
                if accepted:
                    self.assertEqual(reply["adjudged"]["reason"], "agreement")
                else:
                    self.assertIsNone(reply["searching"])
            finally:
                server.close()

    def test_the_server_ends_every_process_when_it_stops(self):
        script = REPO / "scripts" / "board.py"
        server = subprocess.Popen([sys.executable, str(script), "--port", "0", "--referee",
                                   TABLERO, "--engine", TABLERO],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            line = server.stdout.readline()
            self.assertIn("http://127.0.0.1:", line)
            port = int(re.search(r"127\.0\.0\.1:([0-9]+)/", line).group(1))
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            connection.request("POST", "/api/open", b"{}", {"Content-Type": "application/json"})
            self.assertEqual(connection.getresponse().status, 200)
            connection.close()
            children = [int(p) for p in subprocess.run(
                ["pgrep", "-P", str(server.pid)], capture_output=True,
                text=True).stdout.split()]
            self.assertEqual(len(children), 2)     # the referee and the engine
            server.terminate()
            self.assertEqual(server.wait(10), 0)
            time.sleep(0.2)
            for pid in children:
                self.assertFalse(Path("/proc/%d" % pid).exists() and
                                 "zombie" not in Path("/proc/%d/status" % pid).read_text()
                                 .lower(), "process %d outlived the server" % pid)
        finally:
            if server.poll() is None:
                server.kill()
            server.wait()
            server.stdout.close()
            server.stderr.close()

    def test_a_crashed_engine_is_reported_and_restarted_with_the_next_game(self):
        server = Server(config(engine=CRASHING))
        try:
            sid = server.ok("open", game="crossjack", size="4x4",
                            players={"p1": "engine", "p2": "engine"})["session"]
            server.ok("go", session=sid, limits={"depth": 1})
            state, _ = wait_for(server, sid, lambda s: len(s["moves"]) == 1 and
                                not s["searching"])
            server.ok("go", session=sid, limits={"depth": 1})     # the second go crashes
            state, events = wait_for(server, sid, lambda s: not s["searching"])
            self.assertIn("the engine failed", state["engine"]["error"])
            self.assertFalse(state["engine"]["running"])
            self.assertEqual(state["adjudged"]["reason"], "crash")
            self.assertTrue(any(e["type"] == "error" for e in events))
            status, reply = server.api("go", session=sid)
            self.assertEqual(status, 400)           # the game is over
            state = server.ok("new", session=sid)
            self.assertIsNone(state["engine"]["error"])
            self.assertTrue(state["engine"]["running"])
            server.ok("go", session=sid, limits={"depth": 1})
            state, _ = wait_for(server, sid, lambda s: len(s["moves"]) == 1)
        finally:
            server.close()


def elo_range(game):
    """UCI_Elo's (min, max) as the engine itself lists it after `game` is selected."""
    out = subprocess.run([TABLERO], input="uci\nsetoption name UCI_Variant value %s\nuci\n"
                         "quit\n" % game, capture_output=True, text=True, timeout=30).stdout
    spec = [parse_option_line(line) for line in out.splitlines()
            if line.startswith("option name UCI_Elo ")][-1]
    return int(spec["min"]), int(spec["max"])


def sent_before_go(log_path):
    """The Skill Level lines the engine was sent, each with the `go` that followed it."""
    pairs, level = [], None
    for line in Path(log_path).read_text().splitlines():
        if line.startswith("setoption name Skill Level value "):
            level = int(line.split()[-1])
        elif line.startswith("go"):
            pairs.append((level, line))
    return pairs


class Levels(unittest.TestCase):
    """The engine seats' strength levels and the evaluations from player 1's view."""

    def test_level_labels_are_read_from_the_engine_for_each_game(self):
        server = Server(config())
        try:
            sid = None
            for game in ("crossjack", "jcshock", "crossings"):
                state = server.ok("new", session=sid, game=game) if sid else \
                    server.ok("open", game=game)
                sid = state["session"]
                low, high = elo_range(game)
                choices = state["engine"]["levels"]
                self.assertEqual([c["level"] for c in choices], list(range(21)), game)
                elos = [c["elo"] for c in choices[:20]]
                self.assertEqual(elos, [int(low + n * (high - low) / 19 + 0.5)
                                        for n in range(20)], game)
                self.assertEqual((elos[0], elos[-1]), (low, high))
                self.assertTrue(all(a < b for a, b in zip(elos, elos[1:])), elos)
                self.assertEqual(choices[20]["label"], "Full strength")
                self.assertEqual(state["levels"], {"p1": 20, "p2": 20})
        finally:
            server.close()

    def test_bad_levels_are_refused_with_a_reason(self):
        server = Server(config())
        try:
            sid = server.ok("open", game="crossjack", size="4x4", levels={"p2": 5})["session"]
            for levels in ({"p2": 21}, {"p2": -1}, {"p2": "strong"}, {"p2": True},
                           {"p1": 3.5}, {"p3": 2}, [], "7"):
                for request in ("levels", "new"):
                    status, reply = server.api(request, session=sid, levels=levels)
                    self.assertEqual(status, 400, (request, levels))
                    self.assertIn("0..20", reply["error"], (request, levels))
            status, reply = server.api("open", game="crossjack", levels={"p1": 99})
            self.assertIn("the level of p1 must be a whole number in 0..20", reply["error"])
            self.assertEqual(server.ok("state", session=sid)["levels"], {"p1": 20, "p2": 5})
        finally:
            server.close()

    def test_each_seats_level_reaches_the_engine_and_wdl_reaches_the_page(self):
        with tempfile.TemporaryDirectory() as tmp:
            log = Path(tmp) / "sent.log"
            server = Server(config(engine="%s %s" % (LOGGING, log)))
            try:
                sid = server.ok("open", game="crossings", levels={"p1": 0, "p2": 7},
                                players={"p1": "engine", "p2": "engine"})["session"]
                events = []
                for ply in (1, 2):
                    server.ok("go", session=sid, limits={"movetime": 30})
                    state, more = wait_for(server, sid, lambda s: len(s["moves"]) == ply and
                                           not s["searching"])
                    events += more
                    # The last first-line info of the move, as the engine said it (the side
                    # to move's view) and as the state has it (player 1's view).
                    last = [e["info"] for e in more if e["type"] == "info" and
                            e["info"].get("multipv", 1) == 1 and "wdl" in e["info"]][-1]
                    evaluation = state["evaluation"]
                    self.assertEqual((evaluation["ply"], evaluation["kind"]), (ply - 1, "move"))
                    self.assertEqual(evaluation["wdl"], last["wdl"] if ply == 1 else
                                     last["wdl"][::-1])
                    self.assertTrue(0 <= evaluation["eval"] <= 1000)
                    win, draw, _ = evaluation["wdl"]
                    self.assertEqual(evaluation["eval"], (2 * win + draw + 1) // 2)
                server.ok("levels", session=sid, levels={"p1": 20})
                server.ok("go", session=sid, limits={"movetime": 30})
                wait_for(server, sid, lambda s: len(s["moves"]) == 3 and not s["searching"])
                server.ok("analyse", session=sid, ply=1)
                time.sleep(0.2)
                server.ok("stop", session=sid)
                self.assertEqual(sent_before_go(log), [
                    (0, "go movetime 30"), (7, "go movetime 30"), (20, "go movetime 30"),
                    (20, "go infinite")])
                self.assertIn("setoption name UCI_ShowWDL value true",
                              log.read_text().splitlines())
            finally:
                server.close()

    def test_each_ply_keeps_its_last_evaluation(self):
        # The engine's search for its move, a hint and an analysis each leave the evaluation
        # of the position they searched under its ply; a ply nobody searched has none; a
        # take-back keeps those of the positions still played.
        server = Server(config())
        try:
            sid = server.ok("open", game="crossings", limits={"movetime": 30},
                            players={"p1": "engine", "p2": "person"})["session"]
            state = server.ok("state", session=sid)
            self.assertEqual(state["evaluations"], [None])
            server.ok("go", session=sid)
            state, _ = wait_for(server, sid, lambda s: len(s["moves"]) == 1 and
                                not s["searching"])
            server.ok("move", session=sid, move=state["legal"][0]["move"])
            server.ok("go", session=sid)
            state, _ = wait_for(server, sid, lambda s: len(s["moves"]) == 3 and
                                not s["searching"])
            server.ok("hint", session=sid)
            state, _ = wait_for(server, sid, lambda s: s["hint"] and not s["searching"])
            evaluations = state["evaluations"]
            self.assertEqual(len(evaluations), 4)
            self.assertIsNone(evaluations[1])
            self.assertEqual([(e["ply"], e["kind"]) for e in evaluations if e],
                             [(0, "move"), (2, "move"), (3, "hint")])
            self.assertEqual(evaluations[3], state["evaluation"])
            for e in evaluations:
                if e:
                    self.assertTrue(0 <= e["eval"] <= 1000, e)
                    self.assertEqual(e["eval"], (2 * e["wdl"][0] + e["wdl"][1] + 1) // 2)
            server.ok("analyse", session=sid, ply=1)
            since, version, end = 0, -1, time.monotonic() + 20
            while time.monotonic() < end:   # an info line with a score: an evaluation
                reply = server.ok("poll", session=sid, since=since, version=version, wait=1)
                events, version = reply["events"], reply["version"]
                since = events[-1]["seq"] if events else since
                if any(e["type"] == "info" and e["kind"] == "analysis" and
                       "score" in e["info"] for e in events):
                    break
            state = server.ok("stop", session=sid)
            self.assertEqual((state["evaluations"][1]["ply"], state["evaluations"][1]["kind"]),
                             (1, "analysis"))
            # The analysis of move 1 is the last evaluation; the others are kept.
            self.assertEqual(state["evaluations"][0], evaluations[0])
            self.assertEqual(state["evaluations"][2], evaluations[2])
            state = server.ok("takeback", session=sid, count=2)
            self.assertEqual([(e["ply"], e["kind"]) for e in state["evaluations"]],
                             [(0, "move"), (1, "analysis")])
            state = server.ok("new", session=sid, game="crossings")
            self.assertEqual(state["evaluations"], [None])
        finally:
            server.close()

    def test_an_engine_without_levels_gets_no_chooser(self):
        with tempfile.TemporaryDirectory() as tmp:
            log = Path(tmp) / "sent.log"
            server = Server(config(engine="%s %s Skill+Level UCI_Elo UCI_ShowWDL" % (
                LOGGING, log)))
            try:
                state = server.ok("open", game="crossjack", size="4x4",
                                  players={"p1": "engine", "p2": "person"})
                sid = state["session"]
                self.assertIsNone(state["engine"]["levels"])
                status, reply = server.api("levels", session=sid, levels={"p1": 3})
                self.assertEqual(status, 400)
                self.assertIn("no option Skill Level", reply["error"])
                server.ok("go", session=sid, limits={"movetime": 30})
                state, _ = wait_for(server, sid, lambda s: len(s["moves"]) == 1 and
                                    not s["searching"])
                self.assertNotIn("eval", state["evaluation"] or {})
                sent = log.read_text()
                self.assertNotIn("Skill Level", sent)
                self.assertNotIn("UCI_ShowWDL", sent)
            finally:
                server.close()


if __name__ == "__main__":
    unittest.main(verbosity=1)
