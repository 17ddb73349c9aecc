// The Tertz Play page: a game to 501 against the computer, move by move (a card on
// the table, or the swap and break buttons), then the double-dummy review of the
// deal's end phase, where both players know every card.
"use strict";

function start() {
  let rules;
  try {
    rules = readRules("", value("options"));
  } catch (error) {
    return showError(error);
  }
  delete rules.preset;  // Tertz has options, no presets
  const body = { game: "tertz", rules, ai_samples: Number(value("ai_samples")),
                 ai_seconds: Number(value("ai_seconds")) };
  if (value("seed") !== "") body.seed = Number(value("seed"));
  return startGame(body);
}

function scoresText(scores) {
  return `Game: you ${Math.round(scores[0])}, the computer ${Math.round(scores[1])}`;
}

function decide(decision, choices) {
  const view = decision.view;
  document.getElementById("status").textContent = view.break_due
    ? "Break the stock: how many of its cards go under?"
    : "Your move: click a card" + (decision.options.includes("swap") ? ", or swap the seven" : "");
  const answer = move => send("answer", { answer: move });
  drawBoard(document.getElementById("board"), decision.board, answer);
  for (const option of decision.options.filter(o => !/^[7-9TJQKA][SHDC]$/.test(o))) {
    const button = document.createElement("button");
    button.textContent = option === "swap" ? "Swap the seven" : option;
    button.dataset.answer = option;
    button.onclick = () => answer(option);
    choices.append(button);
  }
  document.getElementById("story").innerHTML = cardsHtml(story(view));
}

// What happened so far, as the person saw it.
function story(view) {
  const lines = [`You are seat ${view.seat}; trump ${SUITS[view.trump] || view.trump}, ${view.stock_size} cards to draw` +
                 (view.swapped_by === null ? "" : `; seat ${view.swapped_by} swapped the seven`)];
  lines.push(`Card points: you ${view.points[view.seat]}, the computer ${view.points[1 - view.seat]}`);
  if (view.declarations.length) {
    lines.push("Declarations: " + view.declarations.map(d => `seat ${d.seat} ${d.kind} ` +
      `${holdingCards(d.cards)} (${d.points}${d.counting ? "" : ", replaced"})`).join("; "));
  }
  if (view.marriage.some(Boolean)) {
    lines.push("Marriage: seat " + view.marriage.map((m, seat) => m ? seat : null)
      .filter(seat => seat !== null).join(", "));
  }
  if (view.tricks.length) {
    const last = view.tricks[view.tricks.length - 1];
    const plays = last.cards.map((card, i) => `seat ${(last.leader + i) % 2} ${card}`);
    lines.push(`Last trick: ${plays.join(", ")}; seat ${last.winner} won it`);
  }
  if (view.drawn.length) lines.push("You drew: " + view.drawn.join(" "));
  return lines.join(". ");
}

// A holding in its S.H.D.C form as card names, highest first: "..AKQ." is "AD KD QD".
function holdingCards(holding) {
  return holding.split(".").flatMap((ranks, suit) => [...ranks].map(rank => rank + "SHDC"[suit]))
    .join(" ");
}

function dealOver(state, choices) {
  const record = state.result.record;
  drawBoard(document.getElementById("board"), state.result.board, null);
  const status = document.getElementById("status");
  status.textContent = `Deal over: ${record.raw[0]} to ${record.raw[1]}, recorded ` +
    `${record.recorded[0]} to ${record.recorded[1]} (seat 0 first).`;
  review(state.review);
  afterDeal(state, choices, "game");
}

// The end phase's moves against double-dummy play: what each gave away.
function review(analysis) {
  if (!analysis) return;
  const rows = analysis.moves.map(m => `<tr><td>${analysis.start + m.index + 1}</td><td>${m.seat}</td>` +
    `<td>${cardsHtml(m.move)}</td><td class="${m.cost ? "costly" : ""}">${m.cost || ""}</td>` +
    `<td>${m.cost ? cardsHtml(m.best.join(" ")) : ""}</td></tr>`);
  const lost = Object.entries(analysis.lost).map(([seat, points]) => `seat ${seat} ${points}`).join(", ");
  document.getElementById("review").innerHTML =
    `<h4>The end phase, double-dummy</h4><p>From move ${analysis.start + 1}: margin ` +
    `${signed(analysis.dd_margin)} with best play; points given away: ${lost || "none"}.</p>` +
    '<div class="scroll"><table class="data"><tr><th>#</th><th>seat</th><th>move</th><th>cost</th>' +
    "<th>best</th></tr>" + rows.join("") + "</table></div>";
}

document.getElementById("new").onclick = start;
