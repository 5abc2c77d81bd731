"""Where the pools shipped with deckcli are: a leaf module, so that the registry and the
script-form cache (which reads the shipped forms beside them) both ask it without a cycle."""

from __future__ import annotations

from pathlib import Path


def builtin_pool_dir() -> Path:
    """Pools shipped in the wheel (deckcli/cardpools), else the checkout's cardpools/."""
    packaged = Path(__file__).resolve().parent.parent / "cardpools"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent.parent / "cardpools"
