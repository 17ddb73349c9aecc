"""The point tables of Deberts (docs/rules.md sections 1, 2.4, 2.6 and 2.8): card
points by rank, the last trick, the capot's last trick, and the declarations'
values (the ranks' trick-taking orders are :mod:`deberts.model.trick_order`'s).

A leaf module (it imports nothing of the package), so that the rules in the model
and the compiled engine read one definition of every number.
"""

from __future__ import annotations

#: Card points by rank index: a plain card.
PLAIN_POINTS: tuple[int, ...] = (0, 0, 0, 10, 2, 3, 4, 11)
#: Card points by rank index: a trump (the 9 and the jack are worth more).
TRUMP_POINTS: tuple[int, ...] = (0, 0, 14, 10, 20, 3, 4, 11)
#: The last trick's bonus; with the 152 card points a deal holds 162.
LAST_TRICK = 10
#: The last trick under the ``capot`` option when one side took every trick.
CAPOT_LAST_TRICK = 100
#: A tertz (three cards in sequence).
TERTZ_POINTS = 20
#: A fifty (four or more cards in sequence, counted as four).
FIFTY_POINTS = 50
#: Bella: the king and queen of trumps in one hand.
BELLA_POINTS = 20
