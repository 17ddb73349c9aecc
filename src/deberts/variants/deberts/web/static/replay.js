// The Replay page: a game record analysed card by card, stepped through on the board
// (buttons, a click on a row, or the arrow keys).
"use strict";

const replay = { analysis: null, step: 0 };

async function load() {
  showError("");
  try {
    replay.analysis = await api("POST", "analyze", { record: value("record"), deal: Number(value("deal")) });
  } catch (error) {
    return showError(error);
  }
  const a = replay.analysis;
  const lost = Object.entries(a.lost).map(([seat, points]) => `seat ${seat} ${points}`).join(", ");
  document.getElementById("summary").textContent =
    `Points lost: ${lost}. Double-dummy: ${a.dd_result}, margin ${signed(a.dd_margin)}. ` +
    (a.complete ? `Played: ${a.actual_result}, margin ${signed(a.actual_margin)}.` : "Unfinished.");
  listCards();
  show(0);
}

function listCards() {
  const rows = replay.analysis.cards.map((c, i) =>
    `<tr data-step="${i}"><td>${i + 1}</td><td>seat ${c.seat}</td><td>${cardsHtml(c.card)}</td>` +
    `<td>${signed(c.margin_before)}</td><td>${signed(c.margin_after)}</td>` +
    `<td class="${c.cost ? "costly" : ""}">${c.cost || ""}</td>` +
    `<td>${c.cost ? cardsHtml(c.best.join(" ")) : ""}</td></tr>`);
  document.getElementById("cards").innerHTML =
    '<div class="scroll"><table class="data"><tr><th>#</th><th>player</th><th>card</th><th>before</th>' +
    "<th>after</th><th>cost</th><th>best</th></tr>" + rows.join("") + "</table></div>";
  for (const row of document.querySelectorAll("#cards tr[data-step]")) {
    row.onclick = () => show(Number(row.dataset.step));
  }
}

// The board before card `step` (after the last one: the final position).
async function show(step) {
  const cards = replay.analysis.cards;
  replay.step = Math.max(0, Math.min(step, cards.length));
  const played = (replay.analysis.start.played || []).concat(cards.slice(0, replay.step).map(c => c.card));
  const next = cards[replay.step];
  const body = { line: { ...replay.analysis.start, played } };
  if (next) body.values = next.values;
  try {
    const drawn = await api("POST", "board", body);
    drawBoard(document.getElementById("board"), drawn.svg, null);
  } catch (error) {
    return showError(error);
  }
  for (const row of document.querySelectorAll("#cards tr[data-step]")) {
    row.classList.toggle("current", Number(row.dataset.step) === replay.step);
  }
  // The board shows the position before the card: the text says so, and what came.
  document.getElementById("status").innerHTML = cardsHtml(next
    ? `Before card ${replay.step + 1} of ${cards.length}, seat ${next.seat} to play: it played ${next.card}` +
      (next.cost ? `, giving away ${next.cost} (best ${next.best.join(" ")})` : ", an optimal card")
    : `After all ${cards.length} cards: margin ${signed(replay.analysis.final_margin)}.`);
  document.getElementById("legend").innerHTML = next ? legend(next) : "";
}

// What the numbers under the cards are: the margin after each card, best play after
// (the game's margin: the declarer side's minus the defenders' in Deberts).
function legend(card) {
  const values = Object.values(card.values);
  const side = Math.max(...values) === Math.min(...values) ? "every card gives the same"
    : card.margin_before === Math.max(...values) ? "higher is better for it" : "lower is better for it";
  return `Seat ${card.seat} to play, ${side}. Under each card it could play: the margin the deal ` +
    "ends with if that card is played and everyone plays best after. " +
    `Best: <span class="badge">${signed(card.margin_before)}</span>.`;
}

document.getElementById("file").onchange = async event => {
  const file = event.target.files[0];
  if (file) document.getElementById("record").value = await file.text();
};
document.getElementById("load").onclick = load;
document.getElementById("first").onclick = () => replay.analysis && show(0);
document.getElementById("back").onclick = () => replay.analysis && show(replay.step - 1);
document.getElementById("next").onclick = () => replay.analysis && show(replay.step + 1);
document.getElementById("last").onclick = () => replay.analysis && show(replay.analysis.cards.length);
onKeys({
  ArrowLeft: () => replay.analysis && show(replay.step - 1),
  ArrowRight: () => replay.analysis && show(replay.step + 1),
  Home: () => replay.analysis && show(0),
  End: () => replay.analysis && show(replay.analysis.cards.length),
});

// A deal just played on the Play page comes here to be replayed.
const handed = sessionStorage.getItem("deberts-record");
if (handed) {
  sessionStorage.removeItem("deberts-record");
  document.getElementById("record").value = handed;
  load();
}
