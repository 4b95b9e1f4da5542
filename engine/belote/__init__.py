"""Classic team Belote: an exact rules engine and computer players, in pure Python.

>>> from belote import Game
>>> g = Game(seed=7)
>>> g.to_act, g.legal_actions()
(0, ['pass', 'take'])
"""

from .errors import IllegalAction
from .game import Game

__all__ = ["Game", "IllegalAction", "__version__"]
__version__ = "1.0.0"
