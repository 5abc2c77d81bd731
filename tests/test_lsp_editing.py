"""`deckcli lsp` end to end: completion (English and Japanese names, numbers, game and format
values, `# game:` lines), hover, each quick fix applied and re-checked, formatting and the
outline."""

from __future__ import annotations

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import SAMPLES
from lsphelp import module_fixtures, open_doc, published, replace_all

pytestmark = pytest.mark.asyncio(loop_scope="module")
STARTER = (SAMPLES / "megaman" / "starter-megaman.toml").read_text(encoding="utf-8")
JAPANESE = (SAMPLES / "digimon-classic" / "example-japanese-names.toml").read_text(
    encoding="utf-8")


root, client = module_fixtures("lsp-editing")


async def complete(client: LanguageClient, uri: str, line: int, character: int
                   ) -> types.CompletionList:
    found = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=line, character=character)))
    assert isinstance(found, types.CompletionList)
    return found


def edits(found: types.CompletionList) -> dict[str, str]:
    result = {}
    for item in found.items:
        assert isinstance(item.text_edit, types.TextEdit)
        result[item.label] = item.text_edit.new_text
    return result


async def test_completion_of_an_english_name_as_a_toml_key(client, root):
    text = STARTER.replace('"1C8"', '"Area')
    uri = open_doc(client, root / "starter.toml", text)
    await published(client, uri)
    row = text.splitlines().index('"Area    = 4  # AreaSteal (BattleChip)')
    found = await complete(client, uri, row, len('"Area'))
    written = edits(found)
    assert written["AreaSteal"] == '"AreaSteal"'  # the line has its "= 4" already
    item = next(i for i in found.items if i.label == "AreaSteal")
    assert item.detail is not None and item.detail.startswith("1C8 · BattleChip")
    assert isinstance(item.text_edit, types.TextEdit)
    assert (item.text_edit.range.start.character, item.text_edit.range.end.character) == (0, 5)


async def test_completion_of_a_number_and_of_a_new_key(client, root):
    text = STARTER + '"1C1'
    uri = open_doc(client, root / "new-key.toml", text)
    await published(client, uri)
    found = edits(await complete(client, uri, len(text.splitlines()) - 1, 4))
    assert found["1C12"] == '"1C12" = 1'


async def test_completion_of_a_japanese_name(client, root):
    lines = JAPANESE.splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith('"アグモン"'))
    lines[row] = '"アグ'
    uri = open_doc(client, root / "japanese.toml", "\n".join(lines))
    found = edits(await complete(client, uri, row, 3))
    assert found["アグモン"] == '"アグモン" = 1'


async def test_completion_in_a_text_list(client, root):
    text = "# game: megaman\n4 Area\n"
    uri = open_doc(client, root / "list.txt", text, "plaintext")
    found = edits(await complete(client, uri, 1, len("4 Area")))
    assert found["AreaSteal"] == "AreaSteal"
    replace_all(client, uri, "# game: megaman\nAreaS", 2)
    bare = edits(await complete(client, uri, 1, len("AreaS")))
    assert bare["AreaSteal"] == "1 AreaSteal"  # a line without a count gets one
    replace_all(client, uri, "# game: megaman\n", 3)
    empty = await complete(client, uri, 1, 0)  # the line after the last newline
    assert empty.is_incomplete and len(empty.items) > 10


async def test_completion_of_game_and_format_values_and_game_lines(client, root):
    text = 'game = "\n'
    uri = open_doc(client, root / "fresh.toml", text)
    games = edits(await complete(client, uri, 0, len('game = "')))
    assert games["megaman"] == '"megaman"'
    assert {"haikyu", "digimon-classic", "orbs", "digi-battle"} <= set(games)
    replace_all(client, uri, 'game = "digimon-classic"\nformat = \n', 2)
    formats = edits(await complete(client, uri, 1, len("format = ")))
    assert formats["ultimate-battle"] == '"ultimate-battle"'
    listed = open_doc(client, root / "fresh.txt", "# g\n", "plaintext")
    lines = edits(await complete(client, listed, 0, 3))
    assert lines["# game: megaman"] == "# game: megaman"


FIVE = (SAMPLES / "megaman" / "illegal-five-copies.toml").read_text(encoding="utf-8")


async def hover(client: LanguageClient, uri: str, line: int, character: int) -> str | None:
    found = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=line, character=character)))
    if found is None:
        return None
    assert isinstance(found.contents, types.MarkupContent)
    return found.contents.value


async def test_hover_shows_facts_copies_against_the_cap_and_turn_3_odds(client, root):
    uri = open_doc(client, root / "five.toml", FIVE)
    row = next(i for i, line in enumerate(FIVE.splitlines()) if line.startswith('"1C8"'))
    text = await hover(client, uri, row, 2)
    assert text is not None
    assert text.startswith("**AreaSteal** · 1C8")
    assert "type: BattleChip" in text and "destiny: 4" in text
    assert "copies in the deck: 5 (at most 4 per name; rule copies)" in text
    # the value `deckcli show` prints for this card of this deck: 48% ½t4
    assert "playable on turn 3: 48%; 50% from turn 4" in text
    assert await hover(client, uri, row, 20) is None  # past the reference: nothing


async def test_hover_escapes_markup_and_names_unknown_cards(client, root):
    uri = open_doc(client, root / "list-hover.txt", "# game: megaman\n4 *Cyber Swordd*\n",
                   "plaintext")
    text = await hover(client, uri, 1, 4)
    assert text is not None
    assert text.startswith('"\\*Cyber Swordd\\*" is not a MegaMan')
