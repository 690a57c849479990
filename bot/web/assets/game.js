// The game page: draws the game the server describes (`…/state`), follows it live
// (`…/events`), and lets a signed-in player make a turn by click, tap or drag, picking from
// the legal turns the server sends. It works out no chess rule itself. A game's clock runs
// here between the server's changes, from how long the turn had run on the server's clock
// when it made the view and the page's own monotonic clock since: never from the browser's
// date. The page never decides a flag: at zero it waits for the server's.
"use strict";

const words = JSON.parse(document.getElementById("words").textContent);
const base = location.pathname.replace(/\/$/, "");
const FILES = "abcdefgh";
const ROLES = { Q: 0, R: 1, B: 2, N: 3, K: 4, P: 5 };

const page = {
  view: null,      // the server's picture of the game
  shown: 0,        // the ply on the board
  flipped: false,  // turned around from the reader's own side
  busy: false,     // a turn is on its way
  pick: null,      // a half-made turn: { choice, from, candidates, pushing }
  text: "",        // the state as the server last sent it, less the clock's time
  sync: null,      // { elapsed, at }: the turn had run `elapsed` ms at `performance.now()` `at`
  ticking: 0,      // the interval that runs the clock
};

const $ = (id) => document.getElementById(id);

function squareName(index) {
  return FILES[index % 8] + String(Math.floor(index / 8) + 1);
}

// The pieces of a FEN's first field, a1 to h8, each as `wK`, `bP`… or "".
function squaresOf(placement) {
  const squares = new Array(64).fill("");
  placement.split("/").forEach((rank, r) => {
    let file = 0;
    for (const c of rank) {
      if (c >= "1" && c <= "9") {
        file += Number(c);
      } else {
        const color = c === c.toUpperCase() ? "w" : "b";
        squares[(7 - r) * 8 + file] = color + c.toUpperCase();
        file += 1;
      }
    }
  });
  return squares;
}

function latest() {
  return page.view ? page.view.plies.length - 1 : 0;
}

// The side shown at the bottom: the reader's own, else White; turned around by `flip`.
function bottomSide() {
  const own = page.view && page.view.you === "black" ? "black" : "white";
  if (!page.flipped) return own;
  return own === "white" ? "black" : "white";
}

function playing() {
  return page.view && page.view.turns.length > 0 && page.shown === latest() && !page.busy;
}

// The legal turns after the piece choice of a pending promotion, if one was made.
function turnsNow() {
  const turns = page.view ? page.view.turns : [];
  const choice = page.pick && page.pick.choice;
  return choice ? turns.filter((t) => t.choice === choice) : turns;
}

function drawBoard() {
  const board = $("board");
  const view = page.view;
  if (!view) return;
  const ply = view.plies[page.shown];
  const pieces = squaresOf(ply.board);
  const whiteBottom = bottomSide() === "white";
  board.classList.toggle("playable", playing());
  board.replaceChildren();
  const pick = page.pick;
  const turns = turnsNow();
  const froms = new Set(playing() && !(pick && pick.pushing) ? turns.map((t) => t.from).filter(Boolean) : []);
  const targets = new Set();
  const pushTargets = new Set();
  if (pick && pick.from && !pick.pushing) {
    for (const t of turns) {
      if (t.from !== pick.from) continue;
      targets.add(t.to);
      if (t.also) targets.add(t.also);
    }
  }
  if (pick && pick.pushing) {
    for (const t of pick.candidates) {
      if (t.push) { pushTargets.add(t.push[0]); pushTargets.add(t.push[1]); }
    }
  }
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const file = whiteBottom ? col : 7 - col;
      const rank = whiteBottom ? 7 - row : row;
      const index = rank * 8 + file;
      const name = squareName(index);
      const sq = document.createElement("div");
      sq.className = "sq " + ((file + rank) % 2 === 1 ? "light" : "dark");
      sq.dataset.square = name;
      sq.setAttribute("role", "gridcell");
      const piece = pieces[index];
      sq.setAttribute("aria-label", name + (piece ? " " + piece : ""));
      if (ply.from === name || ply.to === name) sq.classList.add("moved");
      if (ply.push && (ply.push[0] === name || ply.push[1] === name)) sq.classList.add("pushed");
      if (ply.check === name) sq.classList.add("check");
      if (ply.promo === name) sq.classList.add("promo");
      if (froms.has(name)) sq.classList.add("from");
      if (pick && pick.from === name) sq.classList.add("selected");
      if (targets.has(name)) sq.classList.add("target");
      if (pushTargets.has(name)) sq.classList.add("push-target");
      if (piece) {
        sq.classList.add("occupied");
        const img = document.createElement("img");
        img.src = "/assets/" + piece + ".svg";
        img.alt = piece;
        img.draggable = false;
        sq.appendChild(img);
      }
      if (row === 7) addCoord(sq, "file", FILES[file]);
      if (col === 0) addCoord(sq, "rank", String(rank + 1));
      board.appendChild(sq);
    }
  }
}

function addCoord(sq, kind, text) {
  const span = document.createElement("span");
  span.className = "coord " + kind;
  span.textContent = text;
  sq.appendChild(span);
}

function drawBars() {
  const view = page.view;
  const bottom = bottomSide();
  const top = bottom === "white" ? "black" : "white";
  const side = view.plies[page.shown].side;
  for (const [id, color] of [["bar-top", top], ["bar-bottom", bottom]]) {
    const bar = $(id);
    const player = view[color];
    bar.querySelector(".name").textContent = player.name;
    const face = bar.querySelector(".face");
    const initial = (Array.from(player.name)[0] || "?").toUpperCase();
    const src = base + "/face/" + color + ".png";
    if (face.dataset.src !== src) {
      // The picture when the server has one, else the name's initial.
      face.dataset.src = src;
      face.replaceChildren();
      face.textContent = initial;
      const img = new Image();
      img.alt = "";
      img.addEventListener("load", () => face.replaceChildren(img));
      img.src = src;
    }
    bar.classList.toggle("to-move", !view.result && side === color);
    bar.dataset.color = color;
  }
}

// A remaining time as the clock shows it, as the bot writes it (`domain::timing::clock_face`):
// m:ss (h:mm:ss from an hour on), tenths under ten seconds, never below zero.
function clockFace(ms) {
  const left = Math.max(0, Math.floor(ms));
  const secs = Math.floor(left / 1000);
  const [h, m, s] = [Math.floor(secs / 3600), Math.floor(secs / 60) % 60, secs % 60];
  const two = (n) => String(n).padStart(2, "0");
  if (h > 0) return h + ":" + two(m) + ":" + two(s);
  if (left < 10000) return m + ":" + two(s) + "." + (Math.floor(left / 100) % 10);
  return m + ":" + two(s);
}

// How long the current turn has run: what the server said, and the page's own time since.
function turnElapsed() {
  const sync = page.sync;
  return sync ? sync.elapsed + (performance.now() - sync.at) : 0;
}

// Whether a clock runs on the page: the game goes on and its latest position is shown.
function clockRuns() {
  const clock = page.view && page.view.clock;
  return Boolean(clock && clock.running && page.shown === latest());
}

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

// Each bar's clock: both times at the position shown; at the latest position of a game going
// on, the running side's less what its turn has taken, or at its first turn the time left to
// make it (that turn is not on the clock).
function drawClocks() {
  const view = page.view;
  const clock = view.clock;
  const times = view.plies[page.shown].clocks;
  const runs = clockRuns();
  for (const id of ["bar-top", "bar-bottom"]) {
    const bar = $(id);
    const box = bar.querySelector(".clock");
    box.hidden = !clock || !times;
    if (box.hidden) continue;
    const color = bar.dataset.color;
    const running = runs && clock.running === color;
    const first = running && clock.first_turn_ms !== null;
    let ms = times[color];
    if (running) ms = (first ? clock.first_turn_ms : ms) - turnElapsed();
    ms = Math.max(0, ms);
    setText(box.querySelector(".time"), clockFace(ms));
    setText(box.querySelector(".label"), first ? words["first-turn"] : "");
    box.title = first ? words["first-turn-hint"] : "";
    box.classList.toggle("running", running);
    box.classList.toggle("first-turn", first);
    box.classList.toggle("low", ms < 10000);
  }
}

// The clock ticks only while it runs on the page.
function tick() {
  const runs = clockRuns();
  if (runs && !page.ticking) {
    page.ticking = setInterval(drawClocks, 100);
  } else if (!runs && page.ticking) {
    clearInterval(page.ticking);
    page.ticking = 0;
  }
}

function drawMoves() {
  const list = $("moves");
  list.replaceChildren();
  const plies = page.view.plies;
  for (let i = 1; i < plies.length; i++) {
    const whiteMoved = plies[i - 1].side === "white";
    if (whiteMoved || i === 1) {
      const num = document.createElement("li");
      num.className = "num";
      num.textContent = Math.ceil(i / 2) + ".";
      list.appendChild(num);
      if (!whiteMoved) list.appendChild(document.createElement("li"));
    }
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = plies[i].notation;
    b.dataset.ply = String(i);
    if (i === page.shown) b.classList.add("current");
    const review = page.view.review;
    const mark = review && review.marks.find((m) => m.ply === i);
    if (mark) {
      b.classList.add({ "?!": "inaccuracy", "?": "mistake", "??": "blunder" }[mark.sign]);
      b.title = mark.note;
    }
    if (review && review.decided === i) {
      b.classList.add("decided");
      b.title = (b.title ? b.title + " · " : "") + words.decided;
    }
    b.addEventListener("click", () => show(i));
    li.appendChild(b);
    list.appendChild(li);
  }
  // The list scrolls to its end by itself; the page never scrolls away from the board.
  if (page.shown === latest()) list.scrollTop = list.scrollHeight;
}

// The review's graph: White's expected score along the game (White's half above the
// middle), its marked turns as dots, the position shown as a line; a click shows that turn.
function drawReview() {
  const review = page.view.review;
  const box = $("review");
  box.hidden = !review;
  if (!review) return;
  $("accuracy").textContent = review.accuracy;
  const graph = $("graph");
  graph.setAttribute("aria-label", words.review);
  const ns = "http://www.w3.org/2000/svg";
  const n = Math.max(1, review.expectations.length - 1);
  const x = (i) => (i / n) * 100;
  const y = (e) => 40 - e * 40;
  const line = review.expectations.map((e, i) => x(i).toFixed(2) + "," + y(e).toFixed(2));
  const shape = (name, attrs) => {
    const el = document.createElementNS(ns, name);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    return el;
  };
  graph.replaceChildren(
    shape("polygon", { points: "0,40 " + line.join(" ") + " 100,40", fill: "#e8e8e8", opacity: 0.85 }),
    shape("line", { x1: 0, y1: 20, x2: 100, y2: 20, stroke: "#777", "stroke-width": 0.3 }),
    shape("line", { x1: x(page.shown), y1: 0, x2: x(page.shown), y2: 40, stroke: "var(--arrow)", "stroke-width": 0.6 }),
    ...review.marks.map((m) => shape("circle", {
      cx: x(m.ply), cy: y(review.expectations[m.ply] ?? 0.5), r: 1.2,
      fill: { "?!": "#e6c44c", "?": "#e69a3c", "??": "#e0533d" }[m.sign],
    })),
  );
  graph.onclick = (e) => {
    const rect = graph.getBoundingClientRect();
    show(Math.round(((e.clientX - rect.left) / rect.width) * n));
  };
}

function drawControls() {
  const view = page.view;
  $("status").textContent = view.status;
  $("first").disabled = $("previous").disabled = page.shown === 0;
  $("next").disabled = $("last").disabled = page.shown === latest();
  const mine = view.you !== null && !view.result;
  $("play").hidden = !mine;
  const offers = $("offers");
  offers.replaceChildren();
  if (!mine) return;
  const me = view.you;
  const theirs = (side) => side !== null && (me === "both" || side !== me);
  const add = (key, act, confirmKey) => {
    const b = document.createElement("button");
    b.type = "button";
    b.id = "act-" + key;
    b.textContent = words[key];
    b.addEventListener("click", () => {
      if (confirmKey) ask(words[confirmKey], [[words[key], null, true]], () => send({ do: act }));
      else send({ do: act });
    });
    offers.appendChild(b);
  };
  if (theirs(view.draw_offer)) {
    add("draw-accept", "draw-accept");
    add("draw-decline", "draw-decline");
  } else if (view.draw_offer === null) {
    add("draw-offer", "draw-offer");
  }
  if (theirs(view.takeback)) {
    add("takeback-accept", "takeback-accept");
    add("takeback-decline", "takeback-decline");
  } else if (view.takeback === null && view.plies.length > 1) {
    add("takeback-offer", "takeback-offer");
  }
  add("resign", "resign", "resign-confirm");
}

function prompt(text) {
  const p = $("prompt");
  p.textContent = text || "";
  p.hidden = !text;
}

function draw() {
  if (!page.view) return;
  drawBoard();
  drawBars();
  drawClocks();
  tick();
  drawMoves();
  drawReview();
  drawControls();
}

function show(ply) {
  page.shown = Math.max(0, Math.min(latest(), ply));
  cancel();
  draw();
}

function cancel() {
  page.pick = null;
  prompt("");
}

// A question in the dialog: `choices` are [label, image, value] buttons (one, for a
// confirmation).
function ask(text, choices, then) {
  const dialog = $("dialog");
  $("dialog-text").textContent = text;
  const box = $("dialog-choices");
  box.replaceChildren();
  for (const [label, image, value] of choices) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.value = String(value);
    if (image) {
      const img = document.createElement("img");
      img.src = image;
      img.alt = label;
      b.appendChild(img);
    } else {
      b.textContent = label;
    }
    b.addEventListener("click", () => { dialog.close(); then(value); });
    box.appendChild(b);
  }
  $("dialog-cancel").textContent = words.cancel;
  $("dialog-cancel").onclick = () => { dialog.close(); cancel(); draw(); };
  dialog.showModal();
}

function pieceImage(letter) {
  const color = page.view.plies[latest()].side === "white" ? "w" : "b";
  return "/assets/" + color + letter + ".svg";
}

function byRole(a, b) {
  return (ROLES[a] ?? 9) - (ROLES[b] ?? 9);
}

// The player starts a turn: a pending promotion's piece is chosen first.
function startTurn() {
  const turns = page.view.turns;
  const choices = [...new Set(turns.map((t) => t.choice).filter(Boolean))].sort(byRole);
  if (choices.length === 0 || (page.pick && page.pick.choice)) return true;
  ask(words["choose-piece"], choices.map((c) => [c, pieceImage(c), c]), (choice) => {
    page.pick = { choice, from: null, candidates: [], pushing: false };
    const bare = turnsNow().find((t) => !t.from);
    if (bare) commit(bare);
    else draw();
  });
  return false;
}

function clickSquare(name) {
  if (!playing()) return;
  if (!startTurn()) return;
  const pick = page.pick || { choice: null, from: null, candidates: [], pushing: false };
  page.pick = pick;
  const turns = turnsNow();
  if (pick.pushing) {
    const chosen = pick.candidates.find((t) => t.push && (t.push[0] === name || t.push[1] === name));
    if (chosen) commit(chosen);
    else { pick.pushing = false; pick.from = null; prompt(""); draw(); }
    return;
  }
  if (pick.from) {
    if (name === pick.from) { pick.from = null; draw(); return; }
    const moves = turns.filter((t) => t.from === pick.from && (t.to === name || t.also === name));
    if (moves.length === 0) {
      pick.from = turns.some((t) => t.from === name) ? name : null;
      draw();
      return;
    }
    const promotions = [...new Set(moves.map((t) => t.promotion).filter(Boolean))].sort(byRole);
    if (promotions.length > 1) {
      ask(words.promote, promotions.map((p) => [p, pieceImage(p), p]), (p) => {
        afterMove(moves.filter((t) => t.promotion === p));
      });
      return;
    }
    afterMove(moves);
    return;
  }
  if (turns.some((t) => t.from === name)) {
    pick.from = name;
    draw();
  }
}

// The move is made: commit at once when it has no push, else show the pushes open.
function afterMove(candidates) {
  const pushes = candidates.filter((t) => t.push);
  if (pushes.length === 0) {
    commit(candidates[0]);
    return;
  }
  page.pick.candidates = pushes;
  page.pick.pushing = true;
  prompt(words["push-pick"]);
  draw();
}

function commit(turn) {
  if (turn.loses) {
    ask(words["push-loses"], [[turn.notation, null, true]], () => send({ do: "turn", turn: turn.notation, confirm: true }));
    return;
  }
  send({ do: "turn", turn: turn.notation });
}

async function send(action) {
  page.busy = true;
  $("message").textContent = "";
  draw();
  try {
    const response = await fetch(base + "/act", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(action),
      credentials: "same-origin",
    });
    const answer = await response.json();
    if (!answer.ok && answer.message) $("message").textContent = answer.message;
  } catch (e) {
    $("message").textContent = words.reconnecting;
  }
  page.busy = false;
  cancel();
  await refresh();
}

// The game's state: only the positions from the last one this page has, unless the game
// changed before it (a takeback), then all of them. With it, when the server made it by the
// page's monotonic clock: halfway between asking and the answer.
async function fetchState(from) {
  const asked = performance.now();
  const response = await fetch(base + "/state?from=" + from, { credentials: "same-origin", cache: "no-store" });
  if (!response.ok) return null;
  const text = await response.text();
  return { text, at: (asked + performance.now()) / 2 };
}

// The view in `got`, its clock's time taken out into `page.sync`; with the rest as text.
function readState(got) {
  const view = JSON.parse(got.text);
  page.sync = { elapsed: view.clock ? view.clock.elapsed_ms : 0, at: got.at };
  if (view.clock) delete view.clock.elapsed_ms;
  return { view, text: JSON.stringify(view) };
}

function samePly(a, b) {
  return a && b && a.board === b.board && a.notation === b.notation;
}

async function refresh() {
  try {
    const from = page.view ? page.view.plies.length - 1 : 0;
    const got = await fetchState(from);
    if (got === null) return;
    let { view, text } = readState(got);
    // The same game as shown: nothing to draw again (a half-made turn stays as it is), only
    // the clock set right.
    if (page.view && text === page.text) {
      drawClocks();
      return;
    }
    if (view.first > 0 && !(page.view && samePly(page.view.plies[view.first], view.plies[0]))) {
      const all = await fetchState(0);
      if (all === null) return;
      ({ view, text } = readState(all));
    }
    page.text = text;
    if (view.first > 0) view.plies = page.view.plies.slice(0, view.first).concat(view.plies);
    const wasLatest = !page.view || page.shown === latest();
    const grew = !page.view || view.plies.length !== page.view.plies.length;
    page.view = view;
    if (wasLatest || page.shown > latest()) page.shown = latest();
    if (grew) cancel();
    draw();
    document.body.dataset.plies = String(view.plies.length - 1);
  } catch (e) {
    $("live").dataset.state = "lost";
  }
}

// The game's changes as they come: the stream's greeting brings the first read of the state;
// a stream that cannot be had (the board has as many as it takes) still lets the page read it.
function listen() {
  const live = $("live");
  const events = new EventSource(base + "/events");
  events.addEventListener("open", () => { live.dataset.state = "live"; live.textContent = words.live; });
  events.addEventListener("changed", () => refresh());
  events.addEventListener("error", () => {
    live.dataset.state = "lost";
    live.textContent = words.reconnecting;
    if (!page.view) refresh();
  });
}

// Drag: a piece taken on one square and let go on another is a click on each.
function dragging() {
  const board = $("board");
  let from = null;
  let ghost = null;
  const squareAt = (x, y) => {
    const el = document.elementFromPoint(x, y);
    return el && el.closest ? el.closest(".sq") : null;
  };
  board.addEventListener("pointerdown", (e) => {
    const sq = e.target.closest(".sq");
    if (!sq) return;
    e.preventDefault();
    const before = page.pick && page.pick.from;
    clickSquare(sq.dataset.square);
    const now = page.pick && page.pick.from;
    const el = document.querySelector('.sq[data-square="' + sq.dataset.square + '"]');
    if (now && now !== before && el && el.querySelector("img")) {
      from = now;
      const img = el.querySelector("img");
      const rect = el.getBoundingClientRect();
      ghost = img.cloneNode();
      ghost.className = "ghost";
      ghost.style.width = rect.width + "px";
      ghost.style.height = rect.height + "px";
      ghost.style.left = e.clientX - rect.width / 2 + "px";
      ghost.style.top = e.clientY - rect.height / 2 + "px";
      document.body.appendChild(ghost);
      img.style.opacity = "0.35";
    }
  });
  window.addEventListener("pointermove", (e) => {
    if (!ghost) return;
    ghost.style.left = e.clientX - ghost.offsetWidth / 2 + "px";
    ghost.style.top = e.clientY - ghost.offsetHeight / 2 + "px";
  });
  window.addEventListener("pointerup", (e) => {
    if (!ghost) return;
    ghost.remove();
    ghost = null;
    const sq = squareAt(e.clientX, e.clientY);
    const start = from;
    from = null;
    if (sq && start && sq.dataset.square !== start && page.pick && page.pick.from === start) {
      clickSquare(sq.dataset.square);
    } else {
      draw();
    }
  });
}

function setUp() {
  $("flip").textContent = words.flip;
  $("send").textContent = words.send;
  $("typed-turn").placeholder = words["type-turn"];
  $("live").textContent = words.watching;
  $("flip").addEventListener("click", () => { page.flipped = !page.flipped; draw(); });
  $("first").addEventListener("click", () => show(0));
  $("previous").addEventListener("click", () => show(page.shown - 1));
  $("next").addEventListener("click", () => show(page.shown + 1));
  $("last").addEventListener("click", () => show(latest()));
  $("typed").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("typed-turn");
    const turn = input.value.trim();
    if (!turn) return;
    input.value = "";
    send({ do: "turn", turn });
  });
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement || $("dialog").open) return;
    if (e.key === "ArrowLeft") show(page.shown - 1);
    else if (e.key === "ArrowRight") show(page.shown + 1);
    else if (e.key === "Home") show(0);
    else if (e.key === "End") show(latest());
    else if (e.key === "Escape") { cancel(); draw(); }
    else return;
    e.preventDefault();
  });
  dragging();
  listen();
}

setUp();
