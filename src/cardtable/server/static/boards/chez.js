// Chez: the top card and what it counts as, draw and discard piles, the
// direction of play, dice as dice with their type, Plague counters, Castles,
// actions left and the bonus action, the leaderboard as players finish.
// Combos are played by selecting cards, then confirming.
"use strict";

(() => {
  const { cards } = CT;
  const glyphs = (list) => list.map(cards.glyph).join(" + ");
  const VALUE_WORDS = { A: "Ace", J: "Jack", Q: "Queen", K: "King" };

  // A combo's name, for its button: "Play J♥ + Q♠ + K♠" did not say it was a Royal
  // Court. The engine decides what is legal; this only names the shapes the rules name.
  const VALUE = { A: 1, J: 11, Q: 12, K: 13 };
  function comboName(codes) {
    const parsed = codes.map(cards.parse);
    if (parsed.some((c) => !c || c.joker)) return null;
    const values = parsed.map((c) => VALUE[c.rank] || Number(c.rank)).sort((a, b) => a - b);
    const suits = new Set(parsed.map((c) => c.suit));
    const is = (...want) => values.length === want.length && want.every((v, i) => values[i] === v);
    if (values.every((v) => v === values[0])) {
      if (values.length === 2 && values[0] === 6 && !suits.has("C") && !suits.has("S") && suits.size === 2) return "Two Red Sixes";
      return ["Doubles", "Triples", "Quadruples"][values.length - 2] || null;
    }
    if (is(2, 3, 4, 5)) return "Revolution";
    if (is(11, 12, 13)) return "Royal Court";
    if (is(12, 13) && suits.size === 1) return "King-Queen";
    if (values.length === 5 && suits.size === 1 && values.every((v, i) => v === values[0] + i)) return "True Transformation";
    return null;
  }

  // Whether a card of the hand could be played: picking up instead risks the Plague
  function couldPlay(ctx) {
    return ((ctx && ctx.legal) || []).some((a) => cards.parse(a));
  }

  function describe(action, ctx) {
    const w = action.split(" ");
    const seatWord = (t) => (ctx ? CT.kit.seatName(ctx, Number(t.slice(1))) : t);
    // the order of a combo is its own choice: its last card ends on top of the pile
    if (action.includes("+")) {
      const l = action.split("+");
      const name = comboName(l);
      return `${name ? `${name}: play` : "Play"} ${glyphs(l)} (${cards.glyph(l[l.length - 1])} on top)`;
    }
    if (cards.parse(action)) return `Play ${cards.name(action)}`;
    switch (w[0]) {
      case "pick":
        // picking up while a card of the hand could be played rolls for the Plague: said
        // on the button (a newcomer picked up beside a playable Joker and caught it)
        return couldPlay(ctx) ? "Pick up a card (you could play one: you risk the Plague)" : "Pick up a card";
      case "end": return "End my turn";
      case "pass": return "Pass";
      case "accept": return "Accept the Joker stack";
      case "nope": return `Nope with ${cards.glyph(w[1])}`;
      case "give": return `Give back ${cards.name(w[1])}`;
      case "target": return `Target ${seatWord(w[1])}`;
      case "siege": return `Lay siege to ${seatWord(w[1])}'s Castle with a 10 (it loses a wall)`;
      case "castle": return w[1] ? "Build a Castle with a 10 (two walls)" : "Build a Castle (7, 8, 9)";
      case "bet": return `The Betting Man: bet ${w[1]}`;
      case "name": return `Name it a ${w[2]} ${VALUE_WORDS[w[1]] || w[1]}`;
      default: return action;
    }
  }

  // The dice stay in the observation until the next roll; on the board they stay only
  // for the turn they were rolled in (a roll first seen in an earlier turn is old news),
  // and not at the end, where the result is the news (the log keeps every roll)
  function freshRoll(ctx, o) {
    const roll = o.last_roll;
    const ui = ctx.ui;
    if (ctx.over) return null;
    if (!roll || !ui) return roll;
    if (!ui.chezTurn || ui.chezTurn.turn !== o.turn) ui.chezTurn = { turn: o.turn, since: ctx.move };
    const key = JSON.stringify(roll);
    if (!ui.chezRoll || ui.chezRoll.key !== key) ui.chezRoll = { key, at: ctx.move };
    return ui.chezRoll.at >= ui.chezTurn.since ? roll : null;
  }

  function dice(roll, ctx) {
    if (!roll) return null;
    return el("div", { class: "dice", role: "group", "aria-label": `${CT.kit.seatName(ctx, roll.seat)} rolled for the ${roll.for}` },
      el("span", { class: "pile-label" }, `${CT.kit.seatName(ctx, roll.seat)} rolled for the ${roll.for}:`),
      roll.dice.map((d, i) => el("span", { class: "die", title: `a d${d} showing ${roll.results[i]}` },
        el("b", {}, String(roll.results[i])), el("small", {}, `d${d}`))));
  }

  function seatExtra(ctx, o, s) {
    const bits = [];
    if (o.plague && o.plague[s]) bits.push(el("span", { class: "badge warn" }, `Plague ${o.plague[s]}`));
    const castle = o.castles && o.castles[s];
    if (castle) {
      bits.push(el("span", { class: "castle", role: "group", "aria-label": `Castle with ${castle.walls} wall${castle.walls === 1 ? "" : "s"}` },
        el("span", { class: "badge" }, `Castle, ${castle.walls} wall${castle.walls === 1 ? "" : "s"}`),
        el("span", { class: "small" }, CT.kit.faceRow(castle.cards, cards.french, "Castle cards"))));
    }
    if (o.status && o.status[s] !== "playing") {
      const place = o.places && o.places[s];
      const how = howFinished(o, s);
      bits.push(el("span", { class: "badge" }, o.status[s] === "out" ? how
        : `${/last one left/.test(how) ? "last one left" : "finished"}${place ? ` ${ordinal(place)}` : ""}`));
    }
    return bits.length ? [el("div", { class: "flags" }, bits)] : [];
  }

  function leaderboard(ctx, o) {
    const done = (o.places || []).map((p, s) => ({ p, s })).filter((x) => x.p).sort((a, b) => a.p - b.p);
    if (!done.length) return null;
    return el("p", { class: "leaderboard" }, "Leaderboard: ", done.map((x) => `${x.p}. ${CT.kit.seatName(ctx, x.s)}`).join(", "));
  }

  function counted(list) {
    const m = new Map();
    for (const c of list) m.set(c, (m.get(c) || 0) + 1);
    return m;
  }

  function contains(big, small) {
    for (const [c, n] of small) if ((big.get(c) || 0) < n) return false;
    return true;
  }

  // Two orders of the same cards are the same play when their top cards count the same:
  // only the top card matters to what follows (its rank and colour; its suit too for an
  // Ace or a King, rulebook: "an ace or a king of the same suit"). One button for each.
  function topKey(card) {
    const c = cards.parse(card);
    if (!c || !c.suit) return card;
    return /^[AK]/.test(card) ? card : `${card.slice(0, -1)}${"DH".includes(c.suit) ? "red" : "black"}`;
  }

  function samePlayOnce(plays) {
    const seen = new Set();
    return plays.filter((x) => {
      const l = x.a.split("+");
      const key = `${[...l].sort().join("+")}>${topKey(l[l.length - 1])}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  // The selected cards and the plays they make: exact plays first, then plays they start.
  function comboBar(ctx) {
    const picked = [...ctx.ui.selected].map((k) => k.split("#")[0]);
    if (!picked.length) return null;
    const want = counted(picked);
    const plays = ctx.legal.filter((a) => /^[^ ]+$/.test(a) && a !== "pick" && a !== "end" && a !== "pass" && a !== "accept" && a !== "castle")
      .map((a) => ({ a, m: counted(a.split("+")), n: a.split("+").length }))
      .filter((x) => contains(x.m, want));
    const exact = samePlayOnce(plays.filter((x) => x.n === picked.length));
    const more = samePlayOnce(plays.filter((x) => x.n > picked.length)).sort((a, b) => a.n - b.n).slice(0, 4);
    return el("div", { class: "picker", role: "group", "aria-label": "Selected cards" },
      el("span", { class: "picker-title" }, `Selected: ${glyphs(picked)}`),
      exact.map((x) => CT.kit.choiceButton(ctx, x.a, describe(x.a, ctx), "confirm")),
      more.map((x) => CT.kit.choiceButton(ctx, x.a, describe(x.a, ctx), "secondary")),
      !exact.length && !more.length ? el("span", {}, "no play with these cards") : null,
      el("button", { type: "button", class: "cancel", onclick: () => { ctx.ui.selected.clear(); ctx.rerender(); } }, "Clear"));
  }

  function render(ctx, kit) {
    const o = ctx.obs;
    const n = o.players;
    const me = ctx.seat === null ? 0 : ctx.seat;
    const order = [...Array(n).keys()].map((i) => (me + i) % n);
    const box = (s) => kit.seatBox(ctx, s, { count: o.hand_sizes[s], extra: seatExtra(ctx, o, s) });
    const others = order.slice(1).map(box);
    if (ctx.seat === null) others.unshift(box(order[0]));
    const top = o.top ? cards.french(o.top) : null;
    const centre = [
      el("div", { class: "piles" },
        kit.pile("Draw pile", o.draw_pile),
        el("div", { class: "pile" }, el("span", { class: "pile-card" }, top || el("span", { class: "empty-pile" }, "empty")),
          el("span", { class: "pile-label" }, `Discard (${o.discard.length})`)),
        el("div", { class: "direction", "aria-label": o.direction === 1 ? "play goes clockwise" : "play goes anticlockwise", role: "img" },
          el("span", { class: "dir-arrow" }, o.direction === 1 ? "↻" : "↺"), el("span", { class: "pile-label" }, o.direction === 1 ? "clockwise" : "anticlockwise"))),
      o.top_counts_as ? el("p", {}, `The top card counts as a ${o.top_counts_as[1]} ${VALUE_WORDS[o.top_counts_as[0]] || o.top_counts_as[0]}`) : null,
      o.joker_stack ? el("p", { class: "consequence" }, jokerWords(ctx, o)) : null,
      o.secondary && o.secondary.length ? el("div", { class: "secondary" }, el("span", { class: "pile-label" }, `Secondary pile (${o.secondary.length})`),
        el("div", { class: "small" }, kit.faceRow(o.secondary, cards.french, "Secondary pile"))) : null,
      ctx.over ? null : el("p", { class: "muted-light" }, `${kit.possessive(ctx, o.turn)} turn: ${o.actions_left} action${o.actions_left === 1 ? "" : "s"} left, ${bonusWords(ctx, o)}`),
      dice(freshRoll(ctx, o), ctx),
      stepNote(ctx, o),
      leaderboard(ctx, o),
    ];
    const inCombo = new Set();
    for (const a of ctx.legal) if (a.includes("+")) for (const c of a.split("+")) inCombo.add(c);
    const cardish = (a) => a.includes("+") || cards.parse(a) || /^(nope|give) /.test(a);
    // The Betting Man's twelve bets are one button that opens them (twelve buttons
    // pushed the hand off a phone's screen)
    const bets = ctx.legal.filter((a) => /^bet \d+$/.test(a));
    const rest = ctx.legal.filter((a) => !cardish(a) && !(bets.length > 1 && bets.includes(a)));
    const betButton = bets.length > 1 ? el("button", { type: "button", class: "choice", "data-action": "bet",
      onclick: () => { ctx.ui.picker = { title: BET_TITLE, options: bets, label: (a) => a.slice(4) }; ctx.rerender(); } },
    "Betting Man: bet…") : null;
    // a card that may be played alone plays in one click; "Combine cards" (or a card
    // that only plays in a combo) starts a selection
    const alone = new Set(ctx.legal.filter((a) => cards.parse(a)));
    if (!ctx.canAct) ctx.ui.comboMode = false;  // a combination is started afresh each turn
    const combining = ctx.ui.comboMode || ctx.ui.selected.size > 0;
    const comboToggle = inCombo.size ? el("button", { type: "button", class: `choice secondary${combining ? " selected" : ""}`, "aria-pressed": String(Boolean(combining)),
      onclick: () => { ctx.ui.comboMode = !combining; if (combining) ctx.ui.selected.clear(); ctx.rerender(); } }, combining ? "Stop combining" : "Combine cards") : null;
    const mine = ctx.seat === null ? [] : [
      box(me),
      autoEnd(ctx),
      el("div", { class: "choices-row" }, kit.choices(ctx, rest, describe, null, (a) => a === "pick" && couldPlay(ctx)), betButton, comboToggle),
      comboBar(ctx),
      kit.hand(ctx, o.hand || [], { face: cards.french, describe, preferAlone: true, multi: (c) => inCombo.has(c) && (combining || !alone.has(c)) }),
    ];
    return kit.layout(ctx, others, centre, mine);
  }

  const BET_TITLE = "The Betting Man: name a number; a d12 is rolled, a match empties your hand, "
    + "otherwise you pick up the difference";

  // When nothing is left of your turn but "end" and the optional bonus actions, the
  // turn ends by itself after a short moment (the same moment whatever bonus is
  // possible), unless you keep it; the preference is kept in this browser.
  const AUTO_END_MS = 1500;
  // the turn's optional bonus actions, and "end" beside them
  const BONUS_ACTION = /^(castle|siege|bet)( |$)/;
  const BONUS = (a) => a === "end" || BONUS_ACTION.test(a);
  function autoEndOn() {
    try { return localStorage.getItem("cardtable-chez-auto-end") !== "0"; } catch (err) { return true; }
  }

  function autoEnd(ctx) {
    const ui = ctx.ui;
    const only = ctx.canAct && !ctx.reaction && ctx.legal.includes("end") && ctx.legal.every(BONUS);
    if (!only || ui.keepTurn === ctx.move) return null;
    if (!autoEndOn()) {
      // turned off in this browser: the way back on, where it would have acted
      const on = () => { try { localStorage.setItem("cardtable-chez-auto-end", "1"); } catch (err) { /* private mode */ } ctx.rerender(); };
      return el("p", { class: "auto-end-off" }, el("button", { type: "button", class: "choice secondary", onclick: on }, "End my turn by itself from now on"));
    }
    if (!ui.autoEnd || ui.autoEnd.move !== ctx.move) {
      if (ui.autoEnd) clearTimeout(ui.autoEnd.timer);
      ui.autoEnd = { move: ctx.move, timer: setTimeout(() => { if (ui.keepTurn !== ctx.move) ctx.play("end", true); }, AUTO_END_MS) };
    }
    const keep = () => { ui.keepTurn = ctx.move; clearTimeout(ui.autoEnd.timer); ctx.rerender(); };
    const never = () => { try { localStorage.setItem("cardtable-chez-auto-end", "0"); } catch (err) { /* private mode */ } keep(); };
    // "Keep my turn" only while a bonus action could still be taken: with nothing left
    // but ending it, keeping the turn only adds a click
    const bonus = ctx.legal.length > 1;
    return el("div", { class: "banner quiet", role: "status" },
      el("span", {}, bonus ? "Your actions are done; your turn ends in a moment (a bonus action is still possible)." : "Your actions are done; your turn ends in a moment."),
      bonus ? el("button", { type: "button", class: "choice secondary", onclick: keep }, "Keep my turn") : null,
      el("button", { type: "button", class: "choice secondary", onclick: never }, "Always ask me"));
  }

  // The turn's bonus action: on your own turn whether you could take one now (your
  // hand says so, and only you see this), on another's only whether it is used
  function bonusWords(ctx, o) {
    if (o.bonus_used) return "bonus action used";
    if (ctx.seat !== null && o.turn === ctx.seat && ctx.canAct && !ctx.reaction) {
      return ctx.legal.some((a) => BONUS_ACTION.test(a)) ? "a bonus action possible now" : "no bonus action possible now";
    }
    return "bonus action not used yet";
  }

  // What a play aimed at a player does to them, as the rulebook has it
  const AIMED = {
    King: "you take a card from their hand, then give them back one of your own",
    Revolution: "they show their hand; with more Jacks, Queens and Kings than 2s to 5s they are overthrown and out, otherwise you pick up 2",
  };

  // The dice a Joker stack of n rolls when accepted: the d10 stepped up once per Joker
  // after the first, past the d20 a d20 plus the usual die (the Dice Law, as the engine's
  // dice.upgraded has it)
  function jokerDice(n) {
    const ladder = [4, 6, 8, 10, 12, 20];
    const dice = [10];
    for (let i = 1; i < n; i++) {
      const last = dice[dice.length - 1];
      if (last === 20) dice.push(10);
      else dice[dice.length - 1] = ladder[ladder.indexOf(last) + 1];
    }
    return dice.map((d) => `1d${d}`).join(" + ");
  }

  // Whom a Joker stack lands on, and what accepting it costs (on your own decision the
  // step note under it says the cost, with your choices)
  function jokerWords(ctx, o) {
    const n = o.joker_stack;
    const stack = `A stack of ${n} Joker${n === 1 ? "" : "s"}`;
    if (o.turn === ctx.seat && ctx.canAct) return `${stack} on you.`;
    const whom = o.turn === ctx.seat ? "you" : CT.kit.seatName(ctx, o.turn);
    return `${stack} on ${whom}: accepting it picks up as many cards as ${jokerDice(n)} rolls.`;
  }

  // A decision that is not an ordinary turn, in words: whom to aim a play at, the card
  // to give back after a King, a Joker stack to accept or stack on.
  function stepNote(ctx, o) {
    const p = o.prompt || {};
    if (!ctx.canAct || ctx.reaction || p.seat !== ctx.seat) return null;
    if (p.step === "joker") {
      const cost = `you pick up as many cards as ${jokerDice(p.stack)} rolls`;
      return el("p", { class: "step-note" }, ctx.legal.some((a) => a !== "accept")
        ? `Accept the stack (${cost}), or play a Joker on it: the next player then faces a bigger stack.`
        : `You hold no Joker to stack on it: accept it (${cost}).`);
    }
    if (p.step === "target") {
      const does = AIMED[p.play];
      return el("p", { class: "step-note" }, `Choose the player your ${p.play} is aimed at${does ? `: ${does}` : ""}.`);
    }
    if (p.step === "give") {
      return el("p", { class: "step-note" }, `Give ${CT.kit.seatName(ctx, p.to)} a card back: pick one of the cards you held before (not the one you took).`);
    }
    return null;
  }

  function windowText(ctx) {
    const p = ctx.obs.prompt || {};
    if (p.step !== "window") return "Reaction window";
    const who = p.by === null || p.by === undefined ? ""
      : p.by === ctx.seat && !ctx.replay ? "Your " : `${CT.kit.seatName(ctx, p.by)}: `;
    const at = p.target === null || p.target === undefined ? "" : `, aimed at ${p.target === ctx.seat ? "you" : CT.kit.seatName(ctx, p.target)}`;
    const what = `${p.play || "a play"}${p.on && p.on.length ? ` (${glyphs(p.on)})` : ""}${at}`;
    const ace = p.aces_of_spades_only ? "the Ace of Spades" : "an Ace";
    // your own play that stands: passing is the answer you want, said first
    const keep = ownStanding(ctx) ? `Pass to let it stand (a nope with ${ace} would cancel your own play).` : null;
    if (!p.nopes) return keep ? `${who}${what}: it goes ahead unless someone nopes it. ${keep}` : `${who}${what}. Nope it with ${ace}, or pass.`;
    // who noped last, from the public log, when its line is the one for this count
    const last = lastNope && lastNope.count === p.nopes
      ? (lastNope.seat === ctx.seat && !ctx.replay ? "you" : `${CT.kit.seatName(ctx, lastNope.seat)} with the ${lastNope.ace}`)
      : null;
    const by = p.nopes === 1 ? (last ? `noped by ${last}` : "noped once")
      : `noped ${p.nopes} times${last ? `, last by ${last}` : ""}`;
    // an odd count of nopes cancels the play, an even one lets it stand
    const stands = p.nopes % 2 ? "as it stands it is cancelled" : "as it stands it goes ahead";
    const then = p.nopes % 2 ? "it goes ahead again" : "it is cancelled";
    return `${who}${what}, ${by}: ${stands}. ${keep || `Nope it with ${ace} (${then}), or pass.`}`;
  }

  // A window on the seat's own play that, as it stands, goes ahead (no nope, or an even
  // count): a nope there cancels the seat's own play, so it is not the main button.
  function ownStanding(ctx) {
    const p = (ctx.obs && ctx.obs.prompt) || {};
    return p.step === "window" && p.by === ctx.seat && !((p.nopes || 0) % 2);
  }

  // Which answers of a window are drawn quietly (board.js): pass, unless the play is
  // the seat's own and stands, when the nope is the quiet one.
  const quietAnswer = (a, ctx) => (ownStanding(ctx) ? a !== "pass" : a === "pass");

  const ordinal = (n) => `${n}${[, "st", "nd", "rd"][n % 100 > 10 && n % 100 < 14 ? 0 : n % 10] || "th"}`;

  // How each place was decided, as the public log told it (a place is taken once):
  // {place: "emptied their hand" | "was overthrown by a Revolution" | ...}
  const finishes = new Map();
  const HOW = {
    "emptied their hand": "got rid of every card",
    "was the last one left": "was the last one left in the game",
    "was overthrown by a Revolution": "knocked out by a Revolution",
    "died of the Plague": "knocked out by the Plague",
    "had nothing left to pick up": "knocked out: nothing left to pick up",
  };

  // How a seat finished: from the log when it was seen, else from the observation
  // (the last seat to finish among those who finished was the last one left).
  function howFinished(o, s) {
    const place = (o.places || [])[s];
    // at the end the observation says it (finished_how); before, the log did
    const said = (o.finished_how && o.finished_how[s]) || (place ? finishes.get(place) : null);
    if (said) return HOW[said] || said;
    const status = (o.status || [])[s];
    if (status === "out") return "knocked out";
    if (status !== "finished") return "";
    const finished = (o.places || []).filter((p, q) => p && o.status[q] === "finished");
    return o.status.every((x) => x !== "playing") && place === Math.max(...finished) ? "was the last one left in the game" : "got rid of every card";
  }

  // The end in words: the finishing order and how each player finished.
  function resultWords(ctx, o, result) {
    const places = o.places || result.places || [];
    const order = places.map((p, s) => ({ p, s })).sort((a, b) => a.p - b.p);
    const first = order.length ? CT.kit.seatName(ctx, order[0].s) : null;
    const headline = first ? `${first} ${first === "You" ? "come" : "comes"} first: ${howFinished(o, order[0].s)}.` : "Game over.";
    const rows = order.map(({ p, s }) => ({
      seats: [s],
      cells: [ordinal(p), CT.kit.seatName(ctx, s), howFinished(o, s)],
    }));
    return { headline, columns: ["Place", "Player", "How"], rows };
  }

  // The last nope the public log told ("P2 nopes with Ace of Hearts (the 1st nope in
  // the chain)."), for the window that follows it.
  let lastNope = null;

  // The public log is in words; a place line ("P1 emptied their hand: 1st place.",
  // "P2 died of the Plague and is out: 4th place.") is noted for the seat badges.
  function logWords(line) {
    // the Plague's first die, and what it meant: a newcomer read "rolls a 6 on a d6 for
    // the plague" and could not tell whether 6 was good (the rulebook: only a 1 goes on)
    const plague = /^(.+ rolls an? (\d+) on a d6 for the plague)\.$/.exec(line);
    if (plague) return `${plague[1]}: ${plague[2] === "1" ? "a 1, so a d8 and a d12 decide" : "safe (only a 1 goes on to the Plague dice)"}.`;
    const nope = /^P(\d+) nopes with (.+?) \(the (\d+)(?:st|nd|rd|th) nope in the chain\)\.$/.exec(line);
    if (nope) lastNope = { seat: Number(nope[1]), ace: nope[2], count: Number(nope[3]) };
    const done = /^\S+ (.+?)(?: and is out)?: (\d+)(?:st|nd|rd|th) place\.$/.exec(line);
    if (done) finishes.set(Number(done[2]), done[1]);
    return line;
  }

  // What only you may know, said in your log: the card a King took from your hand,
  // the card(s) your King took (the public log says only that a card moved), the card
  // given back to you, the hand an exchange gave you, and the cards you picked up (a
  // 6's roll, a 10, the draw pile). ``lines``: the public log's lines of the same update.
  function privateLog(prev, o, ctx, lines = []) {
    if (!prev || !o || ctx.seat === null) return [];
    const p = o.prompt || {};
    const before = prev.prompt || {};
    const diff = (a, b) => { const left = [...b]; return a.filter((c) => { const i = left.indexOf(c); if (i < 0) return true; left.splice(i, 1); return false; }); };
    const got = diff(o.hand || [], prev.hand || []);
    const names = (list) => list.map(cards.name).join(", ");
    if (p.step === "give" && !(before.step === "give" && before.seat === p.seat)) {
      if (p.seat === ctx.seat) return got.length ? [`Your King took ${names(got)} from ${CT.kit.seatName(ctx, p.to)}.`] : [];
      if (p.to === ctx.seat) {
        const lost = diff(prev.hand || [], o.hand || []);
        return lost.length ? [`${CT.kit.seatName(ctx, p.seat)}'s King took your ${names(lost)}.`] : [];
      }
      return [];
    }
    // an empty hand before is the deal (or a seat already out): nothing picked up
    if (!got.length || p.step === "give" || !(prev.hand || []).length) return [];
    if (before.step === "give" && before.to === ctx.seat) return [`${CT.kit.seatName(ctx, before.seat)} gave you ${names(got)}.`];
    // a King-Queen's exchange of whole hands: cards both went and came (it was said as
    // "You picked up …" the cards new to you)
    const me = [`P${ctx.seat}`, (ctx.gameNames || [])[ctx.seat], (ctx.names || [])[ctx.seat]].filter(Boolean);
    for (const line of lines) {
      const m = /^(.+) and (.+) exchange hands\.$/.exec(line);
      const other = !m ? null : me.includes(m[1]) ? m[2] : me.includes(m[2]) ? m[1] : null;
      if (other !== null && diff(prev.hand || [], o.hand || []).length) {
        return [`You exchanged hands with ${other}: you now hold ${names(o.hand || [])}.`];
      }
    }
    return [`You picked up ${names(got)}.`];
  }

  CT.boards.chez = { render, describe, freshRoll, windowText, quietAnswer, stepNote, jokerWords, autoEnd, resultWords, logWords, privateLog, cardLog: true };
})();
