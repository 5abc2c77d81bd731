"""`deckcli lsp` end to end (pytest-lsp, the server as a subprocess): diagnostics of TOML decks
and text lists at the reference's columns, cleared by the fix; the configuration honoured;
documents that are no deck left alone; a clean exit."""

from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types

from conftest import SAMPLES
from lsphelp import at, module_fixtures, open_doc, published, replace_all

pytestmark = pytest.mark.asyncio(loop_scope="module")
FIVE = (SAMPLES / "megaman" / "illegal-five-copies.toml").read_text(encoding="utf-8")
TORCH = (SAMPLES / "megaman" / "starter-torchman.txt").read_text(encoding="utf-8")


root, client = module_fixtures("lsp-decks")


async def test_toml_deck_flagged_on_the_key_and_cleared_by_the_fix(client, root):
    uri = open_doc(client, root / "five.toml", FIVE)
    found = await published(client, uri)
    assert [(d.code, d.severity, d.source) for d in found] == [
        ("copies", types.DiagnosticSeverity.Error, "deckcli")]
    line = FIVE.splitlines().index('1C8 = 5  # AreaSteal (BattleChip) -- 5 copies')
    assert at(found[0]) == (line, 0, len('1C8'))
    assert found[0].message == "5 × AreaSteal (1C8); at most 4 per name — cut 1"
    assert found[0].code_description is not None
    assert found[0].code_description.href.endswith("/megaman.toml")
    fixed = FIVE.replace('1C8 = 5', '1C8 = 4\n1C32 = 1')
    replace_all(client, uri, fixed, 2)
    assert await published(client, uri, 2) == []


async def test_text_list_flagged_on_the_name_and_cleared_by_the_fix(client, root):
    typo = TORCH.replace("4 Power Pastries", "4 Powr Pastries")
    uri = open_doc(client, root / "torch.txt", typo, "plaintext")
    found = await published(client, uri)
    assert [d.code for d in found] == ["unknown-card"]
    line = typo.splitlines().index("4 Powr Pastries")
    assert at(found[0]) == (line, 2, len("4 Powr Pastries"))
    assert "did you mean Power Pastries (1C59)" in found[0].message
    assert found[0].code_description is not None
    assert found[0].code_description.href.endswith("input-errors.md#the-catalogue")
    replace_all(client, uri, TORCH.replace("3 Guard1\n", ""), 2)
    short = await published(client, uri, 2)
    assert [d.code for d in short] == ["deck-size"]
    game_line = TORCH.splitlines().index("# game: megaman")
    assert at(short[0]) == (game_line, 0, len("# game: megaman"))  # a deck problem: the header
    replace_all(client, uri, TORCH, 3)
    assert await published(client, uri, 3) == []


async def test_documents_that_are_no_decks_get_nothing(client, root):
    open_doc(client, root / "notes.txt", "Remember to buy sleeves.\nAnd dice.\n", "plaintext")
    open_doc(client, root / "pyproject.toml", '[project]\nname = "x"\n')
    open_doc(client, root / "broken.toml", '[server\nport = 8\n')
    uri = open_doc(client, root / "after.toml", FIVE)
    await published(client, uri)  # the first diagnostics sent are this deck's
    assert not [u for u in client.diagnostics
                if u.endswith(("/notes.txt", "/pyproject.toml", "/broken.toml"))]


async def test_decks_of_the_configuration_take_their_game(client, root):
    repo = root / "repo"
    repo.mkdir()
    (repo / "deckcli.toml").write_text('[[decks]]\npath = "lists/*.txt"\ngame = "megaman"\n',
                                       encoding="utf-8")
    no_game = TORCH.replace("# game: megaman\n", "")
    inside = open_doc(client, repo / "lists" / "torch.txt", no_game, "plaintext")
    assert await published(client, inside) == []
    outside = open_doc(client, repo / "other" / "torch.txt", no_game, "plaintext")
    assert [d.code for d in await published(client, outside)] == ["game-inferred"]


async def test_a_broken_configuration_is_one_diagnostic(client, root):
    repo = root / "broken-config"
    repo.mkdir()
    (repo / "deckcli.toml").write_text('strict = "yes"\nselct = []\n', encoding="utf-8")
    uri = open_doc(client, repo / "deck.toml", FIVE)
    found = await published(client, uri)
    assert [d.code for d in found] == ["invalid-config"]
    assert "strict must be true or false" in found[0].message
    assert "(and 1 more mistake)" in found[0].message


async def test_a_configuration_changed_on_disk_rechecks_open_decks(client, root):
    def asked_to_watch() -> bool:
        return any(r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES
                   for r in client.registrations)

    for _ in range(300):  # the server asks once initialized, without the client waiting for it
        if asked_to_watch():
            break
        await asyncio.sleep(0.1)
    assert asked_to_watch()  # the server asked to watch configurations
    repo = root / "watched"
    repo.mkdir()
    config = repo / "deckcli.toml"
    config.write_text('ignore = ["copies"]\n', encoding="utf-8")
    uri = open_doc(client, repo / "five.toml", FIVE)
    # copies ignored by the configuration, which says so (the config-silenced notice)
    assert [d.code for d in await published(client, uri)] == ["config-silenced"]
    config.write_text("", encoding="utf-8")
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=config.as_uri(), type=types.FileChangeType.Changed)]))
    # every open document is published again, several in one read: the latest of this one
    for _ in range(900):
        if [d.code for d in client.diagnostics.get(uri, [])] == ["copies"]:
            break
        await asyncio.sleep(0.1)
    assert [d.code for d in client.diagnostics.get(uri, [])] == ["copies"]


async def test_a_broken_pool_is_one_diagnostic(client, root):
    repo = root / "broken-pool"
    (repo / "pools").mkdir(parents=True)
    (repo / "deckcli.toml").write_text('pools = ["pools"]\n', encoding="utf-8")
    (repo / "pools" / "megaman.toml").write_text('[game]\nid = "megaman"\nname = 3\n',
                                                 encoding="utf-8")
    uri = open_doc(client, repo / "deck.toml", FIVE)
    found = await published(client, uri)
    assert [d.code for d in found] == ["broken-pool"]
    assert "megaman.toml: game.name" in found[0].message
    assert at(found[0])[0] == FIVE.splitlines().index('game = "megaman"')
