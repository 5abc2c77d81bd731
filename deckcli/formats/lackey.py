"""LackeyCCG `.dek` decks: XML with one `<card>` element per copy, read and written.

```xml
<deck version="0.8">
  <meta><game>MMTCG</game></meta>
  <superzone name="Deck">
    <card><name id="1c49greatsurprise.jpg">Great Surprise</name><set>PowerUp</set></card>
  </superzone>
  <superzone name="NetNavi"> … </superzone>
</deck>
```

A card is read as `Name (hint)`, the hint taken from its image id (`1c49greatsurprise.jpg` ->
`1c49`): the resolver takes the hint as a card number when it is one and checks the name
against it, else reads the name alone. `<game>` is looked up among the pools' game aliases
(MegaMan's plugin writes `MMTCG`). The XML is parsed with expat, and a document type, an
entity declaration or an external entity is refused: a "billion laughs" file is an error, not
a hang.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import NoReturn
from xml.parsers import expat
from xml.sax.saxutils import escape, quoteattr

from deckcli.escape import control_character, escape_controls
from deckcli.formats.collect import EntryCollector, Zones
from deckcli.formats.entries import problem
from deckcli.formats.textread import apply_meta
from deckcli.i18n import _
from deckcli.model.card import Card
from deckcli.model.deck import Deck
from deckcli.model.problem import Problem, capped

# Zones that hold the deck itself (compared case-folded); other zones are reported, not counted.
DECK_ZONES = frozenset({"deck", "main", "maindeck", "netnavi", "navi"})
_HINT = re.compile(r"^(\d+[a-z]+\d+)", re.IGNORECASE)
_STEM = re.compile(r"\.(?:jpe?g|png|gif|webp|bmp)$", re.IGNORECASE)


class _Refused(Exception):
    """A construct a deck file has no business holding (a DTD, an entity declaration)."""


def looks_like_lackey(head: bytes) -> bool:
    """Whether the first bytes of a file look like a LackeyCCG deck (for folder scans)."""
    return b"<deck" in head[:4096]


def image_hint(image_id: str) -> str:
    """The card number an image id carries: '1c49greatsurprise.jpg' -> '1c49'; else the id
    without its folder and picture extension ('ST-36S.jpg' -> 'ST-36S')."""
    stem = _STEM.sub("", image_id.strip().rsplit("/", 1)[-1])
    match = _HINT.match(stem)
    return match.group(1) if match else stem


class _Reader:
    """expat handlers that gather the cards, zone by zone, with their lines."""

    def __init__(self, parser: expat.XMLParserType, deck: Deck, problems: list[Problem]) -> None:
        self.parser, self.deck, self.problems = parser, deck, problems
        self.collected = EntryCollector(problems)
        self.path: list[str] = []
        self.zone: str | None = None
        self.zone_line = 0
        self.text: list[str] = []
        self.card: dict[str, str] = {}
        self.card_line = 0
        self.zones = Zones(problems)

    def start(self, name: str, attrs: dict[str, str]) -> None:
        self.path.append(name)
        self.text = []
        if name == "superzone":
            self.zone, self.zone_line = attrs.get("name", ""), self.parser.CurrentLineNumber
            if control := control_character(self.zone):
                self.problems.append(problem(
                    "invalid-field", _("a zone name holds the control character {control}; "
                                       "delete it").format(
                                           control=control), self.parser.CurrentLineNumber))
                self.zone = escape_controls(self.zone)  # never a deck zone, shown escaped
        elif name == "card":
            self.card, self.card_line = {}, self.parser.CurrentLineNumber
        elif name == "name" and self.path[-2:-1] == ["card"]:
            self.card["id"] = attrs.get("id", "")

    def end(self, name: str) -> None:
        text = "".join(self.text).strip()
        parent = self.path[-2] if len(self.path) > 1 else ""
        self.path.pop()
        if parent == "card" and name in ("name", "set"):
            self.card[name] = text
        elif parent == "meta" and name == "game":
            apply_meta(self.deck, "game", text, self.parser.CurrentLineNumber, self.problems)
        elif parent == "meta" and name in ("title", "name") and text:
            apply_meta(self.deck, "name", text, self.parser.CurrentLineNumber, self.problems)
        elif name == "card":
            self._card_done()
        self.text = []

    def _card_done(self) -> None:
        line = self.card_line
        name = self.card.get("name", "")
        if self.zone is None:
            self.problems.append(problem("xml-syntax", _("a <card> outside any "
                                                         "<superzone>; put it in "
                                                         '<superzone name="Deck">'), line))
        elif not name:
            self.problems.append(problem("xml-syntax", _("a <card> without a <name>; write "
                                                         "<card><name>Card "
                                                         "name</name></card>"), line))
        else:
            hint = image_hint(self.card.get("id", ""))
            ref = f"{name} ({hint})" if hint and hint.casefold() != name.casefold() else name
            in_deck = "".join(self.zone.casefold().split()) in DECK_ZONES
            collected = (self.collected if in_deck
                         else self.zones.collector(self.zone, self.zone_line))
            collected.add(ref, 1, line, repeat_warning=False)

    def characters(self, data: str) -> None:
        self.text.append(data)


def _refuse(*_args: object) -> NoReturn:
    raise _Refused


def parse_lackey_deck(text: str, deck: Deck) -> tuple[Deck, list[Problem]]:
    """A LackeyCCG deck: the cards of its deck zones, counted by copies."""
    problems: list[Problem] = []
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    reader = _Reader(parser, deck, problems)
    parser.StartElementHandler = reader.start
    parser.EndElementHandler = reader.end
    parser.CharacterDataHandler = reader.characters
    parser.StartDoctypeDeclHandler = _refuse
    parser.EntityDeclHandler = _refuse
    parser.ExternalEntityRefHandler = _refuse
    try:
        parser.Parse(text, True)
    except _Refused:
        return deck, [problem("xml-syntax", _("the file declares a document type or "
                                              "entities; a deck file needs neither "
                                              "(refused, as an XML bomb would use them)"),
                              parser.CurrentLineNumber)]
    except expat.ExpatError as exc:
        return deck, [problem("xml-syntax", _("invalid XML: {reason} (column {column})").format(
            reason=expat.ErrorString(exc.code), column=exc.offset + 1), exc.lineno)]
    except RecursionError:
        return deck, [problem("xml-syntax", _("elements nested too deeply to read"))]
    deck.entries = reader.collected.entries
    reader.zones.finish(deck)  # zones other than Deck and NetNavi: kept apart, reported
    return deck, capped(problems)


COPIES_PER_CHUNK = 4_096  # `<card>` elements written at a time


def lackey_text(game: str, name: str | None, cards: Sequence[tuple[Card, int]]) -> str:
    """A deck as a LackeyCCG `.dek` file (see `lackey_chunks`), whole."""
    return "".join(lackey_chunks(game, name, cards))


def lackey_chunks(game: str, name: str | None, cards: Sequence[tuple[Card, int]]
                  ) -> Iterator[str]:
    """A deck as a LackeyCCG `.dek` file, in pieces: one `<card>` per copy, the NetNavi in
    its own zone, each image id the card number (so the file reads back as the same cards).
    A few thousand copies at a time: a million copies of a card never sit in memory at once."""
    zones: dict[str, list[tuple[str, int]]] = {"Deck": [], "NetNavi": []}
    for card, count in cards:
        zone = "NetNavi" if card.type == "NetNavi" else "Deck"
        card_set = escape(str(card.attrs.get("set", "")))
        zones[zone].append((f"\t\t<card><name id={quoteattr(card.number)}>{escape(card.name)}"
                            f"</name><set>{card_set}</set></card>\n", count))
    yield f'<deck version="0.8">\n\t<meta>\n\t\t<game>{escape(game)}</game>\n'
    if name:
        yield f"\t\t<title>{escape(' '.join(name.split()))}</title>\n"
    yield "\t</meta>\n"
    for zone, elements in zones.items():
        if elements or zone == "Deck":
            yield f'\t<superzone name="{zone}">\n'
            for element, count in elements:
                for done in range(0, count, COPIES_PER_CHUNK):
                    yield element * min(COPIES_PER_CHUNK, count - done)
            yield "\t</superzone>\n"
    yield "</deck>\n"
