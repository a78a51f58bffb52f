// tablero board: a rules-free page. It draws what the server's state says (the referee's
// `query board`, the position string, every legal move with its `query effects`), offers
// exactly those moves as clicks, and animates their effects. No framework, no build step.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const SQ = 60;          // square size in SVG units
const PAD = 26;         // room for rank numbers left and right
const PADV = 42;        // room for file letters and labels above and below
const ANIM_MS = 230;    // slide / fade time

const S = {
  session: null, state: null, version: -1, seq: 0,
  view: null,           // ply shown (null: the game's position)
  bottom: "p1",         // the player drawn at the bottom (the person's side against the engine)
  flipped: false,       // derived from `bottom` and the board's homes and goals at each drawing
  selected: [], preview: null, animating: 0, requests: 0,
  lines: new Map(), polling: false, paused: false, clockBase: null,
  drag: null,           // a piece being dragged: {from, pointer, x0, y0, moved}
  suppressClick: false, // the click that ends a drag is not a click on its square
};

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- server requests

async function api(name, data = {}) {
  S.requests++;
  markBusy();
  try {
    const body = Object.assign({}, data);
    if (S.session && name !== "open") body.session = S.session;
    const response = await fetch("/api/" + name, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body), keepalive: name === "close",
    });
    let reply;
    try { reply = await response.json(); } catch (e) { reply = { ok: false, error: "bad answer from the server" }; }
    if (!reply.ok) {
      const error = new Error(reply.error || ("HTTP " + response.status));
      error.reply = reply;
      error.status = response.status;
      throw error;
    }
    return reply;
  } finally {
    S.requests--;
    markBusy();
  }
}

function say(text, kind) {
  const el = $("message");
  el.textContent = text || "";
  el.className = kind || "";
}

async function act(name, data) {
  // A request whose refusal is shown on the page; a gone session is reopened by "new game".
  try {
    const reply = await api(name, data);
    say("");
    return reply;
  } catch (e) {
    if (e.reply && e.reply.gone) S.session = null;
    say(e.message);
    return null;
  }
}

// ---------------------------------------------------------------- start

async function openSession() {
  const params = { players: playersOf($("mode").value), limits: limitsOf(), delay: delayOf() };
  if (S.state) { params.game = $("game").value; params.size = $("size").value; }
  const levels = levelsOf();
  if (levels) params.levels = levels;
  for (;;) {
    try {
      const reply = await api("open", params);
      S.session = reply.session;
      S.version = -1;
      S.seq = 0;
      say("");
      return reply;
    } catch (e) {
      if (e.reply && e.reply.busy) {
        $("status").textContent = "waiting";
        say(e.message + " — trying again in 3 s", "info");
        await sleep(3000);
        continue;
      }
      say(e.message);
      $("status").textContent = "no session";
      return null;
    }
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function start() {
  window.addEventListener("resize", fitBoard);
  bindControls();
  bindBoardPointer();
  bindKeys();
  const reply = await openSession();
  if (!reply) return;
  fillGameControls(reply, true);
  setState(reply, null);
  pollLoop();
  setInterval(tickClocks, 200);
  // A page that goes away closes its session (and its engines) at once; one killed without a
  // pagehide is closed by the server once its polls stop (the poll is the heartbeat).
  window.addEventListener("pagehide", () => {
    if (!S.session) return;
    const body = JSON.stringify({ session: S.session });
    if (!(navigator.sendBeacon && navigator.sendBeacon("/api/close", body))) api("close");
  });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) pollLoop(); });
}

// ---------------------------------------------------------------- state

function setState(state, played) {
  // A new state from the server; `played` is the move (with its ops) to animate, if any.
  if (S.state && state.session === S.state.session && state.version < S.version) return;
  const old = S.state;
  S.state = state;
  S.version = state.version;
  if (old && (old.game !== state.game || old.size !== state.size)) S.lines.clear();
  S.clockBase = { clock: state.clock, at: performance.now() };
  if (S.view !== null && S.view >= state.moves.length) S.view = null;
  // A drag in progress survives a state that leaves the position as it was.
  const keep = S.drag && S.drag.moved && old && old.fen === state.fen && old.moves.length === state.moves.length;
  if (!keep) { S.drag = null; S.selected = []; }
  $("chooser").hidden = true;
  const anim = played && old && S.view === null && !S.preview ? played : null;
  renderAll(anim, old);
  afterState();
}

function afterState() {
  // The engine moves when it is its turn (unless paused); analysis restarts on the shown position.
  const st = S.state;
  if (!st || !S.session) return;
  if (st.result !== "none" || st.searching) return;
  if (st.engine.error) return;
  const mode = $("mode").value;
  if (mode === "analysis") {
    // The engine goes on thinking about the shown position after each move.
    if (S.analysing && S.view === null && !S.preview) analyse();
    return;
  }
  if (st.players[st.board.tomove] === "engine" && !S.paused && !S.goPending) {
    S.goPending = true;
    act("go", { limits: limitsOf() }).then((reply) => {
      S.goPending = false;
      // A poll may have brought a newer state meanwhile (the engine already moved): the
      // stale reply is dropped and the newer state is looked at again.
      if (reply) { setState(reply, null); afterState(); }
      markBusy();
    });
  }
}

async function pollLoop() {
  if (S.polling) return;
  S.polling = true;
  try {
    // Polls go on in a hidden tab too: they are the heartbeat that keeps the session open.
    while (S.session) {
      let reply;
      try {
        reply = await api("poll", { since: S.seq, version: S.version, wait: 8 });
      } catch (e) {
        if (e.reply && e.reply.gone) { S.session = null; say(e.message); break; }
        await sleep(1000);
        continue;
      }
      for (const event of reply.events) handleEvent(event);
      if (reply.events.length) S.seq = reply.events[reply.events.length - 1].seq;
      if (reply.state && reply.state.version > S.version) {
        const old = S.state;
        const played = old && reply.state.moves.length === old.moves.length + 1
          ? reply.state.moves[reply.state.moves.length - 1] : null;
        setState(reply.state, played);
      }
    }
  } finally {
    S.polling = false;
  }
}

function handleEvent(event) {
  if (event.type === "info") {
    const info = event.info;
    if (info.string !== undefined) return;
    if (info.pv === undefined && info.score === undefined) return;
    S.lines.set(info.multipv || 1, info);
    renderLines();
    if ((info.multipv || 1) === 1 && info.p1 && info.score !== undefined) noteEvaluation(info);
  } else if (event.type === "error") {
    $("engine-error").textContent = event.text;
  }
}

// ---------------------------------------------------------------- players and limits

function playersOf(mode) {
  return {
    pve1: { p1: "person", p2: "engine" }, pve2: { p1: "engine", p2: "person" },
    eve: { p1: "engine", p2: "engine" }, pvp: { p1: "person", p2: "person" },
    analysis: { p1: "person", p2: "person" },
  }[mode];
}

function limitsOf() {
  const kind = $("limit-kind").value;
  if (kind === "depth") return { depth: clampInt($("depth").value, 1, 128, 4) };
  if (kind === "tc") {
    const base = Math.round(parseFloat($("tc-base").value) * 60000) || 300000;
    const inc = Math.round(parseFloat($("tc-inc").value) * 1000) || 0;
    return { tc: [Math.max(1, Math.min(base, 86400000)), Math.max(0, Math.min(inc, 600000))] };
  }
  return { movetime: clampInt($("movetime").value, 1, 3600000, 100) };
}

function clampInt(text, low, high, fallback) {
  const n = parseInt(text, 10);
  return Number.isFinite(n) ? Math.max(low, Math.min(high, n)) : fallback;
}

// ---------------------------------------------------------------- the board

function parseFen(fen, width, height) {
  // Position strings (docs/rules.md, Common conventions): rows top to bottom, '/' between, a
  // letter per piece, a decimal count per run of empty squares; then the side to move.
  const rows = fen.split(/\s+/)[0].split("/");
  const grid = [];
  for (const row of rows) {
    const cells = [];
    let count = "";
    for (const ch of row) {
      if (ch >= "0" && ch <= "9") { count += ch; continue; }
      if (count) { for (let i = 0; i < parseInt(count, 10); i++) cells.push(null); count = ""; }
      cells.push(ch);
    }
    if (count) for (let i = 0; i < parseInt(count, 10); i++) cells.push(null);
    grid.push(cells);
  }
  return { grid, width: grid[0] ? grid[0].length : width, height: grid.length || height };
}

// The player drawn at the bottom of the board when it is not turned round (rank 1 at the
// bottom): the one whose home rows lie in the lower half, else the one whose goal lies in the
// upper half, else player 1. So every game shows a player's own side at the bottom, whichever
// player starts at the top (Cross-Jack's player 1 starts on the last rank).
function naturalBottom(board) {
  const ranks = board.ranks.length ? board.ranks : numbers(board.height);
  const low = (rank) => {
    const i = ranks.indexOf(String(rank));
    if (i < 0) return null;
    const fromBottom = board.origin === "top-left" ? ranks.length - 1 - i : i;
    return fromBottom * 2 < ranks.length - 1 ? true : fromBottom * 2 > ranks.length - 1 ? false : null;
  };
  for (const side of ["p1", "p2"]) {
    const home = (board.homes || {})[side];
    if (home) {
      const answer = low(home[0]);
      if (answer !== null) return answer === (side === "p1") ? "p1" : "p2";
    }
  }
  for (const side of ["p1", "p2"]) {
    const goal = (board.goals || {})[side];
    if (goal !== undefined) {
      const answer = low(goal);
      if (answer !== null) return answer === (side === "p2") ? "p1" : "p2";
    }
  }
  return "p1";
}

function geometry(board, width, height) {
  // Square name -> column/row on screen (row 0 at the top), with flipping.
  const files = board.files.length === width ? board.files : letters(width);
  const ranks = board.ranks.length === height ? board.ranks : numbers(height);
  const wrap = board.wrap === "files";
  const side = wrap ? SQ * 0.5 : 0;
  const w = PAD * 2 + side * 2 + SQ * width, h = PADV * 2 + SQ * height;
  const topLeftIsLastRank = board.origin !== "top-left";
  const screen = (col, row) => {
    // col: file index (0 = files[0]); row: rank index (0 = ranks[0]).
    let x = col, y = topLeftIsLastRank ? height - 1 - row : row;
    if (S.flipped) { x = width - 1 - x; y = height - 1 - y; }
    return [PAD + side + x * SQ, PADV + y * SQ];
  };
  const names = {};
  for (let c = 0; c < width; c++) for (let r = 0; r < height; r++) names[files[c] + ranks[r]] = [c, r];
  return { files, ranks, width, height, w, h, side, wrap, screen, names };
}

const letters = (n) => Array.from({ length: n }, (_, i) => String.fromCharCode(97 + i));
const numbers = (n) => Array.from({ length: n }, (_, i) => String(i + 1));

function el(name, attrs, parent) {
  const node = document.createElementNS(SVGNS, name);
  for (const key in attrs) node.setAttribute(key, attrs[key]);
  if (parent) parent.appendChild(node);
  return node;
}

function pieceInfo(board, letter) {
  return board.pieces.find((p) => p.letter === letter) || { letter, player: "", kind: "" };
}

function shownFen() {
  const st = S.state;
  if (S.preview) return S.preview.fen;
  if (S.view === null) return st.fen;
  return S.view === 0 ? st.start : st.moves[S.view - 1].fen;
}

function renderBoard(anim, oldFen) {
  const st = S.state, board = st.board;
  const fen = shownFen();
  const parsed = parseFen(fen, board.width, board.height);
  S.flipped = S.bottom !== naturalBottom(board);
  const g = geometry(board, parsed.width, parsed.height);
  const holder = $("board");
  const svg = el("svg", { viewBox: `0 0 ${g.w} ${g.h}`, role: "img" });
  const squares = el("g", { class: "squares" }, svg);
  const overlay = el("g", { class: "overlay" }, svg);
  const pieces = el("g", { class: "pieces" }, svg);
  // The last move played into the shown position (the viewed move while looking back).
  const shownPly = S.view === null ? st.moves.length : S.view;
  const last = !S.preview && shownPly > 0 ? st.moves[shownPly - 1] : null;
  const lastSquares = new Set(last ? last.ops.flatMap((op) => op.slice(1).filter((a) => g.names[a])) : []);

  // Homes (tinted rows) and goals (a bar along the row's outer edge, in the player's colour).
  for (const player of ["p1", "p2"]) {
    const colour = board.colours[player];
    const home = board.homes[player];
    if (home) {
      for (let r = home[0]; r <= home[1]; r++) {
        const ri = g.ranks.indexOf(String(r));
        if (ri < 0) continue;
        const [x, y] = g.screen(0, ri);
        const [x2] = g.screen(g.width - 1, ri);
        el("rect", { x: Math.min(x, x2), y, width: SQ * g.width, height: SQ, class: "home",
          fill: colour, "fill-opacity": 0.16 }, overlay);
      }
    }
  }
  for (let c = 0; c < g.width; c++) {
    for (let r = 0; r < g.height; r++) {
      const [x, y] = g.screen(c, r);
      const name = g.files[c] + g.ranks[r];
      const cls = ["sq", (c + r) % 2 === 0 ? "dark" : "light"];
      if (lastSquares.has(name)) cls.push("last");
      if (S.selected.includes(name)) cls.push("sel");
      el("rect", { x, y, width: SQ, height: SQ, class: cls.join(" "), "data-square": name }, squares);
    }
  }
  for (const player of ["p1", "p2"]) {
    const goal = board.goals[player];
    if (goal === undefined) continue;
    const ri = g.ranks.indexOf(String(goal));
    if (ri < 0) continue;
    const [, y] = g.screen(0, ri);
    const top = y < g.h / 2;
    const barY = top ? y - 7 : y + SQ + 1;
    el("rect", { x: PAD + g.side, y: barY, width: SQ * g.width, height: 6, fill: board.colours[player],
      stroke: "#333", "stroke-width": 0.8, class: "home" }, overlay);
    const label = el("text", { x: PAD + g.side + SQ * g.width, y: top ? 14 : g.h - 5, "text-anchor": "end", class: "label" }, overlay);
    label.textContent = `${board.names[player]}'s goal`;
  }
  // Cross-Jack's wrap: the last file shown faded left of the first, the first right of the last.
  if (g.wrap) {
    for (let r = 0; r < g.height; r++) {
      for (const [c, dx] of [[g.width - 1, -1], [0, +1]]) {
        const [x0, y] = g.screen(S.flipped ? g.width - 1 - c : c, r);
        const x = dx < 0 ? PAD : PAD + g.side + SQ * g.width;
        el("rect", { x, y, width: g.side, height: SQ, class: "sq ghost " + ((c + r) % 2 === 0 ? "dark" : "light") }, squares);
        void x0;
      }
    }
    for (const x of [PAD + g.side, PAD + g.side + SQ * g.width]) {
      el("line", { x1: x, y1: PADV - 4, x2: x, y2: PADV + SQ * g.height + 4, class: "wrapline" }, overlay);
    }
    const t = el("text", { x: PAD, y: 14, "text-anchor": "start", class: "label" }, overlay);
    t.textContent = "↔ files wrap around";
  }
  // Coordinates.
  // The file letters always under the board, however it is turned.
  for (let c = 0; c < g.width; c++) {
    const [x] = g.screen(c, 0);
    const t = el("text", { x: x + SQ / 2, y: PADV + SQ * g.height + 22, "text-anchor": "middle", class: "coord" }, overlay);
    t.textContent = g.files[c];
  }
  for (let r = 0; r < g.height; r++) {
    const [, y] = g.screen(0, r);
    const t = el("text", { x: PAD / 2, y: y + SQ / 2 + 4, "text-anchor": "middle", class: "coord" }, overlay);
    t.textContent = g.ranks[r];
  }
  // Pieces.
  const byName = drawPieces(pieces, board, parsed, g);
  // Markers: squares that start a two-click move, targets of the selection; the hint; the end.
  holder.classList.remove("draggable");
  if (interactive()) drawMarkers(svg, overlay, g);
  drawHint(svg, overlay, g);
  drawEndMarks(svg, overlay, g);
  if (S.drag && S.drag.moved) drawDragged(svg, byName);

  holder.replaceChildren(svg);
  holder.dataset.view = S.view === null ? "" : String(S.view);
  holder.dataset.fen = fen;
  holder.dataset.result = S.preview || S.view !== null ? holder.dataset.result : st.result;
  if (!S.preview && S.view === null) holder.dataset.result = st.result;
  holder.dataset.tomove = st.result === "none" ? st.board.tomove : "none";
  holder.dataset.ply = String(st.moves.length);
  holder.dataset.mode = $("mode").value;
  holder.dataset.game = st.game;
  holder.dataset.size = st.size;
  if (anim) animateFrom(oldFen, anim, g, byName);
}

// Draws every piece of the parsed position `parsed` of `board` into `parent`, in geometry
// `g`; the piece elements by square name.
function drawPieces(parent, board, parsed, g) {
  const byName = {};
  for (let row = 0; row < parsed.grid.length; row++) {
    for (let col = 0; col < parsed.grid[row].length; col++) {
      const letter = parsed.grid[row][col];
      if (!letter) continue;
      const rankIndex = board.origin === "top-left" ? row : parsed.height - 1 - row;
      const name = g.files[col] + g.ranks[rankIndex];
      const [x, y] = g.screen(col, rankIndex);
      byName[name] = drawPiece(parent, board, letter, x + SQ / 2, y + SQ / 2, name);
    }
  }
  return byName;
}

function drawPiece(parent, board, letter, cx, cy, name) {
  const info = pieceInfo(board, letter);
  const colour = board.colours[info.player] || "grey";
  const dark = isDark(colour);
  const edge = dark ? "#e8e8e8" : "#222";
  const g = el("g", { class: "piece", "data-piece": letter, "data-on": name }, parent);
  const r = SQ * 0.38;
  if (info.kind === "mark" && letter.toLowerCase() === "x") {
    const d = r * 0.8;
    el("line", { x1: cx - d, y1: cy - d, x2: cx + d, y2: cy + d, stroke: "#222", "stroke-width": 13, "stroke-linecap": "round" }, g);
    el("line", { x1: cx - d, y1: cy + d, x2: cx + d, y2: cy - d, stroke: "#222", "stroke-width": 13, "stroke-linecap": "round" }, g);
    el("line", { x1: cx - d, y1: cy - d, x2: cx + d, y2: cy + d, stroke: colour, "stroke-width": 9, "stroke-linecap": "round" }, g);
    el("line", { x1: cx - d, y1: cy + d, x2: cx + d, y2: cy - d, stroke: colour, "stroke-width": 9, "stroke-linecap": "round" }, g);
  } else if (info.kind === "mark" && letter.toLowerCase() === "o") {
    el("circle", { cx, cy, r: r * 0.82, fill: "none", stroke: "#222", "stroke-width": 13 }, g);
    el("circle", { cx, cy, r: r * 0.82, fill: "none", stroke: colour, "stroke-width": 9 }, g);
  } else {
    el("circle", { cx, cy: cy + 2, r, fill: "#000", "fill-opacity": 0.25 }, g);
    el("circle", { cx, cy, r, fill: colour, stroke: edge, "stroke-width": 2 }, g);
    if (info.kind === "locked") {
      el("circle", { cx, cy, r: r * 0.62, fill: "none", stroke: edge, "stroke-width": 3 }, g);
      el("rect", { x: cx - 6, y: cy - 3, width: 12, height: 10, rx: 2, fill: edge }, g);
      el("path", { d: `M ${cx - 4} ${cy - 3} v -3 a 4 4 0 0 1 8 0 v 3`, fill: "none", stroke: edge, "stroke-width": 2 }, g);
    } else {
      el("circle", { cx: cx - r * 0.3, cy: cy - r * 0.3, r: r * 0.25, fill: "#fff", "fill-opacity": dark ? 0.18 : 0.35 }, g);
    }
  }
  const title = el("title", {}, g);
  title.textContent = `${board.names[info.player] || info.player} ${info.kind || ""} on ${name}`;
  return g;
}

const darkness = new Map();
function isDark(colour) {
  if (!darkness.has(colour)) darkness.set(colour, computeDark(colour));
  return darkness.get(colour);
}

function computeDark(colour) {
  const probe = document.createElement("canvas").getContext("2d");
  probe.fillStyle = colour;
  const hex = probe.fillStyle;
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return false;
  const v = parseInt(hex.slice(1), 16);
  const lum = 0.299 * (v >> 16) + 0.587 * ((v >> 8) & 255) + 0.114 * (v & 255);
  return lum < 110;
}

function animateFrom(oldFen, move, g, newPieces) {
  // Draw the old position's pieces on top, slide the moved ones, fade the removed ones, then
  // show the new position (which is already drawn below), letting places appear.
  const st = S.state, board = st.board;
  if (!oldFen || !move.ops.length) return;
  const svg = $("board").firstChild;
  const layer = el("g", { class: "anim" }, svg);
  const parsed = parseFen(oldFen, board.width, board.height);
  const old = drawPieces(layer, board, parsed, g);
  const hidden = [];
  for (const name in newPieces) { newPieces[name].style.opacity = "0"; hidden.push(newPieces[name]); }
  S.animating++;
  markBusy();
  requestAnimationFrame(() => requestAnimationFrame(() => {
    for (const op of move.ops) {
      if (op[0] === "move" && old[op[1]] && g.names[op[2]]) {
        const [c1, r1] = g.names[op[1]], [c2, r2] = g.names[op[2]];
        const [x1, y1] = g.screen(c1, r1), [x2, y2] = g.screen(c2, r2);
        old[op[1]].style.transform = `translate(${x2 - x1}px, ${y2 - y1}px)`;
      } else if (op[0] === "remove" && old[op[1]]) {
        old[op[1]].classList.add("fade");
      }
    }
  }));
  setTimeout(() => {
    layer.remove();
    for (const piece of hidden) piece.style.opacity = "";
    for (const op of move.ops) {
      const target = op[0] === "place" ? op[1] : op[0] === "set" ? op[1] : null;
      if (target && newPieces[target]) newPieces[target].classList.add(op[0] === "place" ? "appear" : "changed");
    }
    // Busy until the places have appeared too.
    setTimeout(() => { S.animating--; markBusy(); }, ANIM_MS);
  }, ANIM_MS + 30);
}

// ---------------------------------------------------------------- clicks

function interactive() {
  const st = S.state;
  return st && S.view === null && !S.preview && st.result === "none" &&
    st.searching !== "move" && st.players[st.board.tomove] === "person";
}

function clicksOf(entry) {
  // The clicks of a move, from its first op: a place is one click, a move its source then
  // its destination; a move without ops (a pass) has none.
  const op = entry.ops[0];
  if (!op) return [];
  if (op[0] === "place") return [op[1]];
  if (op[0] === "move") return [op[1], op[2]];
  return [op[1]];
}

function matching(prefix) {
  return S.state.legal.filter((m) => {
    const c = clicksOf(m);
    return c.length >= prefix.length && prefix.every((sq, i) => c[i] === sq);
  });
}

// Marks the squares a click (or a drop) may take next: with nothing selected, the squares
// that start a move (a ring on a piece to pick up, a dot on a square to play on: one-click
// games too), else the selection's targets (a ring for a capture). Each such square carries
// data-legal ("start", "target" or "capture").
function drawMarkers(svg, overlay, g) {
  const sel = S.selected;
  const next = new Map();
  for (const m of matching(sel)) {
    const c = clicksOf(m);
    if (c.length <= sel.length) continue;
    const sq = c[sel.length];
    const capture = m.flags.includes("capture") || m.ops.some((op) => op[0] === "remove" && op[1] === sq);
    const kind = c.length > sel.length + 1 ? "start" : capture ? "capture" : "target";
    const before = next.get(sq);
    if (!before || kind === "start" || (kind === "capture" && before === "target")) next.set(sq, kind);
  }
  for (const [sq, kind] of next) {
    if (!g.names[sq]) continue;
    const rect = svg.querySelector(`[data-square="${sq}"]`);
    if (rect) rect.setAttribute("data-legal", kind);
    const [x, y] = g.screen(...g.names[sq]);
    const cx = x + SQ / 2, cy = y + SQ / 2;
    if (kind === "start") el("circle", { cx, cy, r: SQ * 0.44, class: "marker start" }, overlay);
    else if (kind === "capture") el("circle", { cx, cy, r: SQ * 0.42, class: "marker capture" }, overlay);
    else el("circle", { cx, cy, r: SQ * 0.13, class: "marker target" }, overlay);
  }
  const holder = $("board");
  holder.classList.toggle("draggable", [...next.values()].includes("start") || sel.length > 0);
}

// The hint (the engine's move for the side to move, shown and never played): a ring on each
// square of its first operation and an arrow for a move; those squares carry data-hint.
function drawHint(svg, overlay, g) {
  const hint = currentHint();
  if (!hint || S.view !== null || S.preview) return;
  const op = (hint.ops || [])[0];
  if (!op) return;
  const squares = op[0] === "move" ? [op[1], op[2]] : [op[1]];
  const centre = (sq) => { const [x, y] = g.screen(...g.names[sq]); return [x + SQ / 2, y + SQ / 2]; };
  for (const sq of squares) {
    if (!g.names[sq]) return;
    const rect = svg.querySelector(`[data-square="${sq}"]`);
    if (rect) rect.setAttribute("data-hint", "true");
    const [cx, cy] = centre(sq);
    el("circle", { cx, cy, r: SQ * 0.46, class: "hintmark" }, overlay);
  }
  if (squares.length === 2) {
    const [x1, y1] = centre(squares[0]), [x2, y2] = centre(squares[1]);
    const len = Math.hypot(x2 - x1, y2 - y1) || 1, ux = (x2 - x1) / len, uy = (y2 - y1) / len;
    const tipX = x2 - ux * SQ * 0.18, tipY = y2 - uy * SQ * 0.18;
    el("line", { x1: x1 + ux * SQ * 0.2, y1: y1 + uy * SQ * 0.2, x2: tipX - ux * 10, y2: tipY - uy * 10, class: "hintarrow" }, overlay);
    el("path", { d: `M ${tipX} ${tipY} L ${tipX - ux * 16 - uy * 9} ${tipY - uy * 16 + ux * 9} L ${tipX - ux * 16 + uy * 9} ${tipY - uy * 16 - ux * 9} Z`, class: "hinthead" }, overlay);
  }
}

// The hint of the shown position, if the state has one for it.
function currentHint() {
  const st = S.state;
  return st && st.hint && st.hint.ply === st.moves.length && st.result === "none" ? st.hint : null;
}

// The squares that decided the game (the state's end.squares; else the square lists of
// `query end`'s details), for the result's marks on the final position.
function endSquares(st) {
  const end = st.end;
  if (!end || st.adjudged || st.result === "none") return [];
  if (Array.isArray(end.squares)) return end.squares.map(String);
  const details = end.details || {};
  const out = [];
  for (const key of ["square", "squares", "crossed", "runs"]) {
    const value = details[key];
    if (value && value !== "-") out.push(...String(value).split(","));
  }
  return out;
}

// The players a blockade ended the game for (Cross-Jack's `blockaded`), as p1/p2.
function blockadedSides(st) {
  const end = st.end;
  if (!end || st.adjudged || st.result === "none") return [];
  const value = (end.details || {}).blockaded || end.blockaded;
  if (!value || value === "-") return [];
  return (Array.isArray(value) ? value : String(value).split(",")).filter((side) => side === "p1" || side === "p2");
}

// The result's marks on the game's final position: a ring on each deciding square (data-end),
// a red frame on the goal row of each blockaded player.
function drawEndMarks(svg, overlay, g) {
  const st = S.state;
  if (S.view !== null || S.preview) return;
  for (const sq of endSquares(st)) {
    if (!g.names[sq]) continue;
    const [x, y] = g.screen(...g.names[sq]);
    el("rect", { x: x + 3, y: y + 3, width: SQ - 6, height: SQ - 6, rx: 8, class: "endmark" }, overlay);
    const rect = svg.querySelector(`[data-square="${sq}"]`);
    if (rect) rect.setAttribute("data-end", "true");
  }
  for (const side of blockadedSides(st)) {
    const goal = st.board.goals[side];
    const ri = goal === undefined ? -1 : g.ranks.indexOf(String(goal));
    if (ri < 0) continue;
    const [, y] = g.screen(0, ri);
    el("rect", { x: PAD + g.side + 2, y: y + 2, width: SQ * g.width - 4, height: SQ - 4, class: "endmark blocked" }, overlay);
    for (let c = 0; c < g.width; c++) {
      const rect = svg.querySelector(`[data-square="${g.files[c] + g.ranks[ri]}"]`);
      if (rect) rect.setAttribute("data-end", "blocked");
    }
  }
}

// ---------------------------------------------------------------- dragging (pointer events: mouse, pen, touch)

function squareAt(event) {
  const node = document.elementFromPoint(event.clientX, event.clientY);
  const rect = node && node.closest ? node.closest("[data-square]") : null;
  return rect && $("board").contains(rect) ? rect.getAttribute("data-square") : null;
}

function svgPoint(event) {
  const svg = $("board").querySelector("svg");
  const matrix = svg && svg.getScreenCTM();
  if (!matrix) return { x: 0, y: 0 };
  return new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
}

function drawDragged(svg, byName) {
  const d = S.drag, piece = byName[d.from];
  if (!piece) return;
  piece.style.opacity = "0.3";
  const layer = el("g", { class: "dragging" }, svg);
  drawPiece(layer, S.state.board, piece.getAttribute("data-piece"), d.sx, d.sy, d.from);
}

function bindBoardPointer() {
  const holder = $("board");
  holder.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || !S.state || !interactive()) return;
    const name = squareAt(event);
    // Only a square that starts a move of two clicks (a piece to move) can be dragged.
    if (!name || !matching([name]).some((m) => clicksOf(m).length > 1)) return;
    S.drag = { from: name, id: event.pointerId, x0: event.clientX, y0: event.clientY, moved: false };
    try { holder.setPointerCapture(event.pointerId); } catch (e) { /* the pointer is gone */ }
  });
  holder.addEventListener("pointermove", (event) => {
    const d = S.drag;
    if (!d || d.id !== event.pointerId) return;
    if (!d.moved && Math.hypot(event.clientX - d.x0, event.clientY - d.y0) < 6) return;
    const point = svgPoint(event);
    d.sx = point.x; d.sy = point.y;
    event.preventDefault();
    if (!d.moved) {
      d.moved = true;
      S.selected = [d.from];
      renderBoard();
      return;
    }
    const svg = holder.querySelector("svg");
    const layer = svg && svg.querySelector(".dragging");
    if (layer) layer.remove();
    const piece = svg && svg.querySelector(`.pieces [data-on="${d.from}"]`);
    if (piece) drawDragged(svg, { [d.from]: piece });
  });
  const finish = (event, dropped) => {
    const d = S.drag;
    if (!d || d.id !== event.pointerId) return;
    S.drag = null;
    if (!d.moved) return;    // a press without a drag: the click that follows handles it
    S.dragEnded = performance.now();
    const name = dropped ? squareAt(event) : null;
    if (name && name !== d.from && interactive()) {
      S.selected = [d.from];
      clickSquare(name);
    } else {
      // Dropped back on its square: it stays selected; elsewhere off the board: nothing.
      S.selected = name === d.from ? [d.from] : [];
      renderBoard();
    }
  };
  holder.addEventListener("pointerup", (event) => finish(event, true));
  holder.addEventListener("pointercancel", (event) => finish(event, false));
  holder.addEventListener("click", (event) => {
    if (S.dragEnded && performance.now() - S.dragEnded < 400) return;
    const name = squareAt(event);
    if (name) clickSquare(name);
  });
}

// Left and right step one move back and forth through the game, Home goes to the start, End
// back to the game's position; Escape drops a selection or a preview.
function bindKeys() {
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !S.state) return;
    const target = event.target;
    if (target && target.closest && target.closest("input, select, textarea")) return;
    if (event.key === "Escape") {
      S.selected = []; S.preview = null; renderAll();
      return;
    }
    const at = S.view === null ? S.state.moves.length : S.view;
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: null }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    navigate(to === null ? null : Math.max(0, to));
  });
}

function flashBad(name, text) {
  say(text);
  const rect = $("board").querySelector(`[data-square="${name}"]`);
  if (rect) { rect.classList.add("bad"); setTimeout(() => rect.classList.remove("bad"), 400); }
}

function clickSquare(name) {
  const st = S.state;
  if (!st) return;
  if (S.preview) { flashBad(name, "this is a preview: go back to the game to move"); return; }
  if (S.view !== null) { flashBad(name, "you are looking at an earlier position: go to the last move (>|) to play"); return; }
  if (st.result !== "none") { flashBad(name, "the game is over"); return; }
  if (st.searching === "move") { flashBad(name, "the engine is thinking"); return; }
  if (st.players[st.board.tomove] !== "person") { flashBad(name, "it is the engine's move"); return; }
  let prefix = S.selected.concat([name]);
  let candidates = matching(prefix);
  if (!candidates.length && S.selected.length) {
    if (S.selected.length === 1 && S.selected[0] === name) { S.selected = []; renderAll(); return; }
    prefix = [name];
    candidates = matching(prefix);
  }
  if (!candidates.length) {
    S.selected = [];
    renderAll();
    flashBad(name, `no legal move ${prefix.length > 1 ? "goes to" : "starts on"} ${name}`);
    return;
  }
  const complete = candidates.filter((m) => clicksOf(m).length === prefix.length);
  if (complete.length && complete.length === candidates.length) {
    S.selected = [];
    if (complete.length === 1) playMove(complete[0]);
    else choose(complete);
    return;
  }
  S.selected = prefix;
  say("");
  renderAll();
}

function describe(entry) {
  return entry.ops.map((op) => op.join(" ")).join(", ") + (entry.flags.length ? ` (${entry.flags.join(", ")})` : "");
}

function choose(entries) {
  // Several moves share these clicks: the person chooses.
  const box = $("chooser");
  box.replaceChildren(document.createTextNode("Several moves share these clicks: "));
  for (const entry of entries) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = `${entry.move}: ${describe(entry)}`;
    b.dataset.move = entry.move;
    b.addEventListener("click", () => { box.hidden = true; playMove(entry); });
    box.appendChild(b);
  }
  box.hidden = false;
}

async function playMove(entry) {
  $("chooser").hidden = true;
  const reply = await act("move", { move: entry.move });
  if (!reply) { renderAll(); return; }
  setState(reply, reply.moves[reply.moves.length - 1]);
}

// ---------------------------------------------------------------- panel

// The board as large as the window allows with the lines above and below it (status,
// banner, clocks, the evaluation bar, the buttons) in sight; on a narrow screen it is as wide
// as the screen and the page scrolls.
function fitBoard() {
  const holder = $("board"), svg = holder.querySelector("svg");
  if (!svg) return;
  if (window.innerWidth <= 600) { holder.style.removeProperty("--fit"); return; }
  const play = $("play");
  const rest = play.getBoundingClientRect().height - svg.getBoundingClientRect().height;
  const top = play.getBoundingClientRect().top + window.scrollY;
  const room = window.innerHeight - top - rest - 12;
  holder.style.setProperty("--fit", `${Math.max(240, Math.floor(room))}px`);
}

function renderAll(anim, old) {
  const st = S.state;
  if (!st) return;
  const oldFen = old ? old.fen : null;
  renderBoard(anim, oldFen);
  const names = st.board.names;
  $("game-title").textContent = `${gameTitle(st.game)} ${st.size}: ${names.p1} (${who(st, "p1")}) against ${names.p2} (${who(st, "p2")})`;
  $("mode").options[0].textContent = `you play ${names.p1} (player 1) against the engine`;
  $("mode").options[1].textContent = `you play ${names.p2} (player 2) against the engine`;
  $("status").textContent = statusText();
  // At the end the result banner says it all (the status keeps its text and data-duty).
  $("status").hidden = st.result !== "none" && S.view === null && !S.preview;
  $("status").dataset.duty = S.view === null && !S.preview ? (st.result === "none" ? st.duty || "" : "none") : "";
  const toplace = toplaceShown(st);
  $("toplace").textContent = toplace
    ? `left to place${S.view !== null || S.preview ? " here" : ""}: ${names.p1} ${toplace.p1}, ${names.p2} ${toplace.p2}` : "";
  $("view-bar").hidden = S.view === null || !!S.preview;
  if (S.view !== null) {
    $("view-text").textContent = `Looking back (the game is at move ${st.moves.length}): ← → step, End returns`;
  }
  const passEntry = st.legal.find((m) => m.ops.length === 0);
  $("pass").hidden = !(passEntry && interactive());
  $("engine-error").textContent = st.engine.error ? "engine: " + st.engine.error : "";
  $("engine-name").textContent = `engine: ${st.engine.name}${st.engine.running ? "" : " (not running)"}`;
  renderMoves();
  renderLevels();
  renderEval();
  renderResult();
  renderClocks();
  renderPreview();
  renderButtons();
  renderRules();
  fitBoard();
  markBusy();
}

// Who plays a seat, in words: "you" against the engine, a person, or the engine with its level.
function who(st, side) {
  if (st.players[side] !== "engine") {
    const mode = $("mode").value;
    return mode === "pve1" || mode === "pve2" ? "you" : "a person";
  }
  const level = (st.engine.levels || []).find((c) => c.level === (st.levels || {})[side]);
  return `${st.engine.name}${level ? ", " + level.label.replace(/,.*$/, "") : ""}`;
}

// A game's name as its lesson titles it (the catalogue's `title`), else its UCI_Variant name.
function gameTitle(game) {
  const entry = (S.games || {})[game];
  return (entry && entry.title) || game;
}

// The pieces each player still has to place in the shown position: the state's `toplace`
// (the quota less the pieces on the board, protocol.md's `query board`) moved by the
// difference in pieces between the game's position and the shown one; null when the game
// has no placing quota.
function toplaceShown(st) {
  const live = st.board.toplace || {};
  if (live.p1 === undefined || live.p2 === undefined) return null;
  if (S.view === null && !S.preview) return live;
  const count = (fen) => {
    const n = { p1: 0, p2: 0 };
    for (const row of parseFen(fen, st.board.width, st.board.height).grid) {
      for (const letter of row) {
        const player = letter ? pieceInfo(st.board, letter).player : null;
        if (player in n) n[player]++;
      }
    }
    return n;
  };
  const now = count(st.fen), shown = count(shownFen());
  return { p1: live.p1 + now.p1 - shown.p1, p2: live.p2 + now.p2 - shown.p2 };
}

// The player to move in a position string (its side field is a piece letter of that player).
function sideOfFen(fen, board) {
  const letter = (fen.split(/\s+/)[1] || "");
  const info = board.pieces.find((p) => p.letter === letter) ||
    board.pieces.find((p) => p.letter.toLowerCase() === letter.toLowerCase());
  return info ? info.player : null;
}

// What the side to move must do, in plain words, from the referee's duty and the legal moves'
// first operations (places or moves) and the pieces' kind.
function dutyWords(st, side, you) {
  const kind = (st.board.pieces.find((p) => p.player === side) || { kind: "piece" }).kind || "piece";
  const own = you ? "your" : "its";
  const home = (st.board.homes || {})[side], goal = (st.board.goals || {})[side];
  switch (st.duty) {
    case "setup": return `set up: place a ${kind} on ${own} own row${home ? ` (row ${home[0]})` : ""}`;
    case "counter-crossing": return `answer the crossing: move a stone onto ${goal !== undefined ? `row ${goal}` : `${own} goal row`} as well (the marked moves)`;
    case "pass": return `no move is possible: press pass`;
    case "none": return "nothing (the game is over)";
    default: break;
  }
  const places = st.legal.length && st.legal.every((m) => m.ops[0] && m.ops[0][0] === "place");
  const toplace = (st.board.toplace || {})[side];
  if (places) return `place a ${kind}${toplace !== undefined ? ` (${toplace} left to place)` : ""}`;
  return `move a ${kind} (click it, then its target, or drag it)`;
}

function statusText() {
  const st = S.state, names = st.board.names;
  if (S.preview) return `Preview of ${S.preview.moves.join(" ")}: the game is not changed`;
  if (S.view !== null) {
    const side = sideOfFen(shownFen(), st.board);
    const m = st.moves[S.view - 1];
    return S.view === 0 ? `Viewing the start of the game${side ? ` (${names[side]} to play)` : ""}`
      : `Viewing move ${S.view} of ${st.moves.length}: ${names[m.by] || ""} played ${m.move}` +
        (side && st.moves.length > S.view ? `, then ${names[side]} to play` : "");
  }
  if (st.result !== "none") return `Game over: ${resultHeadline(st)}`;
  const side = st.board.tomove, name = names[side];
  const mode = $("mode").value;
  const person = st.players[side] === "person";
  const you = person && (mode === "pve1" || mode === "pve2");
  if (st.searching === "move") return `${name} (the engine) is thinking…`;
  if (st.searching === "hint") return `Looking for a hint for ${name}…`;
  let text = you ? `Your turn (${name}): ${dutyWords(st, side, true)}`
    : person ? `${name} to play: ${dutyWords(st, side, false)}` : `${name} (the engine) to play`;
  if (!person && S.paused) text += " (paused)";
  if (st.searching === "analysis") text += " — the engine is analysing";
  return text;
}

// The engine seats' level choosers: the engine's levels (its Elo labels, read by the server
// for the selected game), shown for the seats the chosen mode gives the engine.
function renderLevels() {
  const st = S.state, choices = st.engine.levels;
  const key = JSON.stringify(choices);
  const seats = playersOf($("mode").value);
  for (const label of document.querySelectorAll("label.level")) {
    const side = label.dataset.side;
    const select = label.querySelector("select");
    if (select.dataset.key !== key) {
      select.replaceChildren(...(choices || []).map((c) => new Option(c.label, String(c.level))));
      select.dataset.key = key;
      select.value = String(st.levels[side]);
    } else if (document.activeElement !== select) {
      select.value = String(st.levels[side]);
    }
    label.hidden = !choices || seats[side] !== "engine";
    label.querySelector(".level-name").textContent = `${st.board.names[side]}'s engine (player ${side.slice(1)})`;
  }
}

function levelsOf() {
  // The chosen levels of the seats that have a chooser, or null.
  const levels = {};
  for (const select of document.querySelectorAll("select[data-role=level]")) {
    if (select.options.length) levels[select.dataset.side] = Number(select.value);
  }
  return Object.keys(levels).length ? levels : null;
}

async function chooseLevel(select) {
  const reply = await act("levels", { levels: { [select.dataset.side]: Number(select.value) } });
  if (reply) setState(reply, null);
}

// An engine line's evaluation (an info event's, player 1's view) as the state has them: the
// latest, and the last one of the position it searched (state.evaluations[ply]); the bar
// follows it.
function noteEvaluation(info) {
  const st = S.state;
  if (!st) return;
  const view = Object.assign({}, info.p1, { ply: info.ply });
  st.evaluation = view;
  if (Array.isArray(st.evaluations) && info.ply >= 0 && info.ply < st.evaluations.length) {
    st.evaluations[info.ply] = view;
  }
  renderEval();
}

// The evaluation the bar shows and why: {view, note}. Looking back (or at a preview), the
// evaluation of the shown position when the session has one (the engine's search for its
// move from there, a hint, an analysis), else none; in the game's position, its own, else
// that of the position before the last move (the engine's estimate as it chose that move,
// or the hint or analysis before it), else none.
function shownEvaluation() {
  const st = S.state;
  if (!st) return { view: null, note: "" };
  const known = (ply) => {
    const view = (st.evaluations || [])[ply];
    return view && view.eval !== undefined ? view : null;
  };
  if (S.preview) return { view: null, note: "no evaluation of a preview" };
  const ply = S.view === null ? st.moves.length : S.view;
  if (known(ply)) return { view: known(ply), note: "" };
  if (S.view === null && ply > 0 && known(ply - 1)) return { view: known(ply - 1), note: " before the last move" };
  if (S.view === null && !st.evaluations && st.evaluation && st.evaluation.eval !== undefined) {
    return { view: st.evaluation, note: "" };   // a server without per-move evaluations
  }
  if (S.view === null && st.result !== "none") return { view: null, note: "the game is over" };
  const where = ply === 0 ? "of the start" : `after move ${ply}`;
  return { view: null, note: S.view === null && !(st.evaluations || []).some(Boolean)
    ? "no evaluation yet" : `no evaluation ${where}` };
}

// The evaluation bar: player 1's expected score per mille from the engine's win-draw-loss
// estimate (turned round by the server when player 2 was to move) as data-eval, the bar's
// filled share and a short text; data-eval-ply is the position it belongs to (the moves
// before it). Both are empty, and the text says so, when there is none for the shown position.
function renderEval() {
  const bar = $("eval"), st = S.state;
  if (st) {
    bar.style.setProperty("--p1colour", st.board.colours.p1 || "#f5f5f5");
    bar.style.setProperty("--p2colour", st.board.colours.p2 || "#30343b");
  }
  const { view, note } = shownEvaluation();
  const names = st ? st.board.names : { p1: "player 1", p2: "player 2" };
  if (!view) {
    bar.dataset.eval = "";
    bar.dataset.evalPly = "";
    $("eval-fill").style.width = "";
    $("eval-text").textContent = note;
    bar.title = "no evaluation: the engine has not searched this position (a hint or an analysis gives one)";
    return;
  }
  bar.dataset.eval = String(view.eval);
  bar.dataset.evalPly = view.ply === undefined ? "" : String(view.ply);
  $("eval-fill").style.width = `${view.eval / 10}%`;
  const short = (side) => (names[side] || side).slice(0, 12);
  $("eval-text").textContent = (view.proven ? `${short(view.proven)} wins (proven)`
    : `${short("p1")} ${Math.round(view.eval / 10)}%`) + note;
  bar.title = `${names.p1} (player 1)'s expected score: win ${view.wdl[0]}, draw ${view.wdl[1]}, loss ${view.wdl[2]} per mille` +
    (note ? ` (of the position${note})` : "");
}

// The result banner (data-role="result"): who won and why, in words, from the referee's
// `query end` (or the board's adjudication: resignation, agreement, time).
function renderResult() {
  const st = S.state, box = $("result");
  if (st.result === "none") {
    box.hidden = true;
    box.dataset.outcome = "";
    return;
  }
  box.hidden = false;
  box.dataset.outcome = st.result;
  $("result-head").textContent = resultHeadline(st);
  $("result-why").textContent = whyText(st);
}

function resultHeadline(st) {
  const names = st.board.names;
  if (st.result === "draw") return "Draw";
  const winner = st.result === "p1win" ? "p1" : "p2";
  const mode = $("mode").value;
  if (mode === "pve1" || mode === "pve2") {
    return st.players[winner] === "person" ? `You win (${names[winner]})` : `The engine wins (${names[winner]})`;
  }
  return `${names[winner]} wins`;
}

function whyText(st) {
  const names = st.board.names;
  const name = (side) => names[side] || side;
  const winner = st.result === "p1win" ? "p1" : st.result === "p2win" ? "p2" : null;
  const loser = winner === "p1" ? "p2" : winner === "p2" ? "p1" : null;
  const list = (items) => items.length <= 1 ? items.join("") : items.slice(0, -1).join(", ") + " and " + items[items.length - 1];
  if (st.adjudged) {
    const a = st.adjudged;
    if (a.reason === "resignation") return `${loser ? name(loser) : "A player"} resigned.`;
    if (a.reason === "agreement") return "The players agreed to a draw.";
    if (a.reason === "time forfeit" && loser) return `${name(loser)} ran out of time${a.detail ? ` (${a.detail})` : ""}.`;
    return `${a.reason}${a.detail ? ": " + a.detail : ""}.`;
  }
  const end = st.end;
  if (!end) return st.reason ? `${st.reason}.` : "";
  const details = end.details || {};
  const squares = endSquares(st);
  const at = squares.length ? ` (marked: ${squares.join(", ")})` : "";
  switch (end.reason) {
    case "zone-row-reached":
      return `${name(winner)} reached its goal row${at}.`;
    case "blockade": {
      const sides = blockadedSides(st);
      return `Blockade: ${sides.length ? list(sides.map(name)) : "a player"} can no longer reach the goal row (framed in red).`;
    }
    case "score": {
      const score = (text) => Object.fromEntries(String(text || "").split(",").filter(Boolean).map((p) => p.split(":")));
      const p1 = score(details.p1score), p2 = score(details.p2score);
      const lengths = Object.keys(p1).sort((a, b) => b - a);
      const all = (s) => lengths.map((len) => `${s[len] || 0} of ${len}`).join(", ");
      const decided = details.decided;
      const tally = `${name("p1")} scores ${all(p1)}; ${name("p2")} scores ${all(p2)} (a player scores the opponent's runs).`;
      if (!decided || decided === "-") return `The scores are equal. ${tally}`;
      return `Decided by the runs of ${decided}: ${name("p1")} ${p1[decided] || 0}, ${name("p2")} ${p2[decided] || 0}${at}. ${tally}`;
    }
    case "crossing-unanswered":
      return `${name(loser)} could not answer ${name(winner)}'s crossing${at}.`;
    case "no-moves":
      return "Neither player can move.";
    case "threefold-repetition":
      return "The same position occurred for the third time.";
    default:
      return `${String(end.reason || st.reason || "").replace(/-/g, " ")}${at}.`;
  }
}

// The move list: one row per full move (player 1's move, then player 2's), numbered; the
// shown move is marked and kept in sight (the list scrolls vertically).
function renderMoves() {
  const st = S.state, list = $("moves");
  const current = S.view === null ? st.moves.length : S.view;
  const rows = [];
  let row = null;
  st.moves.forEach((m, i) => {
    const second = m.by ? m.by === "p2" : i % 2 === 1;
    if (!row || !second || row.children.length >= 3) {
      row = document.createElement("li");
      const number = document.createElement("span");
      number.className = "num";
      number.textContent = `${rows.length + 1}.`;
      row.appendChild(number);
      if (second) {
        const gap = document.createElement("span");
        gap.className = "ply gap";
        gap.textContent = "…";
        row.appendChild(gap);
      }
      rows.push(row);
    }
    const span = document.createElement("span");
    span.className = "ply" + (current === i + 1 ? " current" : "");
    span.textContent = m.move + (m.flags.length ? ` (${m.flags.join(",")})` : "");
    span.dataset.ply = String(i + 1);
    span.dataset.move = m.move;
    span.title = `move ${i + 1}: ${st.board.names[m.by] || ""} ${m.move}`;
    span.addEventListener("click", () => navigate(i + 1));
    row.appendChild(span);
  });
  list.replaceChildren(...rows);
  const shown = list.querySelector(".current");
  if (shown) {
    const line = shown.parentElement;
    if (line.offsetTop < list.scrollTop) list.scrollTop = line.offsetTop;
    else if (line.offsetTop + line.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = line.offsetTop + line.offsetHeight - list.clientHeight;
    }
  } else if (current === 0) {
    list.scrollTop = 0;
  }
}

function renderLines() {
  const body = $("lines").querySelector("tbody");
  const st = S.state;
  const wanted = st ? Number((st.engine.values || {}).MultiPV || 1) : 1;
  const rows = [...S.lines.keys()].filter((k) => k <= wanted).sort((a, b) => a - b).map((k) => {
    const info = S.lines.get(k);
    const tr = document.createElement("tr");
    // The score from player 1's view (the server turns it round for player 2) when known.
    const score = info.p1 || info.score || {};
    let text = "";
    if (score.mate !== undefined) text = `#${score.mate}`;
    else if (score.cp !== undefined) text = (score.cp >= 0 ? "+" : "") + (score.cp / 100).toFixed(2);
    if (score.bound) text += score.bound === "lowerbound" ? "≥" : "≤";
    if (score.eval !== undefined) text += ` (${Math.round(score.eval / 10)}%)`;
    for (const value of [info.depth ?? "", text, info.nodes ?? ""]) {
      const td = document.createElement("td");
      td.textContent = String(value);
      tr.appendChild(td);
    }
    if (info.p1 && info.p1.wdl) tr.children[1].title = `player 1: win ${info.p1.wdl[0]}, draw ${info.p1.wdl[1]}, loss ${info.p1.wdl[2]} per mille`;
    const td = document.createElement("td");
    td.className = "pv";
    (info.pv || []).forEach((move, i) => {
      const span = document.createElement("span");
      span.textContent = move;
      span.addEventListener("click", () => previewLine(info.pv.slice(0, i + 1), info.ply));
      td.appendChild(span);
      td.appendChild(document.createTextNode(" "));
    });
    tr.appendChild(td);
    return tr;
  });
  body.replaceChildren(...rows);
}

async function previewLine(moves, ply) {
  const base = ply !== undefined ? ply : (S.view === null ? S.state.moves.length : S.view);
  const reply = await act("after", { ply: base, moves });
  if (!reply) return;
  S.preview = { fen: reply.fen, moves };
  renderAll();
}

function renderPreview() {
  $("preview-bar").hidden = !S.preview;
  if (S.preview) $("preview-text").textContent = `preview of ${S.preview.moves.join(" ")}`;
}

function renderClocks() {
  const st = S.state;
  const show = !!st.clock;
  $("clocks").hidden = !show;
  $("clocks-bottom").hidden = !show;
  if (show) tickClocks();
}

function tickClocks() {
  const st = S.state;
  if (!st || !S.clockBase || !S.clockBase.clock) return;
  const clock = S.clockBase.clock;
  const elapsed = performance.now() - S.clockBase.at;
  const bottom = S.bottom, top = S.bottom === "p1" ? "p2" : "p1";
  for (const [id, side] of [["clock-bottom", bottom], ["clock-top", top]]) {
    let ms = clock[side] - (clock.running === side ? elapsed : 0);
    const node = $(id);
    node.textContent = `${st.board.names[side]} ${formatClock(ms)}`;
    node.classList.toggle("running", clock.running === side);
    node.classList.toggle("low", ms < 10000);
    if (clock.running === side && ms < -150 && !S.flagAsked) {
      S.flagAsked = true;
      act("state").then((reply) => { S.flagAsked = false; if (reply) setState(reply, null); });
    }
  }
}

function formatClock(ms) {
  const neg = ms < 0;
  ms = Math.abs(ms);
  const s = Math.floor(ms / 1000), m = Math.floor(s / 60);
  const tenths = s < 20 ? "." + Math.floor((ms % 1000) / 100) : "";
  return `${neg ? "-" : ""}${m}:${String(s % 60).padStart(2, "0")}${tenths}`;
}

function markBusy() {
  const st = S.state;
  const busy = S.requests > 0 && !S.onlyPolling() || S.animating > 0 || !st ||
    st.searching === "move" ||
    (st.result === "none" && st.players && st.players[st.board.tomove] === "engine" && !S.paused && !st.engine.error && $("mode").value !== "analysis");
  $("board").dataset.busy = busy ? "true" : "false";
}
S.onlyPolling = () => S.requests === (S.polling ? 1 : 0);

function navigate(ply) {
  const st = S.state;
  if (!st) return;
  S.preview = null;
  S.view = ply === null || ply >= st.moves.length ? null : Math.max(0, ply);
  S.selected = [];
  renderAll();
  if ($("mode").value === "analysis" && st.searching === "analysis") analyse();
}

async function analyse() {
  const st = S.state;
  const ply = S.view === null ? st.moves.length : S.view;
  if (st.result !== "none" && ply === st.moves.length) { say("the game is over: go back to a position to analyse"); return; }
  S.lines.clear();
  renderLines();
  S.analysing = true;
  const reply = await act("analyse", { ply });
  // A poll may have brought a newer state while this request ran: never go back to an older one.
  const stale = reply && S.state && reply.session === S.state.session && reply.version < S.version;
  if (reply && !stale) { S.state = reply; S.version = reply.version; renderAll(); }
  if (reply) pollLoop();
}

function fillGameControls(state, first) {
  const games = state.games;
  S.games = games;
  const gameSel = $("game");
  if (first) {
    gameSel.replaceChildren(...Object.keys(games).map((g) => new Option(gameTitle(g), g)));
  }
  gameSel.value = state.game;
  fillSizes(state.game, state.size);
  fillOptions(state.engine);
}

function fillSizes(game, size) {
  const entry = (S.games || {})[game] || { sizes: [size], default: size };
  const sel = $("size");
  sel.replaceChildren(...entry.sizes.map((s) => new Option(s + (s === entry.default ? " (default)" : ""), s)));
  sel.value = size && entry.sizes.includes(size) ? size : entry.default;
}

function fillOptions(engine) {
  const box = $("option-fields");
  const fields = [];
  for (const [name, spec] of Object.entries(engine.options || {})) {
    const label = document.createElement("label");
    label.append(name + " ");
    let input;
    const current = (engine.values || {})[name] ?? spec.default;
    if (spec.type === "combo") {
      input = document.createElement("select");
      for (const v of spec.vars) input.appendChild(new Option(v, v));
    } else if (spec.type === "check") {
      input = document.createElement("select");
      for (const v of ["true", "false"]) input.appendChild(new Option(v, v));
    } else {
      input = document.createElement("input");
      input.type = spec.type === "spin" ? "number" : "text";
      if (spec.min !== null) input.min = spec.min;
      if (spec.max !== null) input.max = spec.max;
    }
    input.value = current ?? "";
    input.dataset.option = name;
    label.appendChild(input);
    fields.push(label);
  }
  box.replaceChildren(...fields);
  $("apply-options").hidden = !fields.length;
}

function bindControls() {
  $("game").addEventListener("change", () => fillSizes($("game").value, null));
  $("limit-kind").addEventListener("change", () => {
    for (const label of document.querySelectorAll(".limit")) label.hidden = label.dataset.kind !== $("limit-kind").value;
  });
  $("new").addEventListener("click", newGame);
  for (const select of document.querySelectorAll("select[data-role=level]")) {
    select.addEventListener("change", () => chooseLevel(select));
  }
  $("mode").addEventListener("change", changeMode);
  $("flip").addEventListener("click", () => { S.bottom = S.bottom === "p1" ? "p2" : "p1"; renderAll(); });
  $("takeback").addEventListener("click", takeBack);
  $("pass").addEventListener("click", () => {
    const entry = S.state.legal.find((m) => m.ops.length === 0);
    if (entry && interactive()) playMove(entry);
  });
  $("engine-move").addEventListener("click", async () => {
    // While the engine searches its move: "move now" (it plays its best move so far);
    // otherwise the engine plays the side to move's move.
    const searching = S.state && S.state.searching === "move";
    const reply = await act(searching ? "stop" : "go", searching ? {} : { limits: limitsOf() });
    if (reply) { setState(reply, null); pollLoop(); }
  });
  $("pause").addEventListener("click", () => {
    S.paused = !S.paused;
    renderAll();
    afterState();
  });
  $("hint").addEventListener("click", async () => {
    const reply = await act("hint");
    if (reply) { setState(reply, null); pollLoop(); }
  });
  $("resign").addEventListener("click", resign);
  $("draw").addEventListener("click", offerDraw);
  $("delay").addEventListener("change", async () => {
    const reply = await act("players", { players: playersOf($("mode").value), delay: delayOf() });
    if (reply) setState(reply, null);
  });
  $("rules-button").addEventListener("click", toggleRules);
  $("view-close").addEventListener("click", () => navigate(null));
  $("result-new").addEventListener("click", newGame);
  $("analyse").addEventListener("click", analyse);
  $("stop").addEventListener("click", async () => {
    S.analysing = false;
    const reply = await act("stop");
    if (reply) setState(reply, null);
  });
  $("apply-options").addEventListener("click", async () => {
    const options = {};
    for (const input of $("option-fields").querySelectorAll("[data-option]")) {
      const spec = S.state.engine.options[input.dataset.option];
      options[input.dataset.option] = spec.type === "spin" ? Number(input.value) : input.value;
    }
    const reply = await act("options", { options });
    if (reply) { setState(reply, null); say("options set", "info"); }
  });
  for (const [id, fn] of [["nav-first", () => 0], ["nav-prev", () => (S.view === null ? S.state.moves.length : S.view) - 1],
    ["nav-next", () => (S.view === null ? S.state.moves.length : S.view + 1)], ["nav-last", () => null]]) {
    $(id).addEventListener("click", () => navigate(fn()));
  }
  $("preview-close").addEventListener("click", () => { S.preview = null; renderAll(); });
  $("save").addEventListener("click", save);
  $("load").addEventListener("change", load);
}

// The buttons that depend on the state: hint (a person to move), resign and draw (a person
// seat, game in play), move now (the engine searching its move), pause (engine against
// engine), the delay (engine against engine), and the hint's text.
function renderButtons() {
  const st = S.state, mode = $("mode").value;
  const inPlay = st.result === "none";
  const personSeat = st.players.p1 === "person" || st.players.p2 === "person";
  const personToMove = inPlay && st.players[st.board.tomove] === "person";
  $("hint").hidden = !(personToMove && mode !== "analysis");
  $("hint").disabled = !!st.searching || !!currentHint() || S.view !== null;
  $("resign").hidden = !(inPlay && personSeat && mode !== "analysis");
  $("draw").hidden = !(inPlay && personSeat && mode !== "analysis");
  const searching = st.searching === "move";
  $("engine-move").textContent = searching ? "move now" : "engine, play this move";
  $("engine-move").title = searching ? "the engine plays its best move so far" : "the engine plays the side to move's move";
  $("engine-move").hidden = !inPlay || (!searching && mode === "eve");
  $("pause").hidden = mode !== "eve" || !inPlay;
  $("pause").textContent = S.paused ? "resume" : "pause";
  $("delay-label").hidden = mode !== "eve";
  if (st.delay !== undefined && document.activeElement !== $("delay")) $("delay").value = String(st.delay);
  const hint = currentHint();
  $("hint-text").textContent = hint ? `Hint for ${st.board.names[st.board.tomove]}: ${hint.move}` +
    (hint.ops && hint.ops.length ? " (marked on the board)" : "") : "";
  if ($("resign").dataset.confirm && !inPlay) delete $("resign").dataset.confirm;
  $("resign").textContent = $("resign").dataset.confirm ? "really resign?" : "resign";
}

function delayOf() {
  return clampInt($("delay").value, 0, 10000, 0);
}

// Resign takes two presses (the second within a few seconds), so one slip does not end the game.
async function resign() {
  const button = $("resign");
  if (!button.dataset.confirm) {
    button.dataset.confirm = "true";
    button.textContent = "really resign?";
    setTimeout(() => { delete button.dataset.confirm; if (S.state) renderButtons(); }, 4000);
    return;
  }
  delete button.dataset.confirm;
  const reply = await act("resign");
  if (reply) setState(reply, null);
}

// A draw offer: against the engine, its answer (from its win-draw-loss view) is shown.
async function offerDraw() {
  const reply = await act("draw");
  if (!reply) return;
  setState(reply, null);
  const answer = reply.draw;
  if (answer && !answer.accepted) {
    const wdl = answer.wdl;
    say(wdl ? `The engine declines the draw: it expects ${Math.round((wdl[0] + wdl[1] / 2) / 10)}% (win ${wdl[0]}, draw ${wdl[1]}, loss ${wdl[2]} per mille)`
      : "The engine declines the draw", "info");
  } else if (answer && answer.accepted) {
    say("The engine accepts the draw", "info");
  }
}

// The how-to-play panel: lessons.js (when present) renders the game's lessons into it.
function toggleRules() {
  const section = $("rules"), button = $("rules-button");
  section.hidden = !section.hidden;
  button.setAttribute("aria-expanded", String(!section.hidden));
  button.textContent = section.hidden ? "How to play" : "Hide how to play";
  if (!section.hidden) {
    renderRules();
    if (section.getBoundingClientRect().top > window.innerHeight * 0.6) section.scrollIntoView({ block: "start" });
  }
}

function renderRules() {
  const section = $("rules"), st = S.state;
  if (section.hidden || !st || section.dataset.game === st.game) return;
  section.dataset.game = st.game;
  const lessons = window.tableroLessons;
  if (lessons && typeof lessons.render === "function") {
    try {
      lessons.render(section, st.game, api);
    } catch (e) {
      section.textContent = "The how-to-play panel failed: " + e.message;
    }
  } else {
    section.textContent = "The how-to-play lessons are not available: the rules are in docs/rules.md.";
  }
}

async function newGame() {
  S.view = null; S.preview = null; S.lines.clear(); S.paused = false; S.analysing = false;
  S.bottom = $("mode").value === "pve2" ? "p2" : "p1";   // the person's side at the bottom
  $("download").hidden = true;
  $("record").value = "";
  renderLines();
  const params = { game: $("game").value, size: $("size").value, players: playersOf($("mode").value), limits: limitsOf(), delay: delayOf() };
  const levels = levelsOf();
  if (levels) params.levels = levels;
  let reply = S.session ? await act("new", params) : null;
  if (!reply && !S.session) {
    reply = await openSession();
  }
  if (!reply) return;
  fillGameControls(reply, false);
  setState(reply, null);
  pollLoop();
  if ($("mode").value === "analysis") analyse();
}

async function changeMode() {
  const mode = $("mode").value;
  S.paused = false;
  S.analysing = false;
  if (mode === "pve1" || mode === "pve2") S.bottom = mode === "pve2" ? "p2" : "p1";
  const reply = await act("players", { players: playersOf(mode), limits: limitsOf(), delay: delayOf() });
  if (!reply) return;
  setState(reply, null);
  if (mode === "analysis") analyse();
}

async function takeBack() {
  const st = S.state;
  if (!st || !st.moves.length) { say("there is no move to take back"); return; }
  // Against the engine, take back to the person's own turn.
  let count = 1;
  const mode = $("mode").value;
  if ((mode === "pve1" || mode === "pve2") && st.moves.length >= 2) {
    const lastBy = st.moves[st.moves.length - 1].by;
    if (lastBy && st.players[lastBy] === "engine") count = 2;
  }
  S.view = null; S.preview = null;
  const reply = await act("takeback", { count });
  if (reply) setState(reply, null);
}

async function save() {
  const reply = await act("save");
  if (!reply) return;
  $("record").value = reply.record;
  const link = $("download");
  if (link.href) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([reply.record], { type: "application/json" }));
  link.download = reply.filename;
  link.textContent = "download " + reply.filename;
  link.hidden = false;
  say("record saved: download it or copy it from the box", "info");
}

async function load() {
  const file = $("load").files[0];
  if (!file) return;
  if (file.size > 900000) { say("the record file is too large"); $("load").value = ""; return; }
  const text = await file.text();
  $("load").value = "";
  const idText = $("load-id").value.trim();
  const data = { text };
  if (idText) data.id = parseInt(idText, 10);
  const reply = await act("load", data);
  if (!reply) return;
  S.view = null; S.preview = null; S.lines.clear();
  fillGameControls(reply, false);
  setState(reply, null);
  say(`loaded a game of ${reply.moves.length} moves`, "info");
}

document.addEventListener("DOMContentLoaded", start);
