"""`deckcli rules [GAME]`: what every rule id checks, its severity and a deck that fails it."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from deckcli.cli import complete
from deckcli.cli.app import app, open_registry
from deckcli.cli.helpstyle import epilog
from deckcli.errors import UserError
from deckcli.i18n import _

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

FORMATS = ("rich", "text", "json")
WIDE = 100  # from this width rules are a table; narrower, one block per rule


def game_rules(game_id: str) -> dict[str, Any]:
    """Each format's rules of one game, documented, plus the built-in ids."""
    from deckcli.engine.rules.docs import as_json, builtin_docs, pool_rule_doc
    from deckcli.errors import EXIT_FAILED
    from deckcli.pools.poolfile import PoolError

    try:
        header = open_registry().header(game_id)
    except PoolError as exc:
        raise UserError(str(exc), EXIT_FAILED) from None
    formats = {
        format_id: {"name": fmt.name, "default": format_id == header.game.default_format,
                    "rules": as_json([pool_rule_doc(rule) for rule in fmt.rules])}
        for format_id, fmt in header.formats.items()
    }
    return {"game": game_id, "name": header.game.name, "formats": formats,
            "builtin": as_json(builtin_docs())}


def all_kinds() -> dict[str, Any]:
    """The built-in ids and every rule kind a pool can use."""
    from deckcli.engine.rules.docs import as_json, builtin_docs, kind_docs

    return {"builtin": as_json(builtin_docs()), "kinds": kind_docs()}


@app.command(help=_("Document every rule id: what it checks, its default severity, a "
                    "failing deck."), epilog=epilog(
    ("deckcli rules megaman", _("MegaMan's rule ids and deckcli's own.")),
    ("deckcli rules", _("deckcli's own rule ids and the rule kinds a pool can use.")),
    ("deckcli rules digimon-classic --format text | grep copies", _("One plain line per rule.")),
))
def rules(
    game: Annotated[str | None, typer.Argument(metavar="GAME",
        help=_("Game id or alias; without it, the built-in ids and the rule kinds."),
        autocompletion=complete.game_ids)] = None,
    format_: Annotated[str, typer.Option("--format", "-f", metavar="FORMAT",
                                         help=_("rich, text (one plain line per rule) or "
                                                "json."))] = "rich",
) -> None:
    if format_ not in FORMATS:
        raise UserError(_("--format takes {items}, not {format!r}").format(
                            items=', '.join(FORMATS), format=format_))
    if game is None:
        document = all_kinds()
    else:
        game_id = open_registry().resolve_id(game)
        if game_id is None:
            known = ", ".join(open_registry().game_ids())
            raise UserError(_("unknown game {game!r}; games: {known}").format(
                                game=game, known=known))
        document = game_rules(game_id)
    if format_ == "json":
        typer.echo(json.dumps(document, ensure_ascii=False, indent=2))
        return
    print_document(document, plain=format_ == "text")


def _sections(document: dict[str, Any]) -> list[tuple[str, list[dict[str, str]]]]:
    sections = [((_("{game} · {format} (default): {name}") if fmt["default"] else
                  _("{game} · {format}: {name}")).format(game=document["game"], format=format_id,
                                                         name=fmt["name"]), fmt["rules"])
                for format_id, fmt in document.get("formats", {}).items()]
    return [*sections, (_("built-in rule ids (every game)"), document["builtin"])]


def print_document(document: dict[str, Any], plain: bool = False) -> None:
    from rich.console import Console

    if plain:
        typer.echo("\n".join(plain_lines(document)))
        return
    console = Console(highlight=False)
    for title, docs in _sections(document):
        if console.width >= WIDE:
            console.print(rule_table(title, docs))
        else:
            _print_blocks(console, title, docs)
    if "kinds" in document:
        console.print(kind_table(document["kinds"]))


def plain_lines(document: dict[str, Any]) -> list[str]:
    """`--format text`: a heading per format, then one aligned line per rule id."""
    from deckcli.cli.fit import Column, plain_table

    columns = [Column(_("id"), "key"), Column(_("kind"), "key"), Column(_("severity"), "key"),
               Column(_("checks — fails for"), "name")]
    lines = []
    for title, docs in _sections(document):
        rows = [[doc["id"], doc["kind"], doc["severity"],
                 f"{doc['checks']} — {example_label(doc)}: {doc['example']}"
                 + (f" — {doc['fix']}" if doc.get("fix") else "")] for doc in docs]
        lines += [title, *plain_table(columns, rows), ""]
    for kind in document.get("kinds", []):
        line = _("kind {kind}: {description} — fails for: {example}").format(
            kind=kind["kind"], description=kind["description"], example=kind["example"])
        lines.append(line + (f" — {kind['fix']}" if kind.get("fix") else ""))
    return lines[:-1] if lines and not lines[-1] else lines


def example_label(doc: dict[str, str]) -> str:
    """'fails for', or 'shown for' a notice (an `info` rule never fails a deck)."""
    return _("shown for") if doc["severity"] == "info" else _("fails for")


def _print_blocks(console: Console, title: str, docs: list[dict[str, str]]) -> None:
    """A narrow terminal: the id on its own line (never split), the prose wrapped under it."""
    from rich.padding import Padding
    from rich.text import Text

    console.print(Text(title, style="bold"))
    for doc in docs:
        console.print(Text.assemble("  ", (doc["id"], "bold")), overflow="ignore", crop=False)
        console.print(Padding(Text(f"{doc['kind']} · {doc['severity']}: {doc['checks']}"),
                              (0, 0, 0, 4)))
        console.print(Padding(Text(f"{example_label(doc)}: {doc['example']}", style="dim"),
                              (0, 0, 0, 4)))
        if doc.get("fix"):
            console.print(Padding(Text(doc["fix"], style="dim"), (0, 0, 0, 4)))


def rule_table(title: str, docs: list[dict[str, str]]) -> Table:
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text

    table = Table(title=Text(title), title_justify="left", show_lines=True,
                  header_style="bold")  # a format's name as its pool writes it, never markup
    for column in (_("id"), _("kind"), _("severity")):
        table.add_column(column, no_wrap=True)
    for column in (_("checks"), _("fails for")):
        table.add_column(column, overflow="fold", ratio=1)
    for doc in docs:
        checks = escape(doc["checks"])
        if doc["description"] != doc["checks"]:
            checks = f"{escape(doc['description'])}\n[dim]{checks}[/]"
        if doc["source"] and doc["source"] != "deckcli":
            checks += "\n[dim]" + _("source: {source}").format(source=escape(doc["source"])) + "[/]"
        if doc.get("fix"):
            checks += f"\n[dim]{escape(doc['fix'])}[/]"
        table.add_row(escape(doc["id"]), doc["kind"], doc["severity"], checks,
                      escape(doc["example"]))
    return table


def kind_table(kinds: list[dict[str, str]]) -> Table:
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=_("rule kinds (for pool authors)"), title_justify="left",
                  show_lines=True, header_style="bold")
    for column in (_("kind"), _("what it checks"), _("fails for")):
        table.add_column(column, overflow="fold")
    for kind in kinds:
        described = escape(kind["description"])
        if kind.get("fix"):
            described += f"\n[dim]{escape(kind['fix'])}[/]"
        table.add_row(kind["kind"], described, escape(kind["example"]))
    return table
