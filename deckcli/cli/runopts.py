"""The global options of a run (`--pools`, `--allow-outside`, `--isolated` before the
command), kept until the command builds its settings; set by typer's callback or by the
plain `check` path (`cli.entry`), which must not import typer."""

from __future__ import annotations

from pathlib import Path

_global_pools: list[Path] = []  # empty while a shell completes a word: nothing is run then
_global_allow_outside: list[bool] = [False]
_global_isolated: list[bool] = [False]


def set_global_options(pools: list[Path], allow_outside: bool, isolated: bool) -> None:
    _global_pools[:] = pools
    _global_allow_outside[0] = allow_outside
    _global_isolated[0] = isolated


def global_pools() -> list[Path]:
    return list(_global_pools)


def global_allow_outside() -> bool:
    return _global_allow_outside[0]


def global_isolated() -> bool:
    return _global_isolated[0]
