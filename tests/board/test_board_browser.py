#!/usr/bin/env python3
"""scripts/board.py in a real browser: headless Chromium (Debian's chromium and
chromium-driver, PyPI's selenium) plays a whole game of each of the three games by clicking
squares, as a newcomer would: a person against the engine at Level 0 (the level chooser),
after opening "How to play". It checks each game's end against a separate tablero referee
replaying the game's moves (`query fen`, `query result`); the rules panel of each game (shown,
for the selected game, its diagrams' pieces as the referee reads their position strings, `d`);
the status line's words against the referee's `query duty` at every turn and in loaded
positions (place, move, answer a crossing, pass). It also checks that an illegal click and bad
records are refused without harm, that a saved record passes `scripts/match.py replay` and
loads back, that the level chooser offers the engine's levels and a chosen one plays, that the
evaluation bar shows player 1's expected score, and measures the time from a click to the
engine's move on the page (full strength, 100 ms a move). Then: the person's own side at the
bottom and every legal first click marked (data-legal) in both seats of every game; a move by
dragging with the mouse and with a finger; looking back with the arrow keys (data-view, the
status, the highlighted move, the pieces left to place as the referee counts them, the
evaluation bar showing each viewed position's evaluation or none); a phone's viewport
(390 × 844, touch); the hint, resign and draw offers, "move now" and the clock after a flag
(when the server has those requests); and a closed page's session ended. Screenshots of the
page as a player sees it (the rules, a game under way, looking back, the phone) are left in
its temporary directory (kept with --keep or --screenshots).

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
         ("crossings", "8x8", 20, 240)]
TIMED_MOVES = 3   # the person's moves whose reply is timed (full strength, 100 ms a move)
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

    def state(self, moves, fen=None):
        """(fen, result, legal entries [(move, ops, flags)]) after `moves` from the start (or
        from the position string `fen`); its `query duty` is then self.duty."""
        answers = self.client.exchange([position_command(fen, moves), "query fen",
                                        "query result", "query duty", "query moves"])
        if answers[0][0] == ERROR:
            raise Failure("the page's moves are refused by the referee: %s" % answers[0][1])
        fen, result, duty, legal = (text for _, text in answers)
        self.duty = duty.split()[1]
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

    def pieces(self, fen, moves=()):
        """The referee's own reading of the position `fen` (+ `moves`): {square: piece
        letter, "" for an empty square}, from its `d` diagram (rows with their rank first,
        then the file letters)."""
        process = self.client.process
        process.send(position_command(fen, list(moves)), "d", "isready")
        lines = process.read_until(lambda line: line.strip() == "readyok", 10, "readyok")
        errors = [line for line in lines if line.startswith("info string error")]
        if errors:
            raise Failure("the referee refuses %s %s: %s" % (fen, " ".join(moves), errors[0]))
        rows, files = [], None
        for line in lines:
            words = line.split()
            if not words:
                if rows:
                    break
                continue
            if words[0].isdigit():
                rows.append((words[0], words[1:]))
            elif rows and all(w.isalpha() and w.islower() for w in words):
                files = words
        if not rows or files is None:
            raise Failure("the referee's diagram of %s has no board: %s" % (fen, lines))
        return {f + rank: "" if cell == "." else cell
                for rank, cells in rows for f, cell in zip(files, cells)}

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
    def __init__(self, driver, url, tmp=None):
        self.driver, self.url, self.tmp = driver, url, tmp

    def shot(self, name):
        """A screenshot of the window as tmp/<name>.png, to read the page as a player."""
        if self.tmp is not None:
            self.driver.save_screenshot(str(self.tmp / ("%s.png" % name)))

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


def new_game(page, game, size, movetime, mode="pve1", level=None):
    """Starts a new game from the page's controls (the engine's seat at `level` when given,
    chosen in its level chooser) and waits until the person (player 1; in mode pve2 player 2,
    after the engine's first move) is to move, or the board is idle."""
    page.select("game", game)
    page.select("size", size)
    page.select("mode", mode)
    if level is not None:
        page.select_css("select[data-role=level][data-side=%s]" % (
            "p1" if mode == "pve2" else "p2"), str(level))
    page.select("limit-kind", "movetime")
    field = page.driver.find_element("id", "movetime")
    field.clear()
    field.send_keys(str(movetime))
    page.driver.find_element("id", "new").click()
    plies = "1" if mode == "pve2" else "0"
    page.wait(lambda fen, result, busy, tomove, ply, msg: busy == "false" and ply == plies and
              (page.board("game"), page.board("size")) == (game, size), "the new game")


def square_ys(page):
    """Each square's centre's height on the screen (pixels from the page's top)."""
    return page.driver.execute_script(
        "const out = {}; for (const r of document.querySelectorAll('#board [data-square]')) {"
        " const b = r.getBoundingClientRect(); out[r.dataset.square] = b.top + b.height / 2; }"
        " return out;")


def own_rank(state, side):
    """The rank that must be drawn in the lower half for `side` to sit at the bottom, and
    whether it must be low (True) or high (False): its home's first rank (low), else its goal
    (high), else rank 1 (low for player 1, high for player 2)."""
    board = state["board"]
    if board["homes"].get(side):
        return board["homes"][side][0], True
    if board["goals"].get(side) is not None:
        return board["goals"][side], False
    return 1, side == "p1"


def check_orientation_and_markers(page, checks):
    """Every game in both seats against the engine: the person's own side is drawn at the
    bottom (its home rows low, its goal high), and the squares marked data-legal are exactly
    the first clicks of the legal moves (one-click games too)."""
    seen = []
    for game, size in (("crossjack", "4x4"), ("jcshock", "4x4"), ("crossings", "8x8")):
        for mode, side in (("pve1", "p1"), ("pve2", "p2")):
            new_game(page, game, size, 20, mode=mode)
            state = page.api("state")
            if state["board"]["tomove"] != side:
                raise Failure("%s %s: %s is to move, not the person" % (game, mode,
                                                                        state["board"]["tomove"]))
            ys = square_ys(page)
            middle = (max(ys.values()) + min(ys.values())) / 2
            rank, low = own_rank(state, side)
            files = state["board"]["files"]
            row = [ys[f + str(rank)] for f in files]
            if any((y > middle) != low for y in row):
                raise Failure("%s as %s: rank %d is drawn %s, the person's side must be at the "
                              "bottom" % (game, side, rank, "high" if low else "low"))
            firsts = {e["ops"][0][1] for e in state["legal"] if e["ops"]}
            marked = set(page.driver.execute_script(
                "return [...document.querySelectorAll('#board [data-legal]')]"
                ".map(r => r.dataset.square);"))
            if marked != firsts:
                raise Failure("%s as %s: marked %s, the legal first clicks are %s" % (
                    game, side, sorted(marked), sorted(firsts)))
            seen.append("%s %s %d" % (game, side, len(marked)))
    checks.append("own side at the bottom and every legal first click marked, both seats of "
                  "every game (%s)" % ", ".join(seen))


def drag(page, source, target, touch=False):
    """Drags the piece on `source` to `target` with the mouse (or a finger), by the squares'
    places on the screen (the board is drawn anew when a drag starts)."""
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput
    from selenium.webdriver.common.actions import interaction
    centre = lambda sq: page.driver.execute_script(  # noqa: E731
        "const b = document.querySelector('[data-square=\"' + arguments[0] + '\"]')"
        ".getBoundingClientRect(); return [Math.round(b.left + b.width / 2),"
        " Math.round(b.top + b.height / 2)];", sq)
    page.driver.execute_script("document.getElementById('board').scrollIntoView({block: 'center'});")
    (x1, y1), (x2, y2) = centre(source), centre(target)
    kind = interaction.POINTER_TOUCH if touch else interaction.POINTER_MOUSE
    actions = ActionBuilder(page.driver, mouse=PointerInput(kind, "finger" if touch else "mouse"))
    pointer = actions.pointer_action
    pointer.move_to_location(x1, y1).pointer_down()
    for step in range(1, 6):
        pointer.move_to_location(x1 + (x2 - x1) * step // 5, y1 + (y2 - y1) * step // 5)
    pointer.pointer_up()
    actions.perform()


def check_drag(page, referee, checks, touch=False):
    """Crossings against the engine: a stone dragged (with the mouse, or a finger) to a legal
    target plays that move; the engine answers."""
    new_game(page, "crossings", "8x8", 20)
    referee.setup("crossings", "8x8")
    _, _, entries = referee.state([])
    move, ops, _ = next(e for e in entries if len(e[1]) == 1 and e[1][0][0] == "move")
    drag(page, ops[0][1], ops[0][2], touch)
    page.wait(lambda f, r, b, t, p, m: p == "2" and b == "false", "the dragged move %s" % move)
    if page.moves()[0] != move:
        raise Failure("the drag played %s, not %s" % (page.moves()[0], move))
    checks.append("a stone dragged with %s plays its move (%s)" % (
        "a finger" if touch else "the mouse", move))


def check_looking_back(page, referee, checks):
    """After a whole JC Shock game: Home shows the start, Right steps one move on with the
    view marked (data-view, the status, the highlighted move, the view bar) and the pieces
    left to place of the viewed position (the referee's `query board`), End goes back."""
    from selenium.webdriver.common.keys import Keys
    moves = page.moves()
    body = page.driver.find_element("tag name", "body")
    info = lambda: page.driver.execute_script(  # noqa: E731
        "return [document.getElementById('board').dataset.view,"
        " document.getElementById('status').textContent,"
        " (document.querySelector('#moves .current') || {dataset: {}}).dataset.ply || '',"
        " document.getElementById('toplace').textContent,"
        " document.getElementById('view-bar').hidden, document.getElementById('board').dataset.fen];")
    names = page.api("state")["board"]["names"]
    body.send_keys(Keys.HOME)
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_LEFT)
    view, status, current, toplace, bar_hidden, fen = info()
    page.shot("looking-back")
    viewing = status
    if view != "2" or "Viewing move 2 of %d" % len(moves) not in status or current != "2" or \
            bar_hidden:
        raise Failure("looking back at move 2: view %r, status %r, highlighted %r, view bar "
                      "hidden %s" % (view, status, current, bar_hidden))
    ref_fen = referee.state(moves[:2])[0]
    board = referee.client.exchange(["query board"])[0][1]
    left = dict(pair.split(":") for pair in board.split(" toplace ")[1].split()[0].split(","))
    if fen != ref_fen or "%s %s" % (names["p1"], left["p1"]) not in toplace or \
            "%s %s" % (names["p2"], left["p2"]) not in toplace:
        raise Failure("at move 2 the page shows %s (%s), the referee %s (toplace %s)" % (
            fen, toplace, ref_fen, left))
    # The evaluation bar shows the viewed position's evaluation when the session has one
    # (the engine searched the positions where it was to move), else none.
    evaluations = page.api("state")["evaluations"]
    bars = []
    for ply in range(1, min(6, len(moves))):
        page.driver.find_element("css selector", '#moves [data-ply="%d"]' % ply).click()
        value, at, text = page.driver.execute_script(
            "const e = document.getElementById('eval');"
            " return [e.dataset.eval, e.dataset.evalPly, document.getElementById('eval-text').textContent];")
        known = evaluations[ply] and evaluations[ply].get("eval") is not None
        if (known and (value, at) != (str(evaluations[ply]["eval"]), str(ply))) or \
                (not known and (value != "" or at != "" or "no evaluation" not in text)):
            raise Failure("looking back at move %d: the bar shows %r (ply %r, %r), the "
                          "session's evaluation there is %s" % (ply, value, at, text,
                                                                 evaluations[ply]))
        bars.append("%d: %s" % (ply, value or text))
    if not any(e and e.get("eval") is not None for e in evaluations[1:6]) or \
            all(e and e.get("eval") is not None for e in evaluations[1:6]):
        raise Failure("the first moves' evaluations are all known or all unknown: %s" %
                      evaluations[1:6])
    body.send_keys(Keys.END)
    view, status, current, _, bar_hidden, _ = info()
    if view != "" or "Viewing" in status or current != str(len(moves)) or not bar_hidden:
        raise Failure("End did not return to the game: %r %r %r" % (view, status, current))
    checks.append("looking back with the keys: move 2 of %d marked (%s), left to place as the "
                  "referee counts (%s); the evaluation bar of each viewed move (%s)" % (
                      len(moves), viewing, toplace, ", ".join(bars)))


def check_phone(page, referee, checks, shots):
    """A phone's viewport (390 × 844, touch): nothing wider than the screen, the board as wide
    as the screen, and a move played by a finger's drag."""
    driver = page.driver
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True,
                                                                  "maxTouchPoints": 5})
    try:
        check_drag(page, referee, checks, touch=True)
        width, scroll, board = driver.execute_script(
            "return [window.innerWidth, document.documentElement.scrollWidth,"
            " document.querySelector('#board svg').getBoundingClientRect().width];")
        if scroll > width or board < width * 0.85:
            raise Failure("at 390 px: the page is %d px wide, the board %d px" % (scroll, board))
        if shots:
            driver.execute_script("window.scrollTo(0, 0);")
            driver.save_screenshot(str(shots / "phone.png"))
            click(page, "rules-button")
            page.wait(lambda *a: driver.execute_script(
                "return !!document.querySelector('[data-role=rules] figure');"), "the rules")
            driver.execute_script("document.getElementById('rules').scrollIntoView();")
            driver.save_screenshot(str(shots / "phone-rules.png"))
            click(page, "rules-button")
        checks.append("a phone's viewport (390 × 844): the page fits (%d px), the board is %d px "
                      "wide" % (scroll, board))
    finally:
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def play_game(page, referee, game, size, movetime, cap, rng, checks):
    """Plays one game by clicks as player 1 against the engine at level 0, as a newcomer
    would after reading how to play; returns (plies, seconds). The status line's words are
    checked against the referee's duty at every turn."""
    started = time.monotonic()
    new_game(page, game, size, movetime, level=0)
    state = page.api("state")
    chosen = page.driver.execute_script(
        "const s = document.querySelector('select[data-role=level][data-side=p2]');"
        " return s.options[s.selectedIndex].text;")
    if state["levels"]["p2"] != 0 or not chosen.startswith("Level 0: beginner"):
        raise Failure("%s: the engine's level is %s (%r), not level 0" % (
            game, state["levels"]["p2"], chosen))
    check_rules(page, referee, game, checks)
    referee.setup(game, size)
    illegal_checked = False
    duties = set()
    while True:
        fen, result, busy, tomove, ply, _ = page.idle()
        moves = page.moves()
        if len(moves) != int(ply):
            raise Failure("the move list has %d moves, data-ply says %s" % (len(moves), ply))
        ref_fen, ref_result, entries = referee.state(moves)
        if fen != ref_fen:
            raise Failure("%s after %s: the page shows %s, the referee %s" % (
                game, " ".join(moves), fen, ref_fen))
        duties.add(check_status(page, referee.duty, entries, "%s after %d moves" % (
            game, len(moves))))
        if result != "none":
            checks.append("%s against level 0: the status line's words agree with the "
                          "referee's duty at every turn (%s)" % (
                              game, ", ".join(sorted(d for d in duties if d))))
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
        if len(moves) == 4:
            page.shot("play-" + game)
        move, ops, flags = choose(entries, rng, game, True)
        click_move(page, ops)
        page.wait(lambda f, r, b, t, p, m: int(p) > int(ply), "the move %s to be played" % move)


def timed_move(page, ops):
    """Plays the person's move `ops` by clicks and waits for the engine's reply; the time
    from the click that completes the move (the last one) to the engine's move drawn on the
    page, in ms (None if not measured)."""
    page.driver.execute_script(
        "window.__t = {click: null, shown: null, ply: document.getElementById('board')"
        ".dataset.ply};"
        "if (!window.__hooked) { window.__hooked = true; document.addEventListener("
        "'click', () => { window.__t.click = performance.now(); }, {capture: true}); }"
        "new MutationObserver((list, obs) => { const b = document.getElementById('board');"
        " if (Number(b.dataset.ply) >= Number(window.__t.ply) + 2 && b.dataset.tomove"
        " !== 'none') { window.__t.shown = performance.now(); obs.disconnect(); } })"
        ".observe(document.getElementById('board'), {attributes: true});")
    ply = int(page.board("ply"))
    click_move(page, ops)
    page.wait(lambda f, r, b, t, p, m: int(p) >= ply + 2 and b == "false", "the engine's reply")
    t = page.driver.execute_script("return window.__t;")
    if t["click"] is not None and t["shown"] is not None:
        return t["shown"] - t["click"]
    return None


def duty_words(duty, entries):
    """The words the status line must use for the referee's `duty` and the legal moves:
    place (every legal move places), move, answer the crossing, pass; None at the end."""
    if duty == "none":
        return None
    if duty == "counter-crossing":
        return "answer the crossing"
    if duty == "pass":
        return "pass"
    if entries and all(ops and ops[0][0] == "place" for _, ops, _ in entries):
        return "place"
    return "move"


def check_status(page, duty, entries, where):
    """The status line (data-role=status) of the game's position: its data-duty is the
    referee's `duty` and its text says what to do in those words; the words, or None."""
    text, shown = page.driver.execute_script(
        "const s = document.querySelector('[data-role=status]');"
        " return [s.textContent, s.dataset.duty];")
    words = duty_words(duty, entries)
    if shown != duty or (words and words not in text.lower()):
        raise Failure("%s: the status line says %r (data-duty %r); the referee's duty is %s, "
                      "so it must say %r" % (where, text, shown, duty, words))
    return words


def check_rules(page, referee, game, checks):
    """"How to play" shows the rules panel (data-role=rules) of the selected game with its
    diagrams (figures with data-fen); every diagram's drawn pieces, and those after its move,
    are the referee's reading of its position string. The panel is closed again."""
    driver = page.driver
    click(page, "rules-button")
    panel = driver.find_element("css selector", "[data-role=rules]")
    end = time.monotonic() + WAIT
    while not driver.execute_script(
            "const p = document.querySelector('[data-role=rules]');"
            " return !p.hidden && !!p.querySelector('.lessons figure[data-fen]') &&"
            " p.querySelector('.lessons').dataset.game === arguments[0];", game):
        if time.monotonic() > end:
            raise Failure("%s: the rules panel did not show the game's lesson: %r" % (
                game, panel.text[:200]))
        time.sleep(0.05)
    if not panel.is_displayed():
        raise Failure("%s: the rules panel is hidden" % game)
    title, figures = driver.execute_script(
        "const p = document.querySelector('[data-role=rules]');"
        " return [p.querySelector('h2').textContent,"
        " [...p.querySelectorAll('figure[data-fen]')].map(f => ({fen: f.dataset.fen,"
        "  move: f.dataset.move || null, boards: [...f.querySelectorAll('.lesson-board')]"
        "  .map(b => Object.fromEntries([...b.querySelectorAll('[data-square]')].map(q =>"
        "   [q.dataset.square, (q.querySelector('[data-piece]') || {dataset: {}}).dataset.piece"
        "    || '']))) }))];")
    if "How to play" not in title or game not in page.board("game"):
        raise Failure("%s: the rules panel is titled %r" % (game, title))
    selected = None
    for figure in figures:
        drawn = figure["boards"]
        squares = list(drawn[0])
        files = sorted({sq.rstrip("0123456789") for sq in squares})
        ranks = {sq[len(sq.rstrip("0123456789")):] for sq in squares}
        size = "%dx%d" % (len(files), len(ranks))
        if selected != size:
            referee.setup(game, size)
            selected = size
        positions = [(figure["fen"], [])]
        if figure["move"]:
            positions.append((figure["fen"], [figure["move"]]))
        if len(drawn) != len(positions):
            raise Failure("%s: the diagram of %s %s draws %d boards" % (
                game, figure["fen"], figure["move"] or "", len(drawn)))
        for board, (fen, moves) in zip(drawn, positions):
            read = referee.pieces(fen, moves)
            if board != read:
                wrong = sorted(sq for sq in set(board) | set(read)
                               if board.get(sq) != read.get(sq))
                raise Failure("%s: the diagram of %s %s draws %s, the referee reads %s" % (
                    game, fen, " ".join(moves), {sq: board.get(sq) for sq in wrong},
                    {sq: read.get(sq) for sq in wrong}))
    page.shot("rules-" + game)
    click(page, "rules-button")
    checks.append("%s: How to play shows %r with %d diagrams whose pieces are the referee's "
                  "reading of their positions" % (game, title, len(figures)))


def check_duty_positions(page, referee, tmp, checks):
    """Positions loaded from records (person against person): the status line says what the
    side to move must do, in the referee's duty's words: Cross-Jack's set-up and ticks (place),
    JC Shock (place), Crossings (move, answer a crossing, pass)."""
    positions = [("crossjack", "4x4", None), ("crossjack", "4x4", "x2x/4/4/o2o x"),
                 ("jcshock", "4x4", None), ("crossings", "8x8", None),
                 ("crossings", "8x8", "6r1/8/8/8/8/8/1b6/r7 b"),
                 ("crossings", "8x8", "8/8/8/6bb/6br/6bb/8/8 r")]
    new_game(page, "crossjack", "4x4", 20, mode="pvp")
    seen = []
    for i, (game, size, fen) in enumerate(positions):
        referee.setup(game, size)
        if fen is None:
            fen = referee.state([])[0]
        ref_fen, _, entries = referee.state([], fen)
        record = {"match": {"game": game, "size": size}, "opening": {"fen": fen, "moves": []},
                  "moves": [], "result": "none", "reason": "unfinished"}
        path = tmp / ("duty%d.jsonl" % i)
        path.write_text(json.dumps(record) + "\n")
        page.load_record(path)
        page.wait(lambda f, r, b, t, p, m: f == ref_fen and b == "false",
                  "the loaded position %s" % fen)
        words = check_status(page, referee.duty, entries, "%s %s" % (game, fen))
        seen.append("%s %s: %s" % (game, referee.duty, words))
    checks.append("the status line says what to do as the referee's duty asks (%s)" %
                  "; ".join(seen))


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


def check_levels(page, referee, checks, timings):
    """Against the engine as player 1: only player 2's level chooser shows, with the engine's
    levels and full strength, at the level the games were played at (0); full strength chosen
    reaches the server, the engine answers moves at the page's default time (100 ms a move),
    the time from the click to its move on the page is measured, and the evaluation bar then
    holds player 1's expected score (0..1000)."""
    new_game(page, "crossings", "8x8", 100)
    choosers = page.driver.execute_script(
        "return [...document.querySelectorAll('select[data-role=level]')].map(s =>"
        " [s.dataset.side, s.closest('label').hidden, [...s.options].map(o => o.value),"
        " s.value]);")
    shown = {side: (values, value) for side, hidden, values, value in choosers if not hidden}
    if set(shown) != {"p2"} or shown["p2"][0] != [str(n) for n in range(21)] or \
            shown["p2"][1] != "0":
        raise Failure("the level choosers against the engine as player 2: %s" % choosers)
    page.select_css("select[data-role=level][data-side=p2]", "20")
    state = None
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        state = page.api("state")
        if state.get("levels", {}).get("p2") == 20:
            break
        time.sleep(0.05)
    else:
        raise Failure("the chosen level did not reach the server: %s" % state.get("levels"))
    moves = []
    for _ in range(TIMED_MOVES):
        _, result, entries = referee.state(moves)
        if result != "none":
            break
        move, ops, _ = entries[0]
        took = timed_move(page, ops)
        if took is not None:
            timings.append(took)
        moves = page.moves()
    value = page.driver.find_element("id", "eval").get_attribute("data-eval")
    if not value or not 0 <= int(value) <= 1000:
        raise Failure("the evaluation bar's data-eval after an engine move: %r" % value)
    checks.append("the level chooser offers 21 levels and keeps level 0; at full strength the "
                  "engine answers %d moves; the evaluation bar then shows data-eval %s (%s)" % (
                      len(moves) // 2, value, page.driver.find_element("id", "eval-text").text))


def supports(page, name):
    """Whether the board's server knows the request `name` (an older one answers 'unknown
    request')."""
    return "unknown request" not in page.api(name).get("error", "")


def click(page, element_id):
    page.driver.find_element("id", element_id).click()


def check_hint_resign_draw(page, checks):
    """Cross-Jack against the engine: the hint marks its move (data-hint) without playing it;
    a draw offer gets the engine's answer; resign (two presses) ends the game with the banner
    saying so. Person against person: a draw offer is agreed."""
    new_game(page, "crossjack", "4x4", 20)
    click(page, "hint")
    page.wait(lambda *a: page.driver.find_elements("css selector", "#board [data-hint]"),
              "the hint's marks")
    state = page.api("state")
    hint = state.get("hint") or {}
    if page.board("ply") != "0" or hint.get("move") not in [e["move"] for e in state["legal"]]:
        raise Failure("the hint %s was played or is not legal" % hint)
    text = page.driver.find_element("id", "hint-text").text
    click(page, "resign")
    click(page, "resign")
    page.wait(lambda f, r, b, t, p, m: r == "p2win", "the resignation")
    banner = page.driver.find_element("css selector", "[data-role=result]").text
    if "resigned" not in banner:
        raise Failure("the result banner after resigning: %r" % banner)
    new_game(page, "crossjack", "4x4", 20)
    click(page, "draw")
    page.wait(lambda f, r, b, t, p, m: "draw" in m, "the engine's answer")
    answer = page.driver.find_element("id", "message").text
    new_game(page, "crossjack", "4x4", 20, mode="pvp")
    click(page, "draw")
    page.wait(lambda f, r, b, t, p, m: r == "draw", "the agreed draw")
    banner = page.driver.find_element("css selector", "[data-role=result]").text
    if "agreed" not in banner:
        raise Failure("the result banner after an agreed draw: %r" % banner)
    checks.append("the hint is shown, not played (%s); a draw offer is answered (%s); resign "
                  "and an agreed draw end the game with the banner saying so" % (text, answer))


def check_move_now(page, checks):
    """At 4 s a move, "move now" 0.5 s into the engine's search gets its move at once."""
    new_game(page, "crossings", "8x8", 4000)
    page.select_css("select[data-role=level][data-side=p2]", "20")   # full strength
    state = page.api("state")
    first = next(e for e in state["legal"] if e["ops"])
    for square in ([first["ops"][0][1], first["ops"][0][2]]):
        page.click_square(square)
    page.wait(lambda f, r, b, t, p, m: p == "1", "the person's move")
    end = time.monotonic() + WAIT
    while page.api("state").get("searching") != "move":
        if time.monotonic() > end:
            raise Failure("the engine did not start its move")
        time.sleep(0.05)
    time.sleep(0.5)
    pressed = time.monotonic()
    click(page, "engine-move")
    page.wait(lambda f, r, b, t, p, m: p == "2", "the engine's move after move now")
    took = time.monotonic() - pressed
    if took > 2.0:
        raise Failure("move now took %.2f s at 4 s a move" % took)
    checks.append("move now at 4 s a move: the engine's move %.2f s after the press" % took)


def check_flag(page, checks):
    """A person's clock (3 s + 0) runs out: the game is lost on time and the clock stays at
    zero (it never jumps back)."""
    page.select("mode", "pve1")
    page.select("limit-kind", "tc")
    for element_id, value in (("tc-base", "0.05"), ("tc-inc", "0")):
        field = page.driver.find_element("id", element_id)
        field.clear()
        field.send_keys(value)
    page.select("game", "crossjack")
    page.select("size", "4x4")
    click(page, "new")
    page.wait(lambda f, r, b, t, p, m: b == "false" and p == "0" and page.board("game") ==
              "crossjack", "the new game")
    # The clocks run from the first move: one move each, then the person's time runs out.
    page.click_square(page.api("state")["legal"][0]["ops"][0][1])
    page.wait(lambda f, r, b, t, p, m: r == "p2win", "the time forfeit", timeout=15)
    clock = lambda: page.driver.find_element("id", "clock-bottom").text  # noqa: E731
    first = clock()
    time.sleep(1.0)
    later = clock()
    if not first.endswith("0:00.0") or later != first:
        raise Failure("the flagged clock shows %r, then %r" % (first, later))
    page.select("limit-kind", "movetime")
    checks.append("after a flag the clock stays at %s" % first)


def check_closed_page(page, checks):
    """A page that goes away (pagehide) closes its session: the old session is gone."""
    old = page.driver.execute_script("return S.session;")
    page.driver.get("about:blank")
    page.driver.get(page.url)
    end = time.monotonic() + WAIT
    while not page.driver.execute_script("return !!document.getElementById('board');"):
        if time.monotonic() > end:
            raise Failure("the page did not load again")
        time.sleep(0.05)
    page.idle()
    end = time.monotonic() + 5
    while True:
        reply = page.api("state", session=old)
        if reply.get("gone") or "no such session" in reply.get("error", ""):
            break
        if time.monotonic() > end:
            raise Failure("the closed page's session still answers: %s" % reply)
        time.sleep(0.1)
    checks.append("a page that goes away closes its session (%s)" % reply.get("error"))


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


# Reduces a PNG screenshot (base64, arguments[0]) to at most 256 colours in the page:
# the most frequent colours, every pixel drawn in the nearest of them. Answers [width, height,
# the palette's RGB bytes, a palette index per pixel] (bytes as base64).
QUANTIZE = """
const done = arguments[arguments.length - 1];
const bytes = Uint8Array.from(atob(arguments[0]), (c) => c.charCodeAt(0));
createImageBitmap(new Blob([bytes], {type: "image/png"})).then((bitmap) => {
  const w = bitmap.width, h = bitmap.height;
  const canvas = document.createElement("canvas");
  canvas.width = w; canvas.height = h;
  const ctx = canvas.getContext("2d");
  ctx.drawImage(bitmap, 0, 0);
  const data = ctx.getImageData(0, 0, w, h).data;
  const counts = new Map();
  for (let i = 0; i < data.length; i += 4) {
    const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  const palette = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 256).map((e) => e[0]);
  const nearest = new Map(palette.map((key, i) => [key, i]));
  const index = new Uint8Array(w * h);
  for (let p = 0; p < w * h; p++) {
    const r = data[4 * p], g = data[4 * p + 1], b = data[4 * p + 2];
    const key = (r << 16) | (g << 8) | b;
    let best = nearest.get(key);
    if (best === undefined) {
      let bestD = Infinity;
      palette.forEach((c, i) => {
        const dr = (c >> 16) - r, dg = ((c >> 8) & 255) - g, db = (c & 255) - b;
        const d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
        if (d < bestD) { bestD = d; best = i; }
      });
      nearest.set(key, best);
    }
    index[p] = best;
  }
  const rgb = new Uint8Array(palette.length * 3);
  palette.forEach((c, i) => { rgb[3 * i] = c >> 16; rgb[3 * i + 1] = (c >> 8) & 255; rgb[3 * i + 2] = c & 255; });
  const b64 = (array) => {
    let text = "";
    for (let i = 0; i < array.length; i += 32768) text += String.fromCharCode.apply(null, array.subarray(i, i + 32768));
    return btoa(text);
  };
  done([w, h, b64(rgb), b64(index)]);
}, (e) => done(String(e)));
"""


def palette_png(width, height, rgb, index):
    """A PNG of `width` × `height` palette indices (`index`, a byte each, rows top down) and
    the palette `rgb` (3 bytes a colour)."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + \
            struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    rows = b"".join(b"\0" + index[y * width:(y + 1) * width] for y in range(height))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3,
                                                              0, 0, 0)) + \
        chunk(b"PLTE", rgb) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def small_screenshot(driver, path, scale=0.62):
    """The window scaled down and reduced to 256 colours by the browser itself (a palette
    PNG of a few tens of KB, for the README)."""
    import base64
    size = driver.execute_script("return [window.innerWidth, window.innerHeight];")
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "clip": {"x": 0, "y": 0, "width": size[0], "height": size[1],
                                  "scale": scale}})
    answer = driver.execute_async_script(QUANTIZE, shot["data"])
    if not isinstance(answer, list):
        raise Failure("the screenshot could not be reduced: %s" % answer)
    width, height, rgb, index = answer
    Path(path).write_bytes(palette_png(width, height, base64.b64decode(rgb),
                                       base64.b64decode(index)))


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
        page = Page(driver, url, tmp)
        page.idle()
        referee = Referee(tablero)
        checks, timings = [], []
        shots = Path(args.screenshots) if args.screenshots else None
        if shots:
            shots.mkdir(parents=True, exist_ok=True)
        for game, size, movetime, cap in GAMES:
            # Each game's own random moves: a game does not depend on those before it.
            rng = random.Random("%s-%d" % (game, args.seed))
            plies, seconds = play_game(page, referee, game, size, movetime, cap, rng, checks)
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
            if game == "jcshock":
                check_looking_back(page, referee, checks)
        sections = [("levels and the click-to-move time", lambda: (
            referee.setup("crossings", "8x8"), check_levels(page, referee, checks, timings))),
            ("orientation and markers", lambda: check_orientation_and_markers(page, checks)),
            ("drag", lambda: check_drag(page, referee, checks)),
            ("phone", lambda: check_phone(page, referee, checks, tmp)),
            ("status words", lambda: check_duty_positions(page, referee, tmp, checks))]
        if "delay" in page.api("state"):
            sections += [("hint, resign, draw", lambda: check_hint_resign_draw(page, checks)),
                         ("move now", lambda: check_move_now(page, checks)),
                         ("flag", lambda: check_flag(page, checks))]
        else:
            print("skipped: hint, resign, draw, move now and the flagged clock (the server "
                  "has no such requests)")
        sections.append(("closed page", lambda: check_closed_page(page, checks)))
        spent = ["the games and their checks %.1f s" % (time.monotonic() - started)]
        for name, section in sections:
            begun = time.monotonic()
            section()
            spent.append("%s %.1f s" % (name, time.monotonic() - begun))
        for check in checks:
            print("ok: " + check)
        if timings:
            print("click to the engine's move on the page (full strength, movetime 100, "
                  "Crossings, %d moves): "
                  "median %.0f ms, min %.0f ms, max %.0f ms" % (
                      len(timings), statistics.median(timings), min(timings), max(timings)))
        if shots or args.keep:
            print("screenshots in %s" % tmp + (" and %s" % shots if shots else ""))
        print("browser test: %.1f s (%s)" % (time.monotonic() - started, ", ".join(spent)))
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
                        help="also save each game's final screenshot, small (a 256-colour "
                             "PNG), as DIR/<game>.png: the README's pictures")
    parser.add_argument("--seed", type=int, default=7, help="seed of the person's moves")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    return run(parser.parse_args())


if __name__ == "__main__":
    sys.exit(main())
