"""``Consequence``: the frozen value a consequence module declares.

After a reveal, the accused player takes a consequence if they bluffed, the
accuser if the accused told the truth; the taker chooses one. The value says
everything about its consequence, so the flow, the refusals, the prompt, the
notation and the RL action table all read it from the registry
(``rules.CONSEQUENCES``) and none names a consequence:

- ``name``: its word, which is also its action's notation;
- ``help``: what it does, in words, for the prompt;
- ``applies(state, taker)``: whether ``taker`` may choose it now;
- ``take(state, taker)``: what it does once chosen (it may end the game);
- ``at_draw``: what it does when the next round's cards are drawn, or ``None``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from cardtable.games.contest.actions import Choose
from cardtable.games.contest.core import ContestCore


@dataclass(frozen=True)
class Consequence:
    name: str
    help: str
    applies: Callable[[ContestCore, int], bool]
    take: Callable[[ContestCore, int], None]
    at_draw: Callable[[ContestCore], None] | None = None
    # the action that chooses it, made from its name
    action: Choose = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "action", Choose(self.name))
