"""What a new user met, said plainly (issue 40): `--strict` says why it fails in every format,
a game or card number typed wrong gets a did-you-mean, an empty file gets its own format's
advice, one card is "1 card", `NO_COLOR=` turns nothing off, `deckcli lsp` in a terminal says
what it is, the pre-commit hook runs once, and `draw` names its mulligan policy."""

from __future__ import annotations

import io
import json
import os
import pty
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import REPO, SAMPLES
from deckcli.model.problem import Problem
from deckcli.model.result import CheckResult, DeckResult

TORCH = (SAMPLES / "megaman" / "starter-torchman.txt").read_text(encoding="utf-8")
WARNED = TORCH.replace("2 Great Surprise\n", "1 Great Surprise\n1 Great Surprise\n")
LEGAL = SAMPLES / "megaman" / "starter-megaman.toml"
HAIKYU = SAMPLES / "haikyu" / "starter-karasuno.toml"
STRICT_FAIL = "the deck is legal, but --strict fails its warnings"


@pytest.fixture
def warned(write_deck) -> Path:
    """A legal deck with one warning (a card listed twice)."""
    assert WARNED != TORCH
    return write_deck("warned.txt", WARNED)


def test_strict_says_why_on_the_verdict_and_the_summary(cli, warned):
    loose = cli("check", LEGAL, warned)
    assert loose.code == 0 and "✓ legal   " in loose.out and "--strict" not in loose.out
    run = cli("check", LEGAL, warned, "--strict")
    assert run.code == 1
    lines = run.out.splitlines()
    assert lines[0].startswith("✓ legal   ")
    assert lines[1].startswith("✗ warnings ") and "warned.txt" in lines[1]
    assert lines[-1] == ("2 decks: 2 legal, 0 illegal; 0 errors, 1 warning; --strict: 1 legal "
                         "deck fails on its warnings")


def test_strict_in_json_and_the_report_schema(cli, warned):
    run = cli("check", LEGAL, warned, "--strict", "--format", "json")
    document = json.loads(run.out)
    assert run.code == 1 and (document["strict"], document["passed"]) == (True, False)
    assert [(d["legal"], d["passed"]) for d in document["decks"]] == [(True, True),
                                                                       (True, False)]
    loose = json.loads(cli("check", LEGAL, warned, "--format", "json").out)
    assert (loose["strict"], loose["passed"]) == (False, True)
    assert all(deck["passed"] for deck in loose["decks"])
    schema = json.loads(cli("schema", "report").out)
    assert set(schema["required"]) <= set(document)
    deck_schema = schema["properties"]["decks"]["items"]
    for deck in document["decks"]:
        assert set(deck_schema["required"]) == set(deck)
    assert "strict" in schema["properties"]["passed"]["description"] or \
        "exit status" in schema["properties"]["passed"]["description"]
    assert cli("schema", "nonsense").code == 2


@pytest.mark.parametrize(("output", "said"), [
    ("text", f"warned.txt: [strict] {STRICT_FAIL}"),
    ("markdown", "❌ legal, but warnings fail it (--strict)"),
    ("github", "--strict: 1 legal deck fails on its warnings"),
    ("sarif", STRICT_FAIL),
])
def test_strict_says_why_in_every_other_format(cli, warned, output, said):
    run = cli("check", warned, "--strict", "--format", output)
    assert run.code == 1 and said in run.out
    assert said not in cli("check", warned, "--format", output).out


def test_strict_in_sarif_properties_and_junit(cli, warned):
    sarif = json.loads(cli("check", warned, "--strict", "--format", "sarif").out)
    invocation = sarif["runs"][0]["invocations"][0]
    assert invocation["properties"] == {"strict": True, "passed": False}
    junit = cli("check", warned, "--strict", "--format", "junit").out
    assert 'type="strict"' in junit


@pytest.mark.parametrize(("typed", "meant"), [
    ("haikyuu", "haikyu"), ("megamen", "megaman"), ("orb", "orbs"),
    ("digi battle", "digi-battle"), ("Digimon_Classic", "digimon-classic")])
def test_a_game_typed_wrong_gets_a_did_you_mean_everywhere(cli, tmp_path, typed, meant):
    hint = f"unknown game {typed!r} (did you mean {meant!r}?); games: "
    for argv in (("new", typed, tmp_path / "x.toml"), ("cards", typed, "x"),
                 ("check", LEGAL, "--game", typed), ("rules", typed),
                 ("draw", LEGAL, "-w", "CyberSword", "--game", typed)):
        run = cli(*argv)
        assert run.code == 2 and hint in run.err, (argv, run.err)
    (tmp_path / "deckcli.toml").write_text(f'[[decks]]\npath = "*.txt"\ngame = "{typed}"\n',
                                           encoding="utf-8")
    deck = tmp_path / "a.txt"
    deck.write_text(TORCH, encoding="utf-8")
    run = cli("check", deck)
    assert run.code == 2 and hint in run.err


def test_a_game_far_from_any_gets_the_list_alone(cli, tmp_path):
    run = cli("new", "pokemon", tmp_path / "x.toml")
    assert run.code == 2 and "unknown game 'pokemon'; games: digi-battle" in run.err


@pytest.mark.parametrize(("game", "typed", "meant"), [
    ("digimon-classic", "st-001", "Agumon (St-1)"), ("digimon-classic", "ST-0001", "Agumon (St-1)"),
    ("megaman", "1c012", "CyberSword (1C12)")])
def test_a_padded_or_lower_case_number_suggests_the_pools_number(cli, tmp_path, game, typed,
                                                                  meant):
    deck = tmp_path / "deck.toml"
    deck.write_text(f'game = "{game}"\n[cards]\n', encoding="utf-8")
    run = cli("add", deck, typed)
    assert run.code == 2, run.err
    assert f'"{typed}" is not ' in run.err and f"did you mean {meant}?" in run.err
    assert "Depthmon" not in run.err  # St-901 only looks like "st-001" to difflib


@pytest.mark.parametrize(("name", "advice"), [
    ("empty.txt", 'a text list needs a line per card, such as "4 CyberSword"'),
    ("empty.list", "a text list needs a line per card"),
    ("empty.csv", "a CSV list needs a header row"),
    ("empty.dek", "a LackeyCCG deck needs a <deck> element"),
    ("empty.json", 'a JSON list needs {"cards"'),
    ("empty.toml", 'a deck needs game = "…" and [cards]')])
def test_an_empty_file_gets_its_own_formats_advice(cli, write_deck, name, advice):
    run = cli("check", write_deck(name, ""), "--game", "megaman", "--format", "json")
    [problem] = json.loads(run.out)["decks"][0]["problems"]
    assert problem["rule"] == "empty-file"
    assert problem["message"].startswith("the file is empty; ") and advice in problem["message"]
    if not name.endswith(".toml"):
        assert "[cards]" not in problem["message"]


def test_one_card_is_one_card(cli, write_deck):
    deck = write_deck("one.dek", '<deck><meta><game>MMTCG</game></meta><superzone name="Deck">'
                      "<card><name>AirShot</name></card></superzone></deck>")
    run = cli("check", deck)
    assert "  1 card\n" in run.out and "1 cards" not in run.out
    assert "deck-size  1 card; megaman decks" in run.out


def output(cli, monkeypatch, env: dict[str, str], *argv: str) -> str:
    """What `deckcli ARGV` writes to a captured (not a terminal) stdout when FORCE_COLOR asks
    for colour, under `env`."""
    with monkeypatch.context() as patch:
        for name in ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE"):
            patch.delenv(name, raising=False)
        for name, value in {"FORCE_COLOR": "1", "COLUMNS": "100", **env}.items():
            patch.setenv(name, value)
        run = cli(*argv)
    assert run.code in (0, 1), run.err
    return run.out


@pytest.mark.parametrize("argv", [("check", str(SAMPLES / "megaman" / "illegal-59-cards.toml")),
                                  ("cards", "megaman", "CyberSword"),
                                  ("show", str(LEGAL))])
def test_no_color_empty_turns_nothing_off_and_set_turns_colour_off(cli, monkeypatch, argv):
    styled = output(cli, monkeypatch, {}, *argv)
    assert "\x1b[" in styled
    assert output(cli, monkeypatch, {"NO_COLOR": ""}, *argv) == styled, argv  # empty: unset
    plain = output(cli, monkeypatch, {"NO_COLOR": "1"}, *argv)
    assert "\x1b[3" not in plain and "\x1b[1;3" not in plain, argv


def test_lsp_in_a_terminal_says_what_it_is_on_stderr():
    leader, follower = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    server = subprocess.Popen([sys.executable, "-m", "deckcli", "lsp"], stdin=follower,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    os.close(follower)
    try:
        time.sleep(0.5)
        os.write(leader, b"\x04")  # Ctrl-D: the end of input, as the message says
        out, err = server.communicate(timeout=60)
    finally:
        os.close(leader)
        if server.poll() is None:
            server.kill()
    said = err.decode()
    assert "language server" in said and "standard input and output" in said
    assert "docs/editors.md" in said and "Ctrl-D" in said
    assert out == b""  # stdout stays the protocol's


def test_the_pre_commit_hook_runs_in_one_process():
    hooks = (REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    entry = hooks.split("- id: deckcli-check", 1)[1].split("\n- id:", 1)[0]
    assert "\n  require_serial: true\n" in entry + "\n"


def test_draw_names_the_mulligan_policy_in_every_output(cli):
    note = ("mulligan: none (the default; the game allows a partial mulligan: --mulligan "
            "default or --mulligan best takes it)")
    for output in ("rich", "text"):
        run = cli("draw", HAIKYU, "-w", "type:*", "-f", output)
        assert run.code == 0 and " ".join(run.out.split()).count(note) == 1, run.out
    document = json.loads(cli("draw", HAIKYU, "-w", "type:*", "-f", "json").out)
    assert (document["policy"], document["game_mulligan"]) == ("none", "partial")
    assert document["mulligan_note"] == note
    hands = json.loads(cli("draw", HAIKYU, "--show", "1", "-f", "json").out)
    assert hands["mulligan_note"] == note
    best = json.loads(cli("draw", HAIKYU, "-w", "type:*", "--mulligan", "best", "-f",
                          "json").out)
    assert best["policy"] == "best" and best["mulligan_note"].startswith("mulligan: best")
    megaman = json.loads(cli("draw", LEGAL, "-w", "type:BattleChip", "-f", "json").out)
    assert megaman["mulligan_note"] == "mulligan: none (this game's set-up has no mulligan)"


def test_draw_side_by_side_names_each_games_mulligan(cli):
    run = cli("draw", HAIKYU, LEGAL, "-w", "type:*", "-f", "text")
    said = " ".join(run.out.split())
    assert "1. mulligan: none (the default; the game allows a partial mulligan" in said
    assert "2. mulligan: none (this game's set-up has no mulligan)" in said


class Terminal(io.StringIO):
    """A stream that says it is a terminal (rich_report wraps for terminals only)."""

    def isatty(self) -> bool:
        return True


def on_terminal(monkeypatch: pytest.MonkeyPatch, result: CheckResult, width: int) -> list[str]:
    from deckcli.report.rich_report import render

    monkeypatch.setenv("COLUMNS", str(width))
    out = Terminal()
    render(result, out, color=False)
    return out.getvalue().splitlines()


def test_the_verdict_line_never_parts_a_count_from_its_word(monkeypatch):
    for length in range(30, 71):  # every place the line's end can fall (the path fits)
        path = "decks/" + "x" * (length - len("decks/.toml")) + ".toml"
        result = CheckResult([DeckResult(path, "megaman", "standard", 60, [])])
        lines = on_terminal(monkeypatch, result, 80)
        assert any(line.endswith("60 cards") for line in lines), lines
        assert all(len(line) <= 80 for line in lines) and path in lines[0]


def test_at_40_columns_a_path_is_never_cut(monkeypatch):
    path = "decks/megaman/a-rather-long-deck-name-for-its-folder.toml"  # wider than 40
    problem = Problem("copies", f"see {path} — cut 1", line=3)
    result = CheckResult([DeckResult(path, "megaman", "standard", 61, [problem])])
    lines = on_terminal(monkeypatch, result, 40)
    assert sum(path in line for line in lines) == 2, lines  # the verdict's and the message's
    for line in lines:
        assert len(line) <= 40 or path in line, lines
    assert "61 cards" in "\n".join(lines) and any("cut 1" in line for line in lines)


def test_a_piped_card_never_splits_its_source_urls(cli, monkeypatch):
    from deckcli.pools.registry import PoolRegistry

    monkeypatch.setenv("COLUMNS", "80")
    card = PoolRegistry([]).load("digimon-classic").by_number["st-1"]
    urls = [word for word in (card.source or "").split() if "://" in word]
    assert any(len(url) > 80 for url in urls)  # a URL wider than the pipe's 80 columns
    run = cli("cards", "digimon-classic", "St-1")
    words = run.out.split()
    for url in urls:
        assert url in words, url
    assert "ability" not in run.out  # an empty fact is left out, not an empty row


def test_a_deck_format_typed_wrong_gets_a_did_you_mean(cli, write_deck):
    run = cli("check", LEGAL, "--deck-format", "standrd")
    assert run.code == 2
    assert "--deck-format 'standrd' is not a format of any game (did you mean 'standard'?)" \
        in run.err
    deck = write_deck("fm.txt", "# game: megaman\n# format: standrd\n1 AirShot\n")
    said = json.loads(cli("check", deck, "--format", "json").out)["decks"][0]["problems"]
    assert said[0]["message"] == ("megaman has no format 'standrd' (did you mean 'standard'?); "
                                  "formats: standard")


def test_the_readme_puts_deckcli_on_the_path_and_editors_name_neovims_pause():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    setup = readme.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    assert ". .venv/bin/activate" in setup and "pipx install ." in setup
    assert "uv tool install ." in setup
    editors = (REPO / "docs" / "editors.md").read_text(encoding="utf-8")
    assert "150 ms" in editors and "debounce_text_changes" in editors
    assert "vim.lsp.completion.enable" in editors
