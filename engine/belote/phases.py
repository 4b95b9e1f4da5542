"""The phases a match goes through, as the names the views and the AI use.

A deal is bid in two rounds (``BID1``, then ``BID2`` if all four passed) and then played
(``PLAY``); ``OVER`` is the match's phase once a team has won.
"""

from __future__ import annotations

BID1 = "bid1"
BID2 = "bid2"
PLAY = "play"
OVER = "over"
BIDDING: tuple[str, str] = (BID1, BID2)
