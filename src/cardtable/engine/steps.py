"""``Step`` and ``copy_stack``: the one stack of pending steps a game's effects may use.

Why a stack: an effect that needs several decisions or chance events (a King
that takes cards blind and then gives some back, a Whenever answering a
Whenever) is a list of pending steps, the top one deciding what happens next.
The state reads who decides (a seat, or chance) and what is legal off the top
step; when the stack is empty the game's turn decides. A game's stack is a
plain ``list`` of its step objects (``append``, ``pop``, ``[-1]``: the fastest
operations a compiled module has), and the game keeps its own step kinds and
what they do; what the engine owns is what a step is to a copy.

Why one copy contract: searches copy states thousands of times a second, and
a state's copy must not share anything a later move changes. A step that never
changes once pushed is shared by every copy (``Step.copy`` returns the step
itself); a step that changes (a count down, a list it collects) overrides
``copy`` to return a new one. An object that several steps point at (Chez's
``Pending`` play, read by its window, its resolution and its rolls) must stay
one object in the copy: the step's ``copy`` looks it up in the memo that
``copy_stack`` makes for that one stack, and copies it only the first time.
"""

from __future__ import annotations

from typing import Any, Self, TypeVar

from mypy_extensions import mypyc_attr

# what copies of the objects steps share, for one stack copy: each shared object
# (hashed by identity) to its copy, of the same type; a game's steps type what
# they look up
Memo = dict[Any, Any]


# compiled, a class that allows interpreted subclasses allocates in ``cls.__new__``
# without running ``__init__`` (what a game's unpickling needs when it pickles its
# steps by their slots); the flag is not inherited, so each game's class says so too
@mypyc_attr(allow_interpreted_subclasses=True)
class Step:
    """A pending step on a game's stack: a decision, a chance event, or an automatic part.

    Each game's step kinds derive from this class, holding their own fields;
    the game's state dispatches on them. ``copy`` is the copy contract.
    """

    __slots__ = ()

    def copy(self, memo: Memo) -> Self:
        """The step as a copied state holds it: this step itself, as it never changes.

        A step kind that changes after it is pushed returns a new step, and
        takes any object it shares with other steps through ``memo``.
        """
        return self


S = TypeVar("S", bound=Step)


def copy_stack(stack: list[S]) -> list[S]:
    """A copy of ``stack`` for a copied state: each step copied under one memo."""
    if not stack:
        return []
    memo: Memo = {}
    return [s.copy(memo) for s in stack]
