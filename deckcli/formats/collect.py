"""Gathering a deck's entries as a reader meets them: every format's reader (text, CSV, JSON,
LackeyCCG) adds (reference, count, line) here, so entry checks, repeats and the entry limit are
the same whatever the file looks like."""

from __future__ import annotations

from deckcli.formats.entries import MAX_COUNT, MAX_ENTRIES, check_entry, problem
from deckcli.model.deck import DeckEntry
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
            self.problems.append(problem("invalid-count", f"{ref}: listed again (line "
                                         f"{earlier.line}) for {earlier.count + count:,} in all, "
                                         f"more than any game allows; deckcli reads counts up "
                                         f"to {MAX_COUNT:,}", line, card=ref[:60]))
        elif earlier is not None:
            earlier.count += count
            if repeat_warning:
                self.problems.append(problem("duplicate-card", f"{ref} is listed again (line "
                                             f"{earlier.line}); counts added", line,
                                             severity="warning", card=ref))
        elif len(self.seen) >= MAX_ENTRIES:
            self.problems.append(problem("too-many-entries", f"more than {MAX_ENTRIES:,} entries",
                                         line))
            self.full = True
        else:
            self.seen[ref] = DeckEntry(ref=ref, count=count, line=line)

    @property
    def entries(self) -> list[DeckEntry]:
        return list(self.seen.values())
