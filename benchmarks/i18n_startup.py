"""Start-up with a message catalog loaded against English (no catalog read at all).

Prints the CPU time of `deckcli --lang LANG check DECK` and `deckcli --lang LANG check --help`
(the help builds every option's text through the catalog) per language, beside the same in
English, as ranges over rounds with the difference in milliseconds. Target: a catalog costs at
most 10 ms over English, best against best (each figure is already the least CPU time of five
runs; on a shared machine a round's difference moves by more than the cost measured).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from _timing import command_time, python, report_range

REPO = Path(__file__).resolve().parent.parent
DECK = REPO / "samples" / "megaman" / "starter-megaman.toml"
LANGUAGES = ("es", "th", "zh_Hans", "zh_Hant", "ja")


def main(rounds: int = 3) -> None:
    runs = {"check one deck": ["check", str(DECK), "--format", "text"],
            "check --help": ["check", "--help"]}
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "DECKCLI_CACHE": cache, "COLUMNS": "100"}
        for language in LANGUAGES:  # compile each catalog of a source checkout once
            command_time(python("-m", "deckcli", "--lang", language, *runs["check --help"]),
                         1, env)
        command_time(python("-m", "deckcli", *runs["check one deck"]), 1, env)  # warm caches
        for what, args in runs.items():
            english: list[float] = []
            translated: dict[str, list[float]] = {language: [] for language in LANGUAGES}
            for _ in range(rounds):
                english.append(command_time(python("-m", "deckcli", "--lang", "en", *args), 5,
                                            env))
                for language in LANGUAGES:
                    translated[language].append(command_time(
                        python("-m", "deckcli", "--lang", language, *args), 5, env))
            for language, values in translated.items():
                report_range(f"{what}, --lang {language}", values, english, "--lang en")
                extra = [(value - base) * 1000 for value, base in zip(values, english,
                                                                      strict=True)]
                best = (min(values) - min(english)) * 1000
                print(f"    over English: best {best:+.1f} ms (target: at most +10 ms); "
                      f"round by round {min(extra):+.1f} to {max(extra):+.1f} ms")


if __name__ == "__main__":
    main()
