"""`deckcli show`: a deck as a table grouped by card type, its curve, and its verdict."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from deckcli.cli.app import app, state
from deckcli.errors import UserError

if TYPE_CHECKING:  # imported lazily at run time, to keep --help fast
    from rich.console import Console

    from deckcli.opendeck import LoadedDeck

BAR_WIDTH = 30


@app.command()
def show(
    path: Annotated[Path, typer.Argument(help="The deck file (TOML or text list).")],
    format_: Annotated[str, typer.Option("--format", "-f", help="rich or json.")] = "rich",
    lang: Annotated[str | None, typer.Option(
        "--lang", help="Card names in ja, zh-Hans, zh-Hant or en (default: as the deck writes "
        "them).")] = None,
) -> None:
    """Show a deck: cards by type with their key stats, the curve, and whether it is legal.

    Exit status: 0 shown (legal or not), 1 the deck cannot be read, 2 usage error.
    """
    from deckcli.cardnames import LANGUAGES
    from deckcli.opendeck import load_deck

    if format_ not in ("rich", "json"):
        raise UserError(f"--format takes rich or json, not {format_!r}")
    if lang is not None and lang not in LANGUAGES:
        raise UserError(f"--lang takes {', '.join(LANGUAGES)}, not {lang!r}")
    loaded = load_deck(path, state.registry())
    summary = deck_summary(loaded, lang)
    if format_ == "json":
        typer.echo(json.dumps(summary, ensure_ascii=False, indent=2))
    else:
        _print(summary)


def deck_summary(loaded: LoadedDeck, lang: str | None = None) -> dict[str, Any]:
    """Everything `show` prints, as plain data (the JSON output)."""
    from deckcli.cardnames import display_name
    from deckcli.cardview import card_record
    from deckcli.deckfile.layout import curve_counts, group_by_type

    pool = loaded.pool
    result = loaded.check()
    counted = loaded.counted()
    stats = [c for c in pool.header.game.columns if c not in ("type", "number", "name")]
    groups = []
    for label, members in group_by_type(pool, counted, lambda item: item.card):
        rows = []
        for item in members:
            record = card_record(item.card) if item.card else {"number": None, "name": item.ref}
            name = display_name(item.card, lang, item.ref) if item.card else item.ref
            rows.append({"count": item.count, "number": record["number"], "name": name,
                         **{stat: record.get(stat) for stat in stats}})
        groups.append({"type": label, "count": sum(item.count for item in members),
                       "cards": rows})
    field, curve = curve_counts(pool, [(i.card, i.count) for i in counted if i.card])
    from deckcli.draw.playable import add_show_column

    add_show_column(loaded.resolver, [(i.card, i.count) for i in counted
                                                      if i.card], stats, groups)
    return {
        "path": str(loaded.path), "game": pool.game_id, "format": loaded.resolver.format_id,
        "name": loaded.deck.name, "cards": result.cards, "legal": result.legal,
        "columns": stats, "groups": groups,
        "curve": {"field": field, "counts": [{"value": v, "count": n} for v, n in curve]},
        "problems": result.to_json()["problems"],
    }


def _print(summary: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from deckcli.cardview import show_value

    console = Console(highlight=False)
    title = " · ".join(filter(None, (summary["name"], summary["game"], summary["format"])))
    console.print(Text(title, style="bold"))
    table = Table(show_edge=False, pad_edge=False, header_style="bold")
    table.add_column("count", justify="right")
    table.add_column("number", no_wrap=True)
    table.add_column("name")
    # the playable column (games with costs) only where it fits without wrapping names
    columns = [c for c in summary["columns"] if console.width >= 100 or c != "playable t3"]
    for stat in columns:
        table.add_column(stat.replace("_", " "))
    for index, group in enumerate(summary["groups"]):
        if index:
            table.add_section()
        table.add_row(Text(str(group["count"]), style="bold"), "",
                      Text(group["type"], style="bold"))
        for row in group["cards"]:
            table.add_row(str(row["count"]), row["number"] or "", Text(row["name"]),
                          *(Text(show_value(row[stat])) for stat in columns))
    console.print(table)
    _print_curve(console, summary["curve"])
    _print_verdict(console, summary)


def _print_curve(console: Console, curve: dict[str, Any]) -> None:
    from rich.text import Text

    if not curve["counts"]:
        return
    console.print()
    console.print(Text(curve["field"].replace("_", " "), style="bold"))
    width = max(len(item["value"]) for item in curve["counts"])
    peak = max(item["count"] for item in curve["counts"])
    for item in curve["counts"]:
        bar = "█" * max(1, round(BAR_WIDTH * item["count"] / peak))
        console.print(Text(f"  {item['value']:>{width}} {bar} {item['count']}"))


def _print_verdict(console: Console, summary: dict[str, Any]) -> None:
    from rich.text import Text

    console.print()
    mark, style = ("✓ legal", "green") if summary["legal"] else ("✗ illegal", "red")
    console.print(Text(f"{mark} · {summary['cards']} cards", style=f"bold {style}"))
    for problem in summary["problems"]:
        where = f"line {problem['line']}" if problem["line"] else "deck"
        console.print(Text(f"  {where:>8}  {problem['severity']:<7} {problem['rule']}  "
                           f"{problem['message']}"))
