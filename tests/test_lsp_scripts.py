"""`deckcli lsp` completes a name typed in another script (issue 36): romaji 'hina' offers
日向 翔陽, written as the name, with the form that matched in the detail."""

from __future__ import annotations

import pytest
from lsprotocol import types

from lsphelp import complete, module_fixtures, open_doc, published

pytestmark = pytest.mark.asyncio(loop_scope="module")

root, client = module_fixtures("lsp-scripts")


async def test_completion_of_a_romaji_prefix(client, root):
    text = 'game = "haikyu"\n\n[cards]\n"hina'
    uri = open_doc(client, root / "romaji.toml", text)
    await published(client, uri)
    found = await complete(client, uri, 3, len('"hina'))
    items = {item.label: item for item in found.items}
    assert "日向 翔陽" in items
    item = items["日向 翔陽"]
    assert isinstance(item.text_edit, types.TextEdit)
    assert item.text_edit.new_text == '"日向 翔陽" = 1'
    assert item.detail is not None and "romaji of 日向 翔陽" in item.detail
