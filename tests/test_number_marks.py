"""`NAME (NUMBER MARK)` in a text list: the number decides, a mark is a printing or a warning,
and a number the pool lacks is an unknown card, never dropped for the name beside it."""

from __future__ import annotations


def check_list(cli, write_deck, lines: list[str]):
    path = write_deck("list.txt", "# game: haikyu\n" + "\n".join(lines) + "\n")
    run = cli("check", path, "--format", "json")
    return run.json()["decks"][0]




def test_a_known_rarity_mark_keeps_the_number(cli, write_deck):
    deck = check_list(cli, write_deck, ["2 影山 飛雄 (HV-P01-006 頂)", "1 日向 翔陽 (HV-PR-001 P)"])
    assert deck["cards"] == 3
    assert [p["rule"] for p in deck["problems"]] == ["deck-size"]
    shown = cli("show", write_deck("again.txt", "# game: haikyu\n2 影山 飛雄 (HV-P01-006 頂)\n"
                                                "1 日向 翔陽 (HV-PR-001 P)\n"), "--format", "json")
    numbers = {card["number"]: card["count"] for group in shown.json()["groups"]
               for card in group["cards"]}
    assert numbers == {"HV-P01-006": 2, "HV-PR-001": 1}  # not HV-P01-005, not HV-P01-001


def test_an_unknown_mark_is_a_warning_that_names_it(cli, write_deck):
    deck = check_list(cli, write_deck, ["2 影山 飛雄 (HV-P01-006 Z9)"])
    mark = [p for p in deck["problems"] if p["rule"] == "unknown-mark"]
    assert len(mark) == 1 and mark[0]["severity"] == "warning" and mark[0]["line"] == 2
    assert '"Z9"' in mark[0]["message"] and "HV-P01-006" in mark[0]["message"]
    assert deck["cards"] == 2


def test_a_number_the_pool_lacks_is_never_dropped_for_the_name(cli, write_deck):
    deck = check_list(cli, write_deck, ["1 日向 翔陽 (HV-PR-999 P)", "1 日向 翔陽 (HV-PR-998)"])
    unknown = [p for p in deck["problems"] if p["rule"] == "unknown-card"]
    assert [p["line"] for p in unknown] == [2, 3]
    assert not any(p["rule"] == "duplicate-card" for p in deck["problems"])


def test_a_gloss_in_brackets_still_reads_as_the_name(cli, write_deck):
    deck = check_list(cli, write_deck, ["3 ブロード攻撃 (Broad Attack)"])
    assert [p["rule"] for p in deck["problems"]] == ["deck-size"] and deck["cards"] == 3
