"""The wheel's build hook: compile each language's `.po` into the `.mo` the wheel carries.

The `.po` sources are the only catalogs in git; a wheel holds the compiled `.mo` files (read
by the standard library's gettext at run time) and not the sources. An editable install
compiles nothing here: deckcli compiles a catalog on its first use from a source checkout.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        out = Path(tempfile.mkdtemp(prefix="deckcli-mo-"))
        locales = Path(self.root) / "deckcli" / "i18n" / "locales"
        for source in sorted(locales.glob("*/LC_MESSAGES/deckcli.po")):
            code = source.parent.parent.name
            with source.open("rb") as stream:
                catalog = read_po(stream, locale=code)
            compiled = out / f"{code}.mo"
            with compiled.open("wb") as stream:
                write_mo(stream, catalog, use_fuzzy=False)
            build_data["force_include"][str(compiled)] = (
                f"deckcli/i18n/locales/{code}/LC_MESSAGES/deckcli.mo")
