"""Which of a card's names to show: the deck's own spelling, or the name in a chosen language."""

from __future__ import annotations

from deckcli.i18n.languages import CARD_NAME_LANGUAGES
from deckcli.model.card import Card
from deckcli.textnorm import fold

LANGUAGES = CARD_NAME_LANGUAGES


def display_name(card: Card, lang: str | None = None, written: str | None = None) -> str:
    """The card's name in `lang` where the pool has one, else its canonical name.

    Without a language, the deck's own spelling (`written`) is kept when it is one of the
    card's names; a reference by number shows the canonical name.
    """
    if lang is not None:
        return card.names.get(lang) or card.name
    if written is not None and fold(written) in card.folded_names:
        return written
    return card.name
