// Card faces drawn as SVG by code: French suits (Chez, Chai Tea Jazz, its Jass
// labels), Jokers, backs, chess-piece cards (Contest) and text cards (Chez Geek).
// Colours come from the stylesheet (classes suit-C … suit-S), so the four-colour
// option is one class on <body>.
"use strict";

const CT = window.CT || (window.CT = {});

CT.cards = (() => {
  const NS = "http://www.w3.org/2000/svg";
  const SUIT = {
    C: { glyph: "♣", name: "Clubs" }, D: { glyph: "♦", name: "Diamonds" },
    H: { glyph: "♥", name: "Hearts" }, S: { glyph: "♠", name: "Spades" },
  };
  const RANK_NAME = {
    A: "Ace", K: "King", Q: "Queen", J: "Jack", U: "Under", O: "Ober",
    1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven",
    8: "Eight", 9: "Nine", 10: "Ten", 11: "Eleven", 12: "Twelve", 13: "Thirteen",
  };
  const RANK_ORDER = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "U", "O", "J", "Q", "K", "A", "11", "12", "13"];
  const PIECES = {
    K: { glyph: "♚", name: "King" }, Q: { glyph: "♛", name: "Queen" }, R: { glyph: "♜", name: "Rook" },
    B: { glyph: "♝", name: "Bishop" }, N: { glyph: "♞", name: "Knight" }, P: { glyph: "♟", name: "Pawn" },
  };
  const FRENCH = /^(10|11|12|13|[1-9]|[AKQJUO])([CDHS])$/;

  function svg(tag, attrs = {}, ...children) {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    return node;
  }

  function parse(code) {
    if (code === "JK") return { joker: true };
    const m = FRENCH.exec(code);
    return m ? { rank: m[1], suit: m[2] } : null;
  }

  // "Ace of Spades", "Joker", "Under of Clubs"; unknown codes are said as they are.
  function name(code) {
    const c = parse(code);
    if (!c) return String(code);
    if (c.joker) return "Joker";
    return `${RANK_NAME[c.rank] || c.rank} of ${SUIT[c.suit].name}`;
  }

  // A short text form with the suit symbol: "A♠", "10♥", "Joker".
  function glyph(code) {
    const c = parse(code);
    if (!c) return String(code);
    return c.joker ? "Joker" : `${c.rank}${SUIT[c.suit].glyph}`;
  }

  function sortKey(code) {
    const c = parse(code);
    if (!c) return [9, 0, code];
    if (c.joker) return [8, 0, code];
    return ["CDHS".indexOf(c.suit), RANK_ORDER.indexOf(c.rank), code];
  }

  function sortCards(cards) {
    return [...cards].sort((a, b) => {
      const x = sortKey(a), y = sortKey(b);
      return x[0] - y[0] || x[1] - y[1] || String(x[2]).localeCompare(String(y[2]));
    });
  }

  function frame(label, cls, ...children) {
    return svg("svg", { viewBox: "0 0 60 84", class: `card-svg ${cls}`, role: "img", "aria-label": label },
      svg("title", {}, label),
      svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, class: "card-bg" }),
      ...children);
  }

  function corner(rank, mark, rotate) {
    const g = svg("g", rotate ? { transform: "rotate(180 30 42)" } : {},
      svg("text", { x: 6, y: 15, class: "card-rank", "text-anchor": "start" }, rank),
      svg("text", { x: 6, y: 26, class: "card-pip" }, mark));
    return g;
  }

  function french(code) {
    const c = parse(code);
    const label = name(code);
    if (c && c.joker) {
      return frame(label, "suit-J",
        svg("text", { x: 30, y: 50, class: "card-centre", "text-anchor": "middle" }, "★"),
        svg("text", { x: 30, y: 20, class: "card-word", "text-anchor": "middle" }, "JOKER"),
        svg("text", { x: 30, y: 74, class: "card-word", "text-anchor": "middle" }, "JOKER"));
    }
    if (!c) return frame(label, "suit-X", svg("text", { x: 30, y: 48, class: "card-word", "text-anchor": "middle" }, code));
    const mark = SUIT[c.suit].glyph;
    const court = /[AKQJUO]/.test(c.rank);
    const centre = court
      ? [svg("rect", { x: 14, y: 22, width: 32, height: 40, rx: 3, class: "card-court" }),
        svg("text", { x: 30, y: 47, class: "card-court-letter", "text-anchor": "middle" }, c.rank),
        svg("text", { x: 30, y: 59, class: "card-pip", "text-anchor": "middle" }, mark)]
      : [svg("text", { x: 30, y: 55, class: "card-centre", "text-anchor": "middle" }, mark)];
    return frame(label, `suit-${c.suit}`, corner(c.rank, mark, false), ...centre, corner(c.rank, mark, true));
  }

  function piece(letter) {
    const p = PIECES[letter];
    const label = p ? p.name : String(letter);
    return frame(label, "piece",
      svg("text", { x: 30, y: 55, class: "card-centre piece-glyph", "text-anchor": "middle" }, p ? p.glyph : "?"),
      svg("text", { x: 30, y: 76, class: "card-word", "text-anchor": "middle" }, label.toUpperCase()),
      svg("text", { x: 6, y: 15, class: "card-rank" }, letter));
  }

  function back(label = "a face-down card") {
    return svg("svg", { viewBox: "0 0 60 84", class: "card-svg card-back", role: "img", "aria-label": label },
      svg("title", {}, label),
      svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, class: "back-bg" }),
      svg("rect", { x: 6, y: 6, width: 48, height: 72, rx: 3, class: "back-inner" }),
      svg("path", { d: "M30 14 L48 42 L30 70 L12 42 Z", class: "back-diamond" }),
      svg("circle", { cx: 30, cy: 42, r: 6, class: "back-dot" }));
  }

  // A Chez Geek card from the deck data: title, kind, cost and Slack, effect text.
  function textCard(slug, catalogue) {
    const d = (catalogue && catalogue.cards && catalogue.cards[slug]) || { name: slug, kind: "", text: "" };
    // the tags too (Food, Booze, Music…): an unwanted guest asks for a Food or Booze
    // card, and a newcomer could not tell that Karaoke is one
    // a tag that only repeats the kind ("Pet · Cat, Pet") is left out
    const own = (d.tags || []).filter((t) => t !== d.kind);
    const tags = own.length ? own.join(", ") : null;
    const figures = [d.kind, tags, d.cost ? `cost ${d.cost}` : null, d.slack !== null && d.slack !== undefined ? `Slack ${d.slack}` : null]
      .filter(Boolean).join(" · ");
    // drawn with no break inside a figure ("Slack 1d6-2" on one line on a narrow card)
    const shown = figures.split(" · ").map((f) => f.replace(/ /g, "\u00a0").replace(/-/g, "\u2011")).join(" · ");
    const node = el("span", { class: `text-card kind-${String(d.kind).toLowerCase()}`, role: "img",
      "aria-label": `${d.name}: ${figures}`, title: d.text || d.name },
    el("b", { class: "tc-name" }, d.name), el("span", { class: "tc-kind" }, shown),
    el("span", { class: "tc-text" }, d.text || ""));
    return node;
  }

  return { parse, name, glyph, sortCards, french, piece, back, textCard, PIECES, SUIT, svg };
})();
