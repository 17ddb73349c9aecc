// The Tertz page: solve a position, play a move (a click on a legal card, or the
// swap and break buttons), undo and redo; the API's /solve takes the Tertz line.
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
  document.getElementById("undo").disabled = state.played.length === 0;
  document.getElementById("redo").disabled = state.undone.length === 0;
  document.getElementById("played").innerHTML =
    state.played.length ? "Played here: " + cardsHtml(state.played.join(" ")) : "";
  const others = document.getElementById("others");
  others.innerHTML = "";
  try {
    const solution = await api("POST", "solve?board=true", line());
    drawBoard(document.getElementById("board"), solution.svg, play);
    for (const move of solution.moves.filter(m => !/^[2-9TJQKA][SHDC]$/.test(m.move))) {
      const button = document.createElement("button");
      button.textContent = `${move.move} ${signed(move.margin)}`;  // swap, break:K
      button.dataset.move = move.move;
      button.onclick = () => play(move.move);
      others.append(button);
    }
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
  } catch (error) {
    showError(error);
    if (/deal is over/.test(String(error.message))) await finish();
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
const { undo, redo } = undoing(state, () => refresh());

document.getElementById("undo").onclick = undo;
document.getElementById("redo").onclick = redo;
onKeys({ u: undo, r: redo });
