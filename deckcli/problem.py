"""A problem a check finds: one thing wrong with (or worth knowing about) a deck."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(slots=True)
class Problem:
    """What rule found it, how bad it is, the message, and where (card, line, column)."""

    rule: str
    message: str
    severity: Severity = "error"
    card: str | None = None
    line: int | None = None
    column: int | None = None

    def to_json(self) -> dict[str, object]:
        return {"rule": self.rule, "severity": self.severity, "message": self.message,
                "card": self.card, "line": self.line}
