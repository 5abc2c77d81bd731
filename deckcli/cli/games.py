"""`deckcli games`: every game and format with its deck rules, one line each."""

from __future__ import annotations

from typing import Annotated

import typer

from deckcli.cli.app import app, error, state


def describe_rule(rule) -> str:  # noqa: ANN001 - any Rule model
    """A rule in a few words: 'deck-size exactly 60', 'copies ≤4 per name'."""
    kind = rule.kind
    if kind == "size":
        return f"{rule.describe()} cards"
    if kind == "count":
        return f"{rule.describe()} {rule.label or rule.query}"
    if kind == "copies":
        return f"≤{rule.max} per {rule.key}" + (" (warning)" if rule.severity == "warning" else "")
    if kind == "allowed":
        return f"only {rule.label or rule.query}"
    if kind == "banned":
        return f"{len(rule.cards)} banned"
    if kind == "requires":
        return f"{rule.requirement} met by {rule.supplied_by} ({rule.severity})"
    return f"{len(rule.cards)} restricted to {rule.max}"


@app.command()
def games(
    format_: Annotated[str, typer.Option("--format", "-f", help="rich or json.")] = "rich",
) -> None:
    """List the games and formats deckcli knows, with their deck rules."""
    import json

    registry = state.registry()
    rows = []
    from deckcli.pools.load import PoolError

    for game_id in registry.game_ids():
        try:
            header = registry.header(game_id)
        except PoolError:
            continue  # listed with the broken pools below
        for format_id, fmt in header.formats.items():
            rows.append({
                "game": game_id, "format": format_id,
                "default": format_id == header.game.default_format,
                "name": header.game.name, "format_name": fmt.name,
                "rules": [describe_rule(rule) for rule in fmt.rules],
                "aliases": header.game.aliases,
            })
    for broken in registry.broken:
        error(f"pool not loaded: {broken.error}")
    if format_ == "json":
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    width = max((len(f"{r['game']}/{r['format']}") for r in rows), default=0) + 11
    for row in rows:
        label = f"{row['game']}/{row['format']}" + (" (default)" if row["default"] else "")
        typer.echo(f"{label:<{width}} {'; '.join(row['rules'])}")
