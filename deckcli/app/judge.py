"""The one judge of a deck's text: a file on disk or an editor's buffer, decided to be a deck
(or not), placed once in its game and format, and checked, with the problems the settings
report.

Every front end asks `judge` and nothing else, so they agree on every file:

- `deckcli check` (through `app.run`): `judge(path, settings, registry, explicit=...)`, and
  reports `Judged.skip` or `Judged.result`;
- the language server: `judge(path, settings, registry, text=buffer)`; a buffer is judged as a
  folder scan would judge its file (an empty buffer, or a TOML file too broken to parse that
  does not start like a deck, is not one yet), and `Judged.placement` gives the resolver for
  completion and hover even while the deck is too broken to read;
- `deckcli import`: `judge(path, settings, registry, text=list_text, explicit=True)` with
  its GAME argument in `settings.game`, like `--game`;
- the coming terminal builder, fixes and collections: the same call, with the buffer they hold.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from deckcli.app.placement import Placement, place
from deckcli.app.scan import Skip, Target
from deckcli.app.settings import DEFAULT, DeckGlob, Settings
from deckcli.engine.check import check_deck, unchecked
from deckcli.formats.base import DeckFormat
from deckcli.formats.entries import problem
from deckcli.formats.kinds import NATIVE, by_kind, by_suffix
from deckcli.formats.read import (
    UNREADABLE_RULES,
    decode_deck_bytes,
    read_limited,
    unread_suffix,
)
from deckcli.i18n import _, ngettext
from deckcli.io.stamps import sha256_hex
from deckcli.model.deck import Deck, DeckKind
from deckcli.model.problem import Problem
from deckcli.model.result import DeckResult
from deckcli.pools.registry import PoolRegistry

# select/ignore never hide these
UNSILENCED = frozenset({"pool-override", "pool-added", "config-silenced", "config-excluded"})
STYLE = frozenset({"card-spelling", "number-form"})  # shown when selected; fixed by --fix


@dataclass
class Judged:
    """What the judge says of one file or buffer.

    `skip` set: not a deck, and why (then nothing else is). Else `deck` is what was read;
    `result` the verdict with the settings' filter applied (None only when no registry was
    given: pools that could not be loaded); `placement` where the deck was placed (None when
    it was too broken to read and names no game, or when no registry was given)."""

    path: Path
    digest: str | None = None  # a hash of the bytes judged (a file's; None for a buffer)
    skip: Skip | None = None
    deck: Deck | None = None
    result: DeckResult | None = None
    placement: Placement | None = None
    read: list[Problem] = field(default_factory=list)  # what reading the deck found
    data: bytes | None = None  # the file's bytes as judged (None: a buffer, or unreadable)


def judge(path: Path, settings: Settings, registry: PoolRegistry | None, *,
          text: str | None = None, explicit: bool = False, kind: DeckKind | None = None,
          problems: Sequence[Problem] = (), fixing: bool = False) -> Judged:
    """Judge the deck at `path`, or the `text` an editor holds for it.

    `explicit`: the file was named (on the command line, by `import`): it is a deck whatever
    it holds. Otherwise its content decides, as in a folder scan (a `[[decks]]` entry of the
    configuration makes any file it names a deck). `kind`: the file format when the path's
    suffix does not give it (standard input). `problems`: found before reading (by the scan),
    reported with the deck. `registry` None: read only (the editor's configuration is broken).
    Each problem's fix gets the edits of the deck's text that make it (`formats.fixedit`);
    `fixing` (`check --fix`) also looks for the spellings the pool writes otherwise (STYLE)
    and keeps them whatever `select` says.
    """
    glob = settings.deck_glob(path)  # the one visit of the configuration's [[decks]]
    file_format = by_kind(kind) if kind is not None else by_suffix(path)
    seen: list[bytes] = []
    decoded: list[str] = []
    if text is None:
        read = _read_file(path, file_format, glob, explicit, seen, decoded)
    else:
        read = _read_buffer(path, text, file_format, glob, explicit)
    digest = sha256_hex(seen[0]) if seen else None
    if isinstance(read, Skip):
        return Judged(path, digest, skip=read)
    deck, read_problems = read
    found = [*problems, *read_problems]
    if registry is None:
        return Judged(path, digest, deck=deck, read=read_problems)
    if any(p.rule in UNREADABLE_RULES for p in found):
        placement = _written_place(deck, text, registry, settings, glob)
        return Judged(path, digest, deck=deck,
                      result=filter_problems(unchecked(deck, found), settings),
                      placement=placement, read=read_problems)
    placement = place(deck, registry, settings, glob)
    spelling = fixing or not STYLE.isdisjoint(settings.select.value)
    verdict = _verdict(deck, found, placement, spelling)
    if settings.collection.value and placement.resolver is not None:
        from deckcli.app.collection import not_owned  # only when a collection is given

        verdict.problems.extend(not_owned(deck, placement.resolver, settings, registry))
    if any(p.fix is not None for p in verdict.problems) and (text is not None or decoded):
        from deckcli.formats.fixedit import materialize

        if text is not None:  # a buffer: `deck` was read from its decoded form, so read again
            materialize(text, deck, verdict.problems, placement.resolver)
        else:  # the file's text, which reading made `deck` and `read_problems` of
            materialize(decoded[0], deck, verdict.problems, placement.resolver, read_problems)
    return Judged(path, digest, deck=deck, result=filter_problems(verdict, settings, fixing),
                  placement=placement, read=read_problems, data=seen[0] if seen else None)


def _verdict(deck: Deck, problems: list[Problem], placed: Placement, spelling: bool = False
             ) -> DeckResult:
    if placed.resolver is None:
        assert placed.stop is not None
        return unchecked(deck, [placed.stop, *problems], placed.game_id)
    return check_deck(deck, placed.resolver, [*placed.notes, *problems], spelling)


def _written_place(deck: Deck, text: str | None, registry: PoolRegistry, settings: Settings,
                   glob: DeckGlob | None) -> Placement | None:
    """For an editor: where a deck too broken to read belongs, by the game and format its
    lines name (its format's own pattern) or the configuration gives; no inference."""
    if text is None:
        return None
    written = by_kind(deck.kind).written_meta(text)
    guess = Deck(path=deck.path, kind=deck.kind, game=written.get("game"),
                 format=written.get("format"))
    if guess.game is None and settings.game.value is None and (glob is None or glob.game is None):
        return None
    return place(guess, registry, settings, glob)


def check_file(deck: Deck, problems: list[Problem], registry: PoolRegistry,
               settings: Settings) -> DeckResult:
    """The verdict on a deck already read (with the problems reading it found), unfiltered."""
    if any(p.rule in UNREADABLE_RULES for p in problems):
        return unchecked(deck, problems)
    return _verdict(deck, problems, place(deck, registry, settings))


def check_target(target: Target, registry: PoolRegistry, settings: Settings
                 ) -> DeckResult | Skip:
    """Check one deck file of a run, or say why a file met in a folder scan is not a deck.
    The answer carries a hash of the very bytes judged (`_digest`), which the result cache
    keeps it under: a file edited while it was judged is never stored against other bytes."""
    judged = judge(target.path, settings, registry, explicit=target.explicit,
                   problems=target.problems)
    answer = judged.skip or judged.result
    assert answer is not None
    answer._digest = judged.digest
    return answer


def _read_file(path: Path, file_format: DeckFormat | None, glob: DeckGlob | None,
               explicit: bool, seen: list[bytes], decoded: list[str]
               ) -> tuple[Deck, list[Problem]] | Skip:
    """A file read as a deck, unless it was found by a scan and its content says it is none
    (its format's `not_a_deck`, before reading, and `not_a_deck_read`, after): a text list
    whose lines do not read as one, a CSV without a count column, a TOML file without `game`
    or `[cards]`. A `[[decks]]` entry of the config makes any file it names a deck."""
    fmt = file_format or NATIVE
    named = explicit or glob is not None
    deck = Deck(path=str(path), kind=fmt.kind)
    try:
        data = read_limited(path)
    except OSError as exc:
        return deck, [problem("unreadable", _("cannot read the file: {reason}").format(
            reason=exc.strerror or exc))]
    seen.append(data)  # the bytes judged
    text, failure = decode_deck_bytes(data, fmt.kind)
    if failure is not None:
        if fmt.sniffed and not named:
            return Skip(str(path), _("not read as a deck: {reason}").format(
                reason=failure.message))
        found: list[Problem] = [failure]
    else:
        assert text is not None
        if fmt.sniffed and not named and (reason := fmt.not_a_deck(text)) is not None:
            return Skip(str(path), reason)
        deck, found = fmt.read(text, deck)
        decoded.append(text)  # the text judged (its fixes are edits of it)
        if file_format is None:
            found = unread_suffix(str(path), found)
    if not named and (reason := fmt.not_a_deck_read(deck, found, typing=False)) is not None:
        return Skip(str(path), reason)
    return deck, found


def _read_buffer(path: Path, text: str, file_format: DeckFormat | None, glob: DeckGlob | None,
                 explicit: bool) -> tuple[Deck, list[Problem]] | Skip:
    """An editor's buffer, judged as a folder scan judges its file; an empty buffer, or one
    of a file no deck format has, is not a deck (yet)."""
    named = explicit or glob is not None
    if not named:
        if file_format is None:
            return Skip(str(path), _("no deck format has its extension"))
        if not text.strip():
            return Skip(str(path), _("an empty document"))
        if file_format.sniffed and (reason := file_format.not_a_deck(text)) is not None:
            return Skip(str(path), reason)
    fmt = file_format or NATIVE
    deck = Deck(path=str(path), kind=fmt.kind)
    surrogate = lone_surrogate(text)
    if surrogate is not None:  # no file could hold it: the buffer is no UTF-8 text
        return deck, [surrogate]
    decoded, failure = decode_deck_bytes(text.encode("utf-8"), fmt.kind)
    if failure is not None:
        return deck, [failure]
    assert decoded is not None
    deck, found = fmt.read(decoded, deck)
    if not named and (reason := fmt.not_a_deck_read(deck, found, typing=True, text=decoded)):
        return Skip(str(path), reason)
    return deck, found


_SURROGATE = re.compile("[\ud800-\udfff]")


def lone_surrogate(text: str) -> Problem | None:
    """The `encoding` problem of an editor's text holding a lone surrogate (a client may
    send one; it is no character, and a deck file, being UTF-8, cannot hold it), or None."""
    found = _SURROGATE.search(text)
    if found is None:
        return None
    line = text.count("\n", 0, found.start()) + 1
    return Problem(rule="encoding", line=line, message=_(
        "line {line} holds a lone surrogate (U+{code:04X}), which is no character; a deck "
        "file is UTF-8 text — delete it or write the character it was meant to be").format(
            line=line, code=ord(found.group())))


def filter_problems(result: DeckResult, settings: Settings, fixing: bool = False
                    ) -> DeckResult:
    """Apply --select / --ignore (rule ids) to a deck's problems; a notice that a user pool
    judged the deck (UNSILENCED) is kept whatever they say, so a repository's configuration
    cannot hide a weakened pool. The notices of references the pool spells otherwise (STYLE)
    are reported only when selected by name, and fixed by `--fix` unless ignored (`fixing`)."""
    select, ignore = settings.select.value, settings.ignore.value
    kept: list[Problem] = []
    dropped: list[Problem] = []
    for p in result.problems:
        if p.rule in STYLE and not (fixing or p.rule in select):
            continue  # a spelling notice: looked for only when fixing or selected
        shown = p.rule in UNSILENCED or ((not select or p.rule in select) and p.rule not in ignore)
        (kept if shown else dropped).append(p)
    dropped = [p for p in dropped if p.severity != "info"]
    result.problems = kept
    origins = [ids.origin for ids in (settings.select, settings.ignore) if from_file(ids.origin)]
    silenced = [p for p in dropped if from_file(settings.ignore.origin) and p.rule in ignore
                or from_file(settings.select.origin) and select and p.rule not in select]
    if silenced:
        count = sum(p.stands_for for p in silenced)
        rules = ", ".join(sorted({p.rule for p in silenced}))
        result.problems.append(Problem(rule="config-silenced", severity="info", message=ngettext(
            "{count} problem ({rules}) not reported: the configuration {origin} leaves it out; "
            "deckcli check --isolated reports it",
            "{count} problems ({rules}) not reported: the configuration {origin} leaves them "
            "out; deckcli check --isolated reports them", count).format(
                count=count, rules=rules, origin="; ".join(dict.fromkeys(origins)))))
    return result


def from_file(origin: str) -> bool:
    """Whether a setting came from a configuration file (not a default, not the command line
    or the environment, which the person running deckcli chose)."""
    return origin != DEFAULT and not origin.startswith("--") and not origin.isupper()
