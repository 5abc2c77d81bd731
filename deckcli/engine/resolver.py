"""The one way from a card reference to cards, for one pool and format.

A reference is folded (`textnorm.fold`) and looked up by number, then by name in any
language or alias. A name several cards share resolves when those cards agree on everything the
format's rules look at; otherwise the reference is ambiguous and the candidates are listed.
The `Resolver` owns every memo of its pool and format (compiled queries, verdicts, lookups,
copy keys, rule classifications), so the pool itself stays plain data.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deckcli.engine.marks import mark_note, marked_number, number_shaped
from deckcli.engine.query import Query, Verdict, compile_query
from deckcli.engine.resolved import Resolved as Resolved  # re-exported, as callers import
from deckcli.engine.resolved import Tallied as Tallied  # them from the resolver
from deckcli.engine.resolved import Unresolved
from deckcli.engine.scripts import ScriptIndex, built_index, one_name, read_as
from deckcli.engine.suggest import pool_memo, suggestions
from deckcli.i18n import _, joined, language
from deckcli.model.card import Card
from deckcli.model.deck import DeckEntry
from deckcli.model.fix import Fix, merge_fix, rename_fix
from deckcli.model.pool import Pool
from deckcli.model.poolspec import Format, RuleBase
from deckcli.model.problem import Problem
from deckcli.textnorm import fold, split_number

CLEARLY_BEST = 0.8  # a did-you-mean replaces a name when it is this close (difflib ratio)
MARGIN = 0.1  # … and closer by this much than the next guess


def rules_read(rules: Iterable[RuleBase], query: Callable[[str], Query]
               ) -> tuple[frozenset[str], tuple[str, ...]]:
    """The card fields a format's rules read (through their queries or directly) and the keys
    its copy rules count by: what makes two cards differ for the format, as each rule says."""
    fields: set[str] = set()
    keys: list[str] = []
    for rule in rules:
        for text in rule.queries().values():
            fields.update(query(text).fields - {"number", "name"})
        fields.update(rule.card_fields())
        key = rule.copy_key()
        if key is not None:
            keys.append(key)
    return frozenset(fields), tuple(keys)


@dataclass(frozen=True)
class Ambiguous:
    """An entry naming cards that differ for the rules: a card per reading, and every card."""

    entry: DeckEntry
    readings: tuple[Card, ...]
    candidates: tuple[Card, ...]


@dataclass(frozen=True)
class Lookup:
    """The outcome of resolving one reference: the card, or the candidates to choose from;
    `note` is the problem when a `Name (number)` reference's name and number disagree (the
    number decides)."""

    card: Card | None
    candidates: tuple[Card, ...]
    note: Problem | None = None


class Resolver:
    """References of one game and format -> cards, with every memo that pair needs."""

    def __init__(self, pool: Pool, format_id: str,
                 scripts: Callable[[Pool], ScriptIndex] | None = None) -> None:
        self.pool = pool
        # the script index of the pool, made (seconds) or read from a cache only when a
        # reference matches no number, name or alias (`read_as`) or a search asks for it
        self._scripts = scripts or built_index
        self.format_id = format_id
        self.format: Format = pool.header.formats[format_id]
        # what depends on the pool alone is shared by its formats' resolvers (`pool_memo`)
        self._queries: dict[str, Query] = pool_memo(pool, "queries")
        self._verdicts: dict[str, dict[str, Verdict]] = pool_memo(pool, "verdicts")
        self._copy_keys: dict[str, Mapping[str, str | None]] = pool_memo(pool, "copy-keys")
        self._named: dict[str, tuple[Card, ...]] = pool_memo(pool, "named")
        self._lookups: dict[str, Lookup] = {}
        self._plain: dict[str, Card] = {}  # references naming one card, with nothing to say
        self._memos: dict[str, dict[Any, Any]] = {}
        self.rule_fields, self.copy_key_names = rules_read(self.format.rules, self.query)

    # -- queries ---------------------------------------------------------------------------

    def query(self, text: str) -> Query:
        """A query compiled once for this pool (QueryError when it is not valid)."""
        if text not in self._queries:
            self._queries[text] = compile_query(text, self.pool.fields)
        return self._queries[text]

    def matches(self, text: str, card: Card) -> Verdict:
        """A query's verdict on a card, memoised: decks ask the same rule queries again."""
        table = self._verdicts.setdefault(text, {})
        if card.number not in table:
            table[card.number] = self.query(text).matches(card)
        return table[card.number]

    def copy_keys(self, key: str) -> Mapping[str, str | None]:
        """Card number -> the copy key a copies rule counts by (see `Pool.copy_keys`)."""
        if key not in self._copy_keys:
            self._copy_keys[key] = self.pool.copy_keys(key)
        return self._copy_keys[key]

    def memo(self, name: str) -> dict[Any, Any]:
        """A named memo table for work that depends only on this pool and format."""
        return self._memos.setdefault(name, {})

    # -- references ------------------------------------------------------------------------

    def numbered(self, ref: str) -> Card | None:
        """The card whose number a reference is, if it is one."""
        return self.pool.by_number.get(fold(ref))

    def named(self, ref: str) -> list[Card]:
        """Every card a reference names: the card with that number, else by name, else by name
        ignoring spaces and punctuation when that finds a single name ('Cyber Sword')."""
        known = self._named.get(ref)
        if known is None:
            known = self._named[ref] = self._names_of(ref)
        return list(known)

    def _names_of(self, ref: str) -> tuple[Card, ...]:
        folded = fold(ref)
        card = self.pool.by_number.get(folded)
        if card is not None:
            return (card,)
        found = self.pool.by_name.get(folded)
        if found:
            return tuple(found)
        loose = self.pool.by_squash.get(self.pool.squashed(ref), ())
        return tuple(loose) if len({fold(card.name) for card in loose}) == 1 else ()

    def scripts(self) -> ScriptIndex:
        """The pool's names in other scripts (romaji, kana, pinyin, the other Chinese
        characters, Latin without accents)."""
        return self._scripts(self.pool)

    def lookup(self, ref: str, scripts: bool = True) -> Lookup:
        """The card a reference means; `candidates` lists the choices when it is ambiguous.
        `scripts=False`: not through other scripts (game inference asks every pool)."""
        found = self._lookups.get(ref)
        if found is None and not scripts:
            return self._lookup(ref, scripts)
        if found is None:
            found = self._lookups[ref] = self._lookup(ref)
            if found.card is not None and found.note is None:
                self._plain[ref] = found.card
        return found

    def _lookup(self, ref: str, scripts: bool = True) -> Lookup:
        matches = self.named(ref)
        if not matches:
            if split := split_number(ref):
                return self._by_name_and_number(ref, *split)
            return self._by_script(ref) if scripts else Lookup(None, ())
        first = matches[0]
        if all(self._agree(first, other) for other in matches[1:]):
            return Lookup(first, tuple(matches))
        return Lookup(None, tuple(matches))

    def _by_script(self, ref: str) -> Lookup:
        """A reference in another script naming one name: that name's reading, with a notice
        saying which card was read (nothing found: no card)."""
        found = one_name(self.scripts(), self.pool, ref) if ref.strip() else None
        named = self.lookup(found.name) if found else Lookup(None, ())
        if found is None or named.card is None or named.note is not None:
            return Lookup(None, named.candidates)
        return Lookup(named.card, named.candidates, read_as(ref, named.card, found))

    def _by_name_and_number(self, ref: str, name: str, number: str) -> Lookup:
        """`Name (number)` or `Name [number]`: the number decides and the name is checked; a
        bracket that holds no card number is a gloss (`ブロード攻撃 (Broad Attack)`)."""
        card, mark_problem = self.numbered(number), None
        if card is None and (marked := marked_number(self.numbered, number)):
            card, mark_problem = marked[0], mark_note(self.pool, ref, *marked)
        if card is None:
            if number_shaped(self.pool, number):  # a number the pool lacks: never dropped
                return Lookup(None, ())
            found = self.lookup(name)
            return Lookup(found.card, found.candidates, found.note)
        if self._names(name, card):
            return Lookup(card, (card,), mark_problem)
        others = self.named(name)
        if not others and (glossed := split_number(name)):
            others = self.named(glossed[0])
        if others:
            return Lookup(card, (card,), Problem(
                rule="name-number-mismatch", message=_(
                    '"{ref}": {number} is {name}, but "{written}" is {other}; fix the name or the '
                    "number (counted as {number})").format(
                    ref=ref, number=card.number, name=card.name, written=name,
                    other=others[0].label())))
        return Lookup(card, (card,), Problem(
            rule="unmatched-name", severity="warning", message=_(
                '"{name}" names no {game} card; counted as {card} by its number').format(
                name=name, game=self.pool.game_name, card=card.label())))

    def _names(self, name: str, card: Card) -> bool:
        """Whether a name written beside a number is that card's: any of its names (folded or
        squashed), the part before a comma ('TorchMan' for 'TorchMan, Hothead'), or so once a
        bracketed gloss is dropped."""
        squashed = {self.pool.squashed(known) for known in card.all_names()}
        squashed |= {self.pool.squashed(known.split(",")[0]) for known in card.all_names()}
        while True:
            if self.pool.squashed(name) in squashed:
                return True
            split = split_number(name)
            if split is None:
                return False
            name = split[0]

    def _agree(self, a: Card, b: Card) -> bool:
        """Whether two cards are the same for every rule of the format."""
        if a.max_copies != b.max_copies:
            return False
        if any(a.attrs.get(name) != b.attrs.get(name) for name in self.rule_fields):
            return False
        return all(self.copy_keys(key)[a.number] == self.copy_keys(key)[b.number]
                   for key in self.copy_key_names)

    def spelling(self, card: Card) -> str:
        """How a deck file should name a card: its name when that reads back as this very
        card, else its number (a name shared by cards that differ would change the deck)."""
        found = self.lookup(card.name).card
        return card.name if found is not None and found.number == card.number else card.number

    def suggestions(self, ref: str, limit: int = 3, shortlist: int = 12) -> list[str]:
        """Close names and numbers, shown as 'Name (number)' (see `suggest.suggestions`)."""
        return suggestions(self.pool, ref, limit, shortlist)

    def not_a_card(self, ref: str) -> str:
        """'"Cyber Swordd" is not a MegaMan … card — did you mean CyberSword (1C12)?'"""
        shown = ref if len(ref) <= 60 else ref[:57] + "…"
        game = self.pool.game_name
        close = self.suggestions(ref)
        an = game[:1].lower() in "aeiou"  # English's article; other languages say it once
        if close:
            said = (_('"{card}" is not an {game} card — did you mean {suggestions}?') if an else
                    _('"{card}" is not a {game} card — did you mean {suggestions}?'))
        else:
            said = (_('"{card}" is not an {game} card — search with: deckcli cards {game_id} '
                      "QUERY") if an else
                    _('"{card}" is not a {game} card — search with: deckcli cards {game_id} '
                      "QUERY"))
        return said.format(card=shown, game=game, game_id=self.pool.game_id,
                           suggestions=joined(close, _("{first} or {second}")))

    def why_not(self, ref: str, found: Lookup) -> str:
        """Why a reference names no card: unknown (with suggestions) or ambiguous."""
        if not found.candidates:
            return self.not_a_card(ref)
        return _('"{ref}" names {count} cards that differ for this format\'s rules; write the card '
                 "number instead: {numbers}").format(ref=ref, count=len(found.candidates),
                                                     numbers=card_numbers(found.candidates))

    def best_guess(self, ref: str) -> Card | None:
        """The card an unknown reference most likely means, when one guess is clearly the best:
        close enough (CLEARLY_BEST) and clearly closer than any other (MARGIN)."""
        import difflib

        folded = fold(ref)
        scored = []
        for label in self.suggestions(ref, limit=3):
            card = self.lookup(label).card
            if card is None:
                continue
            keys = [fold(name) for name in card.all_names()] + [card.folded_number]
            scored.append((max(difflib.SequenceMatcher(None, folded, key).ratio()
                               for key in keys), card))
        scored.sort(key=lambda item: -item[0])
        if not scored or scored[0][0] < CLEARLY_BEST:
            return None
        if len(scored) > 1 and scored[0][0] - scored[1][0] < MARGIN:
            return None
        return scored[0][1]


    def unknown_fix(self, ref: str) -> Fix | None:
        """An unknown name replaced by its one clearly best did-you-mean (unsafe: a guess)."""
        card = self.best_guess(ref)
        if card is None:
            return None
        written = self.spelling(card)
        return rename_fix("unsafe", ref, written, _("Replace {ref} with {card}").format(
            ref=ref, card=card.label()))


    def reading_fix(self, ref: str, candidates: Sequence[Card]) -> Fix:
        """An ambiguous name: one choice per reading (its card number), none applied."""
        choices = tuple(rename_fix("unsafe", ref, card.number, _("Write {number} ({card})").format(
            number=card.number, card=card.name + (f", {card.type}" if card.type else "")))
            for card in self.distinct(candidates))
        return Fix("display-only", _("Write the card number of the reading you mean"),
                   choices=choices)

    def problem_for(self, entry: DeckEntry, found: Lookup) -> Problem:
        """The problem of an entry that names no card. What it says depends on the reference
        alone (and the language), so it is worked out once per reference: a typo copied into
        many decks costs its suggestions and best guess once."""
        memo: dict[tuple[str, str], Problem] = self.memo("unnamed")
        key = (entry.ref, language())
        said = memo.get(key)
        if said is None:
            message = self.why_not(entry.ref, found)
            said = memo[key] = (
                Problem(rule="ambiguous-card", message=message,
                        fix=self.reading_fix(entry.ref, found.candidates))
                if found.candidates else
                Problem(rule="unknown-card", message=message, fix=self.unknown_fix(entry.ref)))
        shown = entry.ref if len(entry.ref) <= 60 else entry.ref[:57] + "…"
        return said.replaced(card=shown, line=entry.line)

    # -- decks -----------------------------------------------------------------------------

    def resolve(self, entries: Iterable[DeckEntry], ambiguous: list[Ambiguous] | None = None
                ) -> tuple[list[Resolved], list[Problem]]:
        """Every entry's card; entries naming the same card are merged (with a warning). Entries
        naming cards that differ for the rules are problems, or go to `ambiguous` if given."""
        resolved: dict[str, Resolved] = {}
        problems: list[Problem] = []
        plain = self._plain
        for entry in entries:
            card = plain.get(entry.ref)
            if card is None:  # a reference met for the first time, or one with more to say
                found = self.lookup(entry.ref)
                card = found.card
                if found.note is not None:
                    problems.append(found.note.replaced(card=entry.ref[:60], line=entry.line))
                if card is None:
                    if ambiguous is not None and found.candidates:
                        ambiguous.append(Ambiguous(entry, self.distinct(found.candidates),
                                                   found.candidates))
                    else:
                        problems.append(self.problem_for(entry, found))
                    continue
            earlier = resolved.get(card.number)
            if earlier is None:
                resolved[card.number] = Resolved(card, entry.count, entry)
                continue
            earlier.count += entry.count
            problems.append(Problem(
                rule="duplicate-card", severity="warning", card=card.number, line=entry.line,
                message=_('"{ref}" and "{earlier}" (line {line}) are both {card}; counted '
                          "together as {count}").format(
                            ref=entry.ref, earlier=earlier.ref, line=earlier.line,
                            card=card.label(), count=earlier.count),
                fix=merge_fix(entry.ref, earlier.ref)))
        return list(resolved.values()), problems

    def copy_slots(self, card: Card) -> set[tuple[str, str | None]]:
        """What the format's copy rules count a card by: (key, value) pairs."""
        return {(key, self.copy_keys(key)[card.number]) for key in self.copy_key_names}

    def interchangeable(self, a: Card, b: Card, taken: set[tuple[str, str | None]]) -> bool:
        """Whether one copy of `a` or of `b` gives a deck the same verdict: they agree on
        copy caps and every field the rules read, and no other card of the deck shares
        what the copy rules count them by (`taken`)."""
        if a.max_copies != b.max_copies:
            return False
        if any(a.attrs.get(name) != b.attrs.get(name) for name in self.rule_fields):
            return False
        return not (self.copy_slots(a) | self.copy_slots(b)) & taken

    def distinct(self, cards: Iterable[Card]) -> tuple[Card, ...]:
        """One card for each group of cards that are the same for every rule of the format."""
        kept: list[Card] = []
        for card in cards:
            if not any(self._agree(other, card) for other in kept):
                kept.append(card)
        return tuple(kept)

    def tally(self, entries: Iterable[DeckEntry]) -> list[Tallied]:
        """Entries merged by card, in deck order; references naming no card stay as written."""
        merged: dict[str, Tallied] = {}
        for entry in entries:
            card = self.lookup(entry.ref).card
            slot = card.number if card else "\0" + fold(entry.ref)
            if slot in merged:
                merged[slot].count += entry.count
            else:
                merged[slot] = Resolved(card, entry.count, entry) if card else Unresolved(
                    entry.count, entry)
        return list(merged.values())


def card_numbers(cards: Sequence[Card], shown: int = 8) -> str:
    """'ST-36, ST-36S' — the first `shown` numbers of cards, and how many more."""
    numbers = ", ".join(card.number for card in cards[:shown])
    if len(cards) <= shown:
        return numbers
    return _("{numbers} and {count} more").format(numbers=numbers, count=len(cards) - shown)
