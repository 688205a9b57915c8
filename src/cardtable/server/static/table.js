// A seat's (or a spectator's) view of one table over the play socket.
// Reconnects on its own, resuming from the last move number it was told
// about, so nothing is lost or shown twice. The game's board draws the view;
// the details panel keeps the raw observation and the actions in notation.
"use strict";

const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const fragment = new URLSearchParams(location.hash.slice(1));
// Once read, the token leaves the address bar (screenshots, shared screens, history);
// this tab's sessionStorage keeps it, so a reload still opens the seat.
const tokenKey = `cardtable-token:${tableId}`;
// the start of a move's id that the board sent by itself
const AUTO_END = "auto-end-";
const token = fragment.get("token") || sessionStorage.getItem(tokenKey);
if (fragment.get("token")) {
  sessionStorage.setItem(tokenKey, token);
  history.replaceState(null, "", location.pathname + location.search);
}
const my = {
  seat: null, seatNames: [], gameNames: [], kinds: [], game: null, catalogue: null, lastMove: 0, msg: null,
  deadline: null, ws: null, closedForGood: false, counter: 0, answered: false,
};
const ui = { picker: null, selected: new Set() };

const $ = (id) => document.getElementById(id);

// Every line as it came, so the log can be told again when a seat is renamed.
const rawLog = [];

function addLog(text, cls, again = false) {
  if (!again) rawLog.push([text, cls]);
  const board = CT.boards[my.game];
  const words = tidyWords(renameSeats(board && board.logWords ? board.logWords(text) : text, my.gameNames, my.seatNames));
  const li = CT.kit.logLine(words, Boolean(board && board.cardLog));
  if (cls) li.className = cls;
  $("log").append(li);
  $("log").scrollTop = $("log").scrollHeight;
}

function send(obj) {
  if (my.ws && my.ws.readyState === WebSocket.OPEN) my.ws.send(JSON.stringify(obj));
}

// ``auto``: the board played it for the person (Chez ends a turn whose actions are done),
// so the log does not say they chose it
function play(action, auto = false) {
  my.counter += 1;
  const id = `${auto ? AUTO_END : ""}${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${my.counter}`;
  for (const b of document.querySelectorAll("#board button, #actions button")) b.disabled = true;
  ui.picker = null;
  ui.selected.clear();
  send({ type: "move", id, move: my.lastMove, action });
}

// A person opening their link is asked their name once (the creator gave theirs in
// the lobby); "Change name" beside the header's "you are …" asks again.
function nameForm() {
  const input = el("input", { id: "my-name", name: "my-name", maxlength: 24, autocomplete: "nickname", required: true });
  const err = el("span", { class: "error", role: "alert" });
  const form = el("form", { id: "name-form", class: "name-form banner" },
    el("label", { for: "my-name" }, "What should the table call you? "), input, " ",
    el("button", { type: "submit", class: "primary" }, "Save"), " ",
    el("button", { type: "button", onclick: () => { form.remove(); notNow(true); } }, "Not now"),
    err);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      await api(`/api/tables/${tableId}/name`, {
        method: "PUT", headers: { "Content-Type": "application/json", "X-Seat-Token": token }, body: JSON.stringify({ name: input.value }),
      });
      rememberName(input.value.trim());
      form.remove();
    } catch (e) {
      err.textContent = ` Not saved: ${e.message}`;
    }
  });
  return form;
}

// "Not now" holds for this table in every tab and after a reload (the browser's
// localStorage; the seat's token itself stays in this tab's sessionStorage)
function notNow(set) {
  try {
    if (set) localStorage.setItem(`${tokenKey}:named`, "1");
    return localStorage.getItem(`${tokenKey}:named`) === "1";
  } catch (err) {
    return false;  // private mode: ask again
  }
}

// Asked on arrival the form waits without taking the focus (keys still play cards);
// asked by "Change name" it takes it.
function askName(prefill, focus) {
  if (my.seat === null || $("name-form")) return;
  const form = nameForm();
  $("board-box").prepend(form);
  if (prefill) form.querySelector("input").value = prefill;
  if (focus) form.querySelector("input").focus();
}

function showWho(table) {
  if (my.seat === null) { $("whoami").textContent = "watching"; return; }
  $("whoami").replaceChildren(`you are ${my.seatNames[my.seat]} `,
    el("button", { type: "button", class: "link-button", onclick: () => askName(my.seatNames[my.seat], true) }, "Change name"));
  const me = table && table.seats.find((s) => s.seat === my.seat);
  if (me && me.kind === "human" && !me.named && !notNow(false)) askName(rememberedName(), false);
}

function renderSeats(table) {
  my.kinds = [];
  for (const s of table.seats) my.kinds[s.seat] = { kind: s.kind, bot: s.bot };
  $("seats").replaceChildren(...table.seats.map((s) =>
    el("span", { "data-seat": s.seat }, `${s.name}: `, s.kind === "bot" ? "bot" : "person",
      s.seat === my.seat ? " (you)" : "", "; ")));
}

function context() {
  const msg = my.msg;
  const v = msg.view;
  const over = msg.status === "over";
  const open = Boolean(v.prompt && !v.prompt.answered && !my.answered && !over && !my.elsewhere);
  const legal = open ? v.legal : [];
  return {
    game: my.game,
    move: msg.move,
    seat: my.seat,
    names: my.seatNames,
    kinds: my.kinds,
    obs: v.observation || v.public,
    spectator: my.seat === null,
    legal,
    canAct: legal.length > 0,
    reasons: v.unplayable || {},
    waitingReason: over ? "the game is over" : v.reaction ? (legal.length ? "answer with the buttons above" : "the table waits a moment for answers") : "it is not your turn",
    prompt: v.prompt,
    toAct: v.to_act,
    reaction: v.reaction && !over,
    answered: Boolean((v.prompt && v.prompt.answered) || my.answered),
    result: v.result,
    over,
    catalogue: my.catalogue,
    ui,
    play,
    rerender: () => draw(),
  };
}

function draw() {
  if (!my.msg) return;
  const ctx = context();
  CT.drawBoard($("board"), ctx);
  CT.help.rename($("board"), my.gameNames, my.seatNames);
  CT.help.annotate($("board"), my.help);
  tick();
}

function renderView(msg) {
  const v = msg.view;
  if (!my.msg || my.msg.move !== msg.move) { ui.picker = null; ui.selected.clear(); my.answered = false; }
  my.msg = msg;
  $("move").textContent = msg.move;
  const over = msg.status === "over";
  // "your move", not "your turn": a decision may come on another player's turn (an
  // unwanted guest asking you for a card on Bo's turn read as "your turn")
  const who = v.to_act !== null && v.to_act !== undefined
    ? (v.to_act === my.seat ? "your move" : `${my.seatNames[v.to_act] || "seat " + v.to_act} to play`)
    : v.reaction ? (v.legal.length && !v.prompt.answered ? "you can answer" : "a moment for answers") : "";
  $("status").textContent = over ? "game over" : who;
  $("status").className = over ? "status-over" : "";
  if (v.text) { $("render").textContent = v.text; $("render").hidden = false; } else { $("render").hidden = true; }
  $("observation").replaceChildren(renderValue(v.observation || v.public));
  const actions = $("actions");
  actions.replaceChildren();
  if (v.prompt && !over) {
    $("prompt-text").textContent = v.prompt.kind === "reaction" ? (v.legal.length ? "You can answer" : "A moment for answers") : (v.legal.length ? "Your turn" : "Waiting");
    if (!v.prompt.answered) {
      for (const a of v.legal) actions.append(el("button", { type: "button", "data-action": a, onclick: () => play(a) }, a));
    }
    my.deadline = v.prompt.remaining !== null && v.prompt.remaining !== undefined ? Date.now() + v.prompt.remaining * 1000 : null;
  } else {
    $("prompt-text").textContent = over ? "" : "Waiting for the others";
    my.deadline = null;
  }
  $("hint").textContent = "";
  draw();
  if (over) showResult(v.result);
}

// The end of the game in words: the board says who won, why, and each seat's line.
function resultWordsOf(result) {
  const board = CT.boards[my.game];
  const ctx = context();
  if (!board || !board.resultWords || !ctx.obs) return null;
  try {
    return board.resultWords(ctx, ctx.obs, result);
  } catch (err) {
    return null;  // a spectator's public view may lack what the words need: the standings say it
  }
}

function showResult(result) {
  $("result-box").hidden = false;
  const words = resultWordsOf(result);
  if (words) {
    $("result").textContent = `Game over. ${renameSeats(words.headline, my.gameNames, my.seatNames)}`;
    $("standings").replaceChildren(el("table", { class: "standings" },
      el("thead", {}, el("tr", {}, words.columns.map((c) => el("th", {}, c)))),
      el("tbody", {}, words.rows.map((r) => el("tr", { class: r.seats.includes(my.seat) ? "me" : null },
        r.cells.map((c) => el("td", {}, renameSeats(String(c), my.gameNames, my.seatNames))))))));
  } else {
    const text = describeResult(result, my.seatNames, my.seat);
    $("result").textContent = text.slice(0, text.search(/[.!]/) + 1) || "Game over.";
    $("standings").replaceChildren(CT.kit.standings(context(), result));
  }
  $("download").href = `/api/tables/${tableId}/record?download=1`;
  $("replay").href = `/replay/${tableId}`;
  // the review of your own decisions, started on arrival; a spectator chooses the seat there
  $("review-link").href = my.seat === null ? `/replay/${tableId}` : `/replay/${tableId}#review=${my.seat}`;
  $("review-link").textContent = my.seat === null ? "Review the decisions" : "Review your decisions";
  $("rematch").hidden = my.seat === null;
}

function tick() {
  const text = my.deadline === null ? "" : `${Math.max(0, (my.deadline - Date.now()) / 1000).toFixed(0)} s`;
  $("countdown").textContent = text;
  for (const c of document.querySelectorAll("#board .clock")) c.textContent = text;
}
setInterval(tick, 250);

function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      my.seat = msg.seat;
      my.gameNames = msg.seat_names;
      my.seatNames = msg.names || msg.seat_names;
      my.game = msg.game.name;
      my.catalogue = msg.catalogue || null;
      $("title").textContent = msg.game.title;
      // four-colour suits mean something only where the cards have suits
      $("four-colour").closest("label").hidden = !(CT.boards[my.game] && CT.boards[my.game].cardLog);
      CT.help.load(my.game).then((data) => { my.help = data; draw(); });
      showWho(msg.table);
      document.title = `cardtable — ${msg.game.title}`;
      $("auto-pass").checked = msg.auto_pass;
      $("auto-pass-label").hidden = msg.seat === null;
      $("my-log").hidden = msg.seat === null;
      renderSeats(msg.table);
      break;
    case "update":
      if (msg.move < my.lastMove) break;
      {
        // your own moves first, as they came before what followed them ("You chose: Done
        // discarding" was said after the next player's turn had begun): a turn the board
        // ended for you, always (the public log does not say it was not your choice), but
        // not those of before the page opened (its first update brings every move since
        // the start); your own moves in your words, unless the public log tells them
        const ended = msg.mine.filter((m) => (m.id || "").startsWith(AUTO_END));
        const me = my.seat === null ? null : new RegExp(`(^|\\W)(${my.gameNames[my.seat]}|P${my.seat})(\\W|$)`);
        if (!msg.log.some((line) => me && me.test(line))) {
          for (const m of msg.mine) {
            if (m.id === "auto-pass") continue;  // a window you held no answer in: you were not asked
            if (ended.includes(m)) continue;
            const what = CT.describe(my.game, m.action, context0());
            addLog(m.id === "timeout" ? `Time ran out; the table chose for you: ${what}` : `You chose: ${what}`, "mine");
          }
        }
        if (my.msg) for (const m of ended) addLog("Your turn ended by itself (your actions were done).", "mine");
        for (const line of msg.log) addLog(line);
        // what only this seat may know (a card taken from its hand), from its own views
        const board = CT.boards[my.game];
        const prev = my.msg ? my.msg.view.observation : null;
        if (board && board.privateLog && prev) {
          for (const line of board.privateLog(prev, msg.view.observation, context0(), msg.log)) addLog(line, "mine");
        }
      }
      my.lastMove = msg.move;
      $("error").textContent = "";
      renderView(msg);
      break;
    case "names":
      // a person named their seat: every place that names seats says it anew
      my.seatNames = msg.names;
      renderSeats(msg.table);
      showWho(null);
      $("log").replaceChildren();
      for (const [text, cls] of rawLog) addLog(text, cls, true);
      if (my.msg) renderView(my.msg);
      break;
    case "rematch":
      // another person started the rematch: the result offers to join it
      if (msg.by !== my.seat) {
        $("rematch").textContent = "Join the rematch (seats move one place)";
        $("rematch").classList.add("primary");
        $("rematch-note").textContent = `${my.seatNames[msg.by] || `P${msg.by}`} started a rematch.`;
      }
      break;
    case "answered":
      my.answered = true;
      draw();
      break;
    case "elsewhere":
      // the same seat was opened in another tab or window: it plays there
      my.elsewhere = true;
      my.closedForGood = true;
      $("elsewhere").hidden = false;
      draw();
      break;
    case "error":
      // a refused move in words; other refusals keep their code (a person may report it)
      // (server_error: not a refusal, a notice that the table will try again)
      $("error").textContent = msg.code === "illegal"
        ? `Not allowed now: ${msg.message.replace(/\.$/, "")}.`
        : msg.code === "server_error" ? `Sorry: ${msg.message}.`
          : `Refused (${msg.code}): ${msg.message}`;
      draw();
      if (msg.code === "bad_token" || msg.code === "no_table") {
        my.closedForGood = true;
        // say so where the board would be, instead of "Connecting…" for ever
        $("board").replaceChildren(el("p", { class: "error" }, msg.code === "bad_token"
          ? "This invite link does not open a seat at this table: ask for a new link, or watch from the lobby."
          : "There is no such table: it may have expired. Start a new one from the lobby."),
        el("p", {}, el("a", { href: "/" }, "Back to the lobby")));
      }
      break;
    default:
      break;
  }
}

// The describe() of a move needs the names but not a view: used before the first update.
function context0() {
  return { seat: my.seat, names: my.seatNames, gameNames: my.gameNames, catalogue: my.catalogue, obs: my.msg ? my.msg.view.observation : null };
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
  my.ws = ws;
  ws.onopen = () => {
    $("conn").textContent = "";
    ws.send(JSON.stringify({ type: "hello", token, since: my.lastMove }));
    // the server closes sockets that stay silent (its idle limit): say we are here
    const keepAlive = setInterval(() => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" }));
      else clearInterval(keepAlive);
    }, 30000);
  };
  ws.onmessage = (ev) => onMessage(JSON.parse(ev.data));
  ws.onclose = () => {
    if (my.closedForGood) { $("conn").textContent = "disconnected"; return; }
    $("conn").textContent = "reconnecting…";
    $("conn").className = "conn-down";
    setTimeout(connect, 1000);
  };
}

// Keyboard play: 1–9 plays the n-th playable card (or the n-th choice when no card
// can be played); arrows move along the hand; Enter or Space plays the focused card.
document.addEventListener("keydown", (ev) => {
  if (ev.target && /INPUT|SELECT|TEXTAREA/.test(ev.target.tagName)) return;
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const n = Number(ev.key);
  if (!Number.isInteger(n) || n < 1 || n > 9) return;
  const cardsNow = [...document.querySelectorAll("#board .hand button.playable")];
  const list = cardsNow.length ? cardsNow : [...document.querySelectorAll("#board button.choice")];
  if (list[n - 1]) { ev.preventDefault(); list[n - 1].focus(); list[n - 1].click(); }
});

function setFourColour(on) {
  document.body.classList.toggle("four-colour", on);
  try { localStorage.setItem("cardtable-four-colour", on ? "1" : "0"); } catch (err) { /* private mode */ }
}
$("four-colour").checked = (() => { try { return localStorage.getItem("cardtable-four-colour") === "1"; } catch (err) { return false; } })();
setFourColour($("four-colour").checked);
$("four-colour").addEventListener("change", (ev) => setFourColour(ev.target.checked));

$("my-log").addEventListener("click", async () => {
  // only this seat's history: the public log and its own moves, never the full record
  const body = await api(`/api/tables/${tableId}/history`, { headers: { "X-Seat-Token": token } });
  const blob = new Blob([JSON.stringify(body, null, 1)], { type: "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob), download: `${tableId}-seat${body.seat}.json` });
  document.body.append(a);
  a.click();
  a.remove();
});
$("how-to-play").addEventListener("click", () => { if (my.game) CT.help.open(my.game); });
$("play-here").addEventListener("click", () => {
  // take the seat back: a new connection is the newest, so it plays
  my.elsewhere = false;
  my.closedForGood = false;
  $("elsewhere").hidden = true;
  if (my.ws) my.ws.onclose = null;
  if (my.ws) my.ws.close();
  connect();
});
$("auto-pass").addEventListener("change", (ev) => send({ type: "auto_pass", on: ev.target.checked }));
$("rematch").addEventListener("click", async () => {
  try {
    const r = await api(`/api/tables/${tableId}/rematch`, { method: "POST", headers: { "X-Seat-Token": token } });
    location.href = r.url;
  } catch (err) {
    $("error").textContent = `Rematch refused: ${err.message}`;
  }
});

connect();
