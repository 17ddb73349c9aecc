// The Bid page: the bid evaluation's options, its recommendation and its histograms.
// Margins and scores are the bidder's side's; made, bait and hanging are of the
// contract played, which after a pass may be the others'.
"use strict";

// One decimal as Python writes it (the histogram and the CLI): an exact tie (-26.25)
// goes to the even digit (-26.2), where toFixed goes away from zero (-26.3).
function decimal(x) {
  const quarters = x * 4;  // exact: a tie is an odd number of quarters
  if (!Number.isInteger(quarters) || quarters % 2 === 0) return x.toFixed(1);
  return (2 * Math.round(x * 5) / 10).toFixed(1);  // x * 5 is never a tie itself
}

function percent(p) {
  return decimal(100 * p) + "%";
}

// Whose contract an option's made, bait and hanging are of (as the histogram says):
// "yours" when the bidder's side declares on every sample, "theirs" when another
// side always does (after a pass), else "yours or theirs"; thrown-in deals have none.
function whoseContract(declarers, seat, players) {
  const side = players === 4 ? [seat, (seat + 2) % 4] : [seat];
  const seats = Object.keys(declarers).filter(key => key !== "none").map(Number);
  const ours = seats.filter(s => side.includes(s)).length;
  return ours === seats.length ? "yours" : ours === 0 ? "theirs" : "yours or theirs";
}

document.getElementById("evaluate").onclick = async () => {
  showError("");
  document.getElementById("status").textContent = "Sampling and solving…";
  try {
    const body = {
      hand: value("hand"), players: Number(value("players")),
      seat: Number(value("seat")), dealer: Number(value("dealer")), round: Number(value("round")),
      samples: Number(value("samples")), rules: readRules(value("preset"), value("options")),
    };
    if (value("seed") !== "") body.seed = Number(value("seed"));
    if (value("face_up") !== "") body.face_up = value("face_up");  // none in Belote
    const e = await api("POST", "bid?board=true", body);
    const rows = e.options.map(o => `<tr data-option="${escapeHtml(o.option)}"><td>${callHtml(o.option)}</td>` +
      `<td>${decimal(o.mean_margin)}</td><td>[${o.margin_ci95.map(decimal).join(", ")}]</td>` +
      `<td class="wrap">${whoseContract(o.declarers, e.seat, e.players)}</td><td>${percent(o.p_made)}</td>` +
      `<td>${percent(o.p_bait)}</td><td>${percent(o.p_hanging)}</td><td>${percent(o.p_thrown_in)}</td>` +
      `<td>${decimal(o.expected_score)}</td><td>${decimal(o.expected_lead)}</td></tr>`);
    document.getElementById("options-table").innerHTML =
      '<div class="scroll"><table class="data"><tr><th>option</th><th>your margin</th><th>95% interval</th>' +
      "<th>contract</th><th>made</th><th>bait</th><th>hanging</th><th>thrown in</th><th>your score</th>" +
      "<th>lead</th></tr>" + rows.join("") + "</table></div>" +
      "<p>Your margin and score are your side's; made, bait and hanging are of the contract " +
      "played: yours, or after a pass theirs (whoever the others' calls make declarer).</p>";
    document.getElementById("histogram").innerHTML = e.svg;
    document.getElementById("status").innerHTML =
      `Best: ${callHtml(e.best)}` + (e.runner_up ? ` over ${callHtml(e.runner_up)}, ${percent(e.confidence)} sure` : "") +
      ` (${e.options[0].samples} samples, ${e.seconds} s).`;
  } catch (error) {
    showError(error);
  }
};
