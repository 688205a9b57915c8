// ChardZ Contest: both Main Piles and Defeated Piles, the two declarations as
// they happen (said face-up, the card face-down until shown or revealed),
// call/pass, the consequences in words, what you have seen of the opponent, the ban.
"use strict";

(() => {
  const { cards } = CT;
  const DECLARE = ["Q", "R", "N", "B", "P"];
  const pieceName = (p) => (cards.PIECES[p] ? cards.PIECES[p].name : p);

  function describe(action, ctx) {
    if (DECLARE.includes(action)) return `Declare ${pieceName(action)}`;
    // showing a Defeated Pile with your own King in it loses the game: say so to you
    const o = ctx && ctx.obs;
    const mine = o && o.you ? o.you.defeated.map((d) => (typeof d === "string" ? d : d.card)) : [];
    if (action === "pile" && mine.includes("K")) return "Show my Defeated Pile (your King is in it: you lose)";
    return {
      call: "Call for a reveal (you think they bluffed)",
      pass: "No call",
      pile: "Show my Defeated Pile",
      top: "Show my next top card",
    }[action] || action;
  }

  // Every side as the board shows it: for a seat, "you" and "opponent"; for a spectator, both public sides.
  function sides(ctx) {
    const o = ctx.obs;
    if (o.sides) return o.sides.map((s) => ({ ...s, mine: false }));
    const me = { ...o.you, mine: true };
    const them = { ...o.opponent, mine: false };
    return o.seat === 0 ? [me, them] : [them, me];
  }

  function pieceFace(p) { return p ? cards.piece(p) : cards.back(); }

  function defeatedRow(side) {
    const list = side.defeated.map((d) => (typeof d === "string" ? d : d.card));
    const said = side.defeated.map((d) => (typeof d === "string" ? null : d.declared));
    return el("div", { class: "contest-pile", role: "group", "aria-label": `Defeated Pile: ${list.length} cards` },
      el("span", { class: "pile-label" }, `Defeated Pile (${list.length})`),
      el("div", { class: "card-row small" }, list.length ? list.map((c, i) => el("span", { class: "card-slot", title: said[i] ? `declared as ${pieceName(said[i])}` : null },
        c ? cards.piece(c) : cards.back(`a face-down card declared as ${pieceName(said[i])}`),
        said[i] && !c ? el("span", { class: "said" }, `said ${pieceName(said[i])}`) : null)) : el("span", { class: "muted" }, "empty")));
  }

  // A seat's card in play is face up to its owner (picked up to be declared, as the
  // rulebook has it); the other seat's only if a consequence shows it, or if you have
  // seen that very card before (a reveal, then back into their Main Pile).
  function cardWords(side) {
    if (!side.card) return "";
    if (side.mine) return `your card: ${pieceName(side.card)}`;
    return side.card_shown ? `shown: ${pieceName(side.card)}` : `a card you saw before: ${pieceName(side.card)}`;
  }

  function undeclared(side) {
    return side.card ? `${cardWords(side)}, not declared yet` : "not declared yet";
  }

  function sideArea(ctx, s, side) {
    const o = ctx.obs;
    // a declaration is shown only in its own round; a call shows both cards face up
    const current = o.declared && (!o.declared_round || o.declared_round === o.round);
    const declared = current ? o.declared[s] : null;
    const lr = o.last_round;
    const revealed = current && lr && lr.round === o.declared_round && lr.revealed ? lr.revealed[s] : null;
    const flags = [
      side.banned ? el("span", { class: "badge warn" }, "banned from calling this round") : null,
      side.wrong_calls_in_a_row ? el("span", { class: "badge" }, `${side.wrong_calls_in_a_row} wrong call${side.wrong_calls_in_a_row > 1 ? "s" : ""} in a row`) : null,
      side.must_show_top_next_round && !o.result ? el("span", { class: "badge" }, "shows the next top card") : null,
    ];
    const known = side.mine && side.main_pile_known_bottom && side.main_pile_known_bottom.length
      ? el("p", { class: "muted" }, "Known at the bottom of your pile: ", side.main_pile_known_bottom.map(pieceName).join(", ")) : null;
    const seen = !side.mine && side.known_cards && Object.keys(side.known_cards).length
      ? el("p", { class: "muted" }, "Seen of theirs: ", Object.entries(side.known_cards).map(([p, n]) => `${pieceName(p)} ×${n}`).join(", ")) : null;
    return CT.kit.seatBox(ctx, s, {
      count: null,
      extra: [
        el("div", { class: "contest-side" },
          CT.kit.pile("Main Pile", side.main_pile),
          el("div", { class: "declared" },
            el("span", { class: "pile-label" }, revealed ? `said ${pieceName(declared)}, was ${pieceName(revealed)}` : declared ? `declares ${pieceName(declared)}${side.card && !side.mine ? ` (${cardWords(side)})`
              : side.card && side.mine ? " (your card is face up to you only)" : ""}` : undeclared(side)),
            el("span", { class: "card-slot" }, revealed ? pieceFace(revealed) : declared || side.card ? pieceFace(side.card) : el("span", { class: "empty-pile" }, "—"))),
          defeatedRow(side)),
        el("div", { class: "flags" }, flags), known, seen],
    });
  }

  function lastRound(ctx, o) {
    const r = o.last_round;
    if (!r) return null;
    // "You" only where a sentence starts; "you" within it
    const names = [0, 1].map((s) => (s === ctx.seat ? "you" : CT.kit.seatName(ctx, s)));
    const first = names[0] === "you" ? "You" : names[0];
    const said = `Round ${r.round}: ${first} said ${pieceName(r.declared[0])}, ${names[1]} said ${pieceName(r.declared[1])}`;
    const call = r.called_by === null || r.called_by === undefined ? "no reveal"
      : `${names[r.called_by]} called a reveal: ${names[0]} had ${pieceName(r.revealed[0])}, ${names[1]} had ${pieceName(r.revealed[1])}`;
    const king = r.revealed && r.revealed.includes("K");
    const won = r.winner !== null && r.winner !== undefined ? `${names[r.winner]} won the round`
      : king ? "a King was revealed, which ends the game"
        : "a tie: both cards stay on the table, and the next round (a tie-break) wins them too";
    return el("p", { class: "last-play" }, `${said}; ${call}; ${won}.`);
  }

  function render(ctx, kit) {
    const o = ctx.obs;
    const all = sides(ctx);
    const me = ctx.seat === null ? 0 : ctx.seat;
    const other = 1 - me;
    const declares = ctx.legal.filter((a) => DECLARE.includes(a));
    const rest = ctx.legal.filter((a) => !DECLARE.includes(a));
    const phaseText = {
      "declare-first": "declaring", "declare-second": "declaring", "call-second": "reveal calls",
      "call-first": "reveal calls", consequence: "a consequence", over: "over",
    }[o.phase] || o.phase;
    const centre = [
      el("p", { class: "centre-title" }, `Round ${o.round} — ${phaseText}`),
      lastRound(ctx, o),
      o.consequence_taker !== null && o.consequence_taker !== undefined
        ? el("p", { class: "consequence" }, `${kit.seatName(ctx, o.consequence_taker)} must take a consequence: show the Defeated Pile, or play next round with the top card shown.`) : null,
      o.result ? el("p", { class: "consequence" }, `Game over: ${o.result.winner === null ? "a draw" : `${kit.seatName(ctx, o.result.winner)} ${o.result.winner === ctx.seat ? "win" : "wins"}`} (${endWords(ctx, o.result.reason)}).`) : null,
    ];
    const mine = [
      sideArea(ctx, me, all[me]),
      declares.length ? el("div", { class: "hand-wrap" }, el("p", { class: "hand-title" }, "Declare your card as:"),
        el("div", { class: "hand", role: "group", "aria-label": "Declare your card as" },
          declares.map((p) => el("button", { type: "button", class: "card-btn playable choice", "data-action": p, "aria-label": describe(p), title: describe(p), onclick: () => ctx.play(p) }, cards.piece(p))))) : null,
      kit.choices(ctx, rest, describe),
    ];
    return kit.layout(ctx, [sideArea(ctx, other, all[other])], centre, mine);
  }

  function windowText(ctx) {
    const o = ctx.obs;
    const d = o.declared || [];
    // "You" only where the sentence starts; "you" within it
    const n = [0, 1].map((s) => (s === ctx.seat && !ctx.replay ? "you" : CT.kit.seatName(ctx, s)));
    const first = n[0] === "you" ? "You" : n[0];
    return `${first} declared ${pieceName(d[0]) || "?"}, ${n[1]} declared ${pieceName(d[1]) || "?"}. Call a reveal if you think it is a bluff.`;
  }

  // The engine's reason names the sides Black and White: say the table's names, "your" for you.
  function endWords(ctx, reason) {
    return renameSeats(reason, ["Black", "White"], [0, 1].map((s) => CT.kit.seatName(ctx, s)))
      .replace(/\ball of You's\b/g, "all of your").replace(/^You's\b/, "Your").replace(/\bYou's\b/g, "your");
  }

  // The end in words: who won and how (the engine's reason), and each side's losses.
  function resultWords(ctx, o, result) {
    const r = o.result || {};
    const winner = r.winner ?? (result.returns ? result.returns.indexOf(Math.max(...result.returns)) : null);
    const all = sides(ctx);
    const who = winner === null ? null : CT.kit.seatName(ctx, winner);
    const reason = r.reason ? endWords(ctx, r.reason) : null;
    const headline = who === null ? `A draw${reason ? `: ${reason}` : ""}.` : `${who} ${who === "You" ? "win" : "wins"}${reason ? `: ${reason}` : ""}.`;
    const rows = [0, 1].map((s) => ({
      seats: [s],
      cells: [CT.kit.seatName(ctx, s), s === winner ? "won" : winner === null ? "draw" : "lost",
        `${all[s].defeated.length} card${all[s].defeated.length === 1 ? "" : "s"} defeated, ${all[s].main_pile} left in the Main Pile`],
    }));
    return { headline, columns: ["Player", "Result", "Cards"], rows };
  }

  CT.boards.contest = { render, describe, cardWords, windowText, resultWords, lastRound, cardLog: false };
})();
