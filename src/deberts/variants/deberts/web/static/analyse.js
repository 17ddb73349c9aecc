// The Analyse page: solve a position, play a legal card (click, or Enter on it),
// undo and redo; step through the optimal line on the table; every trump and
// declarer of the deal as a table. A solve is a job the page follows: each card's
// value appears as it is proven, with the time, the nodes and a Stop button meanwhile.
"use strict";

// The setting of the deal; the cards played with each one's value when it was played
// (the last card's value is the deal's result), and those undone, for redo; the
// position's optimal line and how far into it the table shows.
const state = { setting: null, played: [], undone: [], moves: [], pv: [], step: 0, svg: "" };

function setting() {
  return {
    hands: value("hands"), trump: value("trump"), declarer: Number(value("declarer")),
    leader: Number(value("leader")), rules: readRules(value("preset"), value("options")),
  };
}

function line() {
  return { ...state.setting, played: state.played.map(m => m.card) };
}

function players() {
  return state.setting.hands.split(/\s+/).filter(Boolean).length;
}

async function refresh() {
  showError("");
  await leaveJob();
  document.getElementById("undo").disabled = state.played.length === 0;
  document.getElementById("redo").disabled = state.undone.length === 0;
  document.getElementById("played").innerHTML =
    state.played.length ? "Played: " + cardsHtml(state.played.map(m => m.card).join(" ")) : "";
  state.moves = [];
  state.pv = [];
  state.step = 0;
  stepButtons();
  if (state.played.length && state.played[state.played.length - 1].last) {
    try {
      return await finish();
    } catch (error) {
      return showError(error);
    }
  }
  for (const id of ["legend", "line", "score"]) document.getElementById(id).innerHTML = "";
  await solveAsJob(line(), show, ended, finish);
}

// A running job: the status line, and the board as values and intervals are proven
// (each change redraws it, the best so far marked, markValues).
function show(job, shown) {
  document.getElementById("status").innerHTML = jobStatusHtml(job);
  const proven = provenMoves(job.values);
  const key = job.values ? JSON.stringify([job.values.moves, job.values.best]) : "";
  if (job.svg && job.values && key !== shown) {
    drawBoard(document.getElementById("board"), job.svg, play);
    markValues(document.getElementById("board"), job.values);
    const bounded = boundedMoves(job.values);
    document.getElementById("legend").innerHTML = cardsHtml(
      `Proven so far: ${proven.map(m => `${m.move} ${signed(m.margin)}`).join(", ")}` +
      (bounded.length ? `; ${bounded.join(", ")}` : "") + ".");
  }
  return key;
}

// The job's end: the whole solution, or what it proved before it stopped.
function ended(job) {
  setBusy(false);
  if (!job) return;
  if (job.state === "failed") return showError(job.error);
  if (job.state === "done") return solved(job.solution);
  if (job.svg) {
    drawBoard(document.getElementById("board"), job.svg, play);
    markValues(document.getElementById("board"), job.values);
  }
  document.getElementById("status").innerHTML = jobStoppedHtml(job);
  if (job.values) {
    state.moves = provenMoves(job.values).map(m => ({ card: m.move, margin: m.margin }));
    const bounded = boundedMoves(job.values);
    document.getElementById("legend").innerHTML = cardsHtml(
      "Under each card proven: the margin the deal ends with if that card is played now " +
      "and everyone plays best after." + (bounded.length ? ` The others: ${bounded.join(", ")}.` : ""));
  }
}

function solved(solution) {
  state.moves = solution.moves;
  state.pv = solution.pv;
  state.svg = solution.svg;
  drawBoard(document.getElementById("board"), solution.svg, play);
  const best = solution.moves.filter(m => m.margin === solution.margin).map(m => m.card);
  document.getElementById("status").innerHTML = cardsHtml(
    `Seat ${solution.to_move} to move: ${solution.result}, margin ${signed(solution.margin)} ` +
    `(declarer side ${solution.declarer_points}, defenders ${solution.defender_points}); best ${best.join(" ")}`);
  document.getElementById("legend").innerHTML = legend(solution);
  document.getElementById("line").innerHTML = reportHtml(solution.report.line);
  document.getElementById("score").innerHTML = reportHtml(solution.report.score);
  stepButtons();
}

// What the numbers under the cards are, and which way is better for the seat to move.
function legend(solution) {
  const margins = solution.moves.map(m => m.margin);
  const high = Math.max(...margins), low = Math.min(...margins);
  const mark = `<span class="badge">${signed(solution.margin)}</span>`;
  const what = "the margin the deal ends with (declarer side's points minus the defenders') " +
    "if that card is played now and everyone plays best after";
  if (high === low) {
    return `Seat ${solution.to_move} to move. Under each card it may play: ${what}. ` +
      `Here every card gives the same, ${mark}.`;
  }
  const side = solution.margin === high
    ? "on the declarer side: higher is better" : "a defender: lower is better";
  return `Seat ${solution.to_move} to move, ${side}. Under each card it may play: ${what}. ` +
    `Best: ${mark}.`;
}

// After the last card there is nothing to solve: that card's value is the result.
async function finish() {
  showError("");
  const move = state.played[state.played.length - 1];
  const drawn = await api("POST", "board", { line: line() });
  drawBoard(document.getElementById("board"), drawn.svg, null);
  document.getElementById("status").textContent = move.declarer_points === undefined ? "Deal over."
    : `Deal over: declarer side ${move.declarer_points}, defenders ${move.defender_points} ` +
      `(margin ${signed(move.margin)}).`;
  document.getElementById("legend").textContent = "";
  document.getElementById("line").textContent = "";
  document.getElementById("score").textContent = "";
}

function play(card) {
  const move = state.moves.find(m => m.card === card) || { card };
  state.played.push({ ...move, last: state.pv.length === 1 });
  state.undone = [];
  return refresh();
}

const { undo, redo } = undoing(state, () => refresh());

// The table after `step` cards of the optimal line (0: the position, playable), the
// trick being played marked in the line's table.
async function stepLine(step) {
  if (!state.pv.length) return;
  state.step = Math.max(0, Math.min(step, state.pv.length));
  stepButtons();
  try {
    if (state.step === 0) {
      drawBoard(document.getElementById("board"), state.svg, play);
    } else {
      const played = [...state.played.map(m => m.card), ...state.pv.slice(0, state.step)];
      const drawn = await api("POST", "board", { line: { ...state.setting, played } });
      drawBoard(document.getElementById("board"), drawn.svg, null);
    }
  } catch (error) {
    showError(error);
  }
  const already = state.played.length % players();
  const trick = state.step ? Math.floor((already + state.step - 1) / players()) : -1;
  for (const row of document.querySelectorAll("#line tr[data-row]")) {
    row.classList.toggle("current", Number(row.dataset.row) === trick);
  }
}

function stepButtons() {
  document.getElementById("line-back").disabled = state.step === 0;
  document.getElementById("line-next").disabled = state.step >= state.pv.length;
  document.getElementById("line-step").innerHTML = !state.pv.length ? ""
    : state.step === 0 ? `the position (${state.pv.length} cards to play)`
    : cardsHtml(`after card ${state.step} of ${state.pv.length}, ${state.pv[state.step - 1]}`);
}

// The grid belongs to one deal: a new deal clears it.
function clearGrid() {
  const grid = document.getElementById("grid");
  if (grid.dataset.hands === value("hands")) return;
  grid.dataset.hands = "";
  grid.textContent = 'Press "Every trump and declarer" for this deal.';
}

// The double-dummy table: a row per declarer, a column per trump; each declarer's
// best trumps framed, ~ where the seven of trumps is exchanged.
function gridHtml(table) {
  const suits = ["S", "H", "D", "C"];
  const seats = [...new Set(table.cells.map(c => c.declarer))].sort((a, b) => a - b);
  const cell = (suit, seat) => table.cells.find(c => c.trump === suit && c.declarer === seat);
  const heading = suit => {
    const round = table.face_up === null ? "" : cell(suit, seats[0]).round === 1 ? " round 1" : " round 2";
    return `<th>${suitHtml(suit)}${round}</th>`;
  };
  const rows = seats.map(seat => {
    const top = Math.max(...suits.map(s => cell(s, seat).margin));
    return `<tr><th>seat ${seat}</th>` + suits.map(s => {
      const c = cell(s, seat);
      const classes = `cell-${c.result}` + (c.margin === top ? " framed" : "");
      return `<td class="${classes}" data-trump="${s}" data-declarer="${seat}">` +
        `${signed(c.margin)} ${c.result}${c.exchange ? "~" : ""}</td>`;
    }).join("") + "</tr>";
  });
  return '<div class="scroll"><table class="data"><tr><th>declarer</th>' + suits.map(heading).join("") +
    "</tr>" + rows.join("") + "</table></div>" +
    "<p>Margins of the declarer side. Framed: each declarer's best trump; ~ the seven of " +
    "trumps is exchanged.</p>";
}

document.getElementById("solve").onclick = () => {
  try {
    state.setting = setting();
  } catch (error) {
    return showError(error);
  }
  state.played = [];
  state.undone = [];
  refresh();
};
stopping(ended);
document.getElementById("undo").onclick = undo;
document.getElementById("redo").onclick = redo;
document.getElementById("line-back").onclick = () => stepLine(state.step - 1);
document.getElementById("line-next").onclick = () => stepLine(state.step + 1);
document.getElementById("hands").addEventListener("input", clearGrid);
document.getElementById("random").onclick = async () => {
  try {
    const deal = await api("POST", "deal", { players: Number(value("players")) });
    document.getElementById("hands").value = deal.hands.join(" ");
    clearGrid();
    document.getElementById("solve").click();
  } catch (error) {
    showError(error);
  }
};
document.getElementById("table").onclick = async () => {
  showError("");
  const hands = value("hands");
  try {
    const body = { hands, leader: optionalNumber("leader"),
                   rules: readRules(value("preset"), value("options")) };
    if (value("face_up")) body.face_up = value("face_up");
    const table = await api("POST", "table", body);
    if (hands !== value("hands")) return;  // the deal changed while it was solved
    const grid = document.getElementById("grid");
    grid.innerHTML = gridHtml(table);
    grid.dataset.hands = hands;
  } catch (error) {
    showError(error);
  }
};
onKeys({ ArrowLeft: () => stepLine(state.step - 1), ArrowRight: () => stepLine(state.step + 1),
         u: undo, r: redo });
