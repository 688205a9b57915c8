// Chai Tea Jazz: the trick in the centre in seat order, the scoreboard as a
// grid, a picking panel (contract, trump suit or direction, Bet Debt stepper in
// the Barrel's steps), straw piles at two players, teams at four and six, and
// the last round's summary until the next round's play starts.
"use strict";

(() => {
  const { cards } = CT;
  const SUIT_WORD = { C: "Clubs", D: "Diamonds", H: "Hearts", S: "Spades" };
  const glyphOf = (s) => (cards.SUIT[s] ? cards.SUIT[s].glyph : s);

  // "pick joker trump C debt 6" -> {row: "joker", choice: "trump C", debt: 6}
  function parsePick(action) {
    const w = action.split(" ");
    if (w[0] !== "pick") return null;
    let debt = null;
    if (w.length >= 3 && w[w.length - 2] === "debt") { debt = Number(w[w.length - 1]); w.length -= 2; }
    return { row: w[1], choice: w.slice(2).join(" "), debt };
  }

  function choiceWords(choice) {
    if (!choice) return "";
    if (SUIT_WORD[choice]) return `${SUIT_WORD[choice]} ${glyphOf(choice)}`;
    if (choice === "high" || choice === "low") return `starting ${choice}`;
    const w = choice.split(" ");
    if (w[0] === "trump" && w[1]) return `trump ${SUIT_WORD[w[1]] || w[1]} ${glyphOf(w[1])}`;
    if (w[0] === "slalom") return `slalom${w[1] ? `, starting ${w[1]}` : ""}`;
    if (w[0] === "under") return "under";
    return choice;
  }

  function cap(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }

  // Whether a contract's words already begin with its row's name ("Trump (Clubs trump)"
  // in the Trump row): the row is then not said again before them.
  const sameRow = (words, row) => {
    const w = String(words).toLowerCase();
    const r = String(row).toLowerCase();
    return w === r || w.startsWith(`${r} `);
  };

  function describe(action) {
    const p = parsePick(action);
    if (p) {
      const choice = choiceWords(p.choice);
      return `Pick ${cap(p.row)}${choice && choice !== p.row ? ` (${choice})` : ""}${p.debt ? `, Bet Debt ${p.debt}` : ""}`;
    }
    const w = action.split(" ");
    if (action === "pass") return "Pass";
    if (w[0] === "offer") return `Offer ${w[1]} from the Barrel`;
    if (action === "accept") return "Accept";
    if (action === "decline") return "Decline";
    if (cards.parse(action)) return `Play ${cards.name(action)}`;
    return action;
  }

  function teamTag(o, s) {
    if (!o.teams) return null;
    const i = o.sides.findIndex((m) => m.includes(s));
    return `Team ${"AB"[i]}`;
  }

  function handCount(ctx, o, s) {
    if (o.players === 2) return null;
    const t = o.trick;
    if (t) return t.of - (t.number - 1) - (t.cards.some(([q]) => q === s) ? 1 : 0);
    return o.hand ? o.hand.length : null;
  }

  function strawRow(ctx, o, s) {
    if (!o.straw) return null;
    const mine = s === ctx.seat;
    const slots = o.straw[s].map((p) => {
      const up = p.up ? (mine && ctx.canAct && ctx.legal.includes(p.up)
        ? el("button", { type: "button", class: "card-btn playable", "data-card": p.up, "aria-label": cards.name(p.up), title: cards.name(p.up), onclick: () => ctx.play(p.up) }, cards.french(p.up))
        : cards.french(p.up)) : null;
      return el("span", { class: "straw-pile" }, p.down ? cards.back("a face-down straw card") : null, up);
    });
    return el("div", { class: "card-row small straw", role: "group", "aria-label": mine ? "Your straw piles" : "Straw piles" }, slots);
  }

  // Only the declarer's side scores its captured points: another side's captures are
  // points kept from the declarer, and the stats say which (a newcomer read "81
  // points" on a defender's box as a score).
  function seatExtra(ctx, o, s) {
    const won = (o.tricks_won || [])[s] || 0;
    const pts = (o.points || [])[s] || 0;
    const c = o.contract;
    const side = (q) => (o.sides || []).findIndex((m) => m.includes(q));
    const whose = !c || !o.trick ? "" : side(s) === side(c.declarer) ? " (they count)" : " (kept from the declarer)";
    return [el("div", { class: "seat-stats" }, `${won} trick${won === 1 ? "" : "s"}, ${pts} point${pts === 1 ? "" : "s"}${pts ? whose : ""}`), strawRow(ctx, o, s)];
  }

  // the highest pick so far, which a pick must beat: on the board, not only in the log
  // The Bet Debt from the start of the picking, and its scale: a newcomer saw no number
  // until the bots jumped to 30, with nothing to say how far it goes
  function debtScale(o) {
    const b = o.bidding;
    if (!b || !b.increment) return null;
    const steps = `in steps of ${b.increment}, up to ${b.max_debt}`;
    return el("span", { class: "current-pick" }, b.current
      ? `Bet Debt ${b.current.debt} now: a new pick must raise it, ${steps}.`
      : `Bet Debt 0 now: the first pick is free, and each later pick raises it, ${steps}.`);
  }

  function currentPick(ctx, o) {
    const c = o.bidding && o.bidding.current;
    if (!c) return null;
    const words = describe(c.pick).replace(/^Pick /, "");  // the pick's action text, its Bet Debt included
    return el("span", { class: "current-pick" }, ` Highest pick so far: ${CT.kit.seatName(ctx, c.seat)}, ${words}.`);
  }

  function trickView(ctx, o) {
    const t = o.trick;
    const contract = o.contract
      ? el("p", { class: "centre-title" }, sameRow(o.contract.description, o.contract.row_name)
        ? o.contract.description : `${o.contract.row_name}: ${o.contract.description}`,
        el("span", { class: "muted-light" }, ` — ${CT.kit.seatName(ctx, o.contract.declarer)} declared, Bet Debt ${o.contract.bet_debt}`))
      : el("p", { class: "centre-title" }, `Round ${o.round}: picking the contract`,
        o.barrel !== null && o.barrel !== undefined
          ? el("span", { class: "muted-light" }, ` — the Barrel: ${CT.kit.seatName(ctx, o.barrel)} (starts the picking)`) : null,
        debtScale(o),
        currentPick(ctx, o));
    if (!t) return [contract];
    const slots = t.cards.map(([s, c]) => el("div", { class: `trick-card${t.winning === s ? " winning" : ""}` },
      cards.french(c), el("span", { class: "trick-who" }, CT.kit.seatName(ctx, s))));
    // a finished trick stays on the table until the next card is led
    const done = !slots.length && o.tricks && o.tricks.length ? o.tricks[o.tricks.length - 1] : null;
    const stay = done ? done.cards.map((c, i) => {
      const s = (done.leader + i) % o.players;
      return el("div", { class: `trick-card done${done.winner === s ? " winning" : ""}` },
        cards.french(Array.isArray(c) ? c[1] : c), el("span", { class: "trick-who" }, CT.kit.seatName(ctx, s)));
    }) : null;
    return [contract,
      el("p", {}, done ? `Trick ${t.number - 1} won by ${CT.kit.seatName(ctx, done.winner)}; trick ${t.number} of ${t.of}${t.direction ? `, ${t.direction},` : ""} is next`
        : `Trick ${t.number} of ${t.of}, ${t.direction}${t.led ? `, ${SUIT_WORD[t.led]} led` : ""}`),
      el("div", { class: "trick", role: "group", "aria-label": done ? "The last trick" : "The trick" },
        slots.length ? slots : stay || el("span", { class: "muted-light" }, "waiting for the lead"))];
  }

  function lastTrick(ctx, o) {
    // a finished trick that stays in the trick's place until the next lead is shown there
    if (o.trick && !o.trick.cards.length && o.tricks && o.tricks.length) return null;
    const fr = o.finished_round;
    const now = o.tricks && o.tricks.length ? o.tricks[o.tricks.length - 1] : null;
    const last = now || (fr && fr.last_trick) || o.last_trick || null;
    if (!last) return null;
    const title = last.winner === undefined || last.winner === null ? "Last trick" : `Last trick: won by ${CT.kit.seatName(ctx, last.winner)}`;
    return el("details", { class: "last-trick", open: true }, el("summary", {}, title),
      CT.kit.faceRow((last.cards || []).map((c) => (Array.isArray(c) ? c[1] : c)), cards.french, "The last trick"));
  }

  // The round just played stays on screen while the next contract is picked (with
  // the captured points of the observation's finished_round until the next round's
  // first decision): each bot's pick is shown as it is made, and the result should
  // not vanish with the first of them.
  function roundSummary(ctx, o) {
    const list = o.rounds_played || [];
    const fr = o.finished_round;
    if (!fr && o.phase === "play") return null;
    const r = (fr && list.find((x) => x.round === fr.round)) || list[list.length - 1] || {};
    const has = (k) => r[k] !== undefined && r[k] !== null && typeof r[k] !== "object";
    const sideName = (i) => (o.teams ? `Team ${"AB"[i]}` : CT.kit.seatName(ctx, o.sides[i][0]));
    // the declarer's score as the sum the rulebook makes of it, in words: the points
    // captured, the last trick's bonus, less the Bet Debt, plus a Barrel offer taken
    const who = o.teams && has("side") ? sideName(r.side) : has("declarer") ? CT.kit.seatName(ctx, r.declarer) : null;
    const sum = has("score") && has("captured") ? [
      `${who} ${who === "You" ? "take" : "takes"} ${r.captured} point${r.captured === 1 ? "" : "s"}`,
      r.last_trick ? `+${r.last_trick} for the last trick` : null,
      r.bet_debt ? `−${r.bet_debt} Bet Debt` : null,
      r.barrel_offer ? `+${r.barrel_offer} from the Barrel offer` : null,
    ].filter(Boolean).join(", ") + `: ${r.score < 0 ? `−${-r.score}` : r.score} in ${r.row}.` : null;
    const taken = fr && fr.side_points && fr.side_points.length > 1
      ? `Points captured: ${fr.side_points.map((p, i) => `${sideName(i)} ${p}`).join(", ")} (only the declarer's count).` : null;
    const facts = [sum, taken].filter(Boolean).join(" ");
    const round = fr ? fr.round : r.round;
    if (round === undefined) return null;
    const contractWords = (c) => String(c).replace(/^trump ([CDHS])$/, (_, s) => `${SUIT_WORD[s]} trump`);
    // "Under", "Slalom (starting low)", "Trump (Clubs trump)", "Joker (Under)": the
    // contract's words after its row's name, without the name again
    const played = (row, contract) => {
      const words = contractWords(contract);
      if (words.toLowerCase() === String(row).toLowerCase()) return row;
      const rest = sameRow(words, row) ? words.slice(String(row).length + 1) : words;
      return `${row} (${/^(high|low)$/.test(rest) ? `starting ${rest}` : cap(rest)})`;
    };
    const head = `Round ${round}${has("declarer") ? `: ${CT.kit.seatName(ctx, r.declarer)} played ${has("contract") ? played(r.row ?? "", r.contract) : r.row ?? ""}` : ""}`;
    return el("div", { class: "summary", role: "group", "aria-label": "Last round" }, el("b", {}, head), el("span", {}, facts));
  }

  const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

  // The end of the game in words: places by game points, and the rows that decided them.
  function resultWords(ctx, o, result) {
    const sb = o.scoreboard;
    const sideName = (i) => (o.teams ? `Team ${"AB"[i]}` : CT.kit.seatName(ctx, o.sides[i][0]));
    const members = (i) => (o.teams ? `${sideName(i)}: ${o.sides[i].map((s) => CT.kit.seatName(ctx, s)).join(", ")}` : sideName(i));
    const gp = sb ? sb.game_points : o.sides.map((side) => result.returns[side[0]]);
    const order = o.sides.map((_, i) => i).sort((a, b) => gp[b] - gp[a]);
    const best = gp[order[0]];
    const winners = order.filter((i) => gp[i] === best);
    const headline = winners.length === o.sides.length ? "A draw: every side ends level on game points."
      : `${winners.map(sideName).join(" and ")} ${winners.length > 1 || o.teams || sideName(winners[0]) === "You" ? "win" : "wins"} with ${signed(best)} game point${Math.abs(best) === 1 ? "" : "s"}.`;
    const rows = order.map((i) => {
      // the rows won and the rows finished last in: two sides that "won no row" end
      // apart only by the rows they lost, which the result should say too
      const rowsWhere = (test) => (sb ? sb.rows.filter((r) => r.game_points && test(r.game_points[i])).map((r) => r.name) : []);
      const won = rowsWhere((g) => g > 0);
      const lost = rowsWhere((g) => g < 0);
      const words = [won.length ? `won ${won.join(", ")}` : "won no row", lost.length ? `last in ${lost.join(", ")}` : null];
      return { seats: o.sides[i], cells: [members(i), `${signed(gp[i])} game point${Math.abs(gp[i]) === 1 ? "" : "s"}`, words.filter(Boolean).join("; ")] };
    });
    return { headline, columns: ["Side", "Game points", "Rows"], rows };
  }

  function scoreboard(ctx, o) {
    const sb = o.scoreboard;
    if (!sb) return null;
    const sides = o.sides.length;
    const sideName = (i) => (o.teams ? `Team ${"AB"[i]}` : CT.kit.seatName(ctx, o.sides[i][0]));
    return el("details", { class: "scoreboard", open: true }, el("summary", {}, "Scoreboard"),
      el("table", { class: "grid-table" },
        el("thead", {}, el("tr", {}, el("th", {}, "Row"), el("th", {}, "Value"), [...Array(sides).keys()].map((i) => el("th", {}, sideName(i))))),
        el("tbody", {}, sb.rows.map((r) => el("tr", {},
          el("td", {}, r.name), el("td", {}, String(r.value)),
          r.scores.map((v, i) => el("td", { class: r.open[i] ? "open" : "filled" }, v === null ? "·" : v < 0 ? `−${-v}` : String(v),
            r.game_points ? el("small", { class: "gp" }, ` (${signed(r.game_points[i])})`) : null)))),
        // Cumulative's total score decides the game; otherwise it is the game points again
        sb.totals.every((t, i) => t === sb.game_points[i]) ? null
          : el("tr", { class: "totals" }, el("td", {}, "Total score"), el("td", {}, ""), sb.totals.map((t) => el("td", {}, t < 0 ? `−${-t}` : String(t)))),
        el("tr", { class: "totals" }, el("td", {}, "Game points"), el("td", {}, ""), sb.game_points.map((g) => el("td", {}, signed(g)))))));
  }

  // The picking panel: row, then its choice, then the Bet Debt, then one confirm button.
  function pickPanel(ctx) {
    const picks = ctx.legal.map((a) => ({ a, p: parsePick(a) })).filter((x) => x.p);
    if (!picks.length) return null;
    const ui = ctx.ui;
    // each decision starts from the lowest Bet Debt it allows; the row and its choice stay
    // as you left them while the round's picking goes on (a newcomer outbid on Under found
    // the form back on the first row, one click from picking Trump), not into a new round
    if (ui.pickMove !== ctx.move) {
      ui.pickMove = ctx.move;
      ui.pickDebt = undefined;
      if (ui.pickRound !== ctx.obs.round) {
        ui.pickRound = ctx.obs.round;
        ui.pickRow = ui.pickChoice = undefined;
      }
    }
    const rows = [...new Set(picks.map((x) => x.p.row))];
    if (!rows.includes(ui.pickRow)) ui.pickRow = rows[0];
    const inRow = picks.filter((x) => x.p.row === ui.pickRow);
    const choices = [...new Set(inRow.map((x) => x.p.choice))];
    if (!choices.includes(ui.pickChoice)) ui.pickChoice = choices[0];
    const inChoice = inRow.filter((x) => x.p.choice === ui.pickChoice);
    const debts = [...new Set(inChoice.map((x) => x.p.debt))].sort((a, b) => (a ?? 0) - (b ?? 0));
    if (!debts.includes(ui.pickDebt)) ui.pickDebt = debts[0];
    const chosen = inChoice.find((x) => x.p.debt === ui.pickDebt);
    const seg = (list, value, key, label) => el("div", { class: "segment", role: "radiogroup", "aria-label": label },
      list.map((v) => el("button", { type: "button", role: "radio", "aria-checked": String(v === value), class: v === value ? "on" : "",
        onclick: () => { ui[key] = v; ctx.rerender(); } }, key === "pickRow" ? cap(v) : cap(choiceWords(v)) || cap(ui.pickRow))));
    const at = debts.indexOf(ui.pickDebt);
    const stepper = debts.length > 1 || (debts.length === 1 && debts[0] !== null)
      ? el("div", { class: "stepper", role: "group", "aria-label": "Bet Debt" },
        el("button", { type: "button", "aria-label": "Lower Bet Debt", disabled: at <= 0, onclick: () => { ui.pickDebt = debts[at - 1]; ctx.rerender(); } }, "−"),
        el("span", { class: "debt" }, `Bet Debt ${ui.pickDebt ?? 0}`),
        el("button", { type: "button", "aria-label": "Raise Bet Debt", disabled: at >= debts.length - 1, onclick: () => { ui.pickDebt = debts[at + 1]; ctx.rerender(); } }, "+"))
      : null;
    return el("div", { class: "pick-panel", role: "group", "aria-label": "Pick a contract" },
      el("span", { class: "choices-title" }, "Pick a contract"),
      seg(rows, ui.pickRow, "pickRow", "Contract row"),
      choices.length > 1 || choices[0] ? seg(choices, ui.pickChoice, "pickChoice", "Trump or direction") : null,
      stepper,
      CT.kit.choiceButton(ctx, chosen.a, describe(chosen.a), "confirm"));
  }

  function render(ctx, kit) {
    const o = ctx.obs;
    const n = o.players;
    const me = ctx.seat === null ? 0 : ctx.seat;
    const order = [...Array(n).keys()].map((i) => (me + i) % n);
    const box = (s) => kit.seatBox(ctx, s, { count: handCount(ctx, o, s), tag: teamTag(o, s), extra: seatExtra(ctx, o, s) });
    const others = order.slice(1).map(box);
    if (ctx.seat === null) others.unshift(box(order[0]));
    const centre = [...trickView(ctx, o), roundSummary(ctx, o), lastTrick(ctx, o)];
    const rest = ctx.legal.filter((a) => !parsePick(a) && !cards.parse(a));
    const mine = ctx.seat === null ? [] : [
      box(me),
      pickPanel(ctx),
      kit.choices(ctx, rest, describe),
      kit.hand(ctx, o.hand || [], { face: cards.french, describe }),
    ];
    return el("div", {}, kit.layout(ctx, others, centre, mine), scoreboard(ctx, o));
  }

  CT.boards["chai-tea-jazz"] = { render, describe, resultWords, roundSummary, seatExtra, lastTrick, trickView, pickPanel, cardLog: true };
})();
