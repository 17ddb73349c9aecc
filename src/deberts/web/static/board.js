// What every page shares: calling the API, showing its one-line errors, reading the
// rules options, and making the legal cards of a drawn board clickable.
"use strict";

async function api(method, path, body) {
  const options = { method, headers: { "Content-Type": "application/json" } };
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

// Draw an SVG into a holder; a click on a legal card calls onCard with its name.
// The page counts its drawings (data-boards), so a test knows when one is new.
function drawBoard(holder, svg, onCard) {
  holder.innerHTML = svg;
  document.body.dataset.boards = Number(document.body.dataset.boards || 0) + 1;
  if (!onCard) return;
  for (const card of holder.querySelectorAll("g.card.legal")) {
    card.addEventListener("click", () => onCard(card.dataset.card));
  }
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

const PAGES = [["/", "Analyse"], ["/replay", "Replay"], ["/play", "Play"], ["/bid", "Bid"],
               ["/tertz", "Tertz"], ["/tertz/play", "Play Tertz"]];

// The header of every page: the name and a link to each page, this one marked.
function header() {
  const bar = document.querySelector("header");
  bar.innerHTML = '<span class="name">deberts</span>';
  for (const [path, name] of PAGES) {
    const link = document.createElement("a");
    link.href = path;
    link.textContent = name;
    if (path === location.pathname) link.className = "here";
    bar.append(link);
  }
}
document.addEventListener("DOMContentLoaded", header);
