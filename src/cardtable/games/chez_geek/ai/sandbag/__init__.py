"""The sandbag bot, Chez Geek's ``hard`` level: the heuristic, with the leader tax in mind.

Every ``heuristic`` bot aims its attacks (sent and called People, stolen
Things, cancels of big plays) at the seat nearest its Slack Goal, so a lead
draws a tax: about 1.1 Slack lost per opponent's turn as the target, 0.2
otherwise. Holding Slack back to stay out of the lead loses (a turn's Free
Time and Income are spent or lost; card flow is worth more than the attacks
a lead draws), so this bot instead takes what escapes the tax: it discards
down to one card for the most fresh cards (``keeping``), keeps and spends
cancels, which lower the others without raising its own Slack
(``cancels``), buys the Things that raise Free Time or Income (``economy``)
and plays its uncancellable finisher last (``plays``). It reads only its
own observation and the printed cards. The tuning rounds and their figures
are in docs/notes/sandbag-tuning.md.
"""

from cardtable.games.chez_geek.ai.sandbag.bot import SandbagBot
from cardtable.games.chez_geek.ai.sandbag.settings import SandbagSettings

__all__ = ["SandbagBot", "SandbagSettings"]
