"""deckcli run in each language, as a user runs it (subprocesses): `check` of an illegal deck
and of a card name's typo, `--help` of deckcli, `check` and `draw`, `rules` (deckcli's own rule
ids and the rule kinds), a mistyped command and option, `draw` of a sample. Each output
is in the language asked for (through `LANGUAGE` and through `--lang`) and holds no English
sentence: expected to fail, strictly, for a language still listed in tools/i18n.py
UNFINISHED. Exit statuses, JSON keys and rule ids never change with the language."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from test_i18n_catalogs import tool

from conftest import REPO, SAMPLES

LANGUAGES = ("es", "th", "zh_Hans", "zh_Hant", "ja")
ILLEGAL = SAMPLES / "megaman" / "illegal-five-copies.toml"
STARTER = SAMPLES / "megaman" / "starter-megaman.toml"
DECKS = REPO / "tests" / "data" / "decks"
MISTAKES = [str(DECKS / "typo-megaman.txt"), str(DECKS / "twice-megaman.toml")]
COMMANDS = {
    "deckcli --help": ["--help"],
    "rules of a game, as text": ["rules", "megaman", "--format", "text"],
    "rule kinds, as text": ["rules", "--format", "text"],
    "check of a typo and a card given twice": ["check", "--format", "text", *MISTAKES],
    "check of an illegal deck": ["check", str(ILLEGAL)],
    "check --help": ["check", "--help"],
    "draw --help": ["draw", "--help"],
    "a mistyped command": ["chek", str(ILLEGAL)],
    "a mistyped option": ["check", "--formt", "json", str(ILLEGAL)],
    "draw of a sample": ["draw", str(STARTER), "-w", "AreaSteal", "--turns", "2",
                         "--show", "2", "--seed", "7"],
}
# Words of deckcli's English messages: three of them in a row are an English sentence left
# untranslated (names, ids, paths, options and numbers are not among them)
ENGLISH = frozenset((
    "the", "an", "is", "are", "be", "of", "to", "in", "for", "and", "or", "not", "no",
    "have", "has", "had", "at", "most", "least", "exactly", "with", "by", "on", "from",
    "this", "that", "it", "its", "as", "per", "only", "than", "more", "one", "two", "add",
    "cut", "deck", "decks", "card", "cards", "hand", "line", "error", "errors", "warning",
    "warnings", "legal", "illegal", "usage", "try", "help", "missing", "argument", "option",
    "options", "such", "command", "commands", "did", "you", "mean", "show", "message",
    "exit", "turn", "turns", "opening", "chance", "each", "first", "copies", "game",
    "format", "rules", "rule", "file", "files", "folder", "folders", "name", "names",
    "number", "numbers", "every", "what", "which", "when", "where", "odds", "draw", "drawn",
    "wants", "want", "set", "aside", "sample", "hands", "before", "after", "any", "all",
    "must", "hold", "meets", "counts", "default", "print", "examples", "arguments",
    "status", "internal", "bug", "report",
))


def _env(language: str | None) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if key not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "DECKCLI_LANG")}
    env.update(PYTHONPATH=str(REPO), COLUMNS="100", NO_COLOR="1")
    if language is not None:
        env["LANGUAGE"] = language
    return env


def run(args: list[str], language: str | None = None, flag: str | None = None
        ) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "deckcli", *(["--lang", flag] if flag else []), *args]
    return subprocess.run(argv, capture_output=True, text=True, env=_env(language), cwd=REPO,
                          timeout=120, check=False)


# Every command of COMMANDS in one process (the language is the same for all of them, and so
# are the help texts written when the first command imports its module): one start-up per
# language instead of six. Prints each command's exit status and output as JSON.
BATCH = """
import contextlib, io, json, sys
from deckcli.cli.app import main
done = []
for argv in json.loads(sys.argv[1]):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    done.append([code, out.getvalue(), err.getvalue()])
sys.__stdout__.write(json.dumps(done))
"""


def run_all(language: str | None = None, flag: str | None = None) -> dict[str, list[object]]:
    """{what: [exit status, stdout, stderr]} of every command of COMMANDS."""
    batches = [[*(["--lang", flag] if flag else []), *args] for args in COMMANDS.values()]
    done = subprocess.run([sys.executable, "-c", BATCH, json.dumps(batches)],
                          capture_output=True, text=True, env=_env(language), cwd=REPO,
                          timeout=300, check=True)
    return dict(zip(COMMANDS, json.loads(done.stdout), strict=True))


# the pools' own notes are data, written by the pool's author, never translated (glossary)
POOL_NOTES = [" ".join(note.split()) for pool in sorted((REPO / "cardpools").glob("*.toml"))
              for note in re.findall(r'^note = "(.*)"$', pool.read_text(encoding="utf-8"),
                                     flags=re.M)]


# a line of `deckcli rules --format text`: its rule id, kind and severity, names every language
# keeps (`copies  copies  error …`, `invalid-field  built-in (file)  error …`)
RULE_COLUMNS = re.compile(r"^\S+ +(?:built-in \(\w+\)|\S+) +(?:error|warning|info) +", re.M)


def without_pool_data(text: str) -> str:
    """The output with the pools' notes and the rule tables' id, kind and severity columns
    taken out, however the terminal wrapped them."""
    text = " ".join(RULE_COLUMNS.sub("", text).split())
    for note in POOL_NOTES:
        text = text.replace(note, "")
    return text


def english_sentences(text: str) -> list[str]:
    """Runs of three or more English words in a row (numbers and punctuation between them
    neither count nor break a run)."""
    words = [re.sub(r"^\W+|\W+$", "", token) for token in text.split()]
    found: list[str] = []
    run_: list[str] = []
    for word in [*words, "."]:
        if word.isupper() and word.isascii() and len(word) > 1:
            continue  # a placeholder of a usage line (OPTIONS, DECK): neither counts nor breaks
        if word.lower() in ENGLISH:
            run_.append(word)
        elif word and not word.replace(",", "").isdigit():
            if len(run_) >= 3:
                found.append(" ".join(run_))
            run_ = []
    return found


def test_the_english_detector_finds_english_and_passes_translations() -> None:
    assert english_sentences("5 × AreaSteal (1C8); at most 4 per name — cut 1") == [
        "at most per name cut"]
    assert english_sentences("Usage: deckcli check. Try 'deckcli check -h' for help.") == []
    assert english_sentences("megaman decks have exactly 60 cards") == [
        "decks have exactly cards"]
    assert english_sentences("no such command and did you mean this") == [
        "no such command and did you mean this"]
    assert english_sentences("5 × AreaSteal (1C8); como máximo 4 por nombre — quita 1") == []
    assert english_sentences("การ์ด 40 ใบ พอดี") == []


def _languages() -> list[object]:
    return [pytest.param(code, mode, marks=pytest.mark.xfail(
        code in tool.UNFINISHED, strict=True,
        reason="still being translated: listed in tools/i18n.py UNFINISHED"))
        for code in LANGUAGES for mode in ("LANGUAGE", "--lang")]


@pytest.mark.slow
@pytest.mark.parametrize(("code", "mode"), _languages())
def test_every_output_is_in_the_language_asked_for(code: str, mode: str) -> None:
    done = run_all(language=code if mode == "LANGUAGE" else None,
                   flag=code if mode == "--lang" else None)
    left = {what: english for what, (_code, out, err) in done.items()
            if (english := english_sentences(without_pool_data(str(out) + str(err))))}
    assert left == {}


@pytest.mark.slow
def test_exit_statuses_are_the_same_in_every_language() -> None:
    english = {what: result[0] for what, result in run_all().items()}
    assert english["check of an illegal deck"] == 1 and english["a mistyped command"] == 2
    for code in LANGUAGES:
        assert {what: result[0] for what, result in run_all(flag=code).items()} == english


def test_an_unknown_language_exits_2_and_lists_the_languages() -> None:
    done = run(["games"], flag="xx")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("deckcli: error: --lang 'xx' is not a language deckcli speaks; use "
                           "one of en, es, th, zh_Hans, zh_Hant, ja\n")


def test_json_is_the_same_in_every_locale_unless_a_language_is_asked_for() -> None:
    args = ["check", str(SAMPLES / "megaman"), "--format", "json"]
    english = run(args)
    assert english.returncode == 1
    for code in ("th", "zh_TW.UTF-8"):
        assert run(args, language=code).stdout == english.stdout
    asked = run(args, flag="th")
    assert asked.returncode == english.returncode
    first, second = json.loads(english.stdout), json.loads(asked.stdout)

    def shape(report: dict[str, object]) -> object:
        decks = report["decks"]
        assert isinstance(decks, list)
        return [sorted(report), [(sorted(deck), deck["legal"], deck["path"],
                                  [(p["rule"], p["severity"], p["card"], p["line"])
                                   for p in deck["problems"]]) for deck in decks]]

    assert shape(first) == shape(second)
