"""`check --fix`: a deck file judged, the fixes its problems offer applied, judged again, until
nothing more can be fixed (fixes whose edits overlap wait for the next round, as ruff does).

Pure of the terminal and of writing: this gives the new bytes and the counts; the command
line writes them (atomically, under the deck's edit lock, only if the file still holds what
was read) and reports. A run of safe fixes is read back as a whole before it is offered: the
same cards and counts, or nothing is changed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from deckcli.app.judge import judge
from deckcli.app.scan import Target
from deckcli.app.settings import Settings
from deckcli.engine.resolver import Resolver
from deckcli.formats.edit import split_bom
from deckcli.formats.fixedit import apply_edits, cards_of, compatible, editable_in_place
from deckcli.formats.kinds import by_kind
from deckcli.formats.read import UNREADABLE_RULES
from deckcli.i18n import _, ngettext
from deckcli.model.deck import Deck, DeckKind
from deckcli.model.fix import Fix
from deckcli.model.problem import Problem
from deckcli.pools.registry import PoolRegistry

MAX_ROUNDS = 20  # a fix that makes another possible: a few rounds; never an endless loop


@dataclass
class Fixed:
    """What fixing one deck file did: its bytes before and after, how many problems its fixes
    answered, how many more `--unsafe-fixes` would, and why fixes were left (`note`)."""

    path: Path
    before: bytes
    after: bytes
    fixed: int = 0
    unsafe_left: int = 0
    note: str | None = None  # why fixes were left (a format not edited in place)
    refused: bool = False  # nothing was fixed because the fixes did not keep their promise

    @property
    def changed(self) -> bool:
        return self.after != self.before


def applicable(problems: list[Problem], unsafe: bool) -> list[Fix]:
    """The fixes `--fix` applies (safe ones, and unsafe ones too with `unsafe`), in order."""
    return [p.fix for p in problems if p.fix is not None and p.fix.applicable
            and (p.fix.applicability == "safe" or unsafe)]


def unsafe_count(problems: list[Problem]) -> int:
    return sum(p.fix is not None and p.fix.applicable and p.fix.applicability == "unsafe"
               for p in problems)


def fix_target(target: Target, registry: PoolRegistry, settings: Settings, unsafe: bool
               ) -> Fixed | None:
    """Fix one deck file in memory; None when the file is no deck (a scan's skip) or cannot
    be read (the check reports why)."""
    judged = judge(target.path, settings, registry, explicit=target.explicit,
                   problems=target.problems)
    if judged.deck is None or judged.data is None or judged.result is None or any(
            p.rule in UNREADABLE_RULES for p in judged.read):
        return None  # no deck, or one that cannot be read (not UTF-8, invalid TOML): unfixed
    return fix_text(target.path, judged.data, judged.deck.kind, registry, settings, unsafe)


def fix_text(path: Path, data: bytes, kind: DeckKind | None, registry: PoolRegistry,
             settings: Settings, unsafe: bool) -> Fixed:
    """The rounds of fixing a deck whose file holds `data` (see the module's docstring); each
    round is the judge's verdict on the text so far, as `check` would give it."""
    bom, text = split_bom(data)
    found = Fixed(path, data, data)
    original = text
    start: tuple[Resolver, Counter[str]] | None = None
    deck: Deck | None = None
    for _round in range(MAX_ROUNDS):
        judged = judge(path, settings, registry, text=text, explicit=True, kind=kind,
                       fixing=True)
        deck, result = judged.deck, judged.result
        if deck is None or result is None:
            break
        kind = deck.kind
        resolver = judged.placement.resolver if judged.placement is not None else None
        if start is None and resolver is not None:
            start = resolver, cards_of(resolver, deck.entries)
        fixes = compatible(applicable(result.problems, unsafe), text)
        if not fixes:
            found.unsafe_left = 0 if unsafe else unsafe_count(result.problems)
            if not editable_in_place(deck) and any(p.fix is not None and p.fix.applicability
                                                   != "display-only"
                                                   for p in result.problems):
                found.note = not_in_place(deck.kind)
            break
        text = apply_edits(text, [edit for fix in fixes for edit in fix.edits])
        found.fixed += len(fixes)
    if not unsafe and start is not None and deck is not None \
            and cards_of(start[0], deck.entries) != start[1]:
        found.fixed = 0  # a safe fix that changed the cards: a bug; keep the file as it was
        found.refused = True
        found.note = _("the safe fixes would change the deck's cards, so the file is left as "
                       "it was; please report this deck")
        return found
    if text != original:
        found.after = bom + text.encode("utf-8")
    return found


def not_in_place(kind: DeckKind) -> str:
    """Why a deck's fixes were not made: its format is not edited in place."""
    label = by_kind(kind).label
    return _("{label}s are not edited in place, so their fixes are not applied; convert the "
             "deck first (deckcli import GAME FILE -o deck.toml)").format(label=label)


def summary(results: list[Fixed], unsafe: bool, diff: bool) -> str:
    """'Fixed 3 problems in 2 files (1 more with --unsafe-fixes).'"""
    fixed = sum(item.fixed for item in results)
    files = sum(item.changed for item in results)
    more = sum(item.unsafe_left for item in results)
    if diff:
        line = ngettext("Would fix {fixed} problem (files to change: {files}).",
                        "Would fix {fixed} problems (files to change: {files}).", fixed)
    else:
        line = ngettext("Fixed {fixed} problem (files changed: {files}).",
                        "Fixed {fixed} problems (files changed: {files}).", fixed)
    text = line.format(fixed=fixed, files=files)
    if more and not unsafe:
        text += " " + ngettext("{count} more can be fixed with --unsafe-fixes.",
                               "{count} more can be fixed with --unsafe-fixes.",
                               more).format(count=more)
    return text
