"""`deckcli import`, `export` and `diff`: decks in and out of plain lists, and what changed."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from deckcli.cli import complete
from deckcli.cli.app import app, run_settings
from deckcli.cli.build import verdict
from deckcli.cli.helpstyle import epilog
from deckcli.cli.output import write_bytes, write_text_chunks
from deckcli.cli.runopts import global_allow_outside
from deckcli.errors import EXIT_FAILED, EXIT_USAGE, UserError
from deckcli.escape import escape_controls
from deckcli.formats.kinds import FORMATS, KINDS, LIST, suffix_list
from deckcli.i18n import _, ngettext

if TYPE_CHECKING:  # imported lazily at run time, to keep --help fast
    from deckcli.formats.compare import CardChange


LISTS = tuple(fmt for fmt in FORMATS if not fmt.canonical)  # what import reads


@app.command("import", help=_(
    "Turn a deck list (text, LackeyCCG .dek, CSV or JSON) into a TOML deck with cards "
    "resolved."), epilog=epilog(
    ("deckcli import megaman samples/megaman/starter-torchman.txt -o torch.toml",
     _("A text list as a TOML deck, every card resolved.")),
    ("pbpaste | deckcli import digimon-classic - -o deck.toml --partial", _("A list from the "
                                                                            "clipboard, "
                                                                            "keeping the lines "
                                                                            "that "
                                                                            "resolve.")),
    exits=_("0 written; 1 some lines did not resolve (nothing written without --partial) "
            "or OUTPUT exists; 2 an unknown game, format or file."),
))
def import_(
    game: Annotated[str, typer.Argument(metavar="GAME", help=_("Game id or alias of the list."),
                                        autocompletion=complete.game_ids)],
    file: Annotated[Path, typer.Argument(metavar="FILE",
                                         help=_("A deck list ({suffixes}; '-' reads a "
                                                "{kind} from stdin).").format(
                                             suffixes=suffix_list(LISTS), kind=LIST.label))],
    output: Annotated[Path | None, typer.Option("--output", "-o", metavar="FILE",
                                                help=_("Write the TOML deck to FILE."))] = None,
    partial: Annotated[bool, typer.Option(
        "--partial", help=_("Write the lines that resolve even if some do not."))] = False,
    deck_format: Annotated[str | None, typer.Option(
        "--deck-format", metavar="DECK-FORMAT", autocompletion=complete.deck_formats,
        help=_("Deck format (default: the list's '# format:', else the game's default)."))] = None,
    force: Annotated[bool, typer.Option("--force", help=_("Replace an existing OUTPUT."))] = False,
) -> None:
    from deckcli.app.judge import judge
    from deckcli.engine.check import check_deck
    from deckcli.engine.resolver import Resolver
    from deckcli.formats.importlist import import_list
    from deckcli.formats.kinds import NATIVE, format_of
    from deckcli.formats.read import decode_deck_bytes
    from deckcli.model.deck import Deck

    source = LIST if str(file) == "-" else format_of(file)
    if source.canonical:
        raise UserError(_("{file} is a {label} already; deckcli fmt puts it in canonical "
                          "form").format(file=file, label=source.label))
    if output is not None and output.exists() and not force:
        raise UserError(_("{output} already exists; pass --force to replace it").format(
                            output=output), EXIT_FAILED)
    text, failure = decode_deck_bytes(_read_input(file), source.kind)
    if failure is not None:
        raise UserError(_("{file}: {message}").format(
            file=file, message=failure.message), EXIT_FAILED)
    settings = run_settings([] if str(file) == "-" else [file], game=game,
                            deck_format=deck_format, game_origin="GAME")
    registry = settings.registry()
    if registry.resolve_id(game) is None:  # a GAME no pool has is a usage error, as --game's
        unknown = registry.open_resolver(game, None)
        assert not isinstance(unknown, Resolver)
        raise UserError(unknown.message)
    # the one judge: GAME counts as --game (the list's own `# game:` wins, with a notice)
    judged = judge(file, settings, registry, text=text or "", explicit=True, kind=source.kind)
    placed, deck = judged.placement, judged.deck
    assert deck is not None
    if placed is None or placed.resolver is None:
        stop = placed.stop if placed is not None else None
        assert stop is not None
        raise UserError(stop.message, EXIT_FAILED if stop.rule == "broken-pool" else EXIT_USAGE)
    for note in placed.notes:
        sys.stderr.write(escape_controls(f"deckcli: {file}: {note.message}") + "\n")
    imported = import_list(text or "", deck, judged.read, placed.resolver)
    for line in [*imported.unresolved, *imported.zones]:
        sys.stderr.write(escape_controls(f"deckcli: {file}: {line}") + "\n")
    if imported.unresolved and not partial:
        count = len(imported.unresolved)
        raise UserError(_("{count} line{value} did not resolve; nothing written (fix them, "
                          "or pass --partial to write the rest)").format(
                            count=count, value='s' * (count != 1)), EXIT_FAILED)
    if imported.zones and not partial:  # a side zone is never merged into the deck
        raise UserError(_("the list has a side zone a TOML deck has no place for; nothing "
                          "written (move its cards into the deck or delete it, or pass "
                          "--partial to write the deck without it)"), EXIT_FAILED)
    toml = "".join(NATIVE.write(imported.resolver, imported.counted, imported.deck.name))
    deck, problems = NATIVE.read(toml, Deck(path=str(output or "-"), kind=NATIVE.kind))
    different = len(imported.counted)
    said = (ngettext("imported {file} ({count} different card; its side zone left out) · "
                     "{verdict}", "imported {file} ({count} different cards; its side zone left "
                     "out) · {verdict}", different) if imported.zones else
            ngettext("imported {file} ({count} different card) · {verdict}",
                     "imported {file} ({count} different cards) · {verdict}", different))
    summary = said.format(file=file, count=different,
                          verdict=verdict(check_deck(deck, imported.resolver, problems)))
    if output is None:
        sys.stdout.write(toml)
        sys.stderr.write(escape_controls(f"deckcli: {summary}") + "\n")
    else:
        write_bytes(output, toml.encode("utf-8"), follow_links=False)
        typer.echo(escape_controls(f"{summary} → {output}"))


def _read_input(file: Path) -> bytes:
    from deckcli.app.opendeck import read_bytes, within_limit
    from deckcli.formats.read import MAX_FILE_BYTES

    if str(file) == "-":
        return within_limit(sys.stdin.buffer.read(MAX_FILE_BYTES + 1), "standard input")
    return read_bytes(file, global_allow_outside())




@app.command(help=_("Write a deck as a text list, TOML, JSON, CSV or LackeyCCG .dek (each imports "
                    "back "
      "the same)."), epilog=epilog(
    ("deckcli export torch.toml", _("A plain-text list on stdout (it imports back the "
                                    "same).")),
    ("deckcli export torch.toml --format json -o torch.json", _("JSON, written to a file.")),
    ("deckcli export torch.toml --format lackey -o torch.dek", _("A LackeyCCG deck.")),
    exits=_("0 written; 1 the deck cannot be read or holds cards that do not resolve; 2 "
            "usage error."),
))
def export(
    path: Annotated[Path, typer.Argument(metavar="PATH", help=_("The deck file."))],
    format_: Annotated[str | None, typer.Option(
        "--format", "-f", metavar="FORMAT", show_default=False,
        help=_("{kinds} (default: the one FILE's extension names, else {kind}).").format(
            kinds=", ".join(KINDS), kind=LIST.kind))] = None,
    output: Annotated[Path | None, typer.Option("--output", "-o", metavar="FILE",
                                                help=_("Write to FILE."))] = None,
) -> None:
    from deckcli.app.opendeck import load_deck
    from deckcli.formats.kinds import by_name, by_suffix

    if format_ is not None:
        file_format = by_name(format_)
        if file_format is None:
            raise UserError(_("--format takes {items}, not {format!r}").format(
                                items=', '.join(KINDS), format=format_))
    else:  # `-o torch.dek` writes a .dek, never a text list under that name
        file_format = (output is not None and by_suffix(output)) or LIST
    if output is not None and output.exists() and output.resolve() == path.resolve():
        raise UserError(_("-o {output} is the deck itself; write the export to another "
                          "file").format(output=output))
    loaded = load_deck(path, run_settings([path]))
    unread = [p for p in loaded.problems if p.severity == "error"]
    if unread:  # an export never drops a line it could not read
        from deckcli.app.opendeck import describe

        raise UserError(ngettext(
            "{problem}; fix the deck (deckcli check lists it), then export",
            "{problem}; fix the deck (deckcli check lists all {count}), then export",
            len(unread)).format(problem=describe(path, unread[0]), count=len(unread)),
            EXIT_FAILED)
    counted = loaded.counted()
    unresolved = [item.ref for item in counted if item.card is None]
    if unresolved:
        names = ", ".join(repr(ref) for ref in unresolved[:5])
        raise UserError(_("{path}: {names} name no card of {game_id} (or several that "
                          "differ); fix the deck (deckcli check says how), then export").format(
                            path=path, names=names, game_id=loaded.pool.game_id),
                        EXIT_FAILED)
    resolved = [item for item in counted if item.card is not None]
    chunks: Iterable[str] = file_format.write(loaded.resolver, resolved, loaded.deck.name)
    zones = {zone: entries for zone, entries in loaded.deck.zones.items() if entries}
    if file_format.keeps_zones:  # a text list keeps its side zones, after the deck
        from deckcli.formats.textlist import zone_text
        chunks = [*chunks, zone_text(loaded.resolver, zones)]
    else:
        for zone, entries in zones.items():
            total = sum(entry.count for entry in entries)
            sys.stderr.write(escape_controls("deckcli: " + ngettext(
                '{path}: the zone "{zone}" ({count} card) is not in the {format} export, which '
                "holds the deck only; --format {keeps} keeps it",
                '{path}: the zone "{zone}" ({count} cards) is not in the {format} export, which '
                "holds the deck only; --format {keeps} keeps it", total).format(
                    path=path, zone=zone, count=total, format=file_format.kind,
                    keeps=LIST.kind)) + "\n")
    if output is None:  # written as it comes, here and into -o FILE: a .dek can be large
        sys.stdout.writelines(chunks)
        sys.stdout.flush()
    else:
        write_text_chunks(output, chunks)


@app.command(help=_("List the cards added, removed and changed in count between two decks "
                    "of one game."), epilog=epilog(
    ("deckcli diff old.toml new.toml", _("Cards added, removed and changed in count.")),
    ("deckcli diff <(git show HEAD~1:deck.toml) deck.toml", _("Against the last commit.")),
    exits=_("0 the same cards; 1 the decks differ (as diff(1) does); 2 usage error or "
            "decks of different games."),
))
def diff(
    before: Annotated[Path, typer.Argument(metavar="A", help=_("The deck as it was."))],
    after: Annotated[Path, typer.Argument(metavar="B", help=_("The deck as it is now."))],
    format_: Annotated[str, typer.Option("--format", "-f", metavar="FORMAT",
                                         help=_("text or json."))] = "text",
) -> None:
    from deckcli.app.opendeck import load_deck
    from deckcli.formats.compare import KIND_ORDER, compare

    if format_ not in ("text", "json"):
        raise UserError(_("--format takes text or json, not {format!r}").format(format=format_))
    settings = run_settings([before, after])
    registry = settings.registry()
    old, new = load_deck(before, settings, registry), load_deck(after, settings, registry)
    if old.pool.game_id != new.pool.game_id:
        raise UserError(_("{before} is a {game} deck and {after} a {other_game} deck; "
                          "diff compares decks of one game").format(
                            before=before, game=old.pool.game_id, after=after,
                            other_game=new.pool.game_id))
    changes = compare(old.counted(), new.counted())
    sizes = [sum(item.count for item in deck.counted()) for deck in (old, new)]
    if format_ == "json":
        record = {"before": str(before), "after": str(after), "game": old.pool.game_id,
                  "cards": {"before": sizes[0], "after": sizes[1]},
                  **{kind: [c.to_json() for c in changes if c.kind == kind]
                     for kind in KIND_ORDER}}
        typer.echo(json.dumps(record, ensure_ascii=False, indent=2))
    else:
        for change in changes:
            typer.echo(_change_line(change))
        counts = ", ".join(f"{sum(c.kind == kind for c in changes)} {kind}" for kind in KIND_ORDER)
        typer.echo(f"{sizes[0]} → {sizes[1]} cards: {counts}")
    raise typer.Exit(EXIT_FAILED if changes else 0)


def _change_line(change: CardChange) -> str:
    if change.kind == "added":
        return f"+ {change.after} {change.label}"
    if change.kind == "removed":
        return f"- {change.before} {change.label}"
    return f"~ {change.label}: {change.before} → {change.after}"
