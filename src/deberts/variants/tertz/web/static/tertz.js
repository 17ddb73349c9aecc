// The Tertz page: solve a position, play a move (a click on a legal card, or the
// swap and break buttons), undo and redo. A solve is a job the page follows
// (/api/jobs): the board shows each move's value as soon as it is proven, the best
// so far marked, with the time, the nodes and a Stop button meanwhile; the page
// stops its job when it starts another or leaves.
"use strict";

// The deal and rules; the moves given (never undone) and the moves played here, with
// the undone ones for redo.
const state = { line: null, given: [], played: [], undone: [] };

function setting() {
  const [hands, stock] = value("deal").split("/");
  if (stock === undefined) throw new Error("bad deal: expected 'hand0 hand1 / stock'");
  const rules = readRules("", value("options"));
  delete rules.preset;  // Tertz has options, no presets
  return { game: "tertz", hands: hands.trim().split(/\s+/), stock: stock.trim(), rules };
}

function line() {
  return { ...state.line, played: [...state.given, ...state.played] };
}

async function refresh() {
  showError("");
  await leaveJob();
  document.getElementById("undo").disabled = state.played.length === 0;
  document.getElementById("redo").disabled = state.undone.length === 0;
  document.getElementById("played").innerHTML =
    state.played.length ? "Played here: " + cardsHtml(state.played.join(" ")) : "";
  for (const id of ["others", "line", "score", "legend"]) document.getElementById(id).innerHTML = "";
  try {
    const drawn = await api("POST", "board", { line: line() });
    drawBoard(document.getElementById("board"), drawn.svg, play);
  } catch (error) {
    return showError(error);
  }
  await solveAsJob(line(), show, ended, finish);
}

// One state of a job: the status line, the board when what is proven changes and the
// legend; returns what the board shows, so that an unchanged one is not redrawn.
function show(job, shown) {
  const values = job.values;
  document.getElementById("status").innerHTML = jobStatusHtml(job);
  const key = values ? JSON.stringify([values.moves, values.best]) : "";
  if (job.svg && key !== shown) {
    drawBoard(document.getElementById("board"), job.svg, play);
    markValues(document.getElementById("board"), values);
  }
  if (values) {
    legend(values);
    others(values.moves);
  }
  return key;
}

function legend(values) {
  const best = values.best ? `<span class="badge">${cardsHtml(values.best)}</span> ` +
    (values.best_proven ? "(proven best)" : "(best so far)") : "none proven yet";
  const bounded = boundedMoves(values);
  document.getElementById("legend").innerHTML =
    "Under each card (and on each button): the margin the deal ends with, seat 0's total " +
    `minus seat 1's, if that move is made and both play best after. Best: ${best}.` +
    (bounded.length ? ` Proven so far: ${cardsHtml(bounded.join(", "))}.` : "");
}

// The moves that are not cards (swap, break:K) as buttons with their values.
function others(moves) {
  const holder = document.getElementById("others");
  holder.innerHTML = "";
  for (const move of moves.filter(m => !/^[2-9TJQKA][SHDC]$/.test(m.move))) {
    const button = document.createElement("button");
    const shown = move.margin !== undefined ? signed(move.margin) : boundText(move.lower, move.upper);
    button.textContent = `${move.move} ${shown}`;
    button.dataset.move = move.move;
    button.onclick = () => play(move.move);
    holder.append(button);
  }
}

// The job's end: the whole solution, or what it proved before it stopped.
function ended(job) {
  setBusy(false);
  if (!job) return;
  if (job.state === "failed") {
    showError(job.error);
    if (/deal is over/.test(String(job.error))) finish();
    return;
  }
  if (job.state === "done" && job.solution) {
    const solution = job.solution;
    drawBoard(document.getElementById("board"), solution.svg, play);
    others(solution.moves);
    const best = solution.moves.filter(m => m.margin === solution.margin).map(m => m.move);
    document.getElementById("status").innerHTML = cardsHtml(
      `Seat ${solution.to_move} to move: margin ${signed(solution.margin)} ` +
      `(seat 0's total minus seat 1's); best ${best.join(" ")}`);
    const higher = solution.to_move === 0 ? "higher" : "lower";
    document.getElementById("legend").innerHTML =
      `Seat ${solution.to_move} to move: ${higher} is better for it. Under each card (and on ` +
      "each button) it may play: the margin the deal ends with, seat 0's total minus seat 1's, " +
      `if that move is made and both play best after. Best: <span class="badge">${signed(solution.margin)}</span>.`;
    document.getElementById("history").innerHTML = historyHtml(solution.report.text);
    document.getElementById("line").innerHTML = reportHtml(solution.report.line);
    document.getElementById("score").innerHTML = reportHtml(solution.report.score);
    return;
  }
  const values = job.values;
  if (job.svg) {
    drawBoard(document.getElementById("board"), job.svg, play);
    markValues(document.getElementById("board"), values);
  }
  document.getElementById("status").innerHTML = jobStoppedHtml(job);
  if (values) {
    legend(values);
    others(values.moves);
  }
}

// What the solve report says of the deal so far: the stock in draw order (its line of
// the position's section) and the moves played, trick by trick, who played what.
function historyHtml(text) {
  const sections = text.split("\n\n");
  const stock = sections[0].split("\n").find(line => line.startsWith("Stock")) || "";
  const played = sections.find(section => section.startsWith("Moves played")) || "";
  return reportHtml(stock + "\n\n" + played);
}

// After the last move there is nothing to solve: the board shows the end.
async function finish() {
  showError("");
  const drawn = await api("POST", "board", { line: line() });
  drawBoard(document.getElementById("board"), drawn.svg, null);
  document.getElementById("status").textContent = "Deal over.";
  document.getElementById("legend").textContent = "";
  document.getElementById("history").textContent = "";
  document.getElementById("line").textContent = "";
  document.getElementById("score").textContent = "";
}

function play(move) {
  state.played.push(move);
  state.undone = [];
  return refresh();
}

document.getElementById("solve").onclick = () => {
  try {
    state.line = setting();
  } catch (error) {
    return showError(error);
  }
  state.given = value("moves").split(/\s+/).filter(Boolean);
  state.played = [];
  state.undone = [];
  refresh();
};
stopping(ended);
const { undo, redo } = undoing(state, () => refresh());

document.getElementById("undo").onclick = undo;
document.getElementById("redo").onclick = redo;
onKeys({ u: undo, r: redo });
