"""Cards found by what a player types in another script: romaji or kana for a Japanese name,
pinyin or the other character set for a Chinese one, a Latin name without its accents.

Every name of a card gives one or more *forms*, each compared by `textnorm.script_key`
(accents, kana and romaji long vowels folded):
- the name itself (so hiragana finds a katakana name, 'Área' finds AreaSteal), folded when
  the index is made;
- a kana name's romaji (Hepburn, by pykakasi), and a pool's reading fields (`*_reading`,
  Haikyu's `name_reading`) with their romaji, which stand for the card's Japanese name;
- a Chinese name (a `zh*` name, or an alias of a card that has one) in Traditional and in
  Simplified characters (OpenCC) and as toneless pinyin (pypinyin).

Those libraries take seconds to import, so the forms are made once per pool (`build_rows`) and
kept as plain rows: `deckcli.pools.scriptcache` stores them in the cache folder, so neither
a check nor a search imports them again. An ordinary deck never gets here: the resolver asks
only for a reference no number, name or alias matched.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from deckcli.engine.suggest import pool_memo
from deckcli.i18n import N_, _
from deckcli.model.card import Card
from deckcli.model.pool import Pool
from deckcli.model.problem import Problem
from deckcli.textnorm import script_key

FORMAT = 4  # bump when the rows' layout or the forms change
LIBRARIES = ("pykakasi", "pypinyin", "opencc")  # their versions key the cached rows
_KANA = re.compile("[\u3041-\u309f\u30a0-\u30ff]")
_HAN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")

# How a result says which name matched: a sentence per kind of form, filled after translation.
VIA: dict[str, str] = {
    "name": N_("{name}"),
    "romaji": N_("{form} (romaji of {name})"),
    "reading": N_("{form} (reading of {name})"),
    "pinyin": N_("{form} (pinyin of {name})"),
    "traditional": N_("{form} (Traditional characters of {name})"),
    "simplified": N_("{form} (Simplified characters of {name})"),
}

Row = tuple[str, str, str, str, str]  # key, card number, name, form, via


@dataclass(frozen=True)
class Found:
    """A card found through one of its forms."""

    card: Card
    name: str
    form: str
    via: str

    def said(self) -> str:
        """Which name matched, as results say it: 'hinata shouyou (romaji of 日向 翔陽)'."""
        return _(VIA[self.via]).format(name=self.name, form=self.form)


@dataclass
class ScriptIndex:
    """The forms of a pool's names by key, and the pool's cards by number."""

    rows: list[Row]
    cards: dict[str, Card]
    keep: str = ""  # the pool's `name_keep`: punctuation that tells names apart
    by_key: dict[str, list[Row]] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        for row in self.rows:
            self.by_key.setdefault(row[0], []).append(row)

    def _found(self, rows: list[Row]) -> list[Found]:
        seen: dict[str, Found] = {}
        for _key, number, name, form, via in rows:
            card = self.cards.get(number)
            if card is not None and number not in seen:
                seen[number] = Found(card, name, form, via)
        return list(seen.values())

    def exact(self, text: str) -> list[Found]:
        """Cards with a form equal to the text (one per card)."""
        return self._found(self.by_key.get(script_key(text, self.keep), []))

    def matching(self, text: str, test: Callable[[str, str], bool]) -> list[Found]:
        """Cards with a form the test accepts against the text's key, in pool order."""
        wanted = script_key(text, self.keep)
        if not wanted:
            return []
        rows = [row for key, rows in self.by_key.items() if test(key, wanted) for row in rows]
        order = {card: place for place, card in enumerate(self.cards)}
        return sorted(self._found(rows), key=lambda found: order[found.card.number])

    def containing(self, text: str) -> list[Found]:
        """Cards with a form containing the text: what a search finds."""
        return self.matching(text, lambda key, wanted: wanted in key)

    def starting(self, text: str) -> list[Found]:
        """Cards with a form starting with the text: what completion offers."""
        return self.matching(text, str.startswith)


def index_of(pool: Pool, rows: list[Row]) -> ScriptIndex:
    """The index of a pool's rows (`build_rows`, or the same read back from where they are
    kept)."""
    return ScriptIndex(rows, {card.number: card for card in pool.cards},
                       pool.header.game.name_keep)


def name_rows(pool: Pool) -> list[Row]:
    """A row for each name of each card, the name as its own form: the rows an index lists
    first. Kept with the other forms rather than made per run: keying thousands of Japanese
    names costs tens of milliseconds, which a check of one deck with one typo paid."""
    keep = pool.header.game.name_keep
    return [(key, card.number, name, name, "name") for card in pool.cards
            for name in card.all_names() if (key := script_key(name, keep))]


def reading_fields(pool: Pool) -> list[str]:
    """The pool's text fields giving a name's reading (`name_reading`)."""
    return [name for name, spec in pool.fields.items()
            if name.endswith("_reading") and spec.type == "str"]


def pool_names(pool: Pool) -> list[tuple[str, list[str], list[str], list[str]]]:
    """What the rows are made of, per card: number, names, Chinese names, readings. A pool
    whose names and readings are unchanged has the same rows (the cache's key)."""
    fields = reading_fields(pool)
    made = []
    for card in pool.cards:
        chinese = [name for lang, name in card.names.items() if lang.startswith("zh")]
        if chinese:
            chinese += [alias for alias in card.aliases if not _KANA.search(alias)]
        readings = [value for name in fields
                    if isinstance(value := card.attrs.get(name), str) and value]
        made.append((card.number, card.all_names(), chinese, readings))
    return made  # (the keys also depend on the pool's name_keep: `makings` adds it)


class Converters:
    """The three libraries, imported on first use (seconds each)."""

    def __init__(self) -> None:
        import opencc
        import pykakasi
        import pypinyin

        make: Callable[[], Any] = pykakasi.kakasi  # an untyped class
        self._kakasi = make()
        self._pinyin = pypinyin.lazy_pinyin
        self._opencc = [(opencc.OpenCC(config), via) for config, via in (
            ("s2t", "traditional"), ("s2tw", "traditional"), ("t2s", "simplified"))]

    def romaji(self, text: str) -> str:
        return "".join(item["hepburn"] for item in self._kakasi.convert(text))

    def pinyin(self, text: str) -> str:
        return " ".join(self._pinyin(text))

    def characters(self, text: str) -> Iterator[tuple[str, str]]:
        for converter, via in self._opencc:
            yield converter.convert(text), via


def forms(number_names: tuple[str, list[str], list[str], list[str]], tools: Converters
          ) -> Iterator[tuple[str, str, str]]:
    """(name, form, via) for one card: every name, its romaji, readings, Chinese forms."""
    _number, names, chinese, readings = number_names
    japanese = names[0]
    for name in names:  # the names themselves: `index_of` adds them
        if _KANA.search(name) and not _HAN.search(name):
            yield name, tools.romaji(name), "romaji"
    for name in chinese:
        if _HAN.search(name):
            for form, via in tools.characters(name):
                yield name, form, via
            yield name, tools.pinyin(name), "pinyin"
    for reading in readings:
        yield japanese, reading, "reading"
        yield japanese, tools.romaji(reading), "romaji"


_TOOLS: list[Converters] = []  # made once per process


def build_rows(pool: Pool) -> list[Row]:
    """Every form of every card of a pool: its names (`name_rows`), then its other forms,
    one row per card and key (the first form wins; none where a name of the card has the
    key already)."""
    if not _TOOLS:
        _TOOLS.append(Converters())
    tools, keep = _TOOLS[0], pool.header.game.name_keep
    rows: list[Row] = name_rows(pool)
    for made in pool_names(pool):
        seen = {script_key(name, keep) for name in made[1]}
        for name, form, via in forms(made, tools):
            key = script_key(form, keep)
            if key and key not in seen:
                seen.add(key)
                rows.append((key, made[0], name, form, via))
    return rows


def memo_index(pool: Pool, rows: Callable[[Pool], list[Row]]) -> ScriptIndex:
    """A pool's script index, made from its rows once per pool object (its resolvers share
    it)."""
    memo: dict[str, ScriptIndex] = pool_memo(pool, "script-index")
    if "index" not in memo:
        memo["index"] = index_of(pool, rows(pool))
    return memo["index"]


def built_index(pool: Pool) -> ScriptIndex:
    """A pool's script index made in this process (no cache: `deckcli.pools` keeps one)."""
    return memo_index(pool, build_rows)


def one_name(index: ScriptIndex, pool: Pool, ref: str) -> Found | None:
    """What a reference names in another script, when every card it names shares one name
    group: 'hinata shouyou' is 日向 翔陽, 'yagushou' 亚古兽; else None."""
    found = index.exact(ref)
    groups = {pool.name_groups[item.card.number] for item in found}
    return found[0] if len(groups) == 1 else None


def read_as(ref: str, card: Card, found: Found) -> Problem:
    """The notice of a reference read through another script: which card was read."""
    return Problem(rule="read-as", severity="info", message=_(
        '"{ref}" read as {card}: it matches {matched}').format(
        ref=ref, card=card.label(), matched=found.said()))
