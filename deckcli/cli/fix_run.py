"""`check --fix`, `--unsafe-fixes` and `--diff`: each deck fixed in memory (`app.fixing`), then
written atomically under its edit lock, only if it still holds what was read (or, with
`--diff`, shown as a unified diff and never written)."""

from __future__ import annotations

import difflib
import sys
from collections.abc import Iterator
from pathlib import Path

from deckcli.app.fixing import Fixed, fix_target
from deckcli.app.scan import Target, scan_paths
from deckcli.app.settings import Settings
from deckcli.cli.output import locked, write_bytes
from deckcli.errors import UserError
from deckcli.escape import escape_controls, printable_path
from deckcli.i18n import _
from deckcli.pools.registry import PoolRegistry


def run_fixes(paths: list[Path], registry: PoolRegistry, settings: Settings, unsafe: bool,
              write: bool) -> tuple[list[Fixed], list[str]]:
    """Fix every deck the paths name; (what each fix did, the message of each file that could
    not be fixed). Nothing is written unless `write`. A file whose format is not edited in
    place is said so on stderr, and is no failure."""
    from deckcli.app.worktree import leaves_work_tree

    done: list[Fixed] = []
    failures: list[str] = []
    for target in scan_paths(paths, settings):
        if not isinstance(target, Target):
            continue
        shown = printable_path(str(target.path))
        if not settings.allow_outside.value and (outside := leaves_work_tree(target.path)):
            failures.append(_("{path}: not fixed: {reason}").format(path=shown,
                                                                    reason=outside))
            continue
        try:
            fixed = fix_and_write(target, registry, settings, unsafe, write)
        except UserError as exc:
            failures.append(_("{path}: not fixed: {reason}").format(
                path=shown, reason=str(exc).removeprefix(shown + " ")))
            continue
        if fixed is None:
            continue
        if fixed.refused and fixed.note is not None:
            failures.append(_("{path}: {note}").format(path=shown, note=fixed.note))
        elif fixed.note is not None:
            sys.stderr.write(escape_controls(_("deckcli: {path}: {note}").format(
                path=shown, note=fixed.note)) + "\n")
        done.append(fixed)
    return done, failures


def fix_and_write(target: Target, registry: PoolRegistry, settings: Settings, unsafe: bool,
                  write: bool) -> Fixed | None:
    """One deck fixed, and written (under its edit lock, only if unchanged since it was
    read) when `write` and something changed."""
    if not write:
        return fix_target(target, registry, settings, unsafe)
    with locked(target.path):
        fixed = fix_target(target, registry, settings, unsafe)
        if fixed is not None and fixed.changed:
            write_bytes(target.path, fixed.after, expected=fixed.before)
    return fixed


def unified_diff(fixed: Fixed) -> Iterator[str]:
    """The change as a unified diff (`--- a/PATH`, `+++ b/PATH`); control characters in the
    deck are shown escaped (a deck must not move the terminal's cursor), line endings kept
    as line ends (a line ends where an editor and `patch` end it)."""
    from deckcli.formats.edit import editor_lines

    def lines(data: bytes) -> list[str]:
        text = data.decode("utf-8", "replace")
        return [escape_controls(line.rstrip("\r\n"), keep="\t") + "\n"
                for line in editor_lines(text)]

    shown = printable_path(str(fixed.path))
    yield from difflib.unified_diff(lines(fixed.before), lines(fixed.after),
                                    f"a/{shown}", f"b/{shown}")


def print_diffs(results: list[Fixed]) -> None:
    """Every change `--fix` would make, as unified diffs on stdout."""
    for fixed in results:
        if fixed.changed:
            sys.stdout.writelines(unified_diff(fixed))
    sys.stdout.flush()
