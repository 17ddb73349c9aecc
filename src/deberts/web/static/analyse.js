// The Analyse page: solve a position, click a legal card to play it, undo and redo.
"use strict";

// The setting of the deal; the cards played with each one's value when it was played
// (the last card's value is the deal's result), and those undone, for redo.
const state = { setting: null, played: [], undone: [], moves: [], remaining: 0 };

function setting() {
  return {
    hands: value("hands"), trump: value("trump"), declarer: Number(value("declarer")),
    leader: Number(value("leader")), rules: readRules(value("preset"), value("options")),
  };
}

function line() {
  return { ...state.setting, played: state.played.map(m => m.card) };
}

async function refresh() {
  showError("");
  document.getElementById("undo").disabled = state.played.length === 0;
  document.getElementById("redo").disabled = state.undone.length === 0;
  document.getElementById("played").textContent =
    state.played.length ? "Played: " + state.played.map(m => m.card).join(" ") : "";
  try {
    if (state.played.length && state.played[state.played.length - 1].last) return await finish();
    const solution = await api("POST", "solve?board=true", line());
    state.moves = solution.moves;
    state.remaining = solution.pv.length;
    drawBoard(document.getElementById("board"), solution.svg, play);
    const best = solution.moves.filter(m => m.margin === solution.margin).map(m => m.card);
    document.getElementById("status").textContent =
      `Seat ${solution.to_move} to move: ${solution.result}, margin ${signed(solution.margin)} ` +
      `(declarer side ${solution.declarer_points}, defenders ${solution.defender_points}); best ${best.join(" ")}`;
    document.getElementById("line").textContent = solution.report.line;
    document.getElementById("score").textContent = solution.report.score;
  } catch (error) {
    showError(error);
  }
}

// After the last card there is nothing to solve: that card's value is the result.
async function finish() {
  const move = state.played[state.played.length - 1];
  const drawn = await api("POST", "board", { line: line() });
  drawBoard(document.getElementById("board"), drawn.svg, null);
  document.getElementById("status").textContent =
    `Deal over: declarer side ${move.declarer_points}, defenders ${move.defender_points} ` +
    `(margin ${signed(move.margin)}).`;
  document.getElementById("line").textContent = "";
  document.getElementById("score").textContent = "";
}

function play(card) {
  const move = state.moves.find(m => m.card === card);
  state.played.push({ ...move, last: state.remaining === 1 });
  state.undone = [];
  return refresh();
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
document.getElementById("undo").onclick = () => { state.undone.push(state.played.pop()); refresh(); };
document.getElementById("redo").onclick = () => { state.played.push(state.undone.pop()); refresh(); };
document.getElementById("random").onclick = async () => {
  try {
    const deal = await api("POST", "deal", { players: Number(value("players")) });
    document.getElementById("hands").value = deal.hands.join(" ");
    document.getElementById("solve").click();
  } catch (error) {
    showError(error);
  }
};
document.getElementById("table").onclick = async () => {
  showError("");
  try {
    const body = { hands: value("hands"), leader: optionalNumber("leader"),
                   rules: readRules(value("preset"), value("options")) };
    if (value("face_up")) body.face_up = value("face_up");
    const table = await api("POST", "table?board=true", body);
    document.getElementById("grid").innerHTML = table.svg +
      "<p>Framed: each declarer's best trump; ~ the seven of trumps is exchanged.</p>";
  } catch (error) {
    showError(error);
  }
};
