"""The one judge of a deck's text (`app.judge.judge`): a file and an editor's buffer holding
the same bytes get the same verdict, a document's walk through the language server looks up
the configuration's `[[decks]]` once, and a deck too broken to read is still placed for the
editor by the game its own line names."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import SAMPLES
from deckcli.app.config import load_settings
from deckcli.app.judge import judge
from deckcli.app.settings import Settings
from deckcli.lsp.checking import Checker

TORCHMAN = SAMPLES / "megaman" / "starter-torchman.txt"


@pytest.mark.parametrize("sample", [TORCHMAN, SAMPLES / "megaman" / "illegal-59-cards.toml"])
def test_a_buffer_is_judged_as_its_file(sample):
    settings = load_settings([sample])
    registry = settings.registry()
    on_disk = judge(sample, settings, registry, explicit=True)
    held = judge(sample, settings, registry, text=sample.read_text(encoding="utf-8"))
    assert on_disk.result is not None and held.result is not None
    assert on_disk.result.to_json() == held.result.to_json()
    assert held.placement is not None and held.placement.resolver is not None


def test_a_folder_scan_and_a_buffer_skip_the_same_files(tmp_path):
    settings, registry = Settings(), Settings().registry()
    (tmp_path / "requirements.txt").write_text("pytest>=8\nrich==13.7\n", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    for name in ("requirements.txt", "pyproject.toml"):
        path = tmp_path / name
        scanned = judge(path, settings, registry)
        typed = judge(path, settings, registry, text=path.read_text(encoding="utf-8"))
        assert scanned.skip is not None and typed.skip is not None
        assert scanned.deck is None and scanned.result is None


def test_a_walk_through_the_language_server_looks_up_decks_once(tmp_path, monkeypatch):
    (tmp_path / "deckcli.toml").write_text('[[decks]]\npath = "*.txt"\ngame = "megaman"\n',
                                           encoding="utf-8")
    path = tmp_path / "torch.txt"
    text = TORCHMAN.read_text(encoding="utf-8").replace("# game: megaman\n", "")
    looked: list[str] = []
    real = Settings.deck_glob

    def counting(self: Settings, where: str | Path):  # type: ignore[no-untyped-def]
        looked.append(str(where))
        return real(self, where)

    monkeypatch.setattr(Settings, "deck_glob", counting)
    checked = Checker([]).check(path, text)
    assert checked.deck is not None and checked.resolver is not None
    assert checked.resolver.pool.game_id == "megaman"
    assert checked.game_from == "config"
    assert looked == [str(path)]


def test_a_deck_too_broken_to_read_is_placed_by_its_own_game_line(tmp_path):
    path = tmp_path / "deck.toml"
    text = 'game = "megaman"\n\n[cards]\n"CyberSword" = \n'  # being typed: invalid TOML
    checked = Checker([]).check(path, text)
    assert checked.deck is not None and checked.resolver is None
    assert [p.rule for p in checked.problems] == ["invalid-toml"]
    assert checked.guess is not None and checked.guess.pool.game_id == "megaman"


def test_import_places_game_as_game_option_would(tmp_path):
    """`import`'s GAME wins over the cards, not over the list's own line."""
    listed = tmp_path / "list.txt"
    listed.write_text("4 AreaSteal\n", encoding="utf-8")
    settings = load_settings([listed], game="haikyu", game_origin="GAME")
    placed = judge(listed, settings, settings.registry(), text="4 AreaSteal\n", explicit=True)
    assert placed.placement is not None and placed.placement.game_from == "option"
    assert placed.placement.game_id == "haikyu"


def test_an_unknown_reference_is_explained_once_per_language_and_placed_on_each_line():
    from deckcli.engine.resolver import Resolver
    from deckcli.i18n import use_language
    from deckcli.model.deck import DeckEntry
    from deckcli.pools.registry import PoolRegistry

    resolver = PoolRegistry([]).open_resolver("megaman", None)
    assert isinstance(resolver, Resolver)
    first, again = DeckEntry("CyberSwordd", 2, 3), DeckEntry("CyberSwordd", 1, 9)
    said = [resolver.problem_for(entry, resolver.lookup(entry.ref)) for entry in (first, again)]
    assert [p.line for p in said] == [3, 9]
    assert said[0].message == said[1].message
    assert "did you mean CyberSword (1C12)" in said[0].message
    assert said[0].fix is not None
    assert said[0].fix.title == "Replace CyberSwordd with CyberSword (1C12)"
    try:
        use_language("es")
        spanish = resolver.problem_for(first, resolver.lookup(first.ref))
    finally:
        use_language("en")
    assert spanish.message != said[0].message and "CyberSword (1C12)" in spanish.message
    assert spanish.fix is not None and spanish.fix.title != said[0].fix.title
