// Step through a finished game from any seat's point of view, on the same board as play.
"use strict";

const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const $ = (id) => document.getElementById(id);
// steps arrive a page at a time (the server bounds each request); ``steps`` is sparse
const PAGE = 100;
const replay = { data: null, steps: [], total: 0, index: 0, kinds: [], loading: new Map() };

async function ensure(i) {
  if (replay.steps[i]) return;
  const start = Math.floor(i / PAGE) * PAGE;
  if (!replay.loading.has(start)) {
    replay.loading.set(start, api(`/api/tables/${encodeURIComponent(tableId)}/replay?start=${start}&count=${PAGE}`)
      .then((page) => { page.steps.forEach((st, k) => { replay.steps[start + k] = st; }); })
      // a refused page (the server limits pages a minute) is asked for again on the next step
      .catch((err) => { replay.loading.delete(start); throw err; }));
  }
  await replay.loading.get(start);
}
const ui = { picker: null, selected: new Set() };

function context(seat, step) {
  const data = replay.data;
  return {
    game: data.game, seat, replay: true, names: data.names || data.seat_names, kinds: replay.kinds,
    obs: step.observations[seat], spectator: false, legal: [], canAct: false, reasons: {},
    waitingReason: "this is a replay", prompt: null, toAct: step.observations[seat].to_act ?? null,
    reaction: false, answered: false, result: null, over: false, catalogue: data.catalogue, ui,
    play: () => {}, rerender: () => show(replay.index),
  };
}

// one name per seat everywhere: the table's names, not the game's "P0"
function nameOf(seat) {
  const data = replay.data;
  return (data.names || data.seat_names)[seat];
}

async function show(i) {
  replay.index = Math.max(0, Math.min(replay.total - 1, i));
  try {
    await ensure(replay.index);
    $("error").textContent = "";
  } catch (err) {
    $("error").textContent = `This step could not be loaded (${err.message}); try again in a moment.`;
    return;
  }
  if (replay.index !== Math.max(0, Math.min(replay.total - 1, i))) return;  // moved on meanwhile
  const steps = replay.steps;
  const seat = Number($("seat").value);
  const step = steps[replay.index];
  const ctx = context(seat, step);
  const drawnAt = CT.review.adjust(ctx, replay.index);
  $("slider").value = replay.index;
  $("where").textContent = `step ${replay.index} of ${replay.total - 1}, move ${drawnAt ?? step.move}`;
  $("step-title").textContent = step.action === null ? (replay.index === 0 ? "Start" : "End")
    : `${nameOf(step.seat)}: ${CT.describe(replay.data.game, step.action, context(step.seat, step))}`;
  CT.drawBoard($("board"), ctx);
  CT.review.show(replay.index);
  $("render").textContent = step.texts[seat] || "";
  $("observation").replaceChildren(renderValue(step.observations[seat]));
  const board = CT.boards[replay.data.game];
  const log = $("log");
  log.replaceChildren();
  let gap = false;
  for (let k = 0; k <= replay.index; k++) {
    const s = steps[k];
    if (!s) {  // a page not loaded: the log says so once instead of fetching the whole game
      if (!gap) log.append(el("li", { class: "muted" }, "… earlier moves (step back to load them)"));
      gap = true;
      continue;
    }
    gap = false;
    if (s.action !== null) {
      const li = CT.kit.logLine(`${nameOf(s.seat)}: ${CT.describe(replay.data.game, s.action, context(s.seat, s))}`, Boolean(board && board.cardLog));
      li.className = "mine";
      log.append(li);
    }
    for (const line of s.log) log.append(CT.kit.logLine(tidyWords(renameSeats(board && board.logWords ? board.logWords(line) : line, replay.data.seat_names, replay.data.names)), Boolean(board && board.cardLog)));
  }
  log.scrollTop = log.scrollHeight;
}

async function init() {
  const data = await api(`/api/tables/${encodeURIComponent(tableId)}/replay`);
  replay.data = data;
  replay.total = data.total;
  data.steps.forEach((st, k) => { replay.steps[data.start + k] = st; });
  for (const s of data.seats || []) replay.kinds[s.seat] = { kind: s.kind, bot: s.bot };
  $("title").textContent = `Replay of ${data.title || data.game}, table ${data.table}`;
  document.title = `cardtable — replay of ${data.title || data.game}`;
  // four-colour suits mean something only where the cards have suits
  $("four-colour").closest("label").hidden = !(CT.boards[data.game] && CT.boards[data.game].cardLog);
  $("download").href = `/api/tables/${encodeURIComponent(tableId)}/record?download=1`;
  $("slider").max = replay.total - 1;
  (data.names || data.seat_names).forEach((name, s) => $("seat").append(el("option", { value: s }, name)));
  $("seat").addEventListener("change", () => show(replay.index));
  // dragging shows the steps already loaded and loads the one let go on, not every page passed
  $("slider").addEventListener("input", (ev) => {
    const i = Number(ev.target.value);
    if (replay.steps[i]) show(i);
    else $("where").textContent = `step ${i} of ${replay.total - 1}`;
  });
  $("slider").addEventListener("change", (ev) => show(Number(ev.target.value)));
  $("first").onclick = () => show(0);
  $("prev").onclick = () => show(replay.index - 1);
  $("next").onclick = () => show(replay.index + 1);
  $("last").onclick = () => show(replay.total - 1);
  document.addEventListener("keydown", (ev) => {
    if (ev.target && /INPUT|SELECT/.test(ev.target.tagName)) return;
    if (ev.key === "ArrowRight") show(replay.index + 1);
    if (ev.key === "ArrowLeft") show(replay.index - 1);
  });
  CT.review.init({
    tableId,
    names: data.names || data.seat_names,
    jump: (i) => show(i),
    redraw: () => show(replay.index),
    seat: () => Number($("seat").value),
    setSeat: (s) => { $("seat").value = s; },
    // an action in words, from the seat's view where it was chosen
    describe: (seat, action, obs) => CT.describe(data.game, action, context(seat, { observations: { [seat]: obs } })),
  });
  show(0);
}

$("four-colour").addEventListener("change", (ev) => document.body.classList.toggle("four-colour", ev.target.checked));
init().catch((err) => { $("error").textContent = `No replay: ${err.message}`; });
