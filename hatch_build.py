"""The wheel's build hook: every shipped pool is validated, and its ready form
(`cardpools/ready/`, what a run reads instead of the TOML) is current, or the build fails
naming the stale files (`python -m deckcli.pools.ready` writes them again); and each
language's `.po` is compiled into the `.mo` the wheel carries.

The `.po` sources are the only catalogs in git; a wheel holds the compiled `.mo` files (read
by the standard library's gettext at run time) and not the sources. An editable install
compiles nothing here: deckcli compiles a catalog on its first use from a source checkout.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CustomBuildHook(BuildHookInterface):  # type: ignore[misc]
    """Refuses to build a wheel whose pools are invalid or whose ready form is stale; adds
    the compiled message catalogs."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return  # an editable install reads the checkout, stale or not (a stale ready
            # form is never used: its hash names other bytes)
        root = str(Path(self.root).resolve())
        sys.path.insert(0, root)
        try:
            from deckcli.pools.ready import stale

            wrong = stale(Path(root) / "cardpools")
        finally:
            sys.path.remove(root)
        if wrong:
            raise RuntimeError("the shipped pools' ready form is stale (" + ", ".join(wrong)
                               + "); run: python -m deckcli.pools.ready")
        compile_catalogs(Path(root), build_data)


def compile_catalogs(root: Path, build_data: dict[str, Any]) -> None:
    """Each `deckcli/i18n/locales/<lang>/LC_MESSAGES/deckcli.po` compiled (Babel, fuzzy
    entries left out) into the wheel beside it as `deckcli.mo`."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    out = Path(tempfile.mkdtemp(prefix="deckcli-mo-"))
    locales = root / "deckcli" / "i18n" / "locales"
    for source in sorted(locales.glob("*/LC_MESSAGES/deckcli.po")):
        code = source.parent.parent.name
        with source.open("rb") as stream:
            catalog = read_po(stream, locale=code)
        compiled = out / f"{code}.mo"
        with compiled.open("wb") as stream:
            write_mo(stream, catalog, use_fuzzy=False)
        build_data["force_include"][str(compiled)] = (
            f"deckcli/i18n/locales/{code}/LC_MESSAGES/deckcli.mo")
