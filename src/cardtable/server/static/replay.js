// Step through a finished game from any seat's point of view.
"use strict";

const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const $ = (id) => document.getElementById(id);
let steps = [];
let index = 0;

function show(i) {
  index = Math.max(0, Math.min(steps.length - 1, i));
  const seat = Number($("seat").value);
  const step = steps[index];
  $("slider").value = index;
  $("where").textContent = `step ${index} of ${steps.length - 1}, move ${step.move}`;
  $("step-title").textContent = step.action === null ? (index === 0 ? "Start" : "End")
    : `${step.seat_name} played ${step.action}`;
  $("render").textContent = step.texts[seat] || "";
  $("observation").replaceChildren(renderValue(step.observations[seat]));
  const log = $("log");
  log.replaceChildren();
  for (const s of steps.slice(0, index + 1)) {
    if (s.action !== null) log.append(el("li", { class: "mine" }, `${s.seat_name}: ${s.action}`));
    for (const line of s.log) log.append(el("li", {}, line));
  }
  log.scrollTop = log.scrollHeight;
}

async function init() {
  const data = await api(`/api/tables/${encodeURIComponent(tableId)}/replay`);
  steps = data.steps;
  $("title").textContent = `Replay of ${data.game} table ${data.table}`;
  $("download").href = `/api/tables/${encodeURIComponent(tableId)}/record?download=1`;
  $("slider").max = steps.length - 1;
  const n = steps[0].observations.length;
  for (let s = 0; s < n; s++) $("seat").append(el("option", { value: s }, `seat ${s + 1}`));
  $("seat").addEventListener("change", () => show(index));
  $("slider").addEventListener("input", (ev) => show(Number(ev.target.value)));
  $("first").onclick = () => show(0);
  $("prev").onclick = () => show(index - 1);
  $("next").onclick = () => show(index + 1);
  $("last").onclick = () => show(steps.length - 1);
  show(0);
}

init().catch((err) => { $("error").textContent = `No replay: ${err.message}`; });
