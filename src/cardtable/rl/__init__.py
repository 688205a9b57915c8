"""Research interfaces: fixed action ids, observation tensors and adapters.

``codec_for(game)`` gives a game's action table and tensor layout; the
adapters for PettingZoo (``cardtable.rl.pettingzoo``), Gymnasium
(``cardtable.rl.gym``) and OpenSpiel (``cardtable.rl.openspiel``), and the
batch of games for training (``cardtable.rl.vector``), are built on it. They
need the optional extra ``cardtable[rl]``. See docs/rl.md.
"""

from cardtable.rl.codec import Codec, codec_for
from cardtable.rl.spaces import ActionSpaceError, ActionTable, Layout

__all__ = ["ActionSpaceError", "ActionTable", "Codec", "Layout", "codec_for"]
