// The lobby: list games, create a table, show invite links, list tables.
"use strict";

// Seats are chosen by level name; what each level is sits in a help line below.
const LEVEL_ORDER = ["easy", "medium", "hard", "expert"];

function levelsOf(game) {
  const levels = (game.levels || []).filter((l) => LEVEL_ORDER.includes(l.level));
  return levels.sort((a, b) => LEVEL_ORDER.indexOf(a.level) - LEVEL_ORDER.indexOf(b.level));
}

function defaultSeat(game) {
  const levels = levelsOf(game);
  return levels.some((l) => l.level === "medium") ? "bot:medium" : `bot:${game.default_bot}`;
}

function seatRows(game, count, box) {
  box.replaceChildren();
  const levels = levelsOf(game);
  for (let i = 0; i < count; i++) {
    const select = el("select", { name: `seat${i}`, "data-seat": i, "aria-label": `Seat ${i + 1}` },
      el("option", { value: "human" }, i === 0 ? "me" : "a friend (invite link)"),
      levels.map((l) => el("option", { value: "bot:" + l.level, title: l.note }, `bot, ${l.level}`)));
    select.value = i === 0 ? "human" : defaultSeat(game);
    box.append(el("label", { class: "seat-row" }, el("span", {}, `Seat ${i + 1}`), select));
  }
}

// What the levels mean, in words (the measured ratings are in docs/bots.md).
function levelHelp(game) {
  const levels = levelsOf(game);
  if (!levels.length) return null;
  return el("details", { class: "level-help" }, el("summary", {}, "What the bot levels mean"),
    el("dl", {}, levels.flatMap((l) => [el("dt", {}, l.level), el("dd", {}, l.note)])));
}

function isStructured(v) {
  return v !== null && typeof v === "object";
}

// a choice in words: a list of deck names joined, the empty default called what it is
function choiceWords(c) {
  if (Array.isArray(c)) return c.length ? c.join(", ") : "the game's own";
  return String(c);
}

function settingInput(s) {
  // a yes-or-no setting is a checkbox: a newcomer met bare "true"/"false" menus
  const yesNo = s.choices && s.choices.every((c) => typeof c === "boolean");
  if (s.choices && !yesNo) {
    return el("select", { name: s.name, "data-setting": s.name },
      s.choices.map((c) => el("option", { value: JSON.stringify(c), selected: c === s.default }, choiceWords(c))));
  }
  if (isStructured(s.default)) {  // lists and tables are edited as JSON
    return el("input", { type: "text", name: s.name, "data-setting": s.name, value: JSON.stringify(s.default) });
  }
  const type = typeof s.default === "number" ? "number" : typeof s.default === "boolean" ? "checkbox" : "text";
  const input = el("input", { type, name: s.name, "data-setting": s.name, value: String(s.default) });
  if (type === "checkbox") input.checked = s.default;
  return input;
}

function readSetting(input, def) {
  if (input.tagName === "SELECT") return JSON.parse(input.value);
  if (input.type === "checkbox") return input.checked;
  if (typeof def === "number") return Number(input.value);
  if (isStructured(def)) {
    try { return JSON.parse(input.value); } catch (err) { throw new Error(`${input.name}: not JSON (${err.message})`); }
  }
  return input.value;
}

function gameCard(game) {
  const players = el("select", { name: "players" },
    game.players.map((n) => el("option", { value: n, selected: n === game.default_players }, n)));
  const seats = el("div", { class: "seats-config" });
  seatRows(game, game.default_players, seats);
  players.addEventListener("change", () => seatRows(game, Number(players.value), seats));
  // each setting's meaning is shown under it, not in a hover tooltip a phone cannot show
  const settings = game.settings.map((s) => {
    const input = settingInput(s);
    const helpId = `help-${game.name}-${s.name}`;
    if (s.help) input.setAttribute("aria-describedby", helpId);
    return el("div", { class: "setting" },
      el("label", {}, `${humanKey(s.name)}: `, input),
      s.help ? el("p", { class: "setting-help muted", id: helpId }, s.help) : null);
  });
  const turn = el("input", { type: "number", name: "turn_seconds", min: 0, value: 0 });
  // the game's own default: long where a window closes once everyone asked has answered
  const react = el("input", { type: "number", name: "reaction_seconds", min: 0, step: "any", value: game.answer_seconds ?? 6 });
  const myName = el("input", { type: "text", name: "my_name", maxlength: 24, autocomplete: "nickname", placeholder: "Player 1", value: rememberedName() });
  const pace = el("select", { name: "pace" },
    el("option", { value: "natural" }, "natural (a moment to think)"),
    el("option", { value: "fast" }, "fast (at once)"));
  const form = el("form", { class: "game panel", "data-game": game.name },
    el("h3", {}, game.title),
    el("p", { class: "muted" }, game.summary),
    el("p", {}, el("button", { type: "button", class: "link-button", onclick: () => CT.help.open(game.name) }, `How to play ${game.title}`)),
    el("label", { class: "seat-row" }, el("span", {}, "Your name"), myName),
    el("label", { class: "seat-row" }, el("span", {}, "Players"), players),
    seats,
    levelHelp(game),
    el("label", { class: "seat-row" }, el("span", {}, "Bots' pace"), pace),
    settings.length ? el("details", {}, el("summary", {}, "Settings"), settings) : null,
    el("details", {}, el("summary", {}, "Clocks"),
      el("label", {}, "Seconds per turn (0 = no clock): ", turn),
      el("label", {}, "Seconds to answer a play (Chez nopes, Chez Geek Whenevers, Contest calls): ", react)),
    el("button", { class: "primary", type: "submit" }, "Create table"));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    document.getElementById("error").textContent = "";
    const body = {
      game: game.name,
      players: Number(players.value),
      settings: {},
      seats: [...seats.querySelectorAll("select")].map((s, i) =>
        s.value === "human" ? { kind: "human", name: (i === 0 && myName.value.trim()) || null } : { kind: "bot", bot: s.value.slice(4) }),
      turn_seconds: Number(turn.value),
      reaction_seconds: Number(react.value),
    };
    if (pace.value === "fast") body.bot_delay = 0;
    rememberName(myName.value.trim());
    try {
      // only what was changed is sent: the game's defaults stay the game's business
      for (const s of game.settings) {
        const value = readSetting(form.querySelector(`[data-setting="${s.name}"]`), s.default);
        if (JSON.stringify(value) !== JSON.stringify(s.default)) body.settings[s.name] = value;
      }
      showCreated(await api("/api/tables", { method: "POST", body: JSON.stringify(body) }));
      loadTables();
    } catch (err) {
      document.getElementById("error").textContent = `Could not create the table: ${err.message}`;
    }
  });
  return form;
}

// The link to the clipboard, and the button says it was copied (it said nothing, so a
// person could not tell whether it worked); where the clipboard is refused (a page not
// served over https) the link is selected for copying by hand.
async function copyLink(button, input, url) {
  try {
    await navigator.clipboard.writeText(url);
    button.textContent = "copied ✓";
  } catch (err) {
    input.focus();
    input.select();
    button.textContent = "selected: copy it";
  }
}

function showCreated(created) {
  const box = document.getElementById("invites");
  box.replaceChildren();
  created.invites.forEach((inv, i) => {
    const input = el("input", { readonly: true, value: inv.url, "data-invite": inv.seat });
    box.append(el("div", { class: "invite" },
      el("label", {}, `${inv.seat_name} (seat ${inv.seat + 1}) `,
        el("a", { href: inv.url, class: "open-seat", "data-seat": inv.seat, target: i === 0 ? null : "_blank" },
          i === 0 ? "open my seat" : "open"),
        " ",
        el("button", { type: "button", onclick: (ev) => copyLink(ev.currentTarget, input, inv.url) }, i === 0 ? "copy" : "copy the link")),
      input));
  });
  // the creator was offered a name here: their own seat's page does not ask again
  sessionStorage.setItem(`cardtable-token:${created.table.id}:named`, "1");
  // with bots in every other seat there is nobody to send a link to
  document.getElementById("friends-note").hidden = created.invites.length < 2;
  document.getElementById("spectate").href = created.spectate_url;
  document.getElementById("created").hidden = false;
  window.scrollTo(0, 0);
}

async function loadTables() {
  const body = document.querySelector("#tables tbody");
  const tables = await api("/api/tables");
  body.replaceChildren();
  if (!tables.length) body.append(el("tr", {}, el("td", { class: "muted" }, "No tables yet.")));
  for (const t of tables) {
    // a bot's name says it is a bot and its level; a person's says whether they are here
    const seats = t.seats.map((s) => s.kind === "bot" ? s.name : `${s.name}${s.connected ? " (here)" : ""}`).join("; ");
    const link = t.status === "over"
      ? el("a", { href: `/replay/${t.id}` }, "replay")
      : el("a", { href: `/t/${t.id}` }, "watch");
    body.append(el("tr", { "data-table": t.id },
      el("td", {}, t.title), el("td", {}, t.status), el("td", {}, seats), el("td", {}, link)));
  }
}

async function init() {
  const games = await api("/api/games");
  const box = document.getElementById("games");
  box.replaceChildren(...games.map(gameCard));
  loadTables();
  setInterval(loadTables, 5000);
}

init().catch((err) => { document.getElementById("error").textContent = String(err); });
