// What every analysing page shares: a solve runs on the server as a job (/api/jobs)
// that the page follows while it runs. Meanwhile the page is busy (Solve disabled, a
// Stop button shown) and its status line tells the time, the nodes and the moves
// proven; a page stops its job when it starts another or leaves. A job is the page's
// own: every request about it sends the secret its start answered (X-Job-Secret).
"use strict";

// The job the page follows (its id) and its secret, or null.
const analysis = { job: null, secret: null };

// Cheap solves end within a few polls; slow ones are asked about four times a second.
const POLL_MS = [20, 40, 80, 160, 250];

function setBusy(on) {
  document.getElementById("solve").disabled = on;
  document.getElementById("stop").hidden = !on;
  document.body.dataset.busy = on ? "true" : "false";
}

// "+30", "in [-10, +20]", "at least -10", "at most +20", or "?" with nothing proven.
function boundText(lower, upper) {
  if (lower !== null && lower === upper) return signed(lower);
  if (lower !== null && upper !== null) return `in [${signed(lower)}, ${signed(upper)}]`;
  if (lower !== null) return `at least ${signed(lower)}`;
  if (upper !== null) return `at most ${signed(upper)}`;
  return "?";
}

// The moves of a job's values whose value is proven (none before any values).
function provenMoves(values) {
  return values ? values.moves.filter(m => m.margin !== undefined) : [];
}

// Stop following the job (and stop it on the server, unless it has ended there);
// resolves with the job as it stopped, or null.
function leaveJob(keepalive = false) {
  const { job, secret } = analysis;
  analysis.job = analysis.secret = null;
  if (!job) return Promise.resolve(null);
  return fetch(`/api/jobs/${job}`, { method: "DELETE", keepalive, headers: { "X-Job-Secret": secret } })
    .then(response => response.ok ? response.json() : null).catch(() => null);
}

// Solve `line` as a job, calling onState with each state while it runs; resolves with
// its last state (done, stopped or failed), or null when the page left it meanwhile
// (a newer solve, or Stop: what left it shows its end).
async function followJob(line, onState) {
  await leaveJob();
  let job = await api("POST", "jobs", line);
  const { id, secret } = job;
  analysis.job = id;
  analysis.secret = secret;
  for (let poll = 0; ; poll++) {
    onState(job);
    if (job.state !== "running") break;
    await new Promise(resolve => setTimeout(resolve, POLL_MS[Math.min(poll, POLL_MS.length - 1)]));
    if (analysis.job !== id) return null;
    try {
      job = await api("GET", `jobs/${id}`, undefined, { "X-Job-Secret": secret });
    } catch (error) {
      if (analysis.job !== id) return null;
      throw error;
    }
    if (analysis.job !== id) return null;
  }
  analysis.job = analysis.secret = null;
  return job;
}

// Solve `line` as the page's job: busy at once; each running state goes to
// show(job, shown), which returns what the board now shows (so that an unchanged one
// is not redrawn), and the job's end to ended(job), unless the page left it
// meanwhile; a deal already over goes to over().
async function solveAsJob(line, show, ended, over) {
  setBusy(true);
  const status = document.getElementById("status");
  status.textContent = "Solving: 0.0 s, 0 nodes.";
  try {
    let shown = null, revealed = false;
    const job = await followJob(line, running => {
      if (!revealed) revealResults(status);
      revealed = true;
      shown = show(running, shown);
    });
    if (job && job.state === "failed") status.textContent = NOT_SOLVED;
    if (job) ended(job);
  } catch (error) {
    setBusy(false);
    status.textContent = NOT_SOLVED;
    showError(error);
    if (/deal is over/.test(String(error.message))) await over();
  }
}

// The status line of a solve refused (bad input) or failed: the error says why.
const NOT_SOLVED = "Not solved: see the error under the Solve button.";

// On a narrow screen the results lie below the form: a solve the server took brings
// them into view (from `status`, their first line), unless they are in view already.
function revealResults(status) {
  if (status.getBoundingClientRect().top > window.innerHeight / 2) {
    status.scrollIntoView({ block: "start" });
  }
}

// The status line of a running job: "Solving: 1.2 s, 345,678 nodes, 3 of 9 moves
// proven; searching KS in [-10, +20]."
function jobStatusHtml(job) {
  const values = job.values;
  const proven = provenMoves(values).length;
  const bound = boundText(job.lower, job.upper);
  const under = job.searching ? `; searching ${job.searching}${bound === "?" ? "" : " " + bound}` : "";
  const count = values ? `, ${proven} of ${values.moves.length} moves proven` : "";
  return cardsHtml(
    `Solving: ${job.seconds.toFixed(1)} s, ${job.nodes.toLocaleString("en")} nodes${count}${under}.`);
}

// The status line of a job that stopped before its end: what it proved.
function jobStoppedHtml(job) {
  const values = job.values;
  const why = values && values.stopped === "limit" ? " at the server's time limit" : "";
  const proven = provenMoves(values).length;
  return `Stopped${why} after ${job.seconds.toFixed(1)} s, ${job.nodes.toLocaleString("en")} nodes: ` +
    `partial, ${proven} of ${values ? values.moves.length : "?"} moves proven.`;
}

// The moves with a proven interval but no value yet, as "KS in [-10, +20], ...".
function boundedMoves(values) {
  return values.moves.filter(m => m.margin === undefined && (m.lower !== null || m.upper !== null))
    .map(m => `${m.move} ${boundText(m.lower, m.upper)}`);
}

// A job's board redrawn from its values (as far as proven): the frame and the badge
// on the best move so far only (values.best: the move whose proven interval is best
// for the seat to move, never the best exact value beside a move proven better), and
// under every card not proven yet its interval ("?" before anything is proven).
const SVG_NS = "http://www.w3.org/2000/svg";
function markValues(holder, values) {
  const svg = holder.querySelector("svg");
  if (!svg || !values) return;
  for (const node of svg.querySelectorAll(".badge, .value.bound")) node.remove();
  for (const node of svg.querySelectorAll(".best")) node.classList.remove("best");
  for (const move of values.moves) {
    const card = svg.querySelector(`g.card.legal[data-card="${move.move}"]`);
    if (!card) continue;  // not a card (swap, break:K), or not drawn
    let text = svg.querySelector(`text.value[data-card="${move.move}"]`);
    if (move.margin === undefined) {
      const place = /translate\(([-\d.]+),([-\d.]+)\)/.exec(card.getAttribute("transform") || "");
      const frame = card.querySelector("rect");
      if (!place || !frame) continue;
      text = document.createElementNS(SVG_NS, "text");
      text.setAttribute("class", "value bound");
      text.dataset.card = move.move;
      text.setAttribute("x", (+place[1] + +frame.getAttribute("width") / 2).toFixed(1));
      text.setAttribute("y", (+place[2] + +frame.getAttribute("height") + 16).toFixed(1));
      text.setAttribute("font-size", "9");
      text.textContent = boundText(move.lower, move.upper);
      card.parentNode.append(text);
    }
    if (move.move === values.best && text) {
      card.classList.add("best");
      text.classList.add("best");
      const box = text.getBBox();
      const badge = document.createElementNS(SVG_NS, "rect");
      badge.setAttribute("class", "badge");
      badge.dataset.card = move.move;
      for (const [name, value] of [["x", box.x - 3], ["y", box.y - 1], ["width", box.width + 6],
                                   ["height", box.height + 2]]) {
        badge.setAttribute(name, value.toFixed(1));
      }
      badge.setAttribute("rx", "4");
      text.before(badge);
    }
  }
}

// A page's Stop button ends its job; `ended` shows what the job proved.
function stopping(ended) {
  document.getElementById("stop").onclick = async () => ended(await leaveJob());
}

// Leaving the page stops its job (the server also stops a job nobody asks about).
window.addEventListener("pagehide", () => leaveJob(true));
