// Shared helpers for the cardtable pages (plain ES2020, no build step).
"use strict";

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

async function api(path, options = {}) {
  const res = await fetch(path, {
    headers: { "Content-Type": "application/json", ...(options.headers || {}) },
    ...options,
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(body.detail ? JSON.stringify(body.detail) : res.statusText);
  return body;
}

function humanKey(k) {
  return String(k).replace(/_/g, " ");
}

// A clear, generic view of any game's observation: objects become definition
// lists, lists of plain values become chips (null in a list = a card you cannot
// see). A chip whose text is one of your legal actions is clickable: ``onPlay``.
function renderValue(value, playable = null, onPlay = null) {
  const chip = (v) => {
    if (v === null) return el("span", { class: "chip hidden", title: "not visible to you" }, "?");
    const text = String(v);
    if (typeof v === "string" && playable && onPlay && playable.has(text)) {
      return el("button", { type: "button", class: "chip playable", "data-card-action": text,
        title: `play ${text}`, onclick: () => onPlay(text) }, text);
    }
    return el("span", { class: "chip" }, text);
  };
  if (value === null || value === undefined) return el("span", { class: "muted" }, "—");
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", { class: "muted" }, "none");
    if (value.every((v) => v === null || typeof v !== "object")) {
      return el("span", {}, value.map(chip));
    }
    return el("ol", {}, value.map((v) => el("li", {}, renderValue(v, playable, onPlay))));
  }
  if (typeof value === "object") {
    const dl = el("dl", { class: "obs" });
    for (const [k, v] of Object.entries(value)) {
      dl.append(el("dt", {}, humanKey(k)), el("dd", {}, renderValue(v, playable, onPlay)));
    }
    return dl;
  }
  if (typeof value === "boolean") return el("span", {}, value ? "yes" : "no");
  if (typeof value === "string" && playable && onPlay && playable.has(value)) return chip(value);
  return el("span", {}, String(value));
}

function describeResult(result, seatNames, mySeat) {
  if (!result) return "";
  const returns = result.returns || [];
  const parts = [];
  if (result.places) {
    result.places.forEach((p, i) => parts.push(`${seatNames[i] || "seat " + i}: place ${p}`));
  } else {
    returns.forEach((r, i) => parts.push(`${seatNames[i] || "seat " + i}: ${r}`));
  }
  let head = "Game over.";
  if (mySeat !== null && mySeat !== undefined && returns.length) {
    const best = Math.max(...returns);
    if (Math.min(...returns) === best) head = "Game over: a draw.";
    else head = returns[mySeat] === best ? "Game over: you win!" : "Game over: you lose.";
  }
  return `${head} ${parts.join(", ")}`;
}

// The engine's log names seats as the game does ("P0", "Black", "P1A"); the page
// calls them what the table does (a person's name, "Ada (bot, hard)"). Whole
// words only, longest first, so "P1" never eats the start of "P1A".
function renameSeats(text, gameNames, names) {
  if (!names || !gameNames) return text;
  // the engine's plain "P<n>" is a seat's name in some lines even where the game
  // has its own ("P0A" in a team game's log, "P0" in its tricks)
  const pairs = gameNames.map((g, i) => [g, names[i]]);
  names.forEach((n, i) => { if (!gameNames.includes(`P${i}`)) pairs.push([`P${i}`, n]); });
  const order = pairs.filter(([g, n]) => g && n && g !== n).sort((a, b) => b[0].length - a[0].length);
  let out = String(text);
  for (const [g, n] of order) {
    out = out.replace(new RegExp(`(^|[^\\w])${g.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w])`, "g"), (m, pre) => pre + n);
  }
  return out;
}

// Small grammar the engines' log lines get wrong in the general case.
function tidyWords(text) {
  return String(text)
    .replace(/\b(a) ([AEIOU][a-z])/g, "an $2")
    .replace(/\b(-?1) (point|game point|card|trick)s\b/g, "$1 $2")
    .replace(/\(trump ([CDHS])\)/g, (_, s) => `(${{ C: "clubs", D: "diamonds", H: "hearts", S: "spades" }[s]} trump)`);
}

// The name a person last gave, kept in this browser only, to offer it next time.
function rememberedName() {
  try { return localStorage.getItem("cardtable-name") || ""; } catch (err) { return ""; }
}

function rememberName(name) {
  try { if (name) localStorage.setItem("cardtable-name", name); } catch (err) { /* private mode */ }
}
