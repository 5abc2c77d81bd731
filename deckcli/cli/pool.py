"""`deckcli pool check`: validate card pools (built-in, user, or a file)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from deckcli.cli.app import app, open_registry
from deckcli.cli.helpstyle import DeckTyper, epilog
from deckcli.errors import UserError
from deckcli.i18n import _, ngettext

pool_app = DeckTyper(help=_("Work with card pools."), no_args_is_help=True, epilog=epilog(
    ("deckcli pool check", _("Validate every pool deckcli finds.")),
))
app.add_typer(pool_app, name="pool")


@pool_app.command("check", help=_("Validate pools: schema, field types, unique numbers, "
                                           "rule queries, shared names."), epilog=epilog(
    ("deckcli pool check", _("Every pool deckcli finds (built-in, --pools, DECKCLI_POOLS).")),
    ("deckcli pool check my-game.toml", _("A pool file you are writing.")),
    exits=_("0 every pool sound; 1 a pool has problems; 2 an unknown game or a missing "
            "file."),
))
def pool_check(
    targets: Annotated[list[str] | None, typer.Argument(metavar="TARGET...",
        help=_("Game ids or pool files; default: every pool deckcli finds."))] = None,
) -> None:
    from deckcli.escape import escape_controls, printable_path
    from deckcli.pools.lint import check_pool
    from deckcli.pools.load import load_pool
    from deckcli.pools.poolfile import PoolError

    registry = open_registry()
    jobs: list[tuple[str, Path | None]] = []
    for target in targets or registry.game_ids():
        game_id = registry.resolve_id(target)
        if game_id is not None:
            jobs.append((game_id, None))
        elif Path(target).is_file():
            jobs.append((target, Path(target)))
        else:
            raise UserError(_("{target!r} is neither a game ({items}) nor a pool file").format(
                                target=target, items=', '.join(registry.game_ids())))
    failed = False
    if not targets:
        for broken in registry.broken:
            typer.echo(f"✗ {escape_controls(str(broken.error))}")
            failed = True
    for label, path in jobs:
        try:
            pool = load_pool(path) if path else registry.load(label)
        except PoolError as exc:
            typer.echo(f"✗ {escape_controls(str(exc))}")
            failed = True
            continue
        problems = check_pool(pool)
        failed = failed or bool(problems)
        mark = "✗" if problems else "✓"
        counts = _("{cards}, {formats}").format(
            cards=ngettext("{count:,} card", "{count:,} cards", len(pool.cards)).format(
                count=len(pool.cards)),
            formats=ngettext("{count} format", "{count} formats", len(pool.header.formats)
                             ).format(count=len(pool.header.formats)))
        typer.echo(f"{mark} {printable_path(str(pool.path))}: {pool.game_id}, {counts}")
        for problem in problems:
            typer.echo(f"    {escape_controls(problem)}")
    raise typer.Exit(1 if failed else 0)
