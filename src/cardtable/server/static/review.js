// The review of one seat's decisions on the replay page: started on request, a progress bar
// while the server's workers search, then each decision marked in words beside the search's
// choice (raised on the board at the position it was made) and the chance-to-win line.
//
// The replay page hands in how to jump to a step and how to describe an action at a step;
// this file knows no game.
"use strict";

CT.review = (() => {
  const $ = (id) => document.getElementById(id);
  const POLL_MS = 1000;
  const MARK_WORDS = { good: "good", inaccuracy: "inaccuracy", mistake: "mistake" };
  const r = { host: null, seat: null, data: null, after: new Map(), before: new Map(), timer: null };

  function url(seat) {
    return `/api/tables/${encodeURIComponent(r.host.tableId)}/review?seat=${seat}`;
  }

  function pct(x) { return `${Math.round(x * 100)}%`; }

  function init(host) {
    r.host = host;
    const select = $("review-seat");
    host.names.forEach((name, s) => select.append(el("option", { value: s }, name)));
    $("review-go").addEventListener("click", () => start(Number(select.value)));
    // the line is drawn at the width it is shown at: again when that changes (a phone turned)
    let width = 0;
    window.addEventListener("resize", () => {
      const now = $("review-line").clientWidth;
      if (!r.data || Math.abs(now - width) < 20) return;
      width = now;
      drawLine();
      r.host.redraw();
    });
    const asked = /(?:^|[#&])review=(\d+)/.exec(location.hash);
    if (asked && Number(asked[1]) < host.names.length) {
      select.value = asked[1];
      start(Number(asked[1]));
    }
  }

  async function start(seat) {
    clearTimeout(r.timer);
    r.seat = seat;
    r.data = null;
    r.after.clear();
    r.before.clear();
    $("review-result").hidden = true;
    status(`Asking for the review of ${r.host.names[seat]}…`);
    try {
      follow(await api(url(seat), { method: "POST" }));
    } catch (err) {
      status(`No review: ${err.message}`);
    }
  }

  async function poll() {
    try {
      follow(await api(url(r.seat)));
    } catch (err) {
      status(`The review's progress could not be read (${err.message}); trying again.`);
      r.timer = setTimeout(poll, POLL_MS * 3);
    }
  }

  function follow(body) {
    const bar = $("review-progress");
    if (body.status === "running") {
      bar.hidden = false;
      bar.max = body.total || 1;
      bar.value = body.done || 0;
      const of = body.total === null || body.total === undefined ? "" : ` of ${body.total}`;
      status(`Reviewing ${r.host.names[r.seat]}'s decisions: ${body.done || 0}${of} done.`);
      r.timer = setTimeout(poll, POLL_MS);
      return;
    }
    bar.hidden = true;
    if (body.status === "done") { loaded(body.review); return; }
    status(body.status === "failed" ? body.detail : "No review yet.");
  }

  function loaded(data) {
    r.data = data;
    for (const d of data.decisions) {
      r.after.set(d.step, d);
      r.before.set(d.step - 1, d);
    }
    const counts = { good: 0, inaccuracy: 0, mistake: 0 };
    for (const d of data.decisions) counts[d.mark] += 1;
    const plural = { good: "good", inaccuracy: "inaccuracies", mistake: "mistakes" };
    const summary = Object.entries(counts).map(([m, n]) => `${n} ${n === 1 ? m : plural[m]}`).join(", ");
    const n = data.decisions.length;
    status(`${r.host.names[r.seat]}: ${n} decision${n === 1 ? "" : "s"} reviewed — ${summary}.`);
    $("review-result").hidden = false;
    // in words first; the reviewing search's exact settings last, for who wants them
    $("review-about").replaceChildren(`Values are the ${data.unit}, estimated by the strongest bot's search from what `
      + `${r.host.names[r.seat]} knew at each decision (never the hidden cards). Good: within the margin or under `
      + `${pct(data.thresholds.small)}; mistake: from ${pct(data.thresholds.mistake)}; inaccuracy between. `,
    el("span", { class: "muted" }, `(The search: ${data.reviewer}.)`));
    drawLine();
    listMistakes();
    r.host.setSeat(r.seat);
    r.host.redraw();
  }

  function status(text) { $("review-status").textContent = text; }

  // The decision made at the step just shown (after) or about to be made from it (before).
  function verdictWords(d, when) {
    const who = r.host.names[r.seat];
    const played = r.host.describe(r.seat, d.played, d.observation);
    const better = r.host.describe(r.seat, d.preferred, d.observation);
    const unit = r.data.unit;
    const head = when === "before" ? `${who} decides here (move ${d.move}), and plays ${played}: ` : `${who} played ${played} (move ${d.move}): `;
    if (d.played === d.preferred) return `${head}good — the search's choice too (${pct(d.value)} ${unit} after it).`;
    const cost = `${pct(d.loss)} ± ${pct(d.margin)}`;
    if (d.mark === "good") return `${head}good — the search preferred ${better}, within the margin (${cost} of the ${unit}).`;
    return `${head}${MARK_WORDS[d.mark]} — better: ${better}, worth ${cost} more ${unit}.`;
  }

  // Called by the replay before drawing step ``index``: at a reviewed decision's position,
  // the reviewed seat's view offers the search's choice as the one playable action.
  // Returns the move number of the position then drawn (null: the step's own): the chance
  // outcomes since the step (a deal) are in it, so "move 0" beside "(move 36)" was wrong.
  function adjust(ctx, index) {
    const d = r.data && r.before.get(index);
    if (!d || ctx.seat !== r.seat) return null;
    // the position the decision was made in (chance outcomes since the step before included)
    ctx.obs = d.observation;
    ctx.toAct = d.observation.to_act ?? r.seat;
    ctx.legal = [d.preferred];
    ctx.canAct = true;
    ctx.reasons = new Proxy({}, { get: () => "not the search's choice" });
    ctx.play = () => r.host.jump(d.step);
    ctx.reviewSuggests = d.preferred;
    return d.move;
  }

  // Called after drawing step ``index``: the words for the decisions around it, the line's marker.
  function show(index) {
    const box = $("review-verdict");
    if (!r.data) { box.replaceChildren(); return; }
    const lines = [];
    const after = r.after.get(index);
    const before = r.before.get(index);
    if (after) lines.push(el("p", { class: `verdict ${after.mark}` }, el("b", {}, MARK_WORDS[after.mark]), " ", verdictWords(after, "after")));
    if (before) {
      lines.push(el("p", { class: `verdict ${before.mark}` }, el("b", {}, MARK_WORDS[before.mark]), " ", verdictWords(before, "before"),
        before.played !== before.preferred && r.host.seat() === r.seat ? " The search's choice is raised on the board." : ""));
      for (const node of document.querySelectorAll("#board .card-btn.playable, #board button.choice")) node.classList.add("suggested");
    }
    if (!lines.length) lines.push(el("p", { class: "muted" }, `No decision of ${r.host.names[r.seat]} reviewed at this step.`));
    box.replaceChildren(...lines);
    const at = [...r.data.decisions].reverse().find((d) => d.step <= index);
    const marker = document.querySelector("#review-line .now");
    if (marker) {
      const x = at ? xOf(r.data.decisions.indexOf(at)) : 0;
      marker.setAttribute("x1", x);
      marker.setAttribute("x2", x);
      marker.setAttribute("visibility", at ? "visible" : "hidden");
    }
  }

  // drawn at the width it is shown at (one unit a pixel), so its words stay readable on a phone
  let W = 600;
  const H = 140, PAD = 24;
  function xOf(i) {
    const n = r.data.decisions.length;
    return PAD + (n <= 1 ? 0 : (i * (W - 2 * PAD)) / (n - 1));
  }
  function yOf(v) { return H - PAD - v * (H - 2 * PAD); }

  function svg(tag, attrs, ...children) {
    const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    for (const c of children) node.append(c);
    return node;
  }

  // The value after each decision; inaccuracies as diamonds, mistakes as crosses (shape, not
  // only colour), each with its words as a title, a click jumping to it.
  function drawLine() {
    const ds = r.data.decisions;
    W = Math.max(280, Math.round($("review-line").clientWidth || 600));
    const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", class: "review-line",
      "aria-label": `The ${r.data.unit} after each of ${r.host.names[r.seat]}'s ${ds.length} decisions` });
    for (const v of [0, 0.5, 1]) {
      root.append(svg("line", { x1: PAD, x2: W - PAD, y1: yOf(v), y2: yOf(v), class: v === 0.5 ? "mid" : "edge" }),
        svg("text", { x: 2, y: yOf(v) + 4, class: "axis" }, pct(v)));
    }
    if (ds.length) {
      const points = ds.map((d, i) => `${xOf(i).toFixed(1)},${yOf(d.value).toFixed(1)}`).join(" ");
      root.append(svg("polyline", { points, class: "value" }));
    }
    root.append(svg("line", { x1: 0, x2: 0, y1: PAD / 2, y2: H - PAD / 2, class: "now", visibility: "hidden" }));
    ds.forEach((d, i) => {
      const x = xOf(i), y = yOf(d.value);
      const title = svg("title", {}, `move ${d.move}: ${d.played}, ${d.mark}, ${pct(d.value)}`);
      let mark;
      if (d.mark === "mistake") mark = svg("path", { d: `M${x - 5},${y - 5}L${x + 5},${y + 5}M${x - 5},${y + 5}L${x + 5},${y - 5}`, class: "pt mistake" }, title);
      else if (d.mark === "inaccuracy") mark = svg("path", { d: `M${x},${y - 6}L${x + 6},${y}L${x},${y + 6}L${x - 6},${y}Z`, class: "pt inaccuracy" }, title);
      else mark = svg("circle", { cx: x, cy: y, r: 3, class: "pt good" }, title);
      mark.addEventListener("click", () => r.host.jump(d.step));
      root.append(mark);
    });
    $("review-line").replaceChildren(root);
  }

  // The decisions that were not good, as buttons to step to (the line's words, for everyone).
  function listMistakes() {
    const bad = r.data.decisions.filter((d) => d.mark !== "good");
    $("review-list").replaceChildren(...(bad.length ? bad.map((d) => el("li", {},
      el("button", { type: "button", class: `link-button ${d.mark}`, onclick: () => r.host.jump(d.step) },
        `Move ${d.move}: ${MARK_WORDS[d.mark]} — ${r.host.describe(r.seat, d.played, d.observation)} (better: ${r.host.describe(r.seat, d.preferred, d.observation)})`)))
      : [el("li", { class: "muted" }, "No inaccuracies or mistakes.")]));
  }

  return { init, adjust, show, start };
})();
