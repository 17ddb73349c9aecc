// The Bid page: the bid evaluation's options, its recommendation and its histograms.
"use strict";

function percent(p) {
  return (100 * p).toFixed(1) + "%";
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
    const rows = e.options.map(o => `<tr><td>${callHtml(o.option)}</td><td>${o.mean_margin.toFixed(1)}</td>` +
      `<td>[${o.margin_ci95.map(x => x.toFixed(1)).join(", ")}]</td><td>${percent(o.p_made)}</td>` +
      `<td>${percent(o.p_bait)}</td><td>${percent(o.p_hanging)}</td><td>${percent(o.p_thrown_in)}</td>` +
      `<td>${o.expected_score.toFixed(1)}</td><td>${o.expected_lead.toFixed(1)}</td></tr>`);
    document.getElementById("options-table").innerHTML =
      '<div class="scroll"><table class="data"><tr><th>option</th><th>margin</th><th>95% interval</th>' +
      "<th>made</th><th>bait</th><th>hanging</th><th>thrown in</th><th>score</th><th>lead</th></tr>" +
      rows.join("") + "</table></div>";
    document.getElementById("histogram").innerHTML = e.svg;
    document.getElementById("status").innerHTML =
      `Best: ${callHtml(e.best)}` + (e.runner_up ? ` over ${callHtml(e.runner_up)}, ${percent(e.confidence)} sure` : "") +
      ` (${e.options[0].samples} samples, ${e.seconds} s).`;
  } catch (error) {
    showError(error);
  }
};
