// tablero board: the "how to play" panel. It asks the server for a game's lesson (the
// `lesson` request: texts, and diagrams whose boards, moves and ends the referee gave) and
// draws it; like the board, it knows no rules. Used by the page as
// window.tableroLessons.render(section, game, api), api(name, data) -> Promise of the reply.
"use strict";

(function () {
  const cache = new Map();   // game -> the lesson reply (the same for a server's lifetime)

  function make(tag, cls, parent, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }

  // A paragraph of lesson text: **words** become <strong>, the rest stays plain text.
  function paragraph(text, parent) {
    const p = make("p", "lesson-text", parent);
    text.split("**").forEach((part, i) => {
      if (!part) return;
      if (i % 2) make("strong", null, p, part);
      else p.appendChild(document.createTextNode(part));
    });
    return p;
  }

  // Square name of grid cell (row, col); row 0 is the position string's first row.
  function squareName(board, row, col) {
    const rank = board.origin === "top-left" ? board.ranks[row] : board.ranks[board.height - 1 - row];
    return board.files[col] + rank;
  }

  function pieceOf(board, letter) {
    return board.pieces.find((p) => p.letter === letter) || { letter, player: "", kind: "" };
  }

  function endText(board, end) {
    const who = end.result === "draw" ? "a draw"
      : (board.names[end.result === "p1win" ? "p1" : "p2"] || end.result) + " wins";
    return "Game over: " + who + " (" + String(end.reason || "").replace(/-/g, " ") + ")";
  }

  // One board as a CSS grid: rank numbers left, file letters below, the pieces of `grid`,
  // and `marks`: square -> list of classes (move squares, marked squares, legal targets).
  function drawBoard(board, grid, marks, label) {
    const box = make("div", "lesson-boardbox");
    if (label) make("div", "lesson-label", box, label);
    const el = make("div", "lesson-board", box);
    if (board.wrap === "files") el.classList.add("wrap");
    el.style.setProperty("--cols", String(board.width));
    el.style.setProperty("--p1colour", board.colours.p1 || "white");
    el.style.setProperty("--p2colour", board.colours.p2 || "black");
    el.setAttribute("role", "img");
    for (let row = 0; row < board.height; row++) {
      const rank = squareName(board, row, 0).slice(board.files[0].length);
      make("span", "lesson-coord", el, rank);
      for (let col = 0; col < board.width; col++) {
        const name = squareName(board, row, col);
        const sq = make("div", "lesson-sq " + ((row + col) % 2 ? "dark" : "light"), el);
        sq.dataset.square = name;
        for (const player of ["p1", "p2"]) {
          const home = board.homes && board.homes[player];
          if (home && Number(rank) >= home[0] && Number(rank) <= home[1]) sq.classList.add("home-" + player);
        }
        for (const cls of marks[name] || []) sq.classList.add(cls);
        const letter = grid[row] && grid[row][col];
        if (letter) {
          const info = pieceOf(board, letter);
          const piece = make("span", "lesson-piece " + (info.kind || "piece"), sq);
          piece.dataset.player = info.player;
          piece.dataset.piece = letter;
          if (info.kind === "mark") piece.textContent = letter.toUpperCase();
        }
      }
    }
    make("span", "lesson-coord", el);
    for (const file of board.files) make("span", "lesson-coord", el, file);
    if (board.wrap === "files") make("div", "lesson-note", box, "↔ the side edges meet");
    return box;
  }

  function addMark(marks, square, cls) {
    (marks[square] = marks[square] || []).push(cls);
  }

  function drawDiagram(d, parent) {
    const fig = make("figure", "lesson-diagram", parent);
    fig.dataset.fen = d.fen;
    const boards = make("div", "lesson-boards", fig);
    const before = {}, after = {};
    for (const sq of d.legal || []) addMark(before, sq, "legal");
    for (const sq of d.marks || []) { addMark(before, sq, "mark"); addMark(after, sq, "mark"); }
    const board = d.board;
    let label = d.move ? "before" : null;
    if (d.move) {
      fig.dataset.move = d.move;
      d.ops.forEach((op, i) => {
        const [kind, a, b] = op;
        const main = i === 0;
        if (kind === "place") { addMark(before, a, "to"); addMark(after, a, "to"); }
        if (kind === "move") {
          addMark(before, a, main ? "from" : "moved-from");
          addMark(before, b, main ? "to" : "moved-to");
          addMark(after, b, main ? "to" : "moved-to");
        }
        if (kind === "remove") addMark(before, a, "captured");
        if (kind === "set") addMark(after, a, "locked-now");
      });
    }
    boards.appendChild(drawBoard(board, board.grid, before, label));
    if (d.move) {
      make("div", "lesson-arrow", boards, "→");
      boards.appendChild(drawBoard(board, d.after.grid, after, "after " + d.move));
    }
    const caption = make("figcaption", null, fig);
    paragraph(d.caption || "", caption);
    const end = d.move ? d.after.end : d.end;
    const tomove = d.move ? null : board.names[board.tomove];
    if (end) make("p", "lesson-end", caption, endText(board, end));
    else if (tomove) make("p", "lesson-tomove", caption, tomove + " to move");
    return fig;
  }

  function draw(lesson) {
    const root = make("div", "lessons");
    root.dataset.game = lesson.game;
    make("h2", null, root, "How to play " + lesson.title);
    if (lesson.intro) paragraph(lesson.intro, root).classList.add("lesson-intro");
    for (const s of lesson.sections) {
      const part = make("section", "lesson-section", root);
      part.dataset.topics = s.topics.join(" ");
      make("h3", null, part, s.title);
      // The words beside the diagrams where the panel is wide enough, above them where not.
      const body = make("div", "lesson-body", part);
      const words = make("div", "lesson-words", body);
      for (const line of s.text.split("\n")) if (line.trim()) paragraph(line, words);
      if (s.diagrams.length) {
        const row = make("div", "lesson-diagrams", body);
        for (const d of s.diagrams) drawDiagram(d, row);
      }
    }
    return root;
  }

  // Renders the lesson of `game` into `section` (replacing what it held); resolves when drawn.
  // A later call for another game wins over an earlier one still waiting for its answer.
  async function render(section, game, api) {
    section.dataset.lesson = game;
    let lesson = cache.get(game);
    if (!lesson) {
      if (!section.firstChild || section.dataset.lessonShown !== game) {
        section.replaceChildren(make("p", "lesson-wait", null, "Loading the rules…"));
      }
      try {
        lesson = await api("lesson", { game });
      } catch (e) {
        if (section.dataset.lesson === game) {
          section.replaceChildren(make("p", "lesson-error", null,
            "The rules could not be loaded: " + (e && e.message ? e.message : e)));
        }
        return;
      }
      cache.set(game, lesson);
    }
    if (section.dataset.lesson !== game) return;
    section.replaceChildren(draw(lesson));
    section.dataset.lessonShown = game;
  }

  window.tableroLessons = { render };
})();
