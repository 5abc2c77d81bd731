"""What one rule id checks, documented for `deckcli rules` and SARIF (imported only where rules
are documented)."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from deckcli.model.problem import Severity


@dataclass(frozen=True)
class RuleDoc:
    """What one rule id checks, at what severity, and a deck that fails it."""

    id: str
    kind: str
    severity: Severity
    checks: str
    description: str
    source: str
    example: str
    kind_summary: str = ""  # the first line of the rule kind's documentation
    fix: str = ""  # which fix its problems offer, and how safe ('' when none)

    def to_json(self) -> dict[str, str]:
        data = asdict(self)
        del data["kind_summary"]
        return data
