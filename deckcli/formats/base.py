"""What a deck file format is: the small interface every format module implements.

A format is one module of `deckcli.formats` (`toml_format`, `text_format`, `lackey_format`,
`csv_format`, `json_format`) holding one `DeckFormat`: its suffixes, how a folder scan
recognises its content, its `game` line or field (one pattern, shared by reading, sniffing,
completion and fixes), reading, writing, and what the language server needs (where each card
reference sits, the outline, what the cursor completes). `formats.kinds` lists them
(`FORMATS`); nothing outside `deckcli.formats` names a suffix or branches on a format's name,
so a new format is a new module and a line in that list.

The defaults below are those of a format deckcli reads and writes but does not edit in place
and shows no structure of in an editor (LackeyCCG, CSV, JSON).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Literal

from deckcli.model.deck import Deck, DeckEntry, DeckKind
from deckcli.model.problem import Problem

if TYPE_CHECKING:
    from deckcli.engine.resolver import Resolved, Resolver
    from deckcli.model.card import Card


@dataclass(frozen=True)
class Ref:
    """A card reference as written: its line (0-based), columns (code points) and text."""

    line: int
    start: int
    end: int
    ref: str
    count: int | None = None


SymbolKind = Literal["field", "section", "card"]


@dataclass
class Symbol:
    """One outline entry over lines `first`..`last` (0-based), named by `name`."""

    name: str
    kind: SymbolKind
    first: int
    last: int
    detail: str = ""
    children: list[Symbol] = field(default_factory=list)

    def close(self, line: int) -> None:
        self.last = max(self.last, line)


SpotKind = Literal["card", "game", "format", "game-line"]


@dataclass(frozen=True)
class Spot:
    """The text a cursor is completing: its columns, what is typed, how a choice is written
    (`before` and `after` it; `quoted`: as a TOML string)."""

    kind: SpotKind
    start: int
    end: int
    typed: str
    before: str = ""
    after: str = ""
    quoted: bool = False


class DeckFormat:
    """One deck file format. Subclasses set the class attributes and override what differs."""

    kind: ClassVar[DeckKind]  # the name `Deck.kind` and `export --format` use
    label: ClassVar[str]  # how messages name its files ("text list")
    suffixes: ClassVar[tuple[str, ...]]  # lower case, with the dot; the first is suggested
    sniffed: ClassVar[bool] = True  # a folder scan reads it before taking it as a deck
    editable: ClassVar[bool] = False  # add, remove and fmt change such files in place
    canonical: ClassVar[bool] = False  # deckcli's own format: what import writes, fmt formats
    keeps_zones: ClassVar[bool] = False  # an export to it keeps a deck's side zones
    unique_keys: ClassVar[bool] = False  # a reference may be written once only (TOML keys)

    # -- reading and writing -----------------------------------------------------------------

    def read(self, text: str, deck: Deck) -> tuple[Deck, list[Problem]]:
        """The deck a decoded file holds, with every problem found (never raises)."""
        raise NotImplementedError

    def write(self, resolver: Resolver, counted: list[Resolved], name: str | None
              ) -> Iterable[str]:
        """The file of a deck, in pieces (a .dek holds one element per copy: it streams)."""
        raise NotImplementedError

    # -- recognising a deck ------------------------------------------------------------------

    def not_a_deck(self, text: str) -> str | None:
        """Before reading (formats a scan sniffs): why a file's text is no deck, else None."""
        return None

    def not_a_deck_read(self, deck: Deck, problems: list[Problem], *, typing: bool,
                        text: str = "") -> str | None:
        """After reading (`typing`: an editor's buffer): why what was read is no deck."""
        return None

    # -- the game line -----------------------------------------------------------------------

    def written_meta(self, text: str) -> dict[str, str]:
        """The game and format a text too broken to read names by its own pattern."""
        return {}

    def game_line(self, game: str) -> str:
        """The line (with its newline) that names the deck's game at the top of a file."""
        return f"# game: {game}\n"

    def pin_hint(self, game: str) -> str:
        """How a message tells the user to name the game in such a file."""
        from deckcli.i18n import _

        return _("a line '{line}'").format(line=self.game_line(game).strip())

    # -- editing and the editor --------------------------------------------------------------

    def key_text(self, key: str) -> str:
        """A card reference as the format writes it in place of another."""
        return key

    def edit_entries(self, text: str, deck: Deck) -> list[DeckEntry]:
        """The entries an edit counts by (one per line of the file)."""
        return deck.entries

    def card_key(self, resolver: Resolver, card: Card) -> str:
        """How an edit writes a card in such a file (`Resolver.spelling`)."""
        return resolver.spelling(card)

    def refs(self, text: str) -> dict[int, Ref]:
        """Every card reference of the text with its columns, by line (0-based)."""
        return {}

    def outline(self, text: str, describe: Callable[[Ref], str]) -> list[Symbol]:
        """The header fields, sections and cards of the text (`describe`: a card's detail)."""
        return []

    def spot(self, lines: list[str], row: int, column: int) -> Spot | None:
        """What the cursor at (row, column) completes, if anything."""
        return None

    def reformat(self, text: str, resolver: Resolver) -> str | None:
        """The text in `deckcli fmt`'s canonical form (UserError when it cannot be); None for
        a format that has none."""
        return None
