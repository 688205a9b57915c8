"""Cards as data: the deck format, its validation, merging, and the open deck."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.engine.registry import load_game
from cardtable.games.chez_geek.cards import LIFE_KINDS, parse_num
from cardtable.games.chez_geek.deck_check import check_deck_files
from cardtable.games.chez_geek.deck_loader import OPEN_DECK, DeckError, load_deck
from cardtable.games.chez_geek.rules.registry import EFFECT_WORDS as EFFECTS

GOOD_CARD = 'name = "Pocket Lint"\nkind = "Thing"\ncost = 1\nslack = 1\n'


def write(tmp_path: Path, text: str, name: str = "deck.toml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_open_deck_has_17_jobs_and_at_least_110_life_cards_of_every_kind() -> None:
    deck = load_deck()
    assert len(deck.jobs) == 17
    assert deck.life_count >= 110
    assert {c.kind for c in deck.cards} == set(LIFE_KINDS)
    used = {e.kind for c in deck.cards for e in (*c.effects, *c.stay)}
    assert used == set(EFFECTS)


def test_open_deck_holds_the_cards_and_figures_the_rulebook_names() -> None:
    deck = load_deck()
    jobs, cards = deck.job_by_slug, deck.card_by_slug
    assert jobs["corporate-drone"].hand_size == 7
    assert jobs["tech-support"].slack_goal == 20
    assert jobs["drummer"].roll_bonus_tag == "Nookie" and jobs["drummer"].roll_bonus == 1
    assert str(jobs["drummer"].free_time) == "2/3"
    assert "slacker" in jobs
    assert cards["ultra-slims"].cost == 1
    assert cards["nt-server-docco"].cost == 3
    assert cards["ultra-slims"].slack.a + cards["nt-server-docco"].slack.a == 4
    assert str(cards["nookie-at-jimmy-s"].slack) == "1d6-1"
    assert cards["change-in-couch"].effects[0].kind == "income"
    assert "Food" in cards["microwave-popcorn"].tags
    assert "Booze" in cards["white-russian"].tags and "Smoke" in cards["cigarettes"].tags
    assert cards["choad-warrior"].stay[0].kind == "discard"
    assert cards["bum"].effects[0].kind == "take_thing"
    assert "Sleep" in cards["sleep"].tags
    assert cards["narcolepsy"].effects[0].kind == "free_time"
    assert cards["get-a-life"].continuing
    assert any("TV" in c.tags and c.cancel for c in deck.cards)
    assert any(c.cat for c in deck.cards)


def test_check_deck_files_prints_a_summary() -> None:
    text = check_deck_files([OPEN_DECK])
    assert "17 Jobs" in text and "Life cards" in text and "Tech Support" in text


@pytest.mark.parametrize(
    ("card", "field"),
    [
        ('name = "X"\nkind = "Gadget"\n', "kind"),
        ('name = "X"\nkind = "Thing"\ncost = 1\nslack = 1\ncolour = "red"\n', "colour"),
        ('name = "X"\nkind = "Thing"\ncost = 1\nslack = 1\ntags = ["Shiny"]\n', "tags"),
        ('name = "X"\nkind = "Thing"\ncost = 1\nslack = "lots"\n', "slack"),
        ('name = "X"\nkind = "Thing"\ncost = -2\nslack = 1\n', "cost"),
        ('name = "X"\nkind = "Thing"\ncost = 1\n', "slack"),
        ('kind = "Thing"\ncost = 1\nslack = 1\n', "name"),
        (
            'name = "X"\nkind = "Whenever"\neffects = [{ effect = "teleport" }]\n',
            "effects[0].effect",
        ),
        ('name = "X"\nkind = "Whenever"\n', "effects"),
        (
            'name = "X"\nkind = "Whenever"\neffects = [{ effect = "cancel", target = "moon" }]\n',
            "target",
        ),
        ('name = "X"\nkind = "Thing"\ncost = 1\nslack = "1d6"\n', "slack"),
        ('name = "X"\nkind = "Person"\nslack = 1\ntags = ["Cat"]\n', "tags"),
        ('name = "X"\nkind = "Activity"\nslack = 1\nrequires = { jobs = ["Astronaut"] }\n', "jobs"),
    ],
)
def test_bad_cards_are_refused_naming_file_card_and_field(
    tmp_path: Path, card: str, field: str
) -> None:
    path = write(tmp_path, f"[[card]]\n{card}")
    with pytest.raises(DeckError) as info:
        load_deck([OPEN_DECK, path])
    err = info.value
    assert err.file == path
    assert err.field == field
    assert field in str(err) and path in str(err)
    assert isinstance(err, ValueError)


@pytest.mark.parametrize(
    ("job", "field"),
    [
        ('name = "Astronaut"\nincome = "lots"\nfree_time = 2\nslack_goal = 20\n', "income"),
        ('name = "Astronaut"\nincome = 2\nfree_time = 2\n', "slack_goal"),
        (
            'name = "Astronaut"\nincome = 2\nfree_time = 2\nslack_goal = 20\nhand_size = 2\n',
            "hand_size",
        ),
        ('name = "Astronaut"\nincome = 2\nfree_time = 2\nslack_goal = 20\nsalary = 1\n', "salary"),
        ('name = "Astronaut"\nincome = "3/2"\nfree_time = 2\nslack_goal = 20\n', "income"),
    ],
)
def test_bad_jobs_are_refused(tmp_path: Path, job: str, field: str) -> None:
    path = write(tmp_path, f"[[job]]\n{job}")
    with pytest.raises(DeckError) as info:
        load_deck([OPEN_DECK, path])
    assert (info.value.card, info.value.field) == ("Astronaut", field)


def test_not_toml_and_duplicates_are_refused(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="not TOML"):
        load_deck([write(tmp_path, "[[card]\n")])
    dup = write(tmp_path, '[[card]]\nname = "Cigarettes"\nkind = "Thing"\ncost = 1\nslack = 1\n')
    with pytest.raises(DeckError, match="already defined"):
        load_deck([OPEN_DECK, dup])


def test_several_files_merge_and_a_merged_deck_plays(tmp_path: Path) -> None:
    extra = write(tmp_path, f"[[card]]\n{GOOD_CARD}copies = 2\n", "extra.toml")
    deck = load_deck([OPEN_DECK, extra])
    assert deck.card_by_slug["pocket-lint"].copies == 2
    game = load_game("chez-geek", players=3, deck=[OPEN_DECK, extra])
    assert game.deck()["pocket-lint"] == 2
    assert "pocket lint" not in game.deck()
    st = game.new_initial_state(seed=4)
    st.resolve_chance()
    assert not st.is_terminal()


@pytest.mark.parametrize(
    ("text", "shown"),
    [(3, "3"), ("2/3", "2/3"), ("1d6-1", "1d6-1"), ("2d6", "2d6"), ("d6+2", "1d6+2")],
)
def test_numbers_fixed_low_high_and_dice(text: object, shown: str) -> None:
    num = parse_num(text, lowhigh=True, dice=True)
    assert num is not None and str(num) == shown


@pytest.mark.parametrize("text", ["4d6", "1d8", "x", True, "3/1", 2.5])
def test_bad_numbers(text: object) -> None:
    assert parse_num(text, lowhigh=True, dice=True) is None
