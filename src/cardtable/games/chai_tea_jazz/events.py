"""The kinds of event a round records, defined once.

An event is a tuple whose first item is its kind; the rest, by kind:

| kind       | fields                                        |
|------------|-----------------------------------------------|
| `PASS`     | seat                                          |
| `PICK`     | seat, the pick in notation                    |
| `FORCED`   | the Barrel holder, who must pick              |
| `OFFER`    | seat, amount (Passing the Barrel)             |
| `ACCEPT`   | seat, amount                                  |
| `DECLINE`  | seat, amount                                  |
| `CONTRACT` | declarer, row, play, Bet Debt, Barrel offer   |
| `TRICK`    | (leader, cards, winner)                       |
| `ROUND`    | round number, declarer, row, score            |
| `ROW`      | row, game points per side                     |
| `END`      | sides best first                              |

The bidding log of the view and the public log read them (``view``).
"""

from __future__ import annotations

from enum import IntEnum


class Event(IntEnum):
    PASS = 0
    PICK = 1
    FORCED = 2
    OFFER = 3
    ACCEPT = 4
    DECLINE = 5
    CONTRACT = 6
    TRICK = 7
    ROUND = 8
    ROW = 9
    END = 10


__all__ = ["Event"]
