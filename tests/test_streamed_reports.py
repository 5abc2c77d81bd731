"""Reports are written deck by deck, and what they write is byte for byte what the joined
renderers of before wrote (kept here as the reference), for every shipped sample, generated
repositories of legal, illegal and unreadable decks, notes and skipped files."""

from __future__ import annotations

import io
import json
import random

import pytest

from conftest import SAMPLES
from deckcli.app.run import check_paths
from deckcli.app.settings import Settings
from deckcli.escape import json_controls
from deckcli.model.problem import Problem
from deckcli.model.result import CheckResult, DeckResult
from deckcli.pools.registry import PoolRegistry
from deckcli.report import get_renderer
from deckcli.report.ci import plural, problem_summary, repo_path
from deckcli.report.markdown import details, md_escape, verdict


def joined_json(result: CheckResult, out: io.StringIO) -> None:
    """The JSON renderer as it was: every deck's data, then one string."""
    document = result.to_json()
    decks = document["decks"]
    lines = ",\n".join(f"  {json.dumps(deck, ensure_ascii=False)}" for deck in decks)
    notes = (f', "notes": {json.dumps(document["notes"], ensure_ascii=False)}'
             if "notes" in document else "")
    body = f"[\n{lines}\n]" if decks else "[]"
    verdict = (f', "strict": {json.dumps(document["strict"])}, '
               f'"passed": {json.dumps(document["passed"])}')  # issue 40: strict says why
    out.write(json_controls(f'{{"decks": {body}, "skipped": {result.skipped}{notes}'
                            f'{verdict}}}\n'))


def joined_markdown(result: CheckResult, out: io.StringIO) -> None:
    """The markdown renderer as it was: every line in a list, then one string."""
    rows = ["| deck | game | cards | verdict | problems |", "| --- | --- | ---: | --- | --- |"]
    for deck in result.decks:
        game = " · ".join(part for part in (deck.game, deck.format) if part) or "—"
        rows.append(f"| {md_escape(repo_path(deck.path))} | {md_escape(game)} | {deck.cards:,} "
                    f"| {verdict(deck)} | {problem_summary(deck)} |")
    legal = sum(deck.legal for deck in result.decks)
    lines = ["## deckcli check", "",
             f"{plural(len(result.decks), 'deck')}: {legal:,} legal, "
             f"{len(result.decks) - legal:,} illegal"
             + (f"; {plural(result.skipped, 'file')} skipped" if result.skipped else ""),
             "", *rows, ""]
    with_problems = [deck for deck in result.decks if deck.problems]
    if with_problems:
        lines += ["## Problems", ""]
        for deck in with_problems:
            lines += details(deck)
    out.write("\n".join(lines).rstrip("\n") + "\n")


REFERENCE = {"json": joined_json, "markdown": joined_markdown}


class Chunks(io.StringIO):
    """A stream that counts the writes it gets and their largest size."""

    def __init__(self) -> None:
        super().__init__()
        self.writes = 0
        self.largest = 0

    def write(self, text: str) -> int:
        self.writes += 1
        self.largest = max(self.largest, len(text))
        return super().write(text)


def generated(count: int, seed: int) -> CheckResult:
    """Decks legal, illegal, unreadable, with names and paths that need escaping."""
    rng = random.Random(seed)
    decks = []
    for number in range(count):
        problems = [Problem(rng.choice(["copies", "deck-size", "unknown-card"]),
                            f"message {number} | *x* \u00e9 \\x0a \u2028 \x85",
                            rng.choice(["error", "warning"]),
                            card=rng.choice([None, "1C8"]), line=rng.choice([None, 3]))
                    for _ in range(rng.randint(0, 3))]
        decks.append(DeckResult(f"decks/d{number} | [x].toml", rng.choice(["megaman", None]),
                                rng.choice(["standard", None]), rng.randint(0, 60), problems))
    return CheckResult(decks=decks, skipped=rng.randint(0, 3))


def samples_result() -> CheckResult:
    return check_paths([SAMPLES], PoolRegistry([]), Settings())


CASES = {
    "samples": samples_result,
    "generated": lambda: generated(300, 1),
    "generated, notes": lambda: CheckResult(decks=generated(5, 2).decks, notes=[
        {"rule": "no-decks", "path": "empty", "message": "no deck files under empty"}]),
    "no decks": lambda: CheckResult(skipped=2),
    "no decks, a note": lambda: CheckResult(notes=[{"rule": "no-decks", "path": "e",
                                                    "message": "none"}]),
    "all legal": lambda: CheckResult(decks=[DeckResult("a.toml", "orbs", "x", 50, [])] * 3),
}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("output", REFERENCE)
def test_a_streamed_report_is_todays_report_byte_for_byte(case, output):
    result = CASES[case]()
    expected, streamed = io.StringIO(), Chunks()
    REFERENCE[output](result, expected)
    get_renderer(output)(result, streamed, False)
    assert streamed.getvalue() == expected.getvalue()


@pytest.mark.parametrize("output", ["json", "text", "github", "markdown", "rich"])
def test_every_streamed_format_writes_deck_by_deck(output):
    result = generated(400, 3)
    streamed = Chunks()
    get_renderer(output)(result, streamed, False)
    total = len(streamed.getvalue())
    assert streamed.writes >= 400 and streamed.largest < total / 50
