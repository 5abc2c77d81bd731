"""Checks a pool must pass before players can trust it (`deckcli pool check`).

Loading already rejects malformed TOML, undeclared or mistyped fields and repeated card numbers;
these checks look across cards and rules.
"""

from __future__ import annotations

from deckcli.engine.query import QueryError, compile_query
from deckcli.engine.resolver import rules_read
from deckcli.i18n import _
from deckcli.model.pool import Pool


def check_pool(pool: Pool) -> list[str]:
    """Every problem found in a loaded pool, as one line each (empty when it is sound)."""
    problems = list(validate_format_queries(pool))
    problems.extend(_check_display_fields(pool))
    problems.extend(_check_setup_queries(pool))
    if not problems:
        problems.extend(_check_shared_names(pool))
    return problems


def _check_display_fields(pool: Pool) -> list[str]:
    game = pool.header.game
    declared = {"number", "name", *pool.fields}
    undeclared = _("{key}: {field!r} is not a declared field")
    found = [undeclared.format(key="game.columns", field=column)
             for column in game.columns if column not in declared]
    if game.curve and game.curve not in declared:
        found.append(undeclared.format(key="game.curve", field=game.curve))
    return found


def _check_setup_queries(pool: Pool) -> list[str]:
    found: list[str] = []
    setups = {"setup": pool.header.setup}
    setups.update({f"formats.{fid}.setup": f.setup for fid, f in pool.header.formats.items()
                   if f.setup is not None})
    for where, setup in setups.items():
        for aside in setup.set_aside:
            try:
                query = compile_query(aside.query, pool.fields)
            except QueryError as exc:
                found.append(f"{where}.set_aside: {exc}")
                continue
            if not any(query.matches(card) for card in pool.cards):
                found.append(_("{key}: query {query!r} matches no card").format(
                    key=f"{where}.set_aside", query=aside.query))
    return found


def _check_shared_names(pool: Pool) -> list[str]:
    """A name shared by cards that differ on what a format's rules read needs a note."""
    found: list[str] = []
    for format_id, fmt in pool.header.formats.items():
        fields, _unused = rules_read(fmt.rules, lambda text: compile_query(text, pool.fields))
        for name, cards in pool.by_name.items():
            if len(cards) < 2 or any(card.note for card in cards):
                continue
            for field in sorted(fields):
                values = {repr(card.attrs.get(field)) for card in cards}
                if len(values) > 1:
                    numbers = ", ".join(card.number for card in cards)
                    found.append(_("{key}: name {name!r} ({numbers}) differs in {field} "
                                   "({values}) and no card has a note").format(
                        key=f"formats.{format_id}", name=name, numbers=numbers, field=field,
                        values=", ".join(sorted(values))))
                    break
    return found


def validate_format_queries(pool: Pool) -> list[str]:
    """Problems with a pool's rule queries: syntax, unknown fields, queries matching nothing."""
    found: list[str] = []
    for format_id, fmt in pool.header.formats.items():
        for rule in fmt.rules:
            found.extend(_("{key} rule {rule}: field {field!r} is not declared").format(
                key=f"formats.{format_id}", rule=rule.id, field=name)
                for name in rule.card_fields() if name not in pool.fields)
            for label, text in rule.queries().items():
                try:
                    query = compile_query(text, pool.fields)
                except QueryError as exc:
                    found.append(f"formats.{format_id} rule {rule.id}: {label}: {exc}")
                    continue
                if label == "query" and not any(query.matches(c) for c in pool.cards):
                    found.append(_("{key} rule {rule}: query {query!r} matches no card").format(
                        key=f"formats.{format_id}", rule=rule.id, query=text))
    return found
