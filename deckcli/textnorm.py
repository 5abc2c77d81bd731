"""One way to compare names: Unicode compatibility forms, case and spacing ignored."""

from __future__ import annotations

import unicodedata


def fold(text: str) -> str:
    """Normalise a name or reference for comparison (NFKC, casefold, single spaces)."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())
