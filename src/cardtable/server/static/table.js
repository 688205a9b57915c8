// A seat's (or a spectator's) view of one table over the play socket.
// Reconnects on its own, resuming from the last move number it was told
// about, so nothing is lost or shown twice.
"use strict";

const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const fragment = new URLSearchParams(location.hash.slice(1));
const token = fragment.get("token");
const my = { seat: null, seatNames: [], lastMove: 0, view: null, deadline: null, ws: null, closedForGood: false, counter: 0 };

const $ = (id) => document.getElementById(id);

function addLog(text, cls) {
  const li = el("li", { class: cls || null }, text);
  $("log").append(li);
  $("log").scrollTop = $("log").scrollHeight;
}

function send(obj) {
  if (my.ws && my.ws.readyState === WebSocket.OPEN) my.ws.send(JSON.stringify(obj));
}

function play(action) {
  my.counter += 1;
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${my.counter}`;
  for (const b of document.querySelectorAll("#actions button, button.playable")) b.disabled = true;
  send({ type: "move", id, move: my.lastMove, action });
}

function renderSeats(table) {
  $("seats").replaceChildren(...table.seats.map((s) =>
    el("div", { "data-seat": s.seat },
      `${s.name}: `, s.kind === "bot" ? `bot (${s.bot})` : "person",
      s.seat === my.seat ? " — you" : "")));
}

function renderView(msg) {
  const v = msg.view;
  my.view = v;
  $("move").textContent = msg.move;
  const over = msg.status === "over";
  $("status").textContent = over ? "game over" : v.to_act !== null && v.to_act !== undefined
    ? `${my.seatNames[v.to_act] || "seat " + v.to_act} to act` : v.reaction ? "reaction window" : "";
  $("status").className = over ? "status-over" : "";
  if (v.text) { $("render").textContent = v.text; $("render").hidden = false; } else { $("render").hidden = true; }
  const playable = v.prompt && !v.prompt.answered ? new Set(v.legal) : null;
  $("observation").replaceChildren(v.observation ? renderValue(v.observation, playable, play)
    : el("p", { class: "muted" }, "Spectators see the public log only; the cards are shown in the replay once the game is over."));
  const box = $("prompt-box");
  const actions = $("actions");
  actions.replaceChildren();
  if (v.prompt && !over) {
    box.hidden = false;
    box.className = "prompt " + v.prompt.kind;
    const answered = v.prompt.answered;
    $("prompt-text").textContent = v.prompt.kind === "reaction"
      ? (answered ? "Reaction window — you answered; waiting for the others" : "Reaction window — react or pass")
      : (v.legal.length ? "Your turn" : "Waiting");
    for (const a of v.legal) {
      actions.append(el("button", { type: "button", "data-action": a, onclick: () => play(a) }, a));
    }
    my.deadline = v.prompt.remaining !== null && v.prompt.remaining !== undefined
      ? Date.now() + v.prompt.remaining * 1000 : null;
  } else {
    box.hidden = my.seat === null || over;
    $("prompt-text").textContent = over ? "" : "Waiting for the others";
    my.deadline = null;
  }
  tick();
  if (over) showResult(v.result);
}

function showResult(result) {
  $("result-box").hidden = false;
  $("result").textContent = describeResult(result, my.seatNames, my.seat);
  $("download").href = `/api/tables/${tableId}/record?download=1`;
  $("replay").href = `/replay/${tableId}`;
  $("rematch").hidden = my.seat === null;
}

function tick() {
  if (my.deadline === null) { $("countdown").textContent = ""; return; }
  const left = Math.max(0, (my.deadline - Date.now()) / 1000);
  $("countdown").textContent = `${left.toFixed(1)} s`;
}
setInterval(tick, 100);

function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      my.seat = msg.seat;
      my.seatNames = msg.seat_names;
      $("title").textContent = msg.game.title;
      $("whoami").textContent = msg.seat === null ? "watching" : `you are ${msg.seat_name}`;
      document.title = `cardtable — ${msg.game.title}`;
      $("auto-pass").checked = msg.auto_pass;
      $("auto-pass-label").hidden = msg.seat === null;
      $("my-log").hidden = msg.seat === null;
      renderSeats(msg.table);
      break;
    case "update":
      if (msg.move < my.lastMove) break;
      for (const m of msg.mine) addLog(`You: ${m.action}`, "mine");
      for (const line of msg.log) addLog(line);
      my.lastMove = msg.move;
      $("error").textContent = "";
      renderView(msg);
      break;
    case "answered":
      $("prompt-text").textContent = "Reaction window — you answered; waiting for the others";
      $("actions").replaceChildren();
      break;
    case "ack":
      break;
    case "error":
      $("error").textContent = `Refused (${msg.code}): ${msg.message}`;
      for (const b of $("actions").querySelectorAll("button")) b.disabled = false;
      if (msg.code === "bad_token" || msg.code === "no_table") my.closedForGood = true;
      break;
    default:
      break;
  }
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

$("my-log").addEventListener("click", async () => {
  // only this seat's history: the public log and its own moves, never the full record
  const body = await api(`/api/tables/${tableId}/history`, { headers: { "X-Seat-Token": token } });
  const blob = new Blob([JSON.stringify(body, null, 1)], { type: "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob), download: `${tableId}-seat${body.seat}.json` });
  document.body.append(a);
  a.click();
  a.remove();
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
