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
  flipped: false, selected: [], preview: null, animating: 0, requests: 0,
  lines: new Map(), polling: false, paused: false, clockBase: null,
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
  const params = { players: playersOf($("mode").value), limits: limitsOf() };
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
  bindControls();
  const reply = await openSession();
  if (!reply) return;
  fillGameControls(reply, true);
  setState(reply, null);
  pollLoop();
  setInterval(tickClocks, 200);
  window.addEventListener("pagehide", () => { if (S.session) api("close"); });
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
  if (S.view !== null && S.view > state.moves.length) S.view = null;
  S.selected = [];
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
    while (S.session) {
      const busy = S.state && S.state.searching;
      if (document.hidden && !busy) break;
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
    if ((info.multipv || 1) === 1 && info.p1) renderEval(info.p1);
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
  const g = geometry(board, parsed.width, parsed.height);
  const holder = $("board");
  const svg = el("svg", { viewBox: `0 0 ${g.w} ${g.h}`, role: "img" });
  const squares = el("g", { class: "squares" }, svg);
  const overlay = el("g", { class: "overlay" }, svg);
  const pieces = el("g", { class: "pieces" }, svg);
  const last = S.view === null && !S.preview && st.moves.length ? st.moves[st.moves.length - 1] : null;
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
      const rect = el("rect", { x, y, width: SQ, height: SQ, class: cls.join(" "), "data-square": name }, squares);
      rect.addEventListener("click", () => clickSquare(name));
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
  for (let c = 0; c < g.width; c++) {
    const [x, y] = g.screen(c, 0);
    const bottom = y > g.h / 2;
    const t = el("text", { x: x + SQ / 2, y: bottom ? PADV + SQ * g.height + 22 : PADV - 12, "text-anchor": "middle", class: "coord" }, overlay);
    t.textContent = g.files[c];
  }
  for (let r = 0; r < g.height; r++) {
    const [, y] = g.screen(0, r);
    const t = el("text", { x: PAD / 2, y: y + SQ / 2 + 4, "text-anchor": "middle", class: "coord" }, overlay);
    t.textContent = g.ranks[r];
  }
  // Pieces.
  const byName = drawPieces(pieces, board, parsed, g);
  // Markers: squares that start a two-click move, targets of the selection.
  if (interactive()) drawMarkers(overlay, g);

  holder.replaceChildren(svg);
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

function drawMarkers(overlay, g) {
  const sel = S.selected;
  const candidates = matching(sel);
  const next = new Map();
  for (const m of candidates) {
    const c = clicksOf(m);
    if (c.length > sel.length) {
      const sq = c[sel.length];
      const capture = m.flags.includes("capture") || m.ops.some((op) => op[0] === "remove" && op[1] === sq);
      next.set(sq, (next.get(sq) || false) || capture);
    }
  }
  const twoClick = candidates.some((m) => clicksOf(m).length > 1);
  if (!sel.length && !twoClick) return;   // one-click games: every empty square would be marked
  for (const [sq, capture] of next) {
    if (!g.names[sq]) continue;
    const [x, y] = g.screen(...g.names[sq]);
    if (!sel.length) el("circle", { cx: x + SQ / 2, cy: y + SQ / 2, r: SQ * 0.44, class: "marker start" }, overlay);
    else if (capture) el("circle", { cx: x + SQ / 2, cy: y + SQ / 2, r: SQ * 0.42, class: "marker capture" }, overlay);
    else el("circle", { cx: x + SQ / 2, cy: y + SQ / 2, r: SQ * 0.13, class: "marker target" }, overlay);
  }
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
  const reply = await act("move", { move: entry.move });
  if (!reply) { renderAll(); return; }
  setState(reply, reply.moves[reply.moves.length - 1]);
}

// ---------------------------------------------------------------- panel

function renderAll(anim, old) {
  const st = S.state;
  if (!st) return;
  const oldFen = old ? old.fen : null;
  renderBoard(anim, oldFen);
  const names = st.board.names;
  $("game-title").textContent = `${st.game} ${st.size}: ${names.p1} (player 1, ${who(st, "p1")}) against ${names.p2} (player 2, ${who(st, "p2")})`;
  $("mode").options[0].textContent = `you play ${names.p1} (player 1) against the engine`;
  $("mode").options[1].textContent = `you play ${names.p2} (player 2) against the engine`;
  $("status").textContent = statusText();
  const toplace = st.board.toplace;
  $("toplace").textContent = Object.keys(toplace).length
    ? `left to place: ${names.p1} ${toplace.p1}, ${names.p2} ${toplace.p2}` : "";
  const passEntry = st.legal.find((m) => m.ops.length === 0);
  $("pass").hidden = !(passEntry && interactive());
  $("engine-error").textContent = st.engine.error ? "engine: " + st.engine.error : "";
  $("engine-name").textContent = `engine: ${st.engine.name}${st.engine.running ? "" : " (not running)"}`;
  renderMoves();
  renderLevels();
  renderEval(st.evaluation);
  renderEnd();
  renderClocks();
  renderPreview();
  markBusy();
}

function who(st, side) {
  return st.players[side] === "engine" ? st.engine.name : "person";
}

function statusText() {
  const st = S.state, names = st.board.names;
  if (S.preview) return "preview";
  if (st.result !== "none") {
    return st.result === "draw" ? "draw" : `${names[st.result === "p1win" ? "p1" : "p2"]} wins`;
  }
  const mover = names[st.board.tomove];
  const who = st.players[st.board.tomove] === "engine" ? " (engine)" : "";
  const duty = st.duty && st.duty !== "move" ? ` — must ${st.duty.replace(/-/g, " ")}` : "";
  const thinking = st.searching === "move" ? " — thinking…" : st.searching === "analysis" ? " — analysing" : "";
  return `${mover}${who} to move${duty}${thinking}`;
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

// The evaluation bar: player 1's expected score per mille (the server's view of the engine's
// last win-draw-loss estimate, turned round when player 2 was to move) as data-eval, the bar's
// filled share and a short text; empty when there is none.
function renderEval(view) {
  const bar = $("eval"), st = S.state;
  if (st) {
    bar.style.setProperty("--p1colour", st.board.colours.p1 || "#f5f5f5");
    bar.style.setProperty("--p2colour", st.board.colours.p2 || "#30343b");
  }
  if (!view || view.eval === undefined) {
    bar.dataset.eval = "";
    $("eval-text").textContent = "";
    return;
  }
  bar.dataset.eval = String(view.eval);
  $("eval-fill").style.width = `${view.eval / 10}%`;
  $("eval-text").textContent = view.proven ? `${view.proven.toUpperCase()} wins (proven)`
    : `P1 ${Math.round(view.eval / 10)}%`;
  const names = st ? st.board.names : { p1: "player 1" };
  bar.title = `${names.p1} (player 1): win ${view.wdl[0]}, draw ${view.wdl[1]}, loss ${view.wdl[2]} per mille`;
}

function renderEnd() {
  const st = S.state, box = $("end");
  if (st.result === "none") { box.textContent = ""; return; }
  const names = st.board.names;
  let text = st.result === "draw" ? "Draw" : `${names[st.result === "p1win" ? "p1" : "p2"]} wins`;
  if (st.adjudged) {
    text += ` — ${st.adjudged.reason}${st.adjudged.detail ? ": " + st.adjudged.detail : ""}`;
  } else if (st.end) {
    text += ` — ${String(st.end.reason || "").replace(/-/g, " ")}`;
    // Keys and values that name a player (p1score, blockaded p1,p2) get the player's name.
    const named = (text) => String(text)
      .replace(/\bp([12])score\b/g, (_, n) => `${names["p" + n]}'s score`)
      .replace(/\bp([12])\b/g, (_, n) => names["p" + n]);
    const details = Object.entries(st.end.details || {}).map(([k, v]) => `${named(k)} ${named(v)}`);
    if (details.length) text += ` (${details.join("; ")})`;
  } else if (st.reason) {
    text += ` — ${st.reason}`;
  }
  box.textContent = text;
}

function renderMoves() {
  const st = S.state, list = $("moves");
  const items = st.moves.map((m, i) => {
    const li = document.createElement("li");
    li.textContent = m.move + (m.flags.length ? ` (${m.flags.join(",")})` : "");
    li.dataset.ply = String(i + 1);
    li.dataset.move = m.move;
    if ((S.view === null ? st.moves.length : S.view) === i + 1) li.className = "current";
    li.addEventListener("click", () => navigate(i + 1));
    return li;
  });
  list.replaceChildren(...items);
  const current = list.querySelector(".current");
  if (current && S.view === null) current.scrollIntoView({ block: "nearest" });
}

function renderLines() {
  const body = $("lines").querySelector("tbody");
  const rows = [...S.lines.keys()].sort((a, b) => a - b).map((k) => {
    const info = S.lines.get(k);
    const tr = document.createElement("tr");
    // The score from player 1's view (the server turns it round for player 2) when known.
    const score = info.p1 || info.score || {};
    let text = "";
    if (score.mate !== undefined) text = `#${score.mate}`;
    else if (score.cp !== undefined) text = (score.cp >= 0 ? "+" : "") + (score.cp / 100).toFixed(2);
    if (score.bound) text += score.bound === "lowerbound" ? "≥" : "≤";
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
  const bottom = S.flipped ? "p2" : "p1", top = S.flipped ? "p1" : "p2";
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
    gameSel.replaceChildren(...Object.keys(games).map((g) => new Option(g, g)));
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
  $("flip").addEventListener("click", () => { S.flipped = !S.flipped; renderAll(); });
  $("takeback").addEventListener("click", takeBack);
  $("pass").addEventListener("click", () => {
    const entry = S.state.legal.find((m) => m.ops.length === 0);
    if (entry && interactive()) playMove(entry);
  });
  $("engine-move").addEventListener("click", async () => {
    const reply = await act("go", { limits: limitsOf() });
    if (reply) { setState(reply, null); pollLoop(); }
  });
  $("analyse").addEventListener("click", analyse);
  $("stop").addEventListener("click", async () => {
    S.paused = $("mode").value === "eve" ? true : S.paused;
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

async function newGame() {
  S.view = null; S.preview = null; S.lines.clear(); S.paused = false; S.analysing = false;
  S.flipped = $("mode").value === "pve2";   // the person's side at the bottom
  $("download").hidden = true;
  $("record").value = "";
  renderLines();
  const params = { game: $("game").value, size: $("size").value, players: playersOf($("mode").value), limits: limitsOf() };
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
  if (mode === "pve1" || mode === "pve2") S.flipped = mode === "pve2";
  const reply = await act("players", { players: playersOf(mode), limits: limitsOf() });
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
