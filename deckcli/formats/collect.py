"""Gathering a deck's entries as a reader meets them: every format's reader (text, CSV, JSON,
LackeyCCG) adds (reference, count, line) here, so entry checks, repeats and the entry limit are
the same whatever the file looks like; `Zones` keeps the cards of side zones apart."""

from __future__ import annotations

from deckcli.formats.entries import MAX_COUNT, MAX_ENTRIES, check_entry, problem
from deckcli.i18n import _
from deckcli.model.deck import Deck, DeckEntry
from deckcli.model.fix import merge_fix
from deckcli.model.problem import Problem


class EntryCollector:
    """Entries in file order; a reference written twice is counted once, with a warning."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        self.seen: dict[str, DeckEntry] = {}
        self.full = False

    def add(self, ref: str, count: object, line: int | None, repeat_warning: bool = True
            ) -> None:
        """Add one entry (or report why it is not one); `repeat_warning` off for formats that
        write one element per copy (LackeyCCG)."""
        if self.full:
            return
        entry_problem = check_entry(ref, count, line)
        if entry_problem is not None:
            self.problems.append(entry_problem)
            return
        assert isinstance(count, int)
        earlier = self.seen.get(ref)
        if earlier is not None and earlier.count + count > MAX_COUNT:
            self.problems.append(problem("invalid-count", _("{ref}: listed again (line "
                                                            "{line}) for {value:,} in all, "
                                                            "more than any game allows; "
                                                            "deckcli reads counts up to "
                                                            "{max_count:,}").format(
                                                              ref=ref, line=earlier.line,
                                                              value=earlier.count + count,
                                                              max_count=MAX_COUNT), line,
                                                              card=ref[:60]))
        elif earlier is not None:
            earlier.count += count
            if repeat_warning:
                repeated = problem("duplicate-card", _("{ref} is listed again (line "
                                                       "{line}); counts added").format(
                                                           ref=ref, line=earlier.line),
                                   line, severity="warning", card=ref)
                repeated.fix = merge_fix(ref, ref)
                self.problems.append(repeated)
        elif len(self.seen) >= MAX_ENTRIES:
            self.problems.append(problem("too-many-entries", _("more than {max_entries:,} "
                                                               "entries").format(
                                                                 max_entries=MAX_ENTRIES),
                                         line))
            self.full = True
        else:
            self.seen[ref] = DeckEntry(ref=ref, count=count, line=line)

    @property
    def entries(self) -> list[DeckEntry]:
        return list(self.seen.values())


class Zones:
    """The side zones a reader meets (`Sideboard:`, `Maybe:`, a LackeyCCG side superzone):
    their entries are kept apart from the deck's, never counted in it, and each zone is a
    `deck-zone` warning listing its cards (no game deckcli knows has a sideboard)."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        self.found: dict[str, tuple[int | None, EntryCollector]] = {}

    def collector(self, zone: str, line: int | None) -> EntryCollector:
        """Where the cards of `zone` (as first written) go; one per zone, however often the
        file starts it again."""
        key = " ".join(zone.casefold().split())
        for name, (_first, collected) in self.found.items():
            if " ".join(name.casefold().split()) == key:
                return collected
        self.found[zone] = (line, EntryCollector(self.problems))
        return self.found[zone][1]

    def finish(self, deck: Deck) -> None:
        """Put the zones on the deck and report each one that holds cards."""
        for zone, (line, collected) in self.found.items():
            entries = collected.entries
            deck.zones[zone] = entries
            if entries:
                self.problems.append(zone_problem(zone, entries, line))


def zone_problem(zone: str, entries: list[DeckEntry], line: int | None) -> Problem:
    """The `deck-zone` warning: how many cards a side zone holds, and which."""
    total = sum(entry.count for entry in entries)
    listed = ", ".join(f"{entry.count} {entry.ref}" for entry in entries[:ZONE_LISTED])
    if len(entries) > ZONE_LISTED:
        listed += f" and {len(entries) - ZONE_LISTED} more"
    return problem("deck-zone", _('{total} card{value} in the zone "{zone}" are not '
                                  "counted in the deck ({listed}): the games deckcli knows "
                                  "have no sideboard; move them into the deck to count "
                                  "them, or delete the zone").format(
                                    total=total, value="s" * (total != 1), zone=zone,
                                    listed=listed),
                   line, severity="warning")


ZONE_LISTED = 12
