"""``cardtable deck check FILE``: validate deck files and summarise them.

Kept apart from the game so the CLI can call it without building a game.
"""

from __future__ import annotations

from collections import Counter

from cardtable.games.chez_geek.cards import CardKind
from cardtable.games.chez_geek.deck_loader import load_deck


def check_deck_files(paths: list[str]) -> str:
    """Validate and merge ``paths``; a printable summary, or ``DeckError`` naming the fault."""
    deck = load_deck(paths)
    kinds: Counter[CardKind] = Counter()
    tags: Counter[str] = Counter()
    effects: Counter[str] = Counter()
    for card in deck.cards:
        kinds[card.kind] += card.copies
        for tag in card.tags:
            tags[tag] += card.copies
        for effect in (*card.effects, *card.stay):
            effects[effect.kind] += card.copies
    lines = [
        f"deck: {', '.join(deck.files)}",
        f"{len(deck.jobs)} Jobs, {deck.life_count} Life cards ({len(deck.cards)} different)",
        "kinds: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())),
        "tags: " + ", ".join(f"{k} {n}" for k, n in sorted(tags.items())),
        "effects: " + ", ".join(f"{k} {n}" for k, n in sorted(effects.items())),
        "jobs:",
    ]
    for job in deck.jobs:
        lines.append(
            f"  {job.name}: Income {job.income}, Free Time {job.free_time}, "
            f"Slack Goal {job.slack_goal}, hand {job.hand_size}"
        )
    return "\n".join(lines)
