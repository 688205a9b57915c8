"""Load and validate Chez Geek deck files (TOML).

Every refusal names the file, the card and the field, because a person typing
in their own deck needs to know exactly which line to fix. Several files merge
into one deck (the same card name twice is refused, not silently merged).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardtable.engine.errors import SettingError
from cardtable.games.chez_geek.cards import (
    DURATIONS,
    K_ACTIVITY,
    K_JOB,
    K_PERSON,
    K_PET,
    K_THING,
    K_WHENEVER,
    KINDS,
    LIFE_KINDS,
    N_DICE,
    SCOPES,
    TAGS,
    WHEN,
    CardDef,
    CardKind,
    Deck,
    Effect,
    EffectSyntax,
    JobDef,
    Num,
    Requirements,
    parse_num,
    slugify,
)
from cardtable.games.chez_geek.rules.registry import EFFECTS

if TYPE_CHECKING:
    from cardtable.engine.rules import Registry
    from cardtable.games.chez_geek.core import EffectRule

OPEN_DECK = str(Path(__file__).parent / "decks" / "open.toml")

JOB_FIELDS = {
    "name",
    "kind",
    "income",
    "free_time",
    "slack_goal",
    "hand_size",
    "roll_bonus",
    "call_bonus",
    "evict_bonus",
    "cannot_play",
    "text",
}
CARD_FIELDS: dict[CardKind, set[str]] = {
    K_PERSON: {"slack", "stay", "barred_jobs", "barred_if_room_has", "effects"},
    K_PET: {"slack", "effects"},
    K_THING: {"cost", "slack", "effects"},
    K_ACTIVITY: {"cost", "slack", "requires"},
    K_WHENEVER: {"effects", "when"},
}
COMMON_FIELDS = {"name", "kind", "copies", "tags", "text"}
REQUIRE_FIELDS = {"invited_person", "tags_in_room", "jobs"}


class DeckError(SettingError):
    """A deck file that cannot be used; ``file``, ``card`` and ``field`` say where."""

    def __init__(self, file: str, card: str, field: str, problem: str) -> None:
        self.file = file
        self.card = card
        self.field = field
        self.problem = problem
        super().__init__(f"{file}: card {card!r}, field {field!r}: {problem}")


class _Ctx:
    """Where we are while reading, so every error can say it."""

    def __init__(self, file: str, card: str, words: Mapping[str, EffectSyntax]) -> None:
        self.file = file
        self.card = card
        self.words = words  # the effect vocabulary: each word's syntax

    def fail(self, field: str, problem: str) -> DeckError:
        return DeckError(self.file, self.card, field, problem)


def _int(ctx: _Ctx, raw: dict[str, Any], key: str, default: int, lo: int, hi: int) -> int:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ctx.fail(key, f"{value!r} is not a whole number from {lo} to {hi}")
    return value


def _tags(ctx: _Ctx, value: Any, field: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        raise ctx.fail(field, "tags are a list of words")
    for tag in value:
        if tag not in TAGS:
            raise ctx.fail(field, f"unknown tag {tag!r}; known tags: {', '.join(TAGS)}")
    return tuple(value)


def _str_list(ctx: _Ctx, value: Any, field: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ctx.fail(field, "expected a list of names")
    return tuple(value)


def _choice(
    ctx: _Ctx, raw: dict[str, Any], key: str, default: str, allowed: tuple[str, ...]
) -> str:
    value = raw.get(key, default)
    if value not in allowed:
        raise ctx.fail(key, f"{value!r} is not one of {', '.join(allowed)}")
    return str(value)


def _effect(ctx: _Ctx, raw: Any, field: str) -> Effect:
    if not isinstance(raw, dict):
        raise ctx.fail(field, 'an effect is a table like { effect = "income", amount = 1 }')
    kind = raw.get("effect")
    syntax = ctx.words.get(kind) if isinstance(kind, str) else None
    if syntax is None:
        known = ", ".join(ctx.words)
        raise ctx.fail(f"{field}.effect", f"unknown effect {kind!r}; known: {known}")
    assert isinstance(kind, str)
    extra = sorted(set(raw) - syntax.fields - {"effect"})
    if extra:
        raise ctx.fail(f"{field}.{extra[0]}", f"unknown field for effect {kind!r}")
    sub = _Ctx(ctx.file, ctx.card, ctx.words)
    amount = _int(sub, raw, "amount", syntax.amount, -10, 10)
    duration = _choice(sub, raw, "duration", "turn", DURATIONS)
    turns = _int(sub, raw, "turns", 0 if duration != "turns" else 1, 0, 10)
    if duration == "turns" and turns < 1:
        raise ctx.fail(f"{field}.turns", "a continuing effect lasts at least 1 turn")
    target = ""
    if syntax.targets:
        target = _choice(sub, raw, "target", syntax.target_default, syntax.targets)
        if target == "tag" and raw.get("tag") not in TAGS:
            raise ctx.fail(f"{field}.tag", f"a cancel of a tag names one of {', '.join(TAGS)}")
    word = raw.get("card_kind", "")
    card_kind = _life_kind(word) if word else None  # none written: any kind
    if word and card_kind is None:
        raise ctx.fail(f"{field}.card_kind", f"{word!r} is not a Life card kind")
    or_any = raw.get("or_any", False)
    if not isinstance(or_any, bool):
        raise ctx.fail(f"{field}.or_any", "true or false")
    return Effect(
        kind=kind,
        amount=amount,
        duration=duration,
        turns=turns,
        target=target,
        tag=str(raw.get("tag", "")),
        tags=_tags(ctx, raw.get("tags", []), f"{field}.tags"),
        card_kind=card_kind,
        to=_choice(sub, raw, "to", "discard", ("discard", "room")),
        scope=_choice(sub, raw, "scope", "any", SCOPES),
        or_any=or_any,
    )


def _effects(ctx: _Ctx, raw: Any, field: str) -> tuple[Effect, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ctx.fail(field, "effects are a list of tables")
    return tuple(_effect(ctx, e, f"{field}[{i}]") for i, e in enumerate(raw))


def _job(ctx: _Ctx, raw: dict[str, Any], index: int, source: str) -> JobDef:
    extra = sorted(set(raw) - JOB_FIELDS)
    if extra:
        raise ctx.fail(extra[0], f"unknown field for a Job; known: {', '.join(sorted(JOB_FIELDS))}")
    nums: dict[str, Num] = {}
    for key in ("income", "free_time"):
        if key not in raw:
            raise ctx.fail(key, "a Job needs it")
        num = parse_num(raw[key], lowhigh=True)
        if num is None or num.a < 0 or num.a > 10 or num.b > 10:
            raise ctx.fail(key, f"{raw[key]!r} is not a number (like 3) or low/high (like 2/3)")
        nums[key] = num
    if "slack_goal" not in raw:
        raise ctx.fail("slack_goal", "a Job needs it")
    bonus = raw.get("roll_bonus", {})
    if not isinstance(bonus, dict) or set(bonus) - {"tag", "amount"}:
        raise ctx.fail("roll_bonus", 'write roll_bonus = { tag = "Nookie", amount = 1 }')
    if bonus:
        _tags(ctx, bonus.get("tag"), "roll_bonus.tag")
    return JobDef(
        index=index,
        name=raw["name"],
        slug=slugify(raw["name"]),
        income=nums["income"],
        free_time=nums["free_time"],
        slack_goal=_int(ctx, raw, "slack_goal", 0, 1, 200),
        hand_size=_int(ctx, raw, "hand_size", 6, 5, 10),
        roll_bonus_tag=str(bonus.get("tag", "")),
        roll_bonus=_int(ctx, bonus, "amount", 0, -3, 3) if bonus else 0,
        call_bonus=_int(ctx, raw, "call_bonus", 0, -3, 3),
        evict_bonus=_int(ctx, raw, "evict_bonus", 0, -3, 3),
        cannot_play=_tags(ctx, raw.get("cannot_play", []), "cannot_play"),
        text=str(raw.get("text", "")),
        source=source,
    )


def _life_kind(word: object) -> CardKind | None:
    """The Life card kind a deck file's word names, or ``None`` when it names none."""
    for kind in LIFE_KINDS:
        if word == kind:
            return kind
    return None


def _card(ctx: _Ctx, raw: dict[str, Any], index: int, source: str) -> CardDef:
    kind = _life_kind(raw.get("kind"))
    if kind is None:
        word = raw.get("kind")
        raise ctx.fail("kind", f"unknown kind {word!r}; known kinds: {', '.join(KINDS)}")
    allowed = COMMON_FIELDS | CARD_FIELDS[kind]
    extra = sorted(set(raw) - allowed)
    if extra:
        raise ctx.fail(extra[0], f"unknown field for a {kind}; known: {', '.join(sorted(allowed))}")
    slack: Num | None = None
    if "slack" in raw:
        slack = parse_num(raw["slack"], dice=True)
        if slack is None or abs(slack.a) > 20 or abs(slack.b) > 20:
            raise ctx.fail("slack", f"{raw['slack']!r} is not a number or dice like 1d6-1")
    elif kind != K_WHENEVER:
        raise ctx.fail("slack", f"a {kind} needs its Slack")
    if slack is not None and slack.kind == N_DICE and kind != K_ACTIVITY and kind != K_PERSON:
        raise ctx.fail("slack", "only Activities and People have rolled Slack")
    tags = frozenset(_tags(ctx, raw.get("tags", []), "tags"))
    if kind == K_PET:
        tags |= {"Pet"}  # the tag, which Jobs and effects name; the kind says the same
    req_raw = raw.get("requires", {})
    if not isinstance(req_raw, dict):
        raise ctx.fail("requires", "a table like { invited_person = true }")
    bad = sorted(set(req_raw) - REQUIRE_FIELDS)
    if bad:
        raise ctx.fail(
            f"requires.{bad[0]}", f"unknown requirement; known: {sorted(REQUIRE_FIELDS)}"
        )
    invited = req_raw.get("invited_person", False)
    if not isinstance(invited, bool):
        raise ctx.fail("requires.invited_person", "true or false")
    effects = _effects(ctx, raw.get("effects"), "effects")
    stay = _effects(ctx, raw.get("stay"), "stay")
    if kind == K_WHENEVER and not effects:
        raise ctx.fail("effects", "a Whenever needs at least one effect")
    card = CardDef(
        index=index,
        name=raw["name"],
        slug=slugify(raw["name"]),
        kind=kind,
        copies=_int(ctx, raw, "copies", 1, 1, 20),
        tags=tags,
        cost=_int(ctx, raw, "cost", 0, 0, 10),
        slack=slack,
        text=str(raw.get("text", "")),
        effects=effects,
        stay=stay,
        requires=Requirements(
            invited_person=invited,
            tags_in_room=_tags(ctx, req_raw.get("tags_in_room", []), "requires.tags_in_room"),
            jobs=_str_list(ctx, req_raw.get("jobs", []), "requires.jobs"),
        ),
        when=_choice(ctx, raw, "when", "any", WHEN),
        barred_jobs=_str_list(ctx, raw.get("barred_jobs", []), "barred_jobs"),
        barred_if_room_has=_tags(ctx, raw.get("barred_if_room_has", []), "barred_if_room_has"),
        source=source,
    )
    if card.unwanted and card.cat:
        raise ctx.fail("tags", "a Cat is a Pet (unwanted People can be sent away, Cats cannot)")
    if kind == K_PERSON and "Cat" in tags:
        raise ctx.fail("tags", 'Cats are Pets: write kind = "Pet"')
    return card


def read_deck_file(path: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The raw ``[[job]]`` and ``[[card]]`` tables of one file."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise DeckError(path, "-", "-", f"cannot read the file: {exc.strerror}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise DeckError(path, "-", "-", f"not TOML: {exc}") from exc
    extra = sorted(set(data) - {"deck", "job", "card"})
    if extra:
        raise DeckError(path, "-", extra[0], "a deck file holds [deck], [[job]] and [[card]]")
    jobs, cards = data.get("job", []), data.get("card", [])
    if not isinstance(jobs, list) or not isinstance(cards, list):
        raise DeckError(path, "-", "-", "write jobs as [[job]] and cards as [[card]]")
    return jobs, cards


def load_deck(
    paths: list[str] | tuple[str, ...] | None = None, effects: Registry[EffectRule] | None = None
) -> Deck:
    """Read, validate and merge deck files (default: the open deck).

    ``effects``: the effect words a card may use (default: the game's registry).
    """
    files = list(paths) if paths else [OPEN_DECK]
    words = {rule.name: rule.syntax for rule in (effects or EFFECTS)}
    jobs: list[JobDef] = []
    cards: list[CardDef] = []
    seen: dict[str, str] = {}
    for path in files:
        raw_jobs, raw_cards = read_deck_file(path)
        for pos, raw in enumerate(raw_jobs):
            name = raw.get("name") if isinstance(raw, dict) else None
            ctx = _Ctx(path, name if isinstance(name, str) and name else f"job #{pos + 1}", words)
            if not isinstance(name, str) or not name.strip():
                raise ctx.fail("name", "every Job needs a name")
            if raw.get("kind", K_JOB) != K_JOB:
                raise ctx.fail("kind", "a [[job]] table has kind Job (or none)")
            job = _job(ctx, raw, len(jobs), path)
            if "job:" + job.slug in seen:
                raise ctx.fail("name", f"Job already defined in {seen['job:' + job.slug]}")
            seen["job:" + job.slug] = path
            jobs.append(job)
        for pos, raw in enumerate(raw_cards):
            name = raw.get("name") if isinstance(raw, dict) else None
            ctx = _Ctx(path, name if isinstance(name, str) and name else f"card #{pos + 1}", words)
            if not isinstance(name, str) or not name.strip() or not slugify(name):
                raise ctx.fail("name", "every card needs a name")
            card = _card(ctx, raw, len(cards), path)
            if card.slug in seen:
                raise ctx.fail("name", f"card already defined in {seen[card.slug]}")
            seen[card.slug] = path
            cards.append(card)
    where = ", ".join(files)
    if len(jobs) < 2:
        raise DeckError(where, "-", "job", "a deck needs at least 2 Jobs")
    if sum(c.copies for c in cards) < 30:
        raise DeckError(where, "-", "card", "a deck needs at least 30 Life cards")
    job_names = {j.name for j in jobs}
    for card in cards:
        for job_name in (*card.requires.jobs, *card.barred_jobs):
            if job_name not in job_names:
                raise DeckError(card.source, card.name, "jobs", f"no Job named {job_name!r}")
    return Deck(jobs=tuple(jobs), cards=tuple(cards), files=tuple(files))


_CACHE: dict[tuple[object, ...], Deck] = {}


def cached_deck(
    paths: list[str] | tuple[str, ...] | None, effects: Registry[EffectRule] | None = None
) -> Deck:
    """Decks are immutable, so every game with the same files and effect words shares one.

    The key holds each file's modification time, so an edited deck is read again.
    """
    files = tuple(paths) if paths else (OPEN_DECK,)
    key = (effects or EFFECTS, *((f, _mtime(f)) for f in files))
    deck = _CACHE.get(key)
    if deck is None:
        deck = _CACHE[key] = load_deck(list(files), effects)
    return deck


def _mtime(path: str) -> float:
    try:
        return Path(path).stat().st_mtime
    except OSError:
        return -1.0  # load_deck reports the unreadable file
