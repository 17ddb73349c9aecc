// What the pages of games against the computer share: the game in play, following
// its state while the computer thinks, sending one answer at a time, and showing a
// state, and ending a deal. A page defines scoresText(scores), decide(decision, choices) and
// dealOver(state, choices); its body holds #setup (its own settings) and #table
// (with data-status, the first words shown), which the controls and the table that
// every such page has are added to here, before the page's own script runs.
"use strict";

document.getElementById("setup").insertAdjacentHTML("beforeend", `
    <label>Computer: samples a decision <input id="ai_samples" class="short" type="number" min="1" value="30">
      seconds <input id="ai_seconds" class="short" type="number" min="0.1" step="0.1" value="0.5"></label>
    <label>Seed <input id="seed" class="short" type="number" placeholder="any"></label>
    <button id="new">New game</button>
    <div id="error" class="error"></div>
    <div id="scores"></div>`);
(table => {
  table.innerHTML = '<div id="status"></div><div id="board" class="board"></div>' +
    '<div id="choices"></div><div id="story"></div><div id="review"></div>';
  document.getElementById("status").textContent = table.dataset.status;
})(document.getElementById("table"));

const game = { id: null, busy: false };

// Start a game (the /api/games body), ending the one in play.
async function startGame(body) {
  showError("");
  try {
    if (game.id) api("DELETE", "games/" + game.id).catch(() => {});
    const state = await api("POST", "games", body);
    game.id = state.id;
    await follow(state);
  } catch (error) {
    showError(error);
  }
}

// Show the state; while the computer thinks, ask again (the server waits for it).
async function follow(state) {
  while (state.phase === "thinking") {
    document.getElementById("status").textContent = "The computer is thinking…";
    state = await api("GET", `games/${game.id}?wait=5`);
  }
  render(state);
}

// One answer at a time: a second click while the first is on its way is ignored.
async function send(path, body) {
  if (game.busy) return;
  game.busy = true;
  showError("");
  document.getElementById("choices").innerHTML = "";
  try {
    await follow(await api("POST", `games/${game.id}/${path}`, body));
  } catch (error) {
    showError(error);
  } finally {
    game.busy = false;
  }
}

function render(state) {
  document.getElementById("scores").textContent = scoresText(state.scores);
  const choices = document.getElementById("choices");
  choices.innerHTML = "";
  document.getElementById("review").innerHTML = "";
  if (state.phase === "failed") return showError(state.error);
  if (state.phase === "decide") return decide(state.decision, choices);
  dealOver(state, choices);
}

// After a deal: the story cleared, then " The match (or game) is over." on the status,
// or a Next deal button; whether the match goes on.
function afterDeal(state, choices, match) {
  document.getElementById("story").textContent = "";
  if (state.phase === "match_over") {
    document.getElementById("status").append(` The ${match} is over.`);
    return false;
  }
  const next = document.createElement("button");
  next.id = "next-deal";
  next.textContent = "Next deal";
  next.onclick = () => send("deal");
  choices.append(next);
  return true;
}
