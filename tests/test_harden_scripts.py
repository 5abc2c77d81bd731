"""Script-search rows read back from the cache folder or a shipped file: a row of the right
shape but an unknown way of making its form (what a result says: `VIA`) is a miss, never a
KeyError when a search or a check shows the match."""

from __future__ import annotations

from deckcli.pools.registry import PoolRegistry

REGISTRY = PoolRegistry([])


def test_a_row_with_an_unknown_via_is_a_miss():
    from deckcli.pools.scriptcache import rows_of

    good = [["hinatashouyou", "HV-P01-001", "日向 翔陽", "hinata shouyou", "romaji"]]
    assert rows_of(good) == [("hinatashouyou", "HV-P01-001", "日向 翔陽", "hinata shouyou",
                              "romaji")]
    for via in ("bogus", "", "Romaji", "name "):
        assert rows_of([[*good[0][:4], via]]) is None, via


def test_every_row_read_back_says_its_match():
    """Each row of every shipped pool reads back to a result that can say which name
    matched (the sentence of its `via`), in pool order."""
    from deckcli.engine.scripts import Found
    from deckcli.pools.scriptcache import shipped_rows

    for game_id in REGISTRY.game_ids():
        pool = REGISTRY.load(game_id)
        cards = {card.number: card for card in pool.cards}
        rows = shipped_rows(pool)
        assert rows is not None, game_id
        for _key, number, name, form, via in rows:
            assert Found(cards[number], name, form, via).said()
