"""Card kinds are enum members that read, print, hash and serialise as the deck's words.

Why: the rules compare kinds to ``CardKind`` members, so a misspelt kind is a
checker error rather than a comparison that is silently never true; and since
each member is its word (a ``StrEnum`` with the string's hash), deck files,
JSON views, logs, observations and seeded games are the same as when kinds
were plain strings. The scan keeps string comparisons of kinds from coming back.
"""

from __future__ import annotations

import ast
import json
import pickle
from pathlib import Path

import pytest

import cardtable
from cardtable.engine.registry import load_game
from cardtable.games.chez_geek.cards import KINDS, LIFE_KINDS, CardKind, NumKind, parse_num
from cardtable.games.chez_geek.deck_loader import OPEN_DECK, DeckError, load_deck

SRC = Path(cardtable.__file__).parent
SCANNED = (*sorted((SRC / "games" / "chez_geek").rglob("*.py")), SRC / "rl/games/chez_geek.py")
WORDS = {k.value for k in CardKind} | {k.value for k in NumKind}


def _words_in(node: ast.expr) -> list[str]:
    """The kind words a comparison operand writes out, alone or in a literal collection."""
    items = node.elts if isinstance(node, ast.Tuple | ast.List | ast.Set) else [node]
    return [i.value for i in items if isinstance(i, ast.Constant) and i.value in WORDS]


def _is_play_label(node: ast.expr) -> bool:
    """``x["play"]``: an announced play's label (``PlayLabel``), not a card kind.

    Its words "Activity" and "Whenever" coincide with two kinds; the checker
    knows them as a ``Literal`` already.
    """
    return (
        isinstance(node, ast.Subscript)
        and isinstance(node.slice, ast.Constant)
        and node.slice.value == "play"
    )


def kind_string_comparisons(source: str) -> list[str]:
    """Each comparison in ``source`` that writes a card or number kind as a string."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        words = [w for o in operands for w in _words_in(o)]
        others = [o for o in operands if not _words_in(o)]
        if words and not (others and all(_is_play_label(o) for o in others)):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_card_kind_is_compared_as_a_string() -> None:
    assert len(SCANNED) > 30  # the scan sees the game's modules
    found = [
        f"{path.relative_to(SRC)}:{hit}"
        for path in SCANNED
        for hit in kind_string_comparisons(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "compare kinds with CardKind / NumKind members:\n" + "\n".join(found)


def test_the_scan_finds_string_comparisons_and_leaves_play_labels() -> None:
    source = (
        'a = card.kind == "Person"\n'
        'b = "dice" != slack.kind\n'
        'c = kind not in ("Thing", "Activity")\n'
        'd = window["play"] == "Whenever"\n'
        'e = raw.get("kind", "Job") != "Job"\n'
    )
    hits = kind_string_comparisons(source)
    assert [h.split(":")[0] for h in hits] == ["1", "2", "3", "5"]


def test_members_are_their_words() -> None:
    for kind in (*CardKind, *NumKind):
        word = kind.value
        assert kind == word and str(kind) == word and f"{kind}" == word and f"{kind:>1}" == word
        assert hash(kind) == hash(word)
        assert {word: 1}[kind] == 1 and {kind: 1}[word] == 1
        assert json.dumps(kind) == json.dumps(word)
        assert json.dumps({kind: [kind]}) == json.dumps({word: [word]})
        assert pickle.loads(pickle.dumps(kind)) is kind
    assert [k.value for k in KINDS] == ["Job", "Person", "Pet", "Thing", "Activity", "Whenever"]
    assert KINDS[1:] == LIFE_KINDS
    assert ", ".join(KINDS) == "Job, Person, Pet, Thing, Activity, Whenever"


def test_the_deck_loader_reads_words_into_members() -> None:
    deck = load_deck()
    assert {type(c.kind) for c in deck.cards} == {CardKind}
    assert {c.kind for c in deck.cards} == set(LIFE_KINDS)
    slacks = [n for c in deck.cards for n in (c.slack,) if n is not None]
    nums = [*slacks, *(j.income for j in deck.jobs), *(j.free_time for j in deck.jobs)]
    assert {type(n.kind) for n in nums} == {NumKind}
    assert {n.kind for n in nums} == set(NumKind)
    named = [e.card_kind for c in deck.cards for e in c.effects if e.card_kind is not None]
    assert named and all(type(k) is CardKind for k in named)
    assert {e.card_kind for c in deck.cards for e in c.effects} >= {None, CardKind.THING}
    dice, lowhigh = parse_num("1d6-1", dice=True), parse_num("2/3", lowhigh=True)
    assert dice is not None and dice.kind is NumKind.DICE and str(dice) == "1d6-1"
    assert lowhigh is not None and lowhigh.kind is NumKind.LOWHIGH and str(lowhigh) == "2/3"


@pytest.mark.parametrize(
    ("card", "field", "problem"),
    [
        (
            'kind = "Gadget"\n',
            "kind",
            "unknown kind 'Gadget'; known kinds: Job, Person, Pet, Thing, Activity, Whenever",
        ),
        (
            'kind = "Job"\n',
            "kind",
            "unknown kind 'Job'; known kinds: Job, Person, Pet, Thing, Activity, Whenever",
        ),
        (
            'kind = "Whenever"\neffects = [{ effect = "slack", card_kind = "Gizmo" }]\n',
            "effects[0].card_kind",
            "'Gizmo' is not a Life card kind",
        ),
        ('kind = "Pet"\n', "slack", "a Pet needs its Slack"),
    ],
)
def test_unknown_words_are_refused_as_before(
    tmp_path: Path, card: str, field: str, problem: str
) -> None:
    path = tmp_path / "deck.toml"
    path.write_text(f'[[card]]\nname = "X"\n{card}', encoding="utf-8")
    with pytest.raises(DeckError) as info:
        load_deck([OPEN_DECK, str(path)])
    assert (info.value.field, info.value.problem) == (field, problem)


def test_kinds_survive_pickle_and_json() -> None:
    deck = load_deck()
    again = pickle.loads(pickle.dumps(deck))
    assert again == deck
    assert all(a.kind is b.kind for a, b in zip(again.cards, deck.cards, strict=True))
    game = load_game("chez-geek", players=3)
    catalogue = json.loads(json.dumps(game.card_catalogue()))
    assert {v["kind"] for v in catalogue["cards"].values()} == {k.value for k in LIFE_KINDS}
    state = game.new_initial_state(seed=5)
    for _ in range(80):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[0])
    for seat in range(3):
        obs = state.observation(seat)
        text = json.dumps(obs)
        assert json.loads(text) == obs
        assert "CardKind" not in text and "NumKind" not in text
        assert "CardKind" not in game.render(obs)
