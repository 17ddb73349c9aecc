// The Play page: a game against PimcPlayers, decision by decision, then the
// double-dummy review of your cards after each deal.
"use strict";

const CALLS = { play: "Play", pass: "Pass", yes: "Yes", no: "No" };
const QUESTIONS = {
  bid: "Your call",
  exchange: "You hold the seven of trumps: exchange it for the face-up card?",
  bella: "Announce bella with this card?",
  redeal: "Claim the redeal your hand allows?",
  play: "Your card: click it (or Tab to it and press Enter)",
};

function start() {
  let body;
  try {
    body = {
      players: Number(value("players")), rules: readRules(value("preset"), value("options")),
      ai_samples: Number(value("ai_samples")), ai_seconds: Number(value("ai_seconds")),
    };
  } catch (error) {
    return showError(error);
  }
  if (value("seed") !== "") body.seed = Number(value("seed"));
  return startGame(body);
}

function scoresText(scores) {
  return "Match: " + scores.map((s, seat) => `seat ${seat} ${Math.round(s)}`).join(", ");
}

function decide(decision, choices) {
  document.getElementById("status").textContent = QUESTIONS[decision.kind];
  drawBoard(document.getElementById("board"), decision.board,
            decision.kind === "play" ? card => send("answer", { answer: card }) : null);
  const view = decision.view;
  const story = [];
  if (view.calls) {
    story.push("Calls: " + (view.calls.map(c => `seat ${c.seat} ${callHtml(c.bid)}`).join(", ") || "none yet"));
  }
  if (view.trump) story.push(`Trump ${suitHtml(view.trump)}`);
  if (view.declarations && view.declarations.length) {
    story.push("Declarations that score: " + view.declarations.map(
      d => `seat ${d.seat} ${escapeHtml(d.kind)} ${cardsHtml(d.cards.join(" "))}`).join("; "));
  }
  if (view.tricks && view.tricks.length) {
    const last = view.tricks[view.tricks.length - 1];
    story.push(`Last trick: ${last.plays.map(p => `seat ${p.seat} ${cardsHtml(p.card)}`).join(", ")}; ` +
               `seat ${last.winner} won it`);
  }
  document.getElementById("story").innerHTML = story.join(". ");
  if (decision.kind === "play") return;
  for (const option of decision.options) {
    const button = document.createElement("button");
    button.innerHTML = callHtml(CALLS[option] || option);
    button.dataset.answer = option;
    button.onclick = () => send("answer", { answer: option });
    choices.append(button);
  }
}

function dealOver(state, choices) {
  const result = state.result;
  const record = result.record;
  const status = document.getElementById("status");
  drawBoard(document.getElementById("board"), result.board, null);
  if (result.thrown_in) {
    status.textContent = "The deal ended without play (thrown in, a redeal or a game-winning hand).";
  } else {
    const r = record.result;
    status.innerHTML = `Deal over: ${r.result}, declarer side ${r.declarer_points}, ` +
      `defenders ${r.defender_points} (seat ${record.declarer} declared ${suitHtml(record.trump)}).`;
    review(state.review, record);
  }
  if (afterDeal(state, choices, "match") && !result.thrown_in) {
    const replay = document.createElement("button");
    replay.textContent = "Replay this deal";
    replay.onclick = () => {
      sessionStorage.setItem("deberts-record", JSON.stringify(record));
      location.href = "/replay";
    };
    choices.append(replay);
  }
}

// Your cards against double-dummy play: what each gave away and what was best.
function review(analysis, record) {
  if (!analysis) return;
  const mine = analysis.cards.filter(c => c.seat === analysis.seat);
  const rows = mine.map(c => `<tr><td>${c.index + 1}</td><td>${cardsHtml(c.card)}</td>` +
    `<td class="${c.cost ? "costly" : ""}">${c.cost || ""}</td>` +
    `<td>${c.cost ? cardsHtml(c.best.join(" ")) : ""}</td></tr>`);
  document.getElementById("review").innerHTML =
    `<h4>Your cards, double-dummy</h4><p>Double-dummy margin ${signed(analysis.dd_margin)}, played ` +
    `${signed(analysis.actual_margin)}; your cards gave away ${analysis.lost[analysis.seat]} points.</p>` +
    '<table class="data"><tr><th>#</th><th>card</th><th>cost</th><th>best</th></tr>' + rows.join("") + "</table>";
}

document.getElementById("new").onclick = start;
