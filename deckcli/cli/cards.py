"""`deckcli cards GAME [QUERY]`: search a game's card pool with the query language."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from deckcli.cli.app import app, state
from deckcli.errors import EXIT_FAILED, UserError


@app.command()
def cards(
    game: Annotated[str, typer.Argument(help="Game id or alias (see deckcli games).")],
    query: Annotated[list[str] | None, typer.Argument(
        help='Card query, e.g. type:NetNavi, "level>=IV -type:Option", a card number.')] = None,
    format_: Annotated[str, typer.Option("--format", "-f", help="rich or json.")] = "rich",
    limit: Annotated[int, typer.Option("--limit", help="Show at most N cards (0: all).")]
    = 0,
) -> None:
    """Search a card pool; a card number alone shows that card in full.

    Exit status: 0 cards found, 1 no card matches, 2 bad query or unknown game.
    """
    from deckcli.cardview import card_record
    from deckcli.pools.load import PoolError
    from deckcli.query import QueryError

    registry = state.registry()
    game_id = registry.resolve_id(game)
    if game_id is None:
        raise UserError(f"unknown game {game!r}; games: {', '.join(registry.game_ids())}")
    if format_ not in ("rich", "json"):
        raise UserError(f"--format takes rich or json, not {format_!r}")
    try:
        resolver = registry.resolver(game_id, registry.header(game_id).game.default_format)
    except PoolError as exc:
        raise UserError(str(exc), EXIT_FAILED) from None
    pool = resolver.pool
    text = " ".join(query or [])
    single = resolver.numbered(text) if text else None
    if single is not None:
        found = [single]
    elif text:
        try:
            found = resolver.query(text).select(pool.cards)
        except QueryError as exc:
            raise UserError(f"query: {exc}") from None
    else:
        found = list(pool.cards)
    shown = found[:limit] if limit > 0 else found
    if format_ == "json":
        typer.echo(json.dumps([card_record(card) for card in shown], ensure_ascii=False,
                              indent=2))
    elif single is not None:
        _print_card(pool, single)
    else:
        _print_table(pool, shown, len(found))
    raise typer.Exit(0 if found else 1)


def _print_table(pool, shown, total: int) -> None:  # noqa: ANN001 - Pool, list[Card]
    from rich.console import Console
    from rich.table import Table

    from deckcli.cardview import show_value

    columns = [c for c in pool.header.game.columns if c not in ("number", "name")]
    if "type" not in columns:
        columns.insert(0, "type")
    table = Table(show_edge=False, pad_edge=False, header_style="bold")
    table.add_column("number", no_wrap=True)
    table.add_column("name")
    for column in columns:
        table.add_column(column.replace("_", " "))
    for card in shown:
        table.add_row(card.number, card.name,
                      *(show_value(card.attrs.get(column)) for column in columns))
    console = Console(highlight=False)
    console.print(table)
    more = f" (showing {len(shown):,})" if len(shown) < total else ""
    console.print(f"{total:,} {pool.game_id} card{'s' * (total != 1)}{more}", style="dim")


def _print_card(pool, card) -> None:  # noqa: ANN001 - Pool, Card
    from rich.console import Console
    from rich.table import Table

    from deckcli.cardview import card_record, show_value

    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    for key, value in card_record(card).items():
        if isinstance(value, dict):
            value = ", ".join(f"{lang}: {name}" for lang, name in value.items())
        table.add_row(key.replace("_", " "), show_value(value))
    Console(highlight=False).print(table)
