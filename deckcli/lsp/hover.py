"""A card reference's hover: the card's facts as the pool records them, its copies in the deck
against the format's cap, and (games with costs) its chance to be playable on turn 3 as
`deckcli show` gives it. Every pool and deck text is escaped: no markup comes from data."""

from __future__ import annotations

import re
from collections.abc import Mapping

from deckcli.draw.playable import SHOW_TURN, show_chance
from deckcli.engine.resolver import Resolved, Resolver
from deckcli.engine.rules import hover_lines
from deckcli.i18n import _
from deckcli.model.card import Card
from deckcli.model.deck import Deck
from deckcli.report.cardview import card_record, show_value

_MARKUP = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~&])")
_SKIPPED = frozenset({"number", "name", "names", "aliases", "source", "max_copies"})
# Where a pool's data came from, not what the card is: left out of a player's hover.
PROVENANCE = frozenset({"reference_file", "ja_name_derived", "name_match", "set_sort_order"})


def md(text: object) -> str:
    """Text shown as itself in Markdown (every character that could be markup escaped)."""
    return _MARKUP.sub(r"\\\1", " ".join(str(text).split()))


def hover_text(resolver: Resolver, deck: Deck, ref: str,
               owned: Mapping[str, tuple[int, int, int]] | None = None) -> str:
    """The Markdown of a hover over `ref`, a reference of the deck; `owned` (card number ->
    copies needed, owned, missing) when a collection of the deck's game is configured."""
    found = resolver.lookup(ref)
    if found.card is None:
        if found.candidates:
            numbers = ", ".join(md(card.label()) for card in found.candidates[:8])
            return _("**{ref}** names {count} cards that differ for this format's rules: "
                     "{numbers}").format(ref=md(ref), count=len(found.candidates),
                                         numbers=numbers)
        return md(resolver.not_a_card(ref))
    card = found.card
    lines = [f"**{md(card.name)}** · {md(card.number)}"]
    for lang, name in card.names.items():
        if name != card.name:
            lines.append(f"{md(lang)}: {md(name)}")
    if card.aliases:
        lines.append(_("also written: {aliases}").format(
            aliases=", ".join(md(alias) for alias in card.aliases)))
    lines += [f"{md(key.replace('_', ' '))}: {md(show_value(value))}"
              for key, value in card_record(card).items()
              if key not in _SKIPPED and key not in PROVENANCE and value not in (None, "", [])]
    cards = resolver.resolve(deck.entries)[0]
    lines += copies_lines(resolver, cards, deck.total, card)
    if owned is not None and card.number in owned:
        needed, holding, missing = owned[card.number]
        lines.append((_("owned: {owned} (the deck needs {needed}) — acquire {missing}")
                      if missing else _("owned: {owned} (the deck needs {needed})")
                      ).format(owned=holding, needed=needed, missing=missing))
    chance = show_chance(resolver, [(item.card, item.count) for item in cards], card)
    if chance is not None:
        shown = md(chance.replace(" ½t", _("; 50% from turn ")))
        lines.append(_("playable on turn {turn}: {chance} (as `deckcli show` gives it)").format(
            turn=SHOW_TURN, chance=shown))
    return "  \n".join(lines)


def copies_lines(resolver: Resolver, cards: list[Resolved], total: int, card: Card
                 ) -> list[str]:
    """What each rule of the format says about the card ('copies in the deck: 5 (at most 4
    per name; rule copies)'): each rule kind answers for itself; the values it fills in
    (a pool's rule id and key) are escaped."""
    return [sentence.format(**{key: md(value) for key, value in values.items()})
            for sentence, values in hover_lines(resolver, cards, total, card)]
