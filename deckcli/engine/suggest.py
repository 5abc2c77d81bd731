"""Close names for a reference that names no card, and the memo tables that depend on a pool
alone, which the resolvers of its formats share (a run judging decks of two formats of one
game resolves, compiles and suggests once, not once per format)."""

from __future__ import annotations

import difflib
import heapq
import re
from collections import Counter
from typing import Any
from weakref import WeakKeyDictionary

from deckcli.model.pool import Pool, trigrams_of
from deckcli.textnorm import fold

_PADDING = re.compile(r"(?<!\d)0+(?=\d)")  # the zeros of "st-001" that "St-1" has not
_POOL_MEMOS: WeakKeyDictionary[Pool, dict[str, dict[Any, Any]]] = WeakKeyDictionary()


def pool_memo(pool: Pool, name: str) -> dict[Any, Any]:
    """A named memo table for work that depends on the pool alone (compiled queries and their
    verdicts, copy keys, what a reference names, suggestions): filled once per pool, however
    many of its formats a run judges decks by."""
    tables = _POOL_MEMOS.get(pool)
    if tables is None:
        tables = _POOL_MEMOS[pool] = {}
    return tables.setdefault(name, {})


def suggestions(pool: Pool, ref: str, limit: int = 3, shortlist: int = 12) -> list[str]:
    """Close names and numbers, shown as 'Name (number)'.

    difflib over every name of a large pool costs milliseconds per typo, so candidates
    are first narrowed to the names sharing the most three-letter pieces with the reference.
    """
    memo: dict[tuple[str, int, int], list[str]] = pool_memo(pool, "suggestions")
    key = (ref, limit, shortlist)
    if key not in memo:
        memo[key] = _suggestions(pool, ref, limit, shortlist)
    return memo[key]


def number_form(text: str) -> str:
    """A card number as the pool's numbers are compared: folded (case, width) and without the
    zeros that pad its digits ("st-001" and "ST-01" -> "st-1")."""
    return _PADDING.sub("", fold(text))


def same_numbers(pool: Pool, ref: str) -> list[str]:
    """The pool's numbers that `ref` writes with other padding or case ("st-001" -> St-1)."""
    index: dict[str, list[str]] = pool_memo(pool, "number-forms")
    if not index:
        for key in pool.by_number:
            index.setdefault(number_form(key), []).append(key)
    return index.get(number_form(ref), [])


def _suggestions(pool: Pool, ref: str, limit: int, shortlist: int) -> list[str]:
    folded = fold(ref)
    labels: list[str] = [pool.by_number[key].label() for key in same_numbers(pool, ref)]
    if labels:
        return labels[:limit]
    shared: Counter[str] = Counter()
    for gram in dict.fromkeys(trigrams_of(folded)):
        shared.update(pool.trigrams.get(gram, ()))
    most = sorted(shared.values(), reverse=True)  # only keys sharing as many as the
    least = most[shortlist - 1] if len(most) > shortlist else 0  # shortlist's last can rank
    ranked = heapq.nsmallest(shortlist, [item for item in shared.items() if item[1] >= least],
                             key=lambda item: (-item[1], item[0]))
    candidates = [key for key, _ in ranked]  # ties broken by name: the same in every run
    close = difflib.get_close_matches(folded, candidates, n=limit, cutoff=0.6)
    if not close:
        close = [key for key in pool.by_name if folded and folded in key][:limit]
    for key in close:
        card = pool.by_number.get(key) or pool.by_name[key][0]
        if card.label() not in labels:
            labels.append(card.label())
    return labels
