"""Goldfishing: a game's set-up as a procedure, and the odds that a hand holds what a deck wants.

`wants` parses the conditions and cuts the draw pile into disjoint groups, `setup` turns a
pool's `[setup]` data into a procedure, `exact` and `mulligan` sum hypergeometric terms over
the groups, `simulate` (the only module that imports numpy) deals hands in bulk, and
`goldfish` ties them together for the command line.
"""


class DrawError(ValueError):
    """What the user asked cannot be drawn: a bad want, a --start card that cannot start."""
