"""The wheel's build hook: every shipped pool is validated, and its ready form
(`cardpools/ready/`, what a run reads instead of the TOML) is current, or the build fails
naming the stale files (`python -m deckcli.pools.ready` writes them again)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CustomBuildHook(BuildHookInterface):  # type: ignore[misc]
    """Refuses to build a wheel whose pools are invalid or whose ready form is stale."""

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
