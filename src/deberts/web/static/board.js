// What every page shares: calling the API, showing its one-line errors, reading the
// rules options, making the legal cards of a drawn board clickable (and playable
// from the keyboard), and writing cards and suits with their symbols in colour.
"use strict";

// `headers` are sent besides the JSON content type (a job's secret, say).
async function api(method, path, body, headers = {}) {
  const options = { method, headers: { "Content-Type": "application/json", ...headers } };
  if (body !== undefined) options.body = JSON.stringify(body);
  const response = await fetch("/api/" + path, options);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function showError(error) {
  document.getElementById("error").textContent = error ? String(error.message || error) : "";
}

// "moscow" plus "bella=trick_winner, partner_exempt=true" as a rules object.
function readRules(preset, text) {
  const rules = { preset };
  for (const item of text.split(/[,\s]+/).filter(Boolean)) {
    const [key, value] = item.split("=");
    if (value === undefined) throw new Error(`bad rule option '${item}': expected option=value`);
    rules[key] = value === "true" ? true : value === "false" ? false : /^-?\d+$/.test(value) ? Number(value) : value;
  }
  return rules;
}

// Draw an SVG into a holder; a click on a legal card, or Enter or Space on it,
// calls onCard with its name (without onCard the cards take no focus).
// The page counts its drawings (data-boards), so a test knows when one is new.
function drawBoard(holder, svg, onCard) {
  const focused = document.activeElement && holder.contains(document.activeElement);
  holder.innerHTML = svg;
  document.body.dataset.boards = Number(document.body.dataset.boards || 0) + 1;
  const cards = [...holder.querySelectorAll("g.card.legal")];
  if (!onCard) {
    for (const card of cards) card.removeAttribute("tabindex");
    return;
  }
  for (const card of cards) {
    card.addEventListener("click", () => onCard(card.dataset.card));
    card.addEventListener("keydown", event => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      onCard(card.dataset.card);
    });
  }
  // Keyboard play goes on from the new board's first legal card.
  if (focused && cards.length) cards[0].focus();
}

// Undo and redo of a page's moves (state.played, with state.undone for redo), each
// followed by refresh().
function undoing(state, refresh) {
  const move = (from, to) => () => {
    if (!from().length) return;
    to().push(from().pop());
    refresh();
  };
  return { undo: move(() => state.played, () => state.undone),
           redo: move(() => state.undone, () => state.played) };
}

// Keys a page answers (ArrowLeft, "u", ...), unless the person is typing in a field.
function onKeys(handlers) {
  document.addEventListener("keydown", event => {
    if (event.target.closest("input, textarea, select") || event.ctrlKey || event.metaKey || event.altKey) return;
    const handler = handlers[event.key];
    if (!handler) return;
    event.preventDefault();
    handler();
  });
}

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED_SUITS = new Set(["♥", "♦"]);

function escapeHtml(text) {
  return String(text).replace(/[&<>"]/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// A suit symbol in its colour: "♦" (or the letter "D") as a red ♦.
function suitHtml(suit) {
  const symbol = SUITS[suit] || suit;
  return `<span class="${RED_SUITS.has(symbol) ? "red" : "black"}">${symbol}</span>`;
}

// A call or bidding option as a person reads it: a trump ("D") as its symbol in colour.
function callHtml(call) {
  return SUITS[call] ? suitHtml(call) : escapeHtml(call);
}

// Text as a person reads it: every card name (8D) and suit symbol in the symbols'
// colours, the rest escaped: "seat 1 plays 8D" becomes "seat 1 plays 8♦".
function cardsHtml(text) {
  return escapeHtml(text)
    .replace(/\b([7-9TJQKA])([SHDC])\b/g, (_, rank, suit) => rank + SUITS[suit])
    .replace(/[♠♥♦♣]/g, suitHtml);
}

// A report section of aligned columns (the CLI's text) as a table: a line of one
// column is a paragraph (inside a table when indented: a note on the row above, as
// a game's draws), a run of lines of several columns a table whose first row is its
// heading when that row's first cell ends in ":".
function reportHtml(text) {
  const out = [];
  let rows = [];
  const flush = () => {
    if (!rows.length) return;
    const head = rows[0][0].endsWith(":") ? rows.shift() : null;
    const width = Math.max(...rows.map(row => row.length));
    const cells = (row, tag) => row.length === 1
      ? `<${tag} colspan="${width}" class="note">${cardsHtml(row[0])}</${tag}>`
      : row.map(c => `<${tag}>${cardsHtml(c)}</${tag}>`).join("");
    let index = 0;  // the rows of several columns are numbered: the tricks of a line
    out.push('<div class="scroll"><table class="data">' + (head ? `<tr>${cells(head, "th")}</tr>` : "") +
             rows.map(row => row.length === 1 ? `<tr>${cells(row, "td")}</tr>`
               : `<tr data-row="${index++}">${cells(row, "td")}</tr>`).join("") + "</table></div>");
    rows = [];
  };
  for (const line of text.split("\n")) {
    const row = line.trim().split(/\s{2,}/).filter(Boolean);
    if (row.length > 1 || (row.length && rows.length && /^\s/.test(line))) {
      rows.push(row.length > 1 ? row : [row.join(" ")]);
    } else {
      flush();
      if (row.length) out.push(`<p>${cardsHtml(row[0])}</p>`);
    }
  }
  flush();
  return out.join("");
}

function signed(value) {
  return value > 0 ? "+" + value : String(value);
}

function value(id) {
  return document.getElementById(id).value.trim();
}

function optionalNumber(id) {
  const text = value(id);
  return text === "" ? null : Number(text);
}


// A table's box (.scroll) marked "overflowing" while the table is wider than it, which
// style.css shows: whenever the page's content or the window's width changes.
function markOverflow() {
  for (const box of document.querySelectorAll(".scroll")) {
    box.classList.toggle("overflowing", box.scrollWidth > box.clientWidth + 1);
  }
}
document.addEventListener("DOMContentLoaded", () => {
  new MutationObserver(markOverflow).observe(document.body, { childList: true, subtree: true });
  window.addEventListener("resize", markOverflow);
});
