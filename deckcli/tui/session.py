"""A deck being built: its bytes in memory, edits made through the same machinery as `deckcli
add`/`remove`, the verdict `deckcli check` gives, undo and redo, and saving.

Nothing here imports Textual: the builder's screen is one front end over this object, and the
tests drive it directly as well as through the screen. The deck's bytes are the one truth;
every view (the list, the verdict, the stats, sample hands) is worked out from them after each
change, so what is shown is what saving would write.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from deckcli.app.judge import judge
from deckcli.app.opendeck import LoadedDeck, load_deck
from deckcli.app.placement import place
from deckcli.app.settings import Settings
from deckcli.app.summary import card_groups, deck_curve
from deckcli.engine.resolved import Resolved
from deckcli.engine.resolver import Resolver
from deckcli.engine.rules.kinds.copies import copies_held
from deckcli.engine.rules.kinds.size import SizeRule
from deckcli.errors import EXIT_FAILED, UserError
from deckcli.formats.edit import Edit, apply_edit, plan_add, plan_remove, split_bom
from deckcli.formats.kinds import by_kind, kind_of
from deckcli.formats.read import read_limited
from deckcli.i18n import _
from deckcli.model.card import Card
from deckcli.model.deck import Deck
from deckcli.model.problem import Problem
from deckcli.model.result import DeckResult
from deckcli.pools.registry import PoolRegistry

MAX_UNDO = 500  # edits remembered for undo in one session


class DiskChanged(Exception):
    """The file on disk is no longer what the builder read or last wrote."""


class SaveFailed(Exception):
    """The deck could not be written; the message says why, the file is unchanged."""


@dataclass
class DeckLine:
    """One line of the deck list: a card (or a reference no card answers), its copies, its
    cap under the format's copies rules (None: no cap), and the problems found on it."""

    card: Card | None
    ref: str
    name: str
    count: int
    held: int
    cap: int | None
    problems: list[Problem] = field(default_factory=list)
    owned: tuple[int, int] | None = None  # (copies owned, missing) with a collection given


@dataclass
class DeckGroup:
    """A group of the deck list, as `deckcli show` groups it (by card type)."""

    label: str
    count: int
    lines: list[DeckLine]


class BuildSession:
    """One deck file being built; `data` is what saving writes, `disk` what the file held."""

    def __init__(self, path: Path, data: bytes, disk: bytes | None, deck: Deck,
                 resolver: Resolver, settings: Settings, registry: PoolRegistry) -> None:
        self.path = path
        self.data = data
        self.disk = disk  # None: the file does not exist yet
        self.resolver = resolver
        self.settings = settings
        self.registry = registry
        self.kind = deck.kind
        self.undo_stack: list[bytes] = []
        self.redo_stack: list[bytes] = []
        self.loaded: LoadedDeck
        self.result: DeckResult
        self._refresh()

    @classmethod
    def open(cls, path: Path, settings: Settings, registry: PoolRegistry) -> BuildSession:
        """A deck file on disk, read and placed as `check` places it; a usage error for a
        format the builder cannot edit (CSV, JSON, LackeyCCG)."""
        editable(path)
        loaded = load_deck(path, settings, registry)
        return cls(path, loaded.data, loaded.data, loaded.deck, loaded.resolver, settings,
                   registry)

    @classmethod
    def create(cls, path: Path, data: bytes, settings: Settings,
               registry: PoolRegistry) -> BuildSession:
        """A deck not yet on disk, holding `data` (a new deck's bytes); saving creates it."""
        from deckcli.formats.read import parse_deck_bytes

        editable(path)
        deck, _problems = parse_deck_bytes(data, Deck(path=str(path), kind=kind_of(path)))
        placed = place(deck, registry, settings)
        if placed.resolver is None:
            assert placed.stop is not None
            raise UserError(f"{path}: {placed.stop.message}", EXIT_FAILED)
        return cls(path, data, None, deck, placed.resolver, settings, registry)

    # what the deck is now

    def _refresh(self) -> None:
        """Judge the bytes with the one judge `check` and the language server call (same
        configuration, `[[decks]]`, pools and filter): every view follows from here."""
        judged = judge(self.path, self.settings, self.registry, explicit=True,
                       text=split_bom(self.data)[1], kind=self.kind)
        assert judged.deck is not None and judged.result is not None  # explicit, registry
        self.loaded = LoadedDeck(self.path, self.data, judged.deck, judged.read, self.resolver,
                                 ())
        self.result = judged.result
        self._holding: dict[str, int] | None = None

    @property
    def dirty(self) -> bool:
        """Whether the deck holds changes not saved."""
        return self.data != self.disk

    @property
    def title(self) -> str:
        return self.loaded.deck.name or self.path.name

    def holding(self) -> dict[str, int]:
        """Copies the deck holds of each card, by number (worked out once per change)."""
        if self._holding is None:
            self._holding = {}
            for item in self.loaded.counted():
                if item.card is not None:
                    number = item.card.number
                    self._holding[number] = self._holding.get(number, 0) + item.count
        return self._holding

    def held(self, card: Card) -> int:
        """Copies of this card the deck holds (every line that counts it)."""
        return sum(entry.count for entry in self.loaded.entries_for(card))

    def size_text(self) -> str:
        """The deck's count against the format's size rule: '59/60', '41/40–50', '12/≥40'."""
        cards = self.result.cards
        rule = next((r for r in self.resolver.format.rules if isinstance(r, SizeRule)), None)
        if rule is None:
            return str(cards)
        if rule.exactly is not None:
            return f"{cards}/{rule.exactly}"
        if rule.min is not None and rule.max is not None:
            return f"{cards}/{rule.min}–{rule.max}"
        if rule.min is not None:
            return f"{cards}/≥{rule.min}"
        return f"{cards}/≤{rule.max}"

    def cap(self, card: Card) -> tuple[int, int | None]:
        """(copies held of the card's group, the tightest cap the format sets, None: none)."""
        cards = self.resolver.resolve(self.loaded.deck.entries)[0]
        return self._cap_of(cards, card) or (self.held(card), None)

    def _cap_of(self, cards: list[Resolved], card: Card) -> tuple[int, int] | None:
        """(held, cap) under the copies rule nearest its cap, None when no rule caps it."""
        found = [(held, cap) for _rule, held, cap in copies_held(
            self.resolver, cards, self.loaded.deck.total, card) if cap is not None]
        return min(found, key=lambda pair: pair[1] - pair[0]) if found else None

    def groups(self) -> list[DeckGroup]:
        """The deck list as `show` groups it, each line with its cap and its problems."""
        _stats, groups = card_groups(self.loaded)
        by_number = {item.card.number: item for item in self.loaded.counted() if item.card}
        cards = self.resolver.resolve(self.loaded.deck.entries)[0]
        owned = self.ownership()
        listed = []
        for group in groups:
            lines = []
            for row in group["cards"]:
                item = by_number.get(row["number"]) if row["number"] else None
                card = item.card if item is not None else None
                ref = row["name"] if card is None else card.number
                capped = self._cap_of(cards, card) if card is not None else None
                held, cap = capped if capped is not None else (row["count"], None)
                counts = owned.get(card.number) if owned is not None and card else None
                lines.append(DeckLine(card, ref, row["name"], row["count"], held, cap,
                                      self._problems_on(card, ref),
                                      counts[1:] if counts is not None else None))
            listed.append(DeckGroup(group["type"], group["count"], lines))
        return listed

    def ownership(self) -> dict[str, tuple[int, int, int]] | None:
        """Card number -> (copies needed, owned, missing) when a collection of the deck's
        game is configured or given (`build --collection`); else None."""
        if not self.settings.collection.value:
            return None
        from deckcli.app.collection import owned_by_card

        return owned_by_card(self.loaded.deck, self.resolver, self.settings, self.registry)

    def _problems_on(self, card: Card | None, ref: str) -> list[Problem]:
        """The problems the check places on this card, or on a line that writes `ref` (a
        card not owned is no problem of the deck: the owned column says it)."""
        lines = {entry.line for entry in self.loaded.entries_for(card, ref) if entry.line}
        return [problem for problem in self.result.problems if problem.rule != "not-owned"
                and ((card is not None and problem.card == card.number)
                     or (problem.line is not None and problem.line in lines))]

    def stats(self) -> tuple[list[tuple[str, int]], str | None, list[tuple[str, int]]]:
        """(copies per card type, the curve field, copies per curve value) as `show` counts."""
        _columns, groups = card_groups(self.loaded)
        field_name, curve = deck_curve(self.loaded)
        return [(group["type"], group["count"]) for group in groups], field_name, curve

    # changes

    def add(self, card: Card, copies: int = 1) -> str:
        """Add copies of a card, as `deckcli add` would; what changed, in words."""
        held = self.held(card)
        key = self.loaded.format.card_key(self.resolver, card)
        self._change(plan_add(self.loaded.entries_for(card), key, copies))
        return _("{card}: {before} → {after}").format(card=card.label(), before=held,
                                                       after=held + copies)

    def remove(self, card: Card | None, ref: str = "", copies: int = 1) -> str:
        """Remove copies of a card (or of a line no card answers), as `deckcli remove` would;
        UserError when the deck holds none."""
        entries = self.loaded.entries_for(card, ref)
        label = card.label() if card is not None else ref
        held = sum(entry.count for entry in entries)
        if not entries:
            raise UserError(_("{card} is not in the deck; nothing to remove").format(card=label))
        self._change(plan_remove(entries, min(copies, held), label))
        return _("{card}: {before} → {after}").format(card=label, before=held,
                                                       after=held - min(copies, held))

    def _change(self, edit: Edit) -> None:
        data = apply_edit(self.data, self.loaded.deck, edit)
        self._replace(data)

    def _replace(self, data: bytes) -> None:
        self.undo_stack.append(self.data)
        del self.undo_stack[:-MAX_UNDO]
        self.redo_stack.clear()
        self.data = data
        self._refresh()

    def undo(self) -> bool:
        """Go back one change; whether there was one."""
        if not self.undo_stack:
            return False
        self.redo_stack.append(self.data)
        self.data = self.undo_stack.pop()
        self._refresh()
        return True

    def redo(self) -> bool:
        """Make again the change last undone; whether there was one."""
        if not self.redo_stack:
            return False
        self.undo_stack.append(self.data)
        self.data = self.redo_stack.pop()
        self._refresh()
        return True

    # the file on disk

    def read_disk(self) -> bytes | None:
        """What the file holds now; None when it does not exist."""
        try:
            return read_limited(self.path)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise SaveFailed(_("cannot read {path}: {reason}").format(
                path=self.path, reason=exc.strerror or exc)) from None

    def changed_on_disk(self) -> bool:
        """Whether another program changed (or removed, or created) the file meanwhile."""
        try:
            return self.read_disk() != self.disk
        except SaveFailed:
            return True

    def reload(self) -> None:
        """Take the file as it is on disk now (an undoable change: undo brings back what the
        builder held)."""
        from deckcli.formats.read import parse_deck_bytes

        current = self.read_disk()
        if current is None:
            raise SaveFailed(_("{path} no longer exists; save to write it again").format(
                path=self.path))
        deck, problems = parse_deck_bytes(current, Deck(path=str(self.path), kind=self.kind))
        from deckcli.formats.read import UNREADABLE_RULES

        blocking = next((p for p in problems if p.rule in UNREADABLE_RULES), None)
        if blocking is not None:
            raise SaveFailed(_("{path} cannot be read now: {problem}").format(
                path=self.path, problem=blocking.message))
        self.disk = current
        if current != self.data:
            self._replace(current)

    def save(self, overwrite: bool = False) -> None:
        """Write the deck atomically under its edit lock. DiskChanged when the file is not
        what was read (or last written) and `overwrite` was not asked for; SaveFailed when it
        cannot be written. The file is never left half written."""
        from deckcli.io.files import (
            ChangedOnDisk,
            LockTimeout,
            ReadOnlyFile,
            atomic_write_bytes,
            edit_lock,
        )

        try:
            with edit_lock(self.path):
                current = self.read_disk()
                if current != self.disk and not overwrite:
                    raise DiskChanged
                atomic_write_bytes(self.path, self.data, expected=current)
        except DiskChanged:
            raise
        except LockTimeout as exc:
            raise SaveFailed(_("{path} is being edited by another deckcli command ({reason}); "
                               "nothing was written — try again").format(
                path=self.path, reason=exc.strerror)) from None
        except ReadOnlyFile as exc:
            raise SaveFailed(_("{path} is {reason}; deckcli does not write a file its "
                               "permissions protect — make it writable (chmod u+w) to save "
                               "it").format(path=self.path, reason=exc.strerror)) from None
        except ChangedOnDisk:
            raise DiskChanged from None
        except OSError as exc:
            raise SaveFailed(_("cannot write {path}: {reason}; the file is unchanged").format(
                path=self.path, reason=exc.strerror or exc)) from None
        self.disk = self.data


def editable(path: Path) -> None:
    """A usage error for a deck format the builder cannot edit in place."""
    from deckcli.formats.kinds import FORMATS

    file_format = by_kind(kind_of(path))
    if not file_format.editable:
        kinds = " and ".join(f"{fmt.label}s" for fmt in FORMATS if fmt.editable)
        raise UserError(_("deckcli build edits {kinds}, not {kind}s; convert it first: "
                          "deckcli import GAME FILE -o deck.toml").format(
            kinds=kinds, kind=file_format.label))
