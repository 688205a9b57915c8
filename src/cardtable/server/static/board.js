// The shared table kit every game's board is drawn with: seats around the
// table, the centre, your hand (sorted, playable cards raised, the others
// dimmed with the reason), choices as named buttons, the reaction banner,
// the log with card glyphs and the end-of-game standings.
//
// A board knows no rules: it is handed the seat's observation, its legal
// actions (notation) and the reasons its cards cannot be played, and reports
// a choice through ctx.play(action). Boards live in /static/boards/<game>.js
// and register themselves in CT.boards[game] = {render(ctx, kit), describe(action, ctx)}.
"use strict";

CT.boards = CT.boards || {};

CT.kit = (() => {
  const cards = CT.cards;

  // Tokens of an action's notation: "give 7H" -> ["give", "7H"], "AD+AH" -> ["AD", "AH"],
  // "call party-animal 0" -> [...], "play bum 0:cigarettes" -> ["play", "bum", "0", "cigarettes"].
  function tokens(action) {
    return String(action).split(/[ +:>#]/).filter(Boolean);
  }

  function optionsFor(ctx, card) {
    return ctx.legal.filter((a) => tokens(a).includes(card));
  }

  function seatName(ctx, s) {
    if (s === ctx.seat && !ctx.replay) return "You";
    return ctx.names[s] || `P${s}`;
  }

  // A seat's heading: your own is "You (Ada)", so the name the log uses is on your box too.
  function fullName(ctx, s) {
    const name = ctx.names[s] || `P${s}`;
    return s === ctx.seat && !ctx.replay ? `You (${name})` : name;
  }

  function possessive(ctx, s) {
    return s === ctx.seat && !ctx.replay ? "Your" : `${seatName(ctx, s)}'s`;
  }

  function fan(count, max = 8) {
    const shown = Math.min(count, max);
    const box = el("span", { class: "fan", "aria-hidden": "true" });
    for (let i = 0; i < shown; i++) box.append(el("span", { class: "fan-card" }, cards.back()));
    return box;
  }

  // One seat around the table: name, person/bot, hand size as fanned backs, turn and clock.
  function seatBox(ctx, s, { count = null, extra = [], tag = null } = {}) {
    const kind = ctx.kinds[s] || {};
    const turn = ctx.toAct === s;
    // a bot's table name already says "(bot, level)": the badge is not repeated
    const named = kind.kind === "bot" && /\bbot\b/.test(ctx.names[s] || "");
    // your own seat is not badged "person": "You (Tester) person" read as a stray word
    const who = kind.kind === "bot" ? (named ? "" : `bot (${kind.bot})`) : s === ctx.seat ? "" : "person";
    const label = `${fullName(ctx, s)}${tag ? ", " + tag : ""}${who ? ", " + who : ""}${count !== null ? `, ${count} card${count === 1 ? "" : "s"}` : ""}${turn ? ", to play" : ""}`;
    return el("section", { class: `seat-box${turn ? " turn" : ""}${s === ctx.seat ? " me" : ""}`, "data-seat": s, "aria-label": label },
      el("div", { class: "seat-head" },
        el("b", {}, fullName(ctx, s)),
        tag ? el("span", { class: "tag" }, tag) : null,
        who ? el("span", { class: "who" }, kind.kind === "bot" ? `bot: ${kind.bot}` : "person") : null,
        turn ? el("span", { class: "turn-mark" }, "▶ to play ", el("span", { class: "clock" })) : null),
      count !== null && s !== ctx.seat ? el("div", { class: "seat-cards" }, fan(count), el("span", { class: "count" }, `${count} card${count === 1 ? "" : "s"}`)) : null,
      ...extra);
  }

  // Places the other seats around the centre: left, top (one or more), right.
  function layout(ctx, others, centre, mine) {
    const n = others.length;
    const left = [], top = [], right = [];
    others.forEach((node, i) => {
      if (n >= 3 && i === 0) left.push(node);
      else if (n >= 3 && i === n - 1) right.push(node);
      else if (n === 2) (i === 0 ? left : right).push(node);
      else top.push(node);
    });
    return el("div", { class: `board seats-${n}` },
      el("div", { class: "around top" }, top),
      el("div", { class: "around left" }, left),
      el("div", { class: "centre" }, centre),
      el("div", { class: "around right" }, right),
      el("div", { class: "mine" }, mine));
  }

  // Why a card cannot be played, in words, right under the hand (and in #hint for
  // pages without a hand). The engines give their refusal for the deciding seat in
  // notation ("P0 must follow suit (H)"); the seat is "you", suits and plays in words:
  // "You must follow hearts."
  const SUIT_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
  function reasonWords(text) {
    let s = String(text)
      .replace(/\bnot now: /i, "")
      .replace(/\bmust follow suit \(([CDHS])\)/g, (_, c) => `must follow ${SUIT_WORDS[c]}`)
      .replace(/\s*\((?:[a-z]+ )?(?:[A-Z<][^)]*|\d+ [a-z]+)\)(?=[,:.;]| or |$)/g, "")  // "(call CARD SEAT)", "(target P<n>)", "(name 7 red)"
      .replace(/\(([CDHS])\)/g, (_, c) => `(${SUIT_WORDS[c]})`)
      .replace(/\bP\d+[AB]?\b/g, "you")
      .replace(/\byou faces\b/g, "you face")
      .replace(/\btheir original hand\b/g, "your original hand")
      .replace(/^(?:10|[2-9AKQJ])[CDHS] cannot go onto (.+?) \((black|red)\): onto black play lower or equal, onto red higher or equal$/,
        (_, onto, colour) => `onto the ${onto}, a ${colour} card, play ${colour === "black" ? "lower or equal" : "higher or equal"}`)
      .replace(/ \(done\)/g, "")  // Chez Geek's notation word, after the button's own words
      .replace(/\bor checkout$/, "or check out")
      .replace(/; /g, ": ")
      .trim();
    if (!s) return s;
    s = s[0].toUpperCase() + s.slice(1);
    return /[.!?]$/.test(s) ? s : `${s}.`;
  }

  function hint(text) {
    const words = reasonWords(text);
    const near = document.querySelector("#board .hand-hint");
    if (near) {
      near.textContent = words;
      // under a tall hand (Chez Geek's text cards) on a phone the line was below the screen
      if (near.scrollIntoView && near.getBoundingClientRect().bottom > window.innerHeight) near.scrollIntoView({ block: "nearest" });
    }
    const box = document.getElementById("hint");
    if (box) box.textContent = near ? "" : words;
  }

  // Your hand: sorted, playable cards raised (one click plays, or opens a small
  // picker when the card may be played several ways), the others dimmed.
  function hand(ctx, list, { face, sort = true, label = "Your hand", multi = null, describe, nameOf = cards.name, preferAlone = false } = {}) {
    const shown = sort ? cards.sortCards(list) : list;
    const box = el("div", { class: "hand", role: "group", "aria-label": label });
    const selected = ctx.ui.selected;
    shown.forEach((card, i) => {
      const options = ctx.canAct ? optionsFor(ctx, card) : [];
      const reason = reasonWords(ctx.reasons[card] || (ctx.canAct && !ctx.reaction ? "not playable now" : ctx.waitingReason));
      const playable = options.length > 0;
      const picked = multi && selected.has(`${card}#${i}`);
      const btn = el("button", {
        type: "button",
        class: `card-btn${playable ? " playable" : " dimmed"}${picked ? " selected" : ""}`,
        "data-card": card,
        "aria-disabled": playable ? null : "true",
        "aria-pressed": multi && playable ? String(Boolean(picked)) : null,
        "aria-label": playable ? `${nameOf(card)}${options.length > 1 ? ", several ways to play" : ""}` : `${nameOf(card)}, cannot be played. ${reason}`,
        title: playable ? nameOf(card) : `${nameOf(card)} cannot be played. ${reason}`,
      }, face(card));
      // a long press on a touch screen opens the context menu: say why instead
      btn.addEventListener("contextmenu", (ev) => {
        if (playable) return;
        ev.preventDefault();
        why(card, reason);
      });
      btn.addEventListener("click", () => {
        if (!playable) { why(card, reason); return; }
        if (multi && multi(card)) {
          const key = `${card}#${i}`;
          if (selected.has(key)) selected.delete(key); else selected.add(key);
          ctx.rerender();
          return;
        }
        if (options.length === 1) ctx.play(options[0]);
        else if (preferAlone && options.includes(card)) ctx.play(card);  // combos are built by selecting
        else { ctx.ui.picker = { title: `Play ${nameOf(card)}`, options }; ctx.rerender(); }
      });
      box.append(btn);
    });
    box.addEventListener("keydown", (ev) => {
      const all = [...box.querySelectorAll("button.card-btn")];
      const at = all.indexOf(document.activeElement);
      if (at < 0) return;
      if (ev.key === "ArrowRight" || ev.key === "ArrowLeft") {
        ev.preventDefault();
        const next = (at + (ev.key === "ArrowRight" ? 1 : all.length - 1)) % all.length;
        all[next].focus();
      }
    });
    // the last tapped card's reason stays said while the view is the same move
    function why(card, reason) {
      ctx.ui.why = { move: ctx.move, text: `${nameOf(card)} cannot be played. ${reason}` };
      hint(ctx.ui.why.text);
    }
    const said = ctx.ui.why && ctx.ui.why.move === ctx.move ? ctx.ui.why.text : "";
    const picker = ctx.ui.picker ? pickerBox(ctx, describe) : null;
    return el("div", { class: "hand-wrap" }, box, el("p", { class: "hand-hint", role: "status", "aria-live": "polite" }, said), picker);
  }

  function pickerBox(ctx, describe) {
    const p = ctx.ui.picker;
    return el("div", { class: "picker", role: "group", "aria-label": p.title },
      el("span", { class: "picker-title" }, p.title, ": "),
      numbered(p.options.map((a) => (p.label ? p.label(a) : describe(a, ctx))))
        .map((label, i) => choiceButton(ctx, p.options[i], label)),
      el("button", { type: "button", class: "cancel", onclick: () => { ctx.ui.picker = null; ctx.rerender(); } }, "Cancel"));
  }

  // Labels told apart where two ways read alike (a Spilled Drink on either of a player's
  // two Microwave Popcorns was two identical buttons): "… (1 of 2)", "… (2 of 2)"
  function numbered(labels) {
    const total = new Map();
    for (const l of labels) total.set(l, (total.get(l) || 0) + 1);
    const seen = new Map();
    return labels.map((l) => {
      if (total.get(l) < 2) return l;
      seen.set(l, (seen.get(l) || 0) + 1);
      return `${l} (${seen.get(l)} of ${total.get(l)})`;
    });
  }

  function choiceButton(ctx, action, label, cls = "") {
    return el("button", { type: "button", class: `choice ${cls}`, "data-action": action, onclick: () => ctx.play(action) }, label);
  }

  // Choices that are not cards, as buttons in words.
  // ``quiet(action)``: a board's own secondary choices, drawn as pass is (Chez's pick-up
  // while a card could be played: the biggest button was the risky one)
  function choices(ctx, actions, describe, title = null, quiet = null) {
    if (!actions.length || ctx.reaction) return null;  // a window's choices are in its banner
    return el("div", { class: "choices", role: "group", "aria-label": title || "Your choices" },
      title ? el("span", { class: "choices-title" }, title) : null,
      actions.map((a) => choiceButton(ctx, a, describe(a, ctx), a === "pass" || (quiet && quiet(a)) ? "secondary" : "")));
  }

  // A reaction window: what is answered, the countdown and named buttons.
  function banner(ctx, text, buttons) {
    return el("div", { class: "banner", role: "region", "aria-label": "Reaction window" },
      el("span", { class: "banner-text" }, text, " ", el("span", { class: "clock" })),
      buttons);
  }

  // A log line with card codes shown as glyphs (A♠) and named for screen readers.
  function logLine(text, withCards) {
    const li = el("li", {});
    if (!withCards) { li.textContent = text; return li; }
    const re = /\b(10|11|12|13|[1-9]|[AKQJUO])([CDHS])\b|\bJK\b/g;
    let at = 0;
    for (const m of String(text).matchAll(re)) {
      li.append(document.createTextNode(text.slice(at, m.index)));
      const c = cards.parse(m[0]);
      li.append(el("span", { class: `glyph suit-${c && c.suit ? c.suit : "J"}`, title: cards.name(m[0]) }, cards.glyph(m[0])));
      at = m.index + m[0].length;
    }
    li.append(document.createTextNode(text.slice(at)));
    return li;
  }

  function faceRow(list, face, label) {
    return el("div", { class: "card-row", role: "group", "aria-label": label },
      list.map((c) => el("span", { class: "card-slot" }, c === null ? cards.back() : face(c))));
  }

  function pile(label, count, top = null) {
    return el("div", { class: "pile", "aria-label": `${label}: ${count} card${count === 1 ? "" : "s"}` },
      el("span", { class: "pile-card" }, top || (count ? cards.back() : el("span", { class: "empty-pile" }, "empty"))),
      el("span", { class: "pile-label" }, `${label} (${count})`));
  }

  // The standings at the end, best first.
  function standings(ctx, result) {
    const n = ctx.names.length;
    const rows = [];
    for (let s = 0; s < n; s++) {
      rows.push({ s, place: result.places ? result.places[s] : null, ret: (result.returns || [])[s] });
    }
    rows.sort((a, b) => (a.place ?? 0) - (b.place ?? 0) || (b.ret ?? 0) - (a.ret ?? 0));
    return el("table", { class: "standings" },
      el("thead", {}, el("tr", {}, el("th", {}, "Place"), el("th", {}, "Player"), el("th", {}, "Result"))),
      el("tbody", {}, rows.map((r, i) => el("tr", { class: r.s === ctx.seat ? "me" : null },
        el("td", {}, String(r.place ?? i + 1)), el("td", {}, seatName(ctx, r.s)),
        el("td", {}, Number.isInteger(r.ret) ? (r.ret > 0 ? `+${r.ret}` : String(r.ret)) : "")))));
  }

  return { tokens, optionsFor, seatName, fullName, possessive, seatBox, layout, hand, choices, choiceButton, numbered, banner, logLine, faceRow, pile, standings, hint, fan };
})();

// A window's answers as buttons. One card with many ways to answer (a Bouncer that
// may send any of several People to any of several rooms) is one button that opens
// its ways, so a phone is not filled with near-identical lines while a clock runs.
function answerButtons(ctx, board, kit) {
  const groups = new Map();
  // the quiet answers are drawn as secondary: pass, unless the board says otherwise (and
  // then its main answers come first: Chez's pass on your own play that stands)
  const quiet = board.quietAnswer || ((a) => a === "pass");
  const ordered = board.quietAnswer
    ? [...ctx.legal.filter((a) => !quiet(a, ctx)), ...ctx.legal.filter((a) => quiet(a, ctx))]
    : ctx.legal;
  for (const a of ordered) {
    const key = a.split(" ").slice(0, 2).join(" ");
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(a);
  }
  // alike labels numbered over the whole list (two Popcorns a Spilled Drink may hit)
  const labels = new Map(kit.numbered(ordered.map((a) => board.describe(a, ctx))).map((l, i) => [ordered[i], l]));
  const button = (a) => kit.choiceButton(ctx, a, labels.get(a), quiet(a, ctx) ? "secondary" : "");
  const open = ctx.ui.answerGroup && ctx.ui.answerGroup.move === ctx.move ? groups.get(ctx.ui.answerGroup.key) : null;
  if (open) {
    return [...open.map(button),
      el("button", { type: "button", class: "cancel", onclick: () => { ctx.ui.answerGroup = null; ctx.rerender(); } }, "Back")];
  }
  return [...groups].flatMap(([key, list]) => (list.length <= 2 ? list.map(button)
    : [el("button", { type: "button", class: "choice group",
      onclick: () => { ctx.ui.answerGroup = { move: ctx.move, key }; ctx.rerender(); } },
    `${board.describe(key, ctx)}… (${list.length} ways)`)]));
}

// Draws a game's board, or a note when the game has none (the details tree then shows everything).
CT.drawBoard = function drawBoard(root, ctx) {
  const board = CT.boards[ctx.game];
  if (!board || !ctx.obs) {
    root.replaceChildren(el("p", { class: "muted" }, ctx.obs ? "This game has no board yet: see the details below."
      : "Spectators of this game see the public log; the cards are shown in the replay once the game is over."));
    return;
  }
  const kit = CT.kit;
  let banner = null;
  if (ctx.reaction && ctx.canAct) {
    // asked only when holding an answer: the play, the countdown, the answers and pass
    const text = board.windowText ? board.windowText(ctx) : "You can answer this play";
    const buttons = el("div", { class: "choices" }, answerButtons(ctx, board, kit));
    banner = kit.banner(ctx, text, buttons);
  } else if (ctx.reaction) {
    // everyone else sees the same quiet pause, whoever could answer
    const text = ctx.answered ? "You answered; the table moves on when the moment is over." : "A moment for answers…";
    banner = el("div", { class: "banner quiet", role: "status" }, el("span", { class: "banner-text" }, text, " ", el("span", { class: "clock" })));
  }
  const before = CT.motion.measure(root);
  root.replaceChildren(...[banner, board.render(ctx, kit)].filter(Boolean));
  CT.motion.play(root, before);
  // your decision is made under your seat (its buttons and your hand), which on a screen
  // too short for the whole board was below it: a newcomer at 1280×800 saw Chez Geek's
  // "Refuse" alone, the card that could pay hidden under it. Brought into view once per
  // decision, as it opens (a window's answers are in the banner at the top instead)
  const mine = root.querySelector(".mine");
  if (mine && ctx.canAct && !ctx.reaction && ctx.ui && ctx.ui.shownDecision !== ctx.move) {
    ctx.ui.shownDecision = ctx.move;
    const box = mine.getBoundingClientRect();
    if (mine.scrollIntoView && (box.bottom > window.innerHeight || box.top < 0)) mine.scrollIntoView({ block: "nearest" });
  }
  // a card's ways to be played open under the hand, which on a phone with a tall hand
  // (Chez Geek's text cards) is below the screen: brought into view once, as it opens
  const pick = root.querySelector(".picker");
  if (pick && ctx.ui.picker && ctx.ui.shownPicker !== ctx.ui.picker) {
    ctx.ui.shownPicker = ctx.ui.picker;
    if (pick.scrollIntoView) pick.scrollIntoView({ block: "nearest" });
  }
};

// Cards travel: every face on the board is known by its name (its accessible
// label), so a card that was in one place and is now in another (hand to
// table, table to pile) glides from the old place to the new, and a card that
// was not shown before fades in. Honours prefers-reduced-motion.
CT.motion = (() => {
  const FACES = ".card-svg:not(.card-back)[aria-label], .text-card[aria-label]";
  const reduced = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  function measure(root) {
    const seen = new Map();
    if (reduced()) return seen;
    for (const node of root.querySelectorAll(FACES)) {
      const key = node.getAttribute("aria-label");
      if (!seen.has(key)) seen.set(key, []);
      seen.get(key).push(node.getBoundingClientRect());
    }
    return seen;
  }

  function play(root, before) {
    if (reduced() || !before.size || typeof Element.prototype.animate !== "function") return;
    const used = new Map();
    for (const node of root.querySelectorAll(FACES)) {
      const key = node.getAttribute("aria-label");
      const i = used.get(key) || 0;
      used.set(key, i + 1);
      const old = (before.get(key) || [])[i];
      const now = node.getBoundingClientRect();
      if (!now.width) continue;
      if (!old) {
        node.animate([{ opacity: 0, transform: "scale(.85)" }, { opacity: 1, transform: "none" }],
          { duration: 260, easing: "ease-out" });
        continue;
      }
      const dx = old.left - now.left, dy = old.top - now.top;
      if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
      const sx = old.width / now.width || 1, sy = old.height / now.height || 1;
      node.animate([
        { transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})`, transformOrigin: "top left" },
        { transform: "none", transformOrigin: "top left" },
      ], { duration: 380, easing: "cubic-bezier(.2,.7,.2,1)" });
    }
  }

  return { measure, play };
})();

CT.describe = function describe(game, action, ctx) {
  const board = CT.boards[game];
  return board ? board.describe(action, ctx) : action;
};
