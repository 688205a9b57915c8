// Chez Geek: each player's room with its People and Things and their Slack,
// Jobs, Income, Free Time and a progress bar to the Slack Goal; cards drawn
// from the deck data (title, type, Slack/cost, effect text); Whenever prompts
// in words; what each die roll was for.
"use strict";

(() => {
  const { cards } = CT;

  function cardName(ctx, slug) {
    const d = ctx && ctx.catalogue && ctx.catalogue.cards[slug];
    return d ? d.name : String(slug);
  }

  // a card's name with what it does, from the deck's own text
  function withText(ctx, slug) {
    const d = ctx && ctx.catalogue && ctx.catalogue.cards[slug];
    return d && d.text ? `${d.name} (${d.text.replace(/\.$/, "")})` : cardName(ctx, slug);
  }

  function jobName(ctx, slug) {
    const d = ctx && ctx.catalogue && ctx.catalogue.jobs[slug];
    return d ? d.name : String(slug);
  }

  function where(ctx, seat) {
    const word = CT.kit.possessive(ctx, Number(seat));
    return word === "Your" ? "your" : word;
  }

  // Whether no Thing in the hand fits this turn's Income (a Shopping trip would be spent)
  function nothingFits(ctx) {
    const o = (ctx && ctx.obs) || {};
    const cat = ctx && ctx.catalogue;
    const things = cat && o.hand ? o.hand.map((slug) => cat.cards[slug]).filter((d) => d && d.kind === "Thing") : null;
    return Boolean(things) && !things.some((d) => (d.cost || 0) <= o.income);
  }

  // "play bouncer 0:party-animal>1" -> "Play Bouncer on your Party Animal, to P1's room"
  function describe(action, ctx) {
    const w = action.split(" ");
    const name = (slug) => cardName(ctx, slug);
    // the step asked in (and the Person it is about), so a button says what it does
    const prompt = (ctx && ctx.obs && ctx.obs.prompt) || {};
    const them = prompt.card ? name(prompt.card) : "them";
    switch (w[0]) {
      case "done": return prompt.step === "call-people" ? "Done calling People"
        : prompt.step === "free-time" ? "End Free Time" : prompt.step === "discard" ? "Done discarding" : "Done";
      case "pass": return prompt.step === "person-cost" ? "Refuse (lose 1 Free Time)" : "Pass";
      case "shop":
        // always offered (whether you can afford a Thing is not for others to learn), so
        // your own button says when none in your hand fits this turn's Income
        return nothingFits(ctx) ? "Go Shopping (no Thing in your hand fits your Income)" : "Go Shopping";
      case "checkout":
        // an empty basket still spends the trip's Free Time: said before it is pressed
        return prompt.step === "shopping" && !(prompt.cart || []).length ? "Check out with nothing (the trip is spent)" : "Check out";
      case "dismiss": return `Dismiss ${them}`;
      case "send": return `Send ${them} to ${where(ctx, w[1])} room`;
      case "call": return `Call ${name(w[1])} to ${where(ctx, w[2])} room`;
      case "do": return `Do ${name(w[1])}`;
      case "buy": return `Buy ${name(w[1])}`;
      case "discard": {
        // asked for a card of some tags (an unwanted guest's Food or Booze): say which it is
        const d = ctx && ctx.catalogue && ctx.catalogue.cards[w[1]];
        const fits = prompt.step === "person-cost" && d && prompt.tags ? d.tags.filter((t) => prompt.tags.includes(t)) : [];
        return `Discard ${name(w[1])}${fits.length ? ` (${fits.join(", ")})` : ""}`;
      }
      case "pick": return `Take the Job ${jobName(ctx, w[1])}`;
      case "play": {
        let text = `Play ${name(w[1])}`;
        if (w[2]) {
          const m = /^(\d+)(?::([^#>]+)(?:#\d+)?)?(?:>(\d+))?$/.exec(w[2]);
          if (m) {
            text += m[2] ? ` on ${where(ctx, m[1])} ${name(m[2])}` : ` on ${CT.kit.seatName(ctx, Number(m[1]))}`;
            if (m[3] !== undefined) text += `, to ${where(ctx, m[3])} room`;
          }
        }
        return text;
      }
      default: return action;
    }
  }

  // A card in a room and the Slack it gives there, which may not be the number printed
  // on it: a die rolled when it came ("1d6-1" gave 5), or a stay that costs Slack turn
  // by turn (a Mooch printed 0, at −3 now). A newcomer read the two as a mistake.
  function roomCard(ctx, item) {
    const d = ctx.catalogue && ctx.catalogue.cards[item.card];
    const printed = d && d.slack !== null && d.slack !== undefined ? String(d.slack) : null;
    const value = item.slack < 0 ? `−${-item.slack}` : String(item.slack);
    const why = printed === null || printed === String(item.slack) ? "" : /d/.test(printed) ? " (rolled)" : " now";
    return el("span", { class: "room-card" }, cards.textCard(item.card, ctx.catalogue),
      el("span", { class: "room-slack" }, `Slack ${value}${why}`));
  }

  function fill(pct) {
    const bar = el("span", { class: "bar-fill" });
    bar.style.width = `${pct}%`;  // CSSOM, not a style attribute: the page's CSP forbids inline styles
    return bar;
  }

  function seatExtra(ctx, o, p) {
    // before the Jobs are dealt (a replay's first steps) a seat has no Job and no goal yet
    if (p.job === null || p.job === undefined) {
      return [
        el("div", { class: "job muted-light" }, "No Job yet"),
        el("div", { class: "slack" }, el("span", {}, `Slack ${p.slack}`)),
        el("div", { class: "room", role: "group", "aria-label": `${where(ctx, p.seat)} room` },
          p.room.length ? p.room.map((item) => roomCard(ctx, item)) : el("span", { class: "muted-light" }, "empty room")),
      ];
    }
    const job = ctx.catalogue && ctx.catalogue.jobs[p.job];
    const pct = Math.max(0, Math.min(100, Math.round((100 * p.slack) / (p.goal || 1))));
    return [
      el("div", { class: "job", title: job ? job.text : null },
        el("b", {}, jobName(ctx, p.job)),
        job ? el("span", { class: "muted-light" }, ` — Income ${job.income}, Free Time ${job.free_time}`) : null),
      el("div", { class: "slack" },
        el("span", {}, `Slack ${p.slack} / ${p.goal}`),
        el("span", { class: "bar", role: "progressbar", "aria-label": `Slack toward the goal of ${jobName(ctx, p.job)}`, "aria-valuemin": 0, "aria-valuemax": p.goal, "aria-valuenow": p.slack },
          fill(pct))),
      lasting(ctx, o, p),
      el("div", { class: "room", role: "group", "aria-label": `${where(ctx, p.seat)} room` },
        p.room.length ? p.room.map((item) => roomCard(ctx, item)) : el("span", { class: "muted-light" }, "empty room")),
    ];
  }

  // What weighs on a seat's next turns: a Whenever left on the table for some turns (Get
  // a Life) and Free Time or Income it owes at its next roll. A newcomer had Get a Life
  // on them for two turns with nothing on the board to say so.
  function lasting(ctx, o, p) {
    const notes = (o.table || []).filter((e) => e.on === p.seat)
      .map((e) => `${cardName(ctx, e.card)} (${e.turns} more turn${e.turns === 1 ? "" : "s"})`);
    const owed = [p.owed_free_time ? `${p.owed_free_time} Free Time` : null, p.owed_income ? `${p.owed_income} Income` : null].filter(Boolean);
    if (owed.length) notes.push(`loses ${owed.join(" and ")} next turn`);
    return notes.length ? el("div", { class: "lasting" }, `On ${p.seat === ctx.seat && !ctx.replay ? "you" : CT.kit.seatName(ctx, p.seat)}: ${notes.join("; ")}`) : null;
  }

  function stackView(ctx, o) {
    if (!o.stack || !o.stack.length) return null;
    // with what each card does: a bot's Bouncer took effect with only its name said
    return el("ul", { class: "stack", "aria-label": "Plays waiting to take effect" },
      o.stack.map((it) => el("li", {}, `${CT.kit.seatName(ctx, it.by)}: ${it.play} ${it.cards.map((c) => withText(ctx, c)).join(", ")}${it.cancelled ? " (cancelled)" : ""}`)));
  }

  function rolls(o) {
    const lines = (o.log || []).filter((l) => / rolls /.test(l)).slice(-2);
    return lines.length ? el("div", { class: "rolls" }, lines.map((l) => el("p", {}, l))) : null;
  }

  // the hand grouped by kind (Activities, People, Things, Whenevers), then by name
  function sortByKind(ctx, hand) {
    const d = (slug) => (ctx.catalogue && ctx.catalogue.cards[slug]) || { kind: "", name: slug };
    return [...hand].sort((a, b) => d(a).kind.localeCompare(d(b).kind) || d(a).name.localeCompare(d(b).name));
  }

  function render(ctx, kit) {
    const o = ctx.obs;
    const n = o.players.length;
    const me = ctx.seat === null ? 0 : ctx.seat;
    const order = [...Array(n).keys()].map((i) => (me + i) % n);
    const box = (s) => kit.seatBox(ctx, s, { count: o.players[s].hand, extra: seatExtra(ctx, o, o.players[s]) });
    const others = order.slice(1).map(box);
    if (ctx.seat === null) others.unshift(box(order[0]));
    const centre = [
      el("p", { class: "centre-title" }, ctx.over ? "Game over" : `${kit.possessive(ctx, o.turn)} turn — ${o.phase.replace(/-/g, " ")}`),
      el("p", {}, ctx.over ? `Game ${o.match.game} of ${o.match.games}` : `${budget(ctx, o, kit)} · Game ${o.match.game} of ${o.match.games}`),
      el("div", { class: "piles" }, kit.pile("Deck", o.draw_pile),
        el("div", { class: "pile" }, el("span", { class: "pile-card" }, o.discard.length ? cards.textCard(o.discard[o.discard.length - 1], ctx.catalogue) : el("span", { class: "empty-pile" }, "empty")),
          el("span", { class: "pile-label" }, `Discard (${o.discard.length})`))),
      stackView(ctx, o),
      basket(ctx, o),
      rolls(o),
      stepNote(ctx, o),
    ];
    const cardActs = new Set(["call", "do", "buy", "play", "discard"]);
    const rest = ctx.legal.filter((a) => !cardActs.has(a.split(" ")[0]));
    const mine = ctx.seat === null ? [] : [
      box(me),
      // a Shopping trip that could buy nothing is not the main button
      kit.choices(ctx, rest, describe, null, (a) => a === "shop" && nothingFits(ctx)),
      kit.hand(ctx, sortByKind(ctx, o.hand || []), { face: (slug) => cards.textCard(slug, ctx.catalogue), describe, nameOf: (slug) => cardName(ctx, slug), sort: false }),
    ];
    return kit.layout(ctx, others, centre, mine);
  }

  // The turn player's Income and Free Time for this turn, named as theirs: the bare
  // "Income 0 · Free Time 0" read as your own Job's, and during the rolls it was not
  // set yet (a newcomer with Income 3 saw 0 right after rolling for Free Time)
  function budget(ctx, o, kit) {
    const whose = kit.possessive(ctx, o.turn);
    const before = ["setup", "draw", "roll"].includes(o.phase);
    return before ? `${whose} Income and Free Time: set after the rolls`
      : `${whose} Income ${o.income} · Free Time ${o.free_time} left this turn`;
  }

  // The Things bought on this Shopping trip: they leave the hand at once and reach the
  // room at checkout, and a newcomer saw a bought Game Console vanish in between
  function basket(ctx, o) {
    const p = o.prompt || {};
    if (p.step !== "shopping") return null;
    const cart = (p.cart || []).map((slug) => cardName(ctx, slug));
    const whose = CT.kit.possessive(ctx, p.seat);
    return el("p", { class: "basket" }, cart.length
      ? `${whose} Shopping basket: ${cart.join(", ")} (to the room at checkout)`
      : `${whose} Shopping basket is empty.`);
  }

  // What a decision that is not a turn's ordinary step asks of the seat deciding it.
  function stepNote(ctx, o) {
    const p = o.prompt || {};
    if (!ctx.canAct || ctx.reaction) return null;
    if (p.step === "person-cost") {
      const tags = p.tags && p.tags.length ? ` (${p.tags.join(" or ")})` : "";
      return el("p", { class: "step-note" }, `An unwanted Person in your room asks for a card${tags}: discard one, or refuse and lose 1 Free Time.`);
    }
    if (p.step === "discard") {
      // with more than five cards there is no Done: say why, so the missing button is not a mystery
      const held = (o.hand || []).length;
      return ctx.legal.includes("done")
        ? el("p", { class: "step-note" }, "End of your turn: discard any cards you do not want (you keep at least one), or press Done discarding.")
        : el("p", { class: "step-note" }, `End of your turn: you hold ${held} cards and may keep five. Discard down to five.`);
    }
    if (p.step === "send-person") {
      return el("p", { class: "step-note" }, `${p.card ? cardName(ctx, p.card) : "A Person"} leaves your room: send them to another room, or dismiss them.`);
    }
    return null;
  }

  function windowText(ctx) {
    const p = ctx.obs.prompt || {};
    const a = p.answering;
    if (!a) return "A Whenever may answer now.";
    // what the announced card does, from the deck's own text: "Get a Life" alone said
    // nothing to a newcomer with a few seconds to answer
    const said = a.cards.map((c) => withText(ctx, c));
    return `${CT.kit.seatName(ctx, a.by)} announces ${/^[AEIOU]/.test(a.play) ? "an" : "a"} ${a.play}: ${said.join(", ")}. Play a Whenever, or pass.`;
  }

  // The end in words: who reached their Slack Goal, and everyone's Slack against theirs.
  function resultWords(ctx, o, result) {
    // People with negative Slack can leave a room below zero: a minus sign, not a hyphen
    const slack = (n) => (n < 0 ? `−${-n}` : `${n}`);
    const players = o.players || [];
    const places = result.places || players.map((_, s) => s + 1);
    const order = players.map((p, s) => ({ p, s })).sort((a, b) => places[a.s] - places[b.s]);
    const win = order[0];
    const name = win ? CT.kit.seatName(ctx, win.s) : null;
    const match = o.match && o.match.games > 1 ? ` (game ${o.match.game} of ${o.match.games})` : "";
    // why the game ended: the observation's result.reason ("Slack Goal" or "turn limit")
    const reason = o.result && o.result.reason;
    const why = reason === "turn limit" ? ": nobody reached their goal within the turn limit, so the one closest to their goal wins"
      : reason === "Slack Goal" ? ", reaching the Slack Goal" : "";
    const headline = win
      ? `${name} ${name === "You" ? "win" : "wins"} with ${slack(win.p.slack)} Slack against a goal of ${win.p.goal}${why}${match}.`
      : "Game over.";
    const rows = order.map(({ p, s }) => ({
      seats: [s],
      cells: [CT.kit.seatName(ctx, s), `${slack(p.slack)} of ${p.goal} Slack`, jobName(ctx, p.job),
        o.match && o.match.games > 1 ? `${o.match.wins[s]} game${o.match.wins[s] === 1 ? "" : "s"} won` : null].filter((x) => x !== null),
    }));
    const columns = ["Player", "Slack", "Job"].concat(o.match && o.match.games > 1 ? ["Match"] : []);
    return { headline, columns, rows };
  }

  CT.boards["chez-geek"] = { render, describe, windowText, resultWords, lasting, roomCard, cardLog: false };
})();
