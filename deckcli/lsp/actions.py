"""Quick fixes for a deck's problems: each did-you-mean name for an unknown reference, the card
number of each reading of an ambiguous one, the copies over a cap cut, and the game written in
the file when it is missing or came from the configuration. Pure: text in, edits out."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from deckcli.engine.resolver import Resolver
from deckcli.errors import UserError
from deckcli.formats.base import DeckFormat, Ref
from deckcli.formats.edit import Edit, apply_edit
from deckcli.formats.kinds import by_kind
from deckcli.i18n import _
from deckcli.lsp.units import Replace
from deckcli.model.deck import Deck
from deckcli.model.problem import Problem

# the copies to cut: the number after the message's last dash, in any language ("— cut 1",
# "— ตัดออก 1 ใบ")
_CUT = re.compile(r"—[^—\d]*([\d,]+)[^—\d]*$")


@dataclass(frozen=True)
class Fix:
    """A quick fix: its title, the edits it makes, the problem it fixes (None: no problem)."""

    title: str
    edits: tuple[Replace, ...]
    problem: Problem | None = None
    preferred: bool = False


def renames(problem: Problem, ref: Ref, resolver: Resolver, deck: Deck,
            taken: set[str]) -> list[Fix]:
    """unknown-card: each suggestion; ambiguous-card: each reading's number. A TOML key the
    deck already has is not offered (TOML forbids a key twice)."""
    if problem.rule == "unknown-card":
        cards = [card for label in resolver.suggestions(ref.ref)
                 if (card := resolver.lookup(label).card) is not None]
        keys = [(resolver.spelling(card), _("Replace with {card}").format(card=card.label()))
                for card in cards]
    elif problem.rule == "ambiguous-card":
        found = resolver.lookup(ref.ref)
        keys = [(card.number, (_("Write {number} ({name}, {type})") if card.type else
                               _("Write {number} ({name})")).format(
                    number=card.number, name=card.name, type=card.type))
                for card in resolver.distinct(found.candidates)]
    else:
        return []
    fixes: list[Fix] = []
    file_format = by_kind(deck.kind)
    for key, title in keys:
        if file_format.unique_keys and key in taken:
            continue
        fixes.append(Fix(title, ((ref.line, ref.start, ref.line, ref.end,
                                  file_format.key_text(key)),), problem, preferred=not fixes))
    return fixes


def cut(problem: Problem, ref: Ref, text: str, deck: Deck) -> list[Fix]:
    """A copies problem ('— cut N'): N copies fewer on its line (the line goes at 0)."""
    over = _CUT.search(problem.message)
    if over is None or problem.line is None:
        return []
    excess = int(over.group(1).replace(",", ""))
    entries = by_kind(deck.kind).edit_entries(text, deck)
    entry = next((item for item in entries if item.line == problem.line), None)
    if entry is None:
        return []
    left = max(entry.count - excess, 0)
    try:
        after = apply_edit(text.encode("utf-8"), deck, Edit(changes=((entry, left),)))
    except UserError:
        return []
    title = _("Cut the line {card} ({before} → {after})") if left == 0 else _(
        "Cut {count} × {card} ({before} → {after})")
    return [Fix(title.format(card=ref.ref, count=entry.count - left, before=entry.count,
                             after=left),
                (line_change(text, after.decode("utf-8")),), problem, preferred=True)]


def game_lines(file_format: DeckFormat, games: list[str], problem: Problem | None
               ) -> list[Fix]:
    """Write the game at the top of the file, as its format writes it (`game = "id"` in a TOML
    deck, `# game: id` in a list)."""
    fixes: list[Fix] = []
    for game in games:
        line = file_format.game_line(game)
        fixes.append(Fix(_("Add {line}").format(line=line.strip()), ((0, 0, 0, 0, line),), problem,
                         preferred=not fixes))
    return fixes


def ranked_games(deck: Deck, open_game: Callable[[str], Resolver | None],
                 game_ids: list[str]) -> list[str]:
    """The games whose pools name most of the deck's references, best first (every game when
    none names any)."""
    scores = []
    for game in game_ids:
        resolver = open_game(game)
        named = sum(resolver.lookup(entry.ref).card is not None
                    for entry in deck.entries) if resolver else 0
        scores.append((-named, game))
    scores.sort()
    best = [game for score, game in scores if score < 0]
    return best or game_ids


def line_change(before: str, after: str) -> Replace:
    """The smallest run of whole lines that turns `before` into `after`, as one edit."""
    old, new = before.splitlines(keepends=True), after.splitlines(keepends=True)
    head = 0
    while head < min(len(old), len(new)) and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    end = len(old) - tail
    replacement = "".join(new[head:len(new) - tail])
    if end == len(old) and old and not old[-1].endswith(("\n", "\r")):
        last = old[-1]  # the document ends without a newline: end at its last character
        return head, 0, len(old) - 1, len(last), replacement
    return head, 0, end, 0, replacement
