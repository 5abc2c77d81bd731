"""A document's problems as LSP diagnostics: the rule id as the code, the severity `check`
gives, the card reference's columns, and a link to where the rule is documented."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from lsprotocol import types

from deckcli.engine.rules.builtin import BUILTIN_RULES
from deckcli.formats.base import Ref
from deckcli.lsp.checking import Checked
from deckcli.lsp.locate import problem_span, refs_of
from deckcli.lsp.units import Span
from deckcli.model.problem import Problem

SOURCE = "deckcli"
# the catalogue of deckcli's own rule ids, where the docs ship beside the package (a checkout)
CATALOGUE = Path(__file__).resolve().parents[2] / "docs" / "input-errors.md"
SEVERITIES = {"error": types.DiagnosticSeverity.Error,
              "warning": types.DiagnosticSeverity.Warning,
              "info": types.DiagnosticSeverity.Information}

ToRange = Callable[[Span], types.Range]


def rule_link(rule: str, checked: Checked) -> types.CodeDescription | None:
    """Where a rule id is documented: the catalogue for deckcli's own ids, the pool file that
    declares a game's rule (its description and source are there)."""
    if rule in BUILTIN_RULES or checked.resolver is None:
        return (types.CodeDescription(href=CATALOGUE.as_uri() + "#the-catalogue")
                if rule in BUILTIN_RULES and CATALOGUE.is_file() else None)
    declared = {item.id for item in checked.resolver.format.rules}
    if rule in declared:
        return types.CodeDescription(href=Path(checked.resolver.pool.path).resolve().as_uri())
    return None


def spans(checked: Checked, text: str) -> list[tuple[Problem, Span]]:
    """Each problem with the place it is shown."""
    lines = text.splitlines()
    refs: dict[int, Ref] = refs_of(text, checked.deck.kind) if checked.deck else {}
    return [(problem, problem_span(problem, checked.deck, lines, refs))
            for problem in checked.problems]


def diagnostics(checked: Checked, text: str, to_range: ToRange) -> list[types.Diagnostic]:
    """The LSP diagnostics of a checked document."""
    found = []
    for problem, span in spans(checked, text):
        found.append(types.Diagnostic(
            range=to_range(span), message=problem.message,
            severity=SEVERITIES.get(problem.severity, types.DiagnosticSeverity.Information),
            code=problem.rule, code_description=rule_link(problem.rule, checked),
            source=SOURCE, data={"card": problem.card} if problem.card else None))
    return found
