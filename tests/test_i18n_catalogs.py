"""The message catalogs as CI checks them: extraction up to date, no fuzzy entry, no
placeholder mismatch, every catalog complete (languages still being translated are listed in
tools/i18n.py UNFINISHED, their completeness test expected to fail until they are done)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

import pytest

from conftest import REPO
from deckcli.i18n import catalog as runtime_catalog


def _tool() -> ModuleType:
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    return importlib.import_module("tools.i18n")


tool = _tool()


def test_every_message_in_the_code_is_in_the_template_and_every_catalog() -> None:
    assert tool.stale_files() == []


def test_no_catalog_has_a_fuzzy_entry_or_a_placeholder_mismatch() -> None:
    assert tool.problems() == []


@pytest.mark.parametrize("code", [
    pytest.param(code, marks=pytest.mark.xfail(
        code in tool.UNFINISHED, strict=True,
        reason="still being translated: listed in tools/i18n.py UNFINISHED"))
    for code in tool.CATALOG_LANGUAGES])
def test_every_catalog_is_fully_translated(code: str) -> None:
    assert tool.untranslated(code) == []


def _package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: str) -> Path:
    """A package of one module, with its locales folder, as the tool's subject."""
    package = tmp_path / "deckcli"
    (package / "i18n" / "locales").mkdir(parents=True)
    (package / "mod.py").write_text(code, encoding="utf-8")
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    monkeypatch.setattr(tool, "PACKAGE", package)
    monkeypatch.setattr(tool, "LOCALES", package / "i18n" / "locales")
    monkeypatch.setattr(tool, "TEMPLATE", package / "i18n" / "locales" / "deckcli.pot")
    return package


def test_a_message_added_in_code_without_a_catalog_entry_fails_the_check(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = _package(tmp_path, monkeypatch, 'from deckcli.i18n import _\n_("Old message.")\n')
    assert tool.update()
    assert tool.stale_files() == []
    (package / "mod.py").write_text('_("Old message.")\n_("New message.")\n', encoding="utf-8")
    stale = tool.stale_files()
    assert len(stale) == 1 + len(tool.CATALOG_LANGUAGES)
    assert "out of date; run `python -m tools.i18n update`" in stale[0]
    tool.update()
    assert tool.stale_files() == []
    assert "New message." in tool.untranslated("es")


def test_a_translation_keeps_its_placeholders_and_plural_forms_check() -> None:
    catalog = tool.new_catalog("es")
    catalog.add("{count} × {card}", "{count} × {carta}")
    catalog.add("Fine {name}", "Bien {name}")
    catalog.add("Stray {name}", "Suelto {name")
    catalog.add(("{n} card", "{n} cards"), ("{n} carta", "{n} cartas"))
    catalog.add(("one {card}", "{n} × {card}"), ("una {card}", "{n} × {mazo}"))
    catalog.add("Fuzzy", "Difuso", flags=["fuzzy"])
    found = list(tool.message_problems("es", catalog))
    assert len(found) == 4, found  # Spanish: two plural forms
    assert "'{count} × {card}': placeholders ['carta', 'count'] in the translation" in found[0]
    assert "stray brace" in found[1]
    assert "'one {card}'" in found[2] and "mazo" in found[2]
    assert "fuzzy entry 'Fuzzy'" in found[3]


def test_a_source_checkout_compiles_a_catalog_on_first_use_and_again_when_it_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    source = folder / "deckcli.po"
    header = 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    source.write_text(header + 'msgid "Deck"\nmsgstr "Mazo"\n', encoding="utf-8")
    monkeypatch.setattr(runtime_catalog, "LOCALES", tmp_path)
    assert runtime_catalog.load_catalog("es").gettext("Deck") == "Mazo"
    compiled = folder / "deckcli.mo"
    assert compiled.exists()
    assert runtime_catalog.load_catalog("es").gettext("Deck") == "Mazo"  # from the .mo
    source.write_text(header + 'msgid "Deck"\nmsgstr "Baraja"\n', encoding="utf-8")
    newer = compiled.stat().st_mtime_ns + 10**9
    import os

    os.utime(source, ns=(newer, newer))
    assert runtime_catalog.load_catalog("es").gettext("Deck") == "Baraja"
    assert runtime_catalog.load_catalog("xx").gettext("Deck") == "Deck"  # no catalog: English
