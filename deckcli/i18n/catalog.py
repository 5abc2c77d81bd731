"""Reading a language's compiled catalog (`deckcli.mo`) with the standard library's gettext.

A wheel carries the `.mo` files its build hook compiled from the `.po` sources. A source
checkout carries only the `.po` files: the first run that needs a catalog compiles it with
Babel (a development dependency) next to its source, ignored by git, and compiles it again
whenever the `.po` is newer; where that folder cannot be written it compiles in memory.
"""

from __future__ import annotations

import contextlib
import sys
from gettext import GNUTranslations, NullTranslations
from io import BytesIO
from pathlib import Path

LOCALES = Path(__file__).resolve().parent / "locales"
DOMAIN = "deckcli"


def catalog_paths(code: str) -> tuple[Path, Path]:
    """The `.po` source and the compiled `.mo` of a language."""
    folder = LOCALES / code / "LC_MESSAGES"
    return folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"


def _mtime(path: Path) -> int | None:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return None


def load_catalog(code: str) -> NullTranslations:
    """The translations of `code`; English ones (no translation) when its catalog is missing."""
    source, compiled = catalog_paths(code)
    source_time, compiled_time = _mtime(source), _mtime(compiled)
    if source_time is not None and (compiled_time is None or compiled_time < source_time):
        data = compile_catalog(source)
        if data is not None:
            _keep(compiled, data)
            return GNUTranslations(BytesIO(data))
    try:
        with compiled.open("rb") as stream:
            return GNUTranslations(stream)
    except OSError:
        return NullTranslations()


def compile_catalog(source: Path) -> bytes | None:
    """The `.mo` bytes of a `.po` file (fuzzy entries left out); None without Babel."""
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:
        sys.stderr.write(f"deckcli: warning: {source} is newer than its compiled catalog and "
                         "Babel is not installed to compile it (pip install babel)\n")
        return None
    with source.open("rb") as stream:
        catalog = read_po(stream)
    out = BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def _keep(compiled: Path, data: bytes) -> None:
    """Store a compiled catalog for the next runs: written whole to a temporary file, then
    renamed over the old one, so a run beside it reads the old catalog or the new one; a
    read-only folder is fine (the next run compiles again). (deckcli.io is a layer above.)"""
    import os
    import tempfile

    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{DOMAIN}.", suffix=".tmp",
                                             dir=compiled.parent)
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, compiled)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
