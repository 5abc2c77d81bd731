"""`deckcli new`, `add`, `remove`, `fmt` and `schema`: build decks without losing a byte.

Every write goes through `deckcli.io.files` (a temporary file in the same folder, then a rename),
and only after the new bytes have been read back and checked.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from deckcli.cli import complete
from deckcli.cli.app import app, open_registry, run_settings
from deckcli.cli.guard import error
from deckcli.cli.helpstyle import epilog
from deckcli.cli.output import locked, write_bytes
from deckcli.errors import EXIT_FAILED, UserError
from deckcli.formats.kinds import suffix_list
from deckcli.i18n import _, ngettext

if TYPE_CHECKING:  # imported lazily at run time, to keep --help fast
    from collections.abc import Callable

    from deckcli.app.opendeck import LoadedDeck
    from deckcli.formats.edit import Edit
    from deckcli.model.result import DeckResult



def verdict(result: DeckResult) -> str:
    """'60 cards · legal' or '59 cards · illegal: deck-size' (warnings, notices named after)."""
    def rules(severity: str) -> str:
        return ", ".join(dict.fromkeys(p.rule for p in result.problems if p.severity == severity))

    errors = rules("error")
    text = _("illegal: {rules}").format(rules=errors) if errors else _("legal")
    if rules("warning"):
        text += " " + _("(warnings: {rules})").format(rules=rules("warning"))
    if rules("info"):
        text += " " + _("(notices: {rules})").format(rules=rules("info"))
    cards = ngettext("{count} card", "{count} cards", result.cards).format(count=result.cards)
    return f"{cards} · {text}"


@app.command(help=_("Start a new, empty deck file for a game."), epilog=epilog(
    ('deckcli new megaman torch.toml --name "TorchMan burn"', _("A TOML deck for the game's "
                                                                "default format.")),
    ("deckcli new digimon-classic list.txt --deck-format ultimate-battle", _("A text list for "
                                                                             "another "
                                                                             "format.")),
    exits=_("0 written; 1 the file exists (without --force) or cannot be written; 2 an "
            "unknown game or format, or a file extension deckcli does not write."),
))
def new(
    game: Annotated[str, typer.Argument(metavar="GAME",
                                        help=_("Game id or alias (see deckcli games)."),
                                        autocompletion=complete.game_ids)],
    path: Annotated[Path, typer.Argument(metavar="PATH",
                                         help=_("The deck file to create ({suffixes}).").format(
                                             suffixes=suffix_list()))],
    deck_format: Annotated[str | None, typer.Option(
        "--deck-format", metavar="DECK-FORMAT", autocompletion=complete.deck_formats,
        help=_("Deck format (default: the game's default format)."))] = None,
    name: Annotated[str | None, typer.Option("--name", "-n", metavar="NAME",
                                             help=_("The deck's name."))] = None,
    force: Annotated[bool, typer.Option("--force", help=_("Replace an existing file."))] = False,
) -> None:
    from deckcli.app.newdeck import new_deck_bytes, new_deck_format
    from deckcli.app.opendeck import open_game
    from deckcli.engine.check import check_deck
    from deckcli.formats.read import parse_deck_bytes
    from deckcli.model.deck import Deck

    file_format = new_deck_format(path)
    registry = open_registry()
    resolver = open_game(registry, game, deck_format)
    if path.is_dir():
        raise UserError(_("{path} is a folder; name the deck file to create").format(path=path))
    if path.exists() and not force:
        raise UserError(_("{path} already exists; pass --force to replace it").format(
                            path=path), EXIT_FAILED)
    game_id, format_id = resolver.pool.game_id, resolver.format_id
    data = new_deck_bytes(path, resolver, name)
    deck, problems = parse_deck_bytes(data, Deck(path=str(path), kind=file_format.kind))
    result = check_deck(deck, resolver, problems)
    write_bytes(path, data)
    typer.echo(_("wrote {path}: {game} · {format} · {verdict}").format(
        path=path, game=game_id, format=format_id, verdict=verdict(result)))
    if file_format.editable:
        typer.echo(_("next: deckcli add {path} CARD [COUNT]").format(path=path))
    else:  # add and remove edit TOML decks and text lists only
        typer.echo(_("next: list its cards with the program that reads {kind} files; "
                     "deckcli check {path} judges it").format(kind=file_format.label, path=path))


@app.command(help=_("Add copies of a card; the rest of the file stays byte for byte as it was."),
             epilog=epilog(
    ("deckcli add torch.toml CyberSword 4", _("Four copies, by name (any case or width).")),
    ('deckcli add torch.toml "TorchMan, Hothead"', _("One copy of a card whose name has a "
                                                     "comma.")),
    ("deckcli add list.txt 1C12 2", _("By card number, in a text list.")),
    exits=_("0 added; 1 the deck cannot be read or written; 2 an unknown or ambiguous "
            "card, or a count that is not a whole number of 1 or more."),
))
def add(
    path: Annotated[Path, typer.Argument(metavar="PATH",
                                         help=_("The deck file (TOML or text list)."))],
    card: Annotated[str, typer.Argument(metavar="CARD",
                                        help=_("Card number, name in any language, or "
                                               "alias."),
                                        autocompletion=complete.card_names)],
    count: Annotated[str, typer.Argument(metavar="COUNT", help=_("Copies to add (default 1)."),
                                         show_default=False)] = "1",
) -> None:
    from deckcli.formats.edit import plan_add

    copies = parse_count(count)

    def plan(loaded: LoadedDeck) -> tuple[Edit, str]:
        target = loaded.card(card)
        entries = loaded.entries_for(target)
        key = loaded.format.card_key(loaded.resolver, target)
        held = sum(entry.count for entry in entries)
        return plan_add(entries, key, copies), f"{target.label()}: {held} → {held + copies}"

    _edit(path, plan)


def parse_count(text: str) -> int:
    """A count typed in any script's digits (４, ٤): a whole number of at least 1."""
    from deckcli.textnorm import whole_number

    number = whole_number(text)
    if number is None or number < 1:
        raise UserError(_("COUNT must be a whole number of 1 or more, not {text!r} (e.g. "
                          "deckcli add DECK CARD 4)").format(text=text))
    return number


@app.command(help=_("Remove copies of a card; removing the last copy removes its line."),
             epilog=epilog(
    ("deckcli remove torch.toml Canceled 2", _("Two copies; the line goes when none is "
                                               "left.")),
    ("deckcli remove torch.toml 1C21 --all", _("Every copy of a card, by number.")),
    exits=_("0 removed; 1 the card is not in the deck (or not that many copies); 2 an "
            "unknown card or a bad count."),
))
def remove(
    path: Annotated[Path, typer.Argument(metavar="PATH",
                                         help=_("The deck file (TOML or text list)."))],
    card: Annotated[str, typer.Argument(metavar="CARD",
                                        help=_("Card number, name in any language, or "
                                               "alias; or an entry exactly as the deck "
                                               "writes it."),
                                        autocompletion=complete.card_names)],
    number: Annotated[str | None, typer.Argument(metavar="COUNT",
                                                 help=_("Copies to remove (default 1)."),
                                                 show_default=False)] = None,
    all_: Annotated[bool, typer.Option("--all", help=_("Remove every copy."))] = False,
) -> None:
    from deckcli.formats.edit import plan_remove

    if all_ and number is not None:
        raise UserError(_("give COUNT or --all, not both"))
    count = None if number is None else parse_count(number)

    def plan(loaded: LoadedDeck) -> tuple[Edit, str]:
        found = loaded.resolver.lookup(card)
        entries = loaded.entries_for(found.card, card)
        if found.card is None and not entries:
            raise UserError(loaded.resolver.why_not(card, found))
        label = found.card.label() if found.card else repr(card)
        held = sum(entry.count for entry in entries)
        left = held - (held if all_ else (count or 1))
        edit = plan_remove(entries, None if all_ else (count or 1), label)
        return edit, f"{label}: {held} → {left}"

    _edit(path, plan)


def _edit(path: Path, plan: Callable[[LoadedDeck], tuple[Edit, str]]) -> None:
    """Read the deck, plan the edit, make it, check the result and write it, all under the
    deck's edit lock (the file must still hold what was read); say what changed in one line.

    A dry run first loads the pool, its resolver and the modules an edit needs, so the lock is
    held for milliseconds and two dozen concurrent edits of one deck queue quickly.
    """
    from deckcli.app.opendeck import load_deck

    settings = run_settings([path])
    registry = settings.registry()
    warm = load_deck(path, settings, registry)
    _edited(warm, plan(warm)[0])  # the dry run: nothing is written
    with locked(path):
        loaded = load_deck(path, settings, registry)
        edit, change = plan(loaded)
        data, result = _edited(loaded, edit)
        write_bytes(loaded.path, data, expected=loaded.data)
    typer.echo(f"{change} · {verdict(result)}")


def _edited(loaded: LoadedDeck, edit: Edit) -> tuple[bytes, DeckResult]:
    """The deck's bytes with the edit made, and their verdict."""
    from deckcli.formats.edit import apply_edit
    from deckcli.formats.read import parse_deck_bytes
    from deckcli.model.deck import Deck

    data = apply_edit(loaded.data, loaded.deck, edit)
    deck, problems = parse_deck_bytes(data, Deck(path=loaded.deck.path, kind=loaded.deck.kind))
    return data, loaded.check(deck, problems)


@app.command(help=_("Rewrite TOML decks in canonical form: grouped by type, canonical names, "
                    "comments "
      "kept."), epilog=epilog(
    ("deckcli fmt decks/", _("Every TOML deck under a folder, in place.")),
    ("deckcli fmt --check decks/", _("Change nothing; exit 1 if a deck would change (for "
                                     "CI).")),
    exits=_("0 done (or, with --check, nothing to change); 1 a file would change (--check) "
            "or could not be formatted; 2 usage error."),
))
def fmt(
    paths: Annotated[list[Path], typer.Argument(metavar="PATH...",
                                                help=_("TOML deck files or folders."),
                                                show_default=False)],
    check: Annotated[bool, typer.Option("--check", help=_("Change nothing; list the files "
                                                          "that would change and exit 1 if "
                                                          "any would."))] = False,
) -> None:
    from deckcli.app.judge import judge
    from deckcli.app.opendeck import describe, load_deck
    from deckcli.app.run import empty_folder_note
    from deckcli.app.scan import EmptyFolder, Target, scan_paths
    from deckcli.escape import printable_path
    from deckcli.formats.kinds import NATIVE, format_of
    from deckcli.formats.write import UNFORMATTABLE

    missing = [str(path) for path in paths if not path.exists()]
    if missing:
        raise UserError(_("no such file or folder: {items}").format(items=', '.join(missing)))
    settings = run_settings(paths)
    registry = settings.registry()
    changed = unchanged = failed = 0
    for target in scan_paths(paths, settings):
        if isinstance(target, EmptyFolder):  # no decks there, or a folder that cannot be read
            error(empty_folder_note(target.path)["message"] if target.empty
                  else describe(target.path, target.problems[0]))
            failed += 1
            continue
        if not isinstance(target, Target):
            continue  # skipped by the exclusions (check --verbose lists them)
        path = target.path
        file_format = format_of(path)
        if not target.explicit and (not file_format.canonical
                                    or judge(path, settings, None).skip is not None):
            continue  # not TOML (a list, CSV, JSON), or no deck
        try:
            if not file_format.canonical:
                raise UserError(_("a {label}; fmt formats {native}s (deckcli import turns a "
                                  "list into one)").format(label=file_format.label,
                                                           native=NATIVE.label), EXIT_FAILED)
            with contextlib.nullcontext() if check else locked(path):
                loaded = load_deck(path, settings, registry)
                blocking = next((p for p in loaded.problems if p.rule in UNFORMATTABLE), None)
                if blocking is not None:
                    raise UserError(_("{describe} — fix it, then run fmt").format(
                                        describe=describe(path, blocking)),
                                    EXIT_FAILED)
                data = _formatted(loaded)
                if data != loaded.data and not check:
                    write_bytes(path, data, expected=loaded.data)
        except UserError as exc:
            shown = printable_path(str(path))
            error(str(exc) if str(exc).startswith(shown) else f"{shown}: {exc}")
            failed += 1
            continue
        if data == loaded.data:
            unchanged += 1
            continue
        changed += 1
        shown = printable_path(str(path))
        typer.echo((_("would reformat {path}") if check else _("reformatted {path}")).format(
            path=shown))
    counts = [(ngettext("{count} file would be reformatted", "{count} files would be reformatted",
                        changed) if check else
               ngettext("{count} file reformatted", "{count} files reformatted", changed)
               ).format(count=changed), _("{count} unchanged").format(count=unchanged)]
    if failed:
        counts.append(_("{count} failed").format(count=failed))
    typer.echo(", ".join(counts))
    raise typer.Exit(EXIT_FAILED if failed or (check and changed) else 0)


def _formatted(loaded: LoadedDeck) -> bytes:
    from deckcli.formats.edit import split_bom
    from deckcli.formats.kinds import NATIVE

    bom, text = split_bom(loaded.data)
    return bom + (NATIVE.reformat(text, loaded.resolver) or text).encode("utf-8")


@app.command(help=_("Print the JSON Schema of deck files (for editors that check TOML as you "
                    "type), or of check --format json's report (each problem's fix with it)."),
             epilog=epilog(
    ("deckcli schema deck > deck.schema.json", _("Save the schema for taplo or Even Better "
                                                 "TOML.")),
))
def schema(
    kind: Annotated[str, typer.Argument(metavar="KIND", help=_(
        "What to describe: deck (deck files), report (check --format json) or own (own "
        "--format json)."))] = "deck",
) -> None:
    from deckcli.formats.schema import deck_schema

    if kind == "report":
        from deckcli.report.json_report import report_schema

        typer.echo(json.dumps(report_schema(), indent=2, ensure_ascii=False))
        return
    if kind == "own":
        from deckcli.report.owned import own_schema

        typer.echo(json.dumps(own_schema(), indent=2, ensure_ascii=False))
        return
    if kind != "deck":
        raise UserError(_("schema describes: deck, report or own (not {kind!r})").format(
            kind=kind))
    typer.echo(json.dumps(deck_schema(open_registry().game_ids()), indent=2,
                          ensure_ascii=False))
