#!/usr/bin/env python3
"""scripts/board.py in a real browser: headless Chromium (Debian's chromium and
chromium-driver, PyPI's selenium) plays a whole game of each of the three games by clicking
squares, a person against the engine, and checks the end against a separate tablero referee
replaying the game's moves (`query fen`, `query result`). It also checks that an illegal click
and bad records are refused without harm, that a saved record passes `scripts/match.py replay`
and loads back, that the engine's level chooser offers its levels and a chosen one plays,
that the evaluation bar shows player 1's expected score after an engine move, and measures the
time from a click to the engine's move on the page.

Run alone from the repository (after `cargo build --release`; the packages are in scripts/):

    PYTHONPATH=scripts python3 tests/board/test_board_browser.py [--tablero PATH]
        [--screenshots DIR] [--keep]

`cargo test` runs it through tests/integration/board_page.rs with the test build as TABLERO. Without
chromium, chromedriver or selenium it is skipped (exit status 0, a SKIPPED line), except when
the environment variable CI is set: then a missing browser is a failure.
"""

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tablero_match.engine import position_command
from tablero_match.referee import ERROR, RefereeClient

REPO = Path(__file__).resolve().parents[2]

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--disable-extensions",
                  "--disable-default-apps", "--mute-audio", "--window-size=1100,940"]
# (game, size, engine limit in ms per move, plies before the test gives up)
GAMES = [("crossjack", "4x4", 20, 40), ("jcshock", "4x4", 20, 40),
         ("crossings", "8x8", 100, 240)]
WAIT = 30.0   # seconds any one page change may take


class Failure(Exception):
    pass


def find_browser():
    """(chromium, chromedriver) paths, or None with the reason when one is missing."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    try:
        import selenium  # noqa: F401
    except ImportError:
        return None, "the Python package selenium is not installed (pip install selenium)"
    if not chromium or not driver:
        return None, "chromium or chromedriver is not installed (apt-get install chromium " \
                     "chromium-driver)"
    return (chromium, driver), None


class Referee:
    """The test's own tablero, through tablero_match's referee client: replays the page's
    moves and answers queries."""

    def __init__(self, tablero):
        self.client = RefereeClient([tablero])

    def setup(self, game, size):
        errors = self.client.select(game, size)
        assert not errors, errors

    def state(self, moves):
        """(fen, result, legal entries [(move, ops, flags)]) after `moves` from the start."""
        answers = self.client.exchange([position_command(None, moves), "query fen",
                                        "query result", "query moves"])
        if answers[0][0] == ERROR:
            raise Failure("the page's moves are refused by the referee: %s" % answers[0][1])
        fen, result, legal = (text for _, text in answers)
        entries = []
        if legal.split():
            for _, text in self.client.exchange(["query effects " + m for m in legal.split()]):
                words = text.split()[1:]
                move, ops, i = words[0], [], 1
                while i < len(words) and words[i] in ("move", "place", "remove", "set"):
                    n = 2 if words[i] == "remove" else 3
                    ops.append(words[i:i + n])
                    i += n
                flags = words[i + 1].split(",") if i < len(words) and words[i] == "flags" \
                    else []
                entries.append((move, ops, flags))
        return fen, result, entries

    def close(self):
        self.client.close()


def choose(entries, rng, game, red):
    """A move for the person: in Crossings crossings, captures and forward moves first, so the
    game ends; elsewhere any."""
    if game != "crossings":
        return rng.choice(entries)
    forcing = [e for e in entries if {"crossing", "counter-crossing", "capture"} & set(e[2])]
    if forcing:
        return rng.choice(forcing)

    def advance(entry):
        ops = entry[1]
        if not ops or ops[0][0] != "move":
            return -99
        step = int(ops[0][2][1:]) - int(ops[0][1][1:])
        return step if red else -step
    best = max(advance(e) for e in entries)
    return rng.choice([e for e in entries if advance(e) >= min(best, 1)] or entries)


class Page:
    def __init__(self, driver, url):
        self.driver, self.url = driver, url

    def board(self, name):
        return self.driver.find_element("id", "board").get_attribute("data-" + name)

    def attrs(self):
        return self.driver.execute_script(
            "const b = document.getElementById('board');"
            "return [b.dataset.fen, b.dataset.result, b.dataset.busy, b.dataset.tomove,"
            " b.dataset.ply, document.getElementById('message').textContent];")

    def wait(self, predicate, what, timeout=WAIT):
        end = time.monotonic() + timeout
        while True:
            attrs = self.attrs()
            if predicate(*attrs):
                return attrs
            if time.monotonic() > end:
                raise Failure("waited %g s for %s; board: fen %s result %s busy %s tomove %s "
                              "ply %s; message: %s" % ((timeout, what) + tuple(attrs)))
            time.sleep(0.02)

    def idle(self, timeout=WAIT):
        return self.wait(lambda fen, result, busy, *_: busy == "false", "the board to be idle",
                         timeout)

    def click_square(self, name):
        self.driver.find_element("css selector", '[data-square="%s"]' % name).click()

    def select(self, element_id, value):
        from selenium.webdriver.support.ui import Select
        Select(self.driver.find_element("id", element_id)).select_by_value(value)

    def moves(self):
        return self.driver.execute_script(
            "return [...document.querySelectorAll('#moves [data-ply]')].map(s => s.dataset.move);")

    def select_css(self, css, value):
        from selenium.webdriver.support.ui import Select
        Select(self.driver.find_element("css selector", css)).select_by_value(value)

    def api(self, name, **data):
        """The page's session's answer to the API request `name`."""
        return self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch('/api/' + arguments[0], {method: 'POST', headers: {'Content-Type':"
            " 'application/json'}, body: JSON.stringify(Object.assign({session: S.session},"
            " arguments[1]))}).then(r => r.json()).then(done, e => done({error: String(e)}));",
            name, data)

    def load_record(self, path):
        self.driver.find_element("id", "load").send_keys(str(path))


def new_game(page, game, size, movetime, mode="pve1"):
    page.select("game", game)
    page.select("size", size)
    page.select("mode", mode)
    page.select("limit-kind", "movetime")
    field = page.driver.find_element("id", "movetime")
    field.clear()
    field.send_keys(str(movetime))
    page.driver.find_element("id", "new").click()
    page.wait(lambda fen, result, busy, tomove, ply, msg: busy == "false" and ply == "0" and
              (page.board("game"), page.board("size")) == (game, size), "the new game")


def play_game(page, referee, game, size, movetime, cap, rng, timings, checks):
    """Plays one game by clicks as player 1 against the engine; returns (plies, seconds)."""
    started = time.monotonic()
    new_game(page, game, size, movetime)
    referee.setup(game, size)
    illegal_checked = False
    while True:
        fen, result, busy, tomove, ply, _ = page.idle()
        moves = page.moves()
        if len(moves) != int(ply):
            raise Failure("the move list has %d moves, data-ply says %s" % (len(moves), ply))
        ref_fen, ref_result, entries = referee.state(moves)
        if fen != ref_fen:
            raise Failure("%s after %s: the page shows %s, the referee %s" % (
                game, " ".join(moves), fen, ref_fen))
        if result != "none" or ref_result != "none":
            if result != ref_result:
                raise Failure("%s: the page says %s, the referee %s" % (game, result,
                                                                        ref_result))
            return len(moves), time.monotonic() - started
        if tomove != "p1":
            raise Failure("%s: the board is idle with %s to move" % (game, tomove))
        if len(moves) >= cap:
            raise Failure("%s did not end within %d plies (moves: %s)" % (
                game, cap, " ".join(moves)))
        if not illegal_checked and len(moves) >= 2:
            check_illegal_click(page, entries, fen, ply)
            illegal_checked = True
            checks.append("%s: an illegal click is refused" % game)
        move, ops, flags = choose(entries, rng, game, True)
        page.driver.execute_script(
            "window.__t = {click: null, shown: null, ply: document.getElementById('board')"
            ".dataset.ply};"
            "if (!window.__hooked) { window.__hooked = true; document.addEventListener("
            "'click', () => { window.__t.click = performance.now(); }, {capture: true}); }"
            "new MutationObserver((list, obs) => { const b = document.getElementById('board');"
            " if (Number(b.dataset.ply) >= Number(window.__t.ply) + 2 && b.dataset.tomove"
            " !== 'none') { window.__t.shown = performance.now(); obs.disconnect(); } })"
            ".observe(document.getElementById('board'), {attributes: true});")
        click_move(page, ops)
        # The time from the click that completes the move (the last one) to the engine's
        # move drawn on the page.
        page.wait(lambda f, r, b, t, p, m: int(p) > int(ply), "the move %s to be played" % move)
        if game == "crossings":
            page.wait(lambda f, r, b, t, p, m: b == "false", "the engine's reply")
            t = page.driver.execute_script("return window.__t;")
            if t["click"] is not None and t["shown"] is not None:
                timings.append(t["shown"] - t["click"])


def check_illegal_click(page, entries, fen, ply):
    """A click on a square where no legal move starts is refused on the page; a move the
    referee refuses, sent straight to the API, changes nothing."""
    starts = {ops[0][1] for _, ops, _ in entries if ops}
    squares = page.driver.execute_script(
        "return [...document.querySelectorAll('[data-square]')].map(e => e.dataset.square);")
    bad = next((s for s in squares if s not in starts), None)
    if bad is not None:
        page.click_square(bad)
        after = page.wait(lambda f, r, b, t, p, m: "no legal move" in m, "the refusal message")
        if after[0] != fen or after[4] != ply:
            raise Failure("an illegal click changed the board")
    reply = page.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/api/move', {method: 'POST', headers: {'Content-Type': 'application/json'},"
        " body: JSON.stringify({session: S.session, move: 'a1\\nquit'})})"
        ".then(r => r.json()).then(done, e => done({error: String(e)}));")
    if reply.get("ok") or "single token" not in reply.get("error", ""):
        raise Failure("a move with a line break was not refused: %s" % reply)
    reply = page.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/api/move', {method: 'POST', headers: {'Content-Type': 'application/json'},"
        " body: JSON.stringify({session: S.session, move: 'z99'})})"
        ".then(r => r.json()).then(done, e => done({error: String(e)}));")
    if reply.get("ok") or "illegal move" not in reply.get("error", ""):
        raise Failure("an illegal move was not refused: %s" % reply)
    attrs = page.idle()
    if attrs[0] != fen or attrs[4] != ply:
        raise Failure("a refused move changed the board")


def click_move(page, ops):
    """Clicks the squares of a move whose effects are `ops` (the pass button if none)."""
    if not ops:
        page.driver.find_element("id", "pass").click()
        return
    first = ops[0]
    for square in [first[1]] if first[0] != "move" else [first[1], first[2]]:
        page.click_square(square)


def check_levels(page, referee, checks):
    """Against the engine as player 1: only player 2's level chooser shows, with the engine's
    levels and full strength; level 0 chosen reaches the server, a move is answered by the
    engine, and the evaluation bar then holds player 1's expected score (0..1000)."""
    new_game(page, "crossings", "8x8", 20)
    choosers = page.driver.execute_script(
        "return [...document.querySelectorAll('select[data-role=level]')].map(s =>"
        " [s.dataset.side, s.closest('label').hidden, [...s.options].map(o => o.value),"
        " s.value]);")
    shown = {side: (values, value) for side, hidden, values, value in choosers if not hidden}
    if set(shown) != {"p2"} or shown["p2"][0] != [str(n) for n in range(21)] or \
            shown["p2"][1] != "20":
        raise Failure("the level choosers against the engine as player 2: %s" % choosers)
    page.select_css("select[data-role=level][data-side=p2]", "0")
    state = None
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        state = page.api("state")
        if state.get("levels", {}).get("p2") == 0:
            break
        time.sleep(0.05)
    else:
        raise Failure("the chosen level did not reach the server: %s" % state.get("levels"))
    _, _, entries = referee.state([])
    click_move(page, entries[0][1])
    page.wait(lambda f, r, b, t, p, m: p == "2" and b == "false", "the engine's reply at level 0")
    value = page.driver.find_element("id", "eval").get_attribute("data-eval")
    if not value or not 0 <= int(value) <= 1000:
        raise Failure("the evaluation bar's data-eval after an engine move: %r" % value)
    checks.append("the level chooser offers 21 levels; at level 0 the engine answers a move; "
                  "the evaluation bar then shows data-eval %s (%s)" % (
                      value, page.driver.find_element("id", "eval-text").text))


def check_records(page, tablero, tmp, checks):
    """Save: the record passes match.py replay and loads back; bad records are refused."""
    fen, result, _, _, ply, _ = page.idle()
    page.driver.find_element("id", "save").click()
    page.wait(lambda *a: page.driver.find_element("id", "record").get_attribute("value"),
              "the saved record")
    text = page.driver.find_element("id", "record").get_attribute("value")
    saved = tmp / "saved.jsonl"
    saved.write_text(text)
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "match.py"), "replay",
                           str(saved), "--referee", tablero, "--log-dir", str(tmp / "logs")],
                          capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        raise Failure("match.py replay refused the board's record:\n%s%s" % (done.stdout,
                                                                               done.stderr))
    checks.append("a saved record passes match.py replay (%s)" % done.stdout.strip())
    record = json.loads(text)
    bad_json = tmp / "bad.jsonl"
    bad_json.write_text("{this is not json\n")
    tampered = dict(record, moves=record["moves"] + [{"move": "a1", "ms": 0}] * 3)
    bad_move = tmp / "illegal.jsonl"
    bad_move.write_text(json.dumps(tampered) + "\n")
    for path, expect in ((bad_json, "not JSON"), (bad_move, "refused")):
        page.driver.execute_script("document.getElementById('message').textContent = '';")
        page.load_record(path)
        attrs = page.wait(lambda f, r, b, t, p, m: expect in m, "the record's refusal (%s)"
                          % expect)
        if attrs[0] != fen or attrs[1] != result or attrs[4] != ply:
            raise Failure("a bad record changed the board")
    checks.append("a record that is not JSON and one with illegal moves are refused")
    # Load the good record into a fresh game: the same final position.
    new_game(page, "crossjack", "3x3", 20, mode="pvp")
    page.load_record(saved)
    attrs = page.wait(lambda f, r, b, t, p, m: p == ply and b == "false", "the loaded record")
    if attrs[0] != fen or attrs[1] != result:
        raise Failure("the loaded record shows %s %s, saved %s %s" % (attrs[0], attrs[1], fen,
                                                                      result))
    checks.append("the saved record loads back to the same position and result")


def small_screenshot(driver, path, scale=0.62):
    """The window scaled down (a PNG of a few tens of KB, for the README)."""
    import base64
    size = driver.execute_script("return [window.innerWidth, window.innerHeight];")
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "clip": {"x": 0, "y": 0, "width": size[0], "height": size[1],
                                  "scale": scale}})
    Path(path).write_bytes(base64.b64decode(shot["data"]))


def run(args):
    found, why = find_browser()
    if not found:
        if os.environ.get("CI"):
            print("FAILED: CI is set and %s" % why)
            return 1
        print("SKIPPED: %s (set CI=true to make this a failure)" % why)
        return 0
    chromium, chromedriver = found
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    tablero = str(Path(args.tablero).resolve())
    tmp = Path(tempfile.mkdtemp(prefix="board-test-"))
    server = subprocess.Popen(
        [sys.executable, str(REPO / "scripts" / "board.py"), "--port", "0", "--engine", tablero,
         "--referee", tablero, "--max-sessions", "2", "--engine-log", str(tmp / "engine.log")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    driver = referee = None
    started = time.monotonic()
    try:
        # The browser starts while the server starts (it prints its address when ready).
        options = webdriver.ChromeOptions()
        options.binary_location = chromium
        for flag in CHROMIUM_FLAGS + ["--user-data-dir=%s" % (tmp / "profile")]:
            options.add_argument(flag)
        driver = webdriver.Chrome(options=options, service=Service(chromedriver))
        driver.set_script_timeout(20)
        line = server.stdout.readline()
        if "http://" not in line:
            raise Failure("board.py did not start: %s %s" % (line, server.stderr.read()))
        url = line.split()[2]
        driver.get(url)
        page = Page(driver, url)
        page.idle()
        referee = Referee(tablero)
        rng = random.Random(args.seed)
        checks, timings = [], []
        shots = Path(args.screenshots) if args.screenshots else None
        if shots:
            shots.mkdir(parents=True, exist_ok=True)
        for game, size, movetime, cap in GAMES:
            plies, seconds = play_game(page, referee, game, size, movetime, cap, rng, timings,
                                       checks)
            fen, result = page.board("fen"), page.board("result")
            end = driver.find_element("css selector", "[data-role=result]").text
            print("%s %s: %d plies by clicks in %.1f s, %s; page and referee agree: %s, %s"
                  % (game, size, plies, seconds, end, fen, result), flush=True)
            driver.execute_script("window.scrollTo(0, 0);")
            driver.save_screenshot(str(tmp / ("%s.png" % game)))
            if shots:
                small_screenshot(driver, shots / ("%s.png" % game))
            if game == "crossjack":
                check_records(page, tablero, tmp, checks)
        check_levels(page, referee, checks)
        for check in checks:
            print("ok: " + check)
        if timings:
            print("click to the engine's move on the page (movetime 100, Crossings, %d moves): "
                  "median %.0f ms, min %.0f ms, max %.0f ms" % (
                      len(timings), statistics.median(timings), min(timings), max(timings)))
        print("screenshots in %s" % (shots or tmp))
        print("browser test: %.1f s" % (time.monotonic() - started))
        print("1 passed, 0 failed")
        return 0
    except Exception as e:
        if isinstance(e, Failure):
            print("FAILED: %s" % e)
        else:
            import traceback
            print("FAILED: %s" % "".join(
                traceback.format_exception(type(e), e, e.__traceback__)))
        if driver is not None:
            try:
                driver.save_screenshot(str(tmp / "failure.png"))
                print("screenshot of the failure: %s" % (tmp / "failure.png"))
                for entry in driver.get_log("browser"):
                    print("browser: %s" % entry)
            except Exception:
                pass
        print("0 passed, 1 failed")
        return 1
    finally:
        if driver is not None:
            driver.quit()
        if referee is not None:
            referee.close()
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
        if not args.keep and not args.screenshots:
            shutil.rmtree(tmp, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tablero", default=os.environ.get("TABLERO") or
                        str(REPO / "target" / "release" / "tablero"),
                        help="tablero binary: engine and both referees (default: $TABLERO, "
                             "else target/release/tablero)")
    parser.add_argument("--screenshots", metavar="DIR",
                        help="also save each game's final screenshot as DIR/<game>.png")
    parser.add_argument("--seed", type=int, default=7, help="seed of the person's moves")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    return run(parser.parse_args())


if __name__ == "__main__":
    sys.exit(main())
