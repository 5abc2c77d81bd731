"""Option types several commands share, as `Annotated` aliases, and choices as Enums.

Only the commands import this module, after the language is chosen: the help is translated
as it imports.

Each alias names its value (`--game GAME`) and its completion once; a command declares
`game: GameOption = None`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from deckcli.cli import complete
from deckcli.i18n import _


class Policy(StrEnum):
    """`draw --mulligan POLICY`: how a hand that misses the wants is mulliganed."""

    default = "default"
    best = "best"
    none = "none"


GameOption = Annotated[str | None, typer.Option(
    "--game", "-g", metavar="GAME", autocompletion=complete.game_ids,
    help=_("Game for a deck that does not name one (a text list)."))]
DeckFormatOption = Annotated[str | None, typer.Option(
    "--deck-format", metavar="DECK-FORMAT", autocompletion=complete.deck_formats,
    help=_("Deck format (rules and set-up) for a deck that does not name one."))]
