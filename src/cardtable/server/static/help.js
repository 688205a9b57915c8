// Help in place: a short "How to play" per game, and the game's own words
// (Slack, Bet Debt, Plague, piece values…) explained where the board shows
// them — a tap or hover on the dotted word opens a short note. The texts live
// in /static/help/<game>.json, one file per game, so the page stays generic.
"use strict";

CT.help = (() => {
  const cache = new Map();
  let pop = null;
  let popFor = null;  // the word whose note is open

  async function load(game) {
    if (!cache.has(game)) {
      cache.set(game, fetch(`/static/help/${encodeURIComponent(game)}.json`)
        .then((r) => (r.ok ? r.json() : null)).catch(() => null));
    }
    return cache.get(game);
  }

  // The "How to play" dialog: a few short sections and the glossary.
  function dialog(data) {
    const box = el("dialog", { class: "help-dialog", "aria-labelledby": "help-title" },
      el("h2", { id: "help-title", tabindex: "-1" }, data.title),
      data.sections.map(([head, text]) => el("section", {}, el("h3", {}, head), el("p", {}, text))),
      el("h3", {}, "Words of the game"),
      el("dl", { class: "help-terms" }, Object.entries(data.terms).flatMap(([t, d]) => [el("dt", {}, t), el("dd", {}, d)])),
      el("form", { method: "dialog" }, el("button", { type: "submit", class: "primary" }, "Close")));
    box.addEventListener("close", () => box.remove());
    return box;
  }

  async function open(game) {
    const data = await load(game);
    if (!data) return;
    const box = dialog(data);
    document.body.append(box);
    box.showModal();
    // opened at its start: showModal focuses the first button, Close, at the very end
    box.querySelector("#help-title").focus();
    box.scrollTop = 0;
  }

  function hide() {
    if (pop) { pop.remove(); pop = null; }
    popFor = null;
    for (const b of document.querySelectorAll("button.term[aria-expanded=true], button.note-q[aria-expanded=true]")) b.setAttribute("aria-expanded", "false");
  }

  function show(btn, text) {
    hide();
    pop = el("div", { class: "term-pop", role: "tooltip", id: "term-pop" }, text);
    popFor = btn;
    document.body.append(pop);
    const r = btn.getBoundingClientRect();
    const left = Math.max(8, Math.min(window.scrollX + r.left, window.scrollX + document.documentElement.clientWidth - pop.offsetWidth - 8));
    pop.style.left = `${left}px`;
    pop.style.top = `${window.scrollY + r.bottom + 6}px`;
    btn.setAttribute("aria-expanded", "true");
    btn.setAttribute("aria-describedby", "term-pop");
  }

  function termButton(term, text) {
    const b = el("button", { type: "button", class: "term", "aria-expanded": "false", "aria-label": `${term} (what is this?)` }, term);
    // a tap (which also fires mouseenter on touch screens) always shows; Escape or a tap elsewhere hides
    b.addEventListener("click", (ev) => { ev.stopPropagation(); show(b, text); });
    b.addEventListener("mouseenter", () => show(b, text));
    b.addEventListener("mouseleave", hide);
    b.addEventListener("blur", hide);
    return b;
  }

  // Marks the first place each term appears in ``root`` (text outside buttons,
  // links and form controls), so every board gets its words explained without
  // knowing about it.
  function annotate(root, data) {
    // a redrawn board replaced the word whose note is open (no mouseleave comes from a
    // removed word): the note would stay, over whatever is drawn there now, such as
    // the only button left to press
    if (popFor && !popFor.isConnected) hide();
    if (!data || !root) return;
    notePhrases(root, data);
    const terms = Object.keys(data.terms).sort((a, b) => b.length - a.length);
    const done = new Set();
    const skip = (node) => node.parentElement && node.parentElement.closest("button, a, select, option, summary, svg, .term, dialog, label, input, textarea, [role=img]");
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const nodes = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (!skip(n)) nodes.push(n);
    for (const node of nodes) {
      for (const term of terms) {
        if (done.has(term)) continue;
        const at = node.textContent.search(new RegExp(`(^|[^\\w])${term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w])`));
        if (at < 0) continue;
        const start = node.textContent.indexOf(term, at);
        const after = node.splitText(start);
        after.splitText(term.length);
        after.replaceWith(termButton(term, data.terms[term]));
        done.add(term);
        break;  // the rest of this text node is now a new node: the walk already passed it
      }
    }
  }

  // A small "?" after a phrase of the board whose words are buttons or headings
  // ("Declare your card as:" above the piece buttons): tap, hover or Enter opens its note.
  function noteButton(phrase, text) {
    const b = termButton("?", text);
    b.className = "note-q";
    b.setAttribute("aria-label", `${phrase.replace(/:$/, "")}: what is this?`);
    return b;
  }

  function notePhrases(root, data) {
    if (!data || !data.notes || !root) return;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const nodes = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!(n.parentElement && n.parentElement.closest("button, a, select, option, dialog, .term"))) nodes.push(n);
    }
    for (const [phrase, text] of Object.entries(data.notes)) {
      const node = nodes.find((n) => n.textContent.includes(phrase));
      if (!node) continue;
      const end = node.textContent.indexOf(phrase) + phrase.length;
      const rest = node.splitText(end);
      rest.before(" ", noteButton(phrase, text));
    }
  }

  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") hide(); });
  document.addEventListener("click", hide);
  // Engine text drawn on the board ("P0 rolls 3") names seats by the game's names:
  // say the table's names there too, as the log does.
  function rename(root, gameNames, names) {
    if (!root || !names) return;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = renameSeats(n.textContent, gameNames, names);
      if (text !== n.textContent) n.textContent = text;
    }
  }

  return { load, open, annotate, rename };
})();
