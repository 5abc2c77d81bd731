"""The terminal report of `deckcli draw`: set-up, wants, odds by turn with a bar chart, hands.

Rich output fits the terminal (see `oddstable`: numbers are never cut); `--format text` is
plain lines, the same at any width: no table rules, no bar chart, nothing wrapped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table
from rich.text import Text

from deckcli.cli.fit import Column
from deckcli.cli.oddstable import OddsGrid, bar, plain, tables
from deckcli.draw.goldfish import Goldfish, Odds, SampleHand, TurnOdds
from deckcli.draw.mulligan import describe
from deckcli.i18n import _, ngettext

if TYPE_CHECKING:
    from deckcli.cli.draw_run import DrawResult, Request

__all__ = ["bar", "percent", "render_all"]


def percent(probability: float) -> str:
    return f"{probability:.2%}"


class View:
    """Where the report goes: a console, fitted (rich) or plain (text)."""

    def __init__(self, plain_text: bool) -> None:
        # no markup: deck names, paths and card names from files print as written
        self.plain = plain_text
        self.console = Console(highlight=False, no_color=plain_text, emoji=False, markup=False,
                               soft_wrap=plain_text)

    def line(self, text: str | Text, dim: bool = False) -> None:
        self.console.print(text, style="dim" if dim and not self.plain else None)

    def hanging(self, lead: str, text: str) -> None:
        """`lead text`, with the text's wrapped lines starting under its first word."""
        if self.plain:
            self.console.print(f"{lead} {text}")
            return
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True)
        grid.add_column()
        grid.add_row(Text(lead), Text(text))
        self.console.print(grid)

    def grid(self, grid: OddsGrid, title: str = "") -> None:
        if title:
            self.line(title)
        if self.plain:
            for text in plain(grid):
                self.console.print(text)
            return
        for number, table in enumerate(tables(grid, self.console.width)):
            if number:
                self.console.print()
            self.console.print(table)


def render_all(results: list[DrawResult], request: Request, plain: bool = False) -> None:
    """One deck in full, or several side by side (a row per turn, a column per deck)."""
    view = View(plain)
    if len(results) == 1:
        result = results[0]
        if result.fish is not None and result.odds is not None:
            render(view, result, request.seed)
        else:
            view.line(Text.assemble((result.title, "bold"), f" — "
                                    f"{result.pool.header.game.name}, {result.format_id}"))
            _print_samples(view, result.samples, request.seed, marked=False)
        if result.copies_card is not None:
            _copies(view, result, request.target)
        for item in result.playable:
            view.line(_("playable: {card} — {requirement}").format(card=item.card.label(),
                                                                   requirement=item.requirement))
            view.grid(_odds_grid(item.odds))
            for note in item.notes:
                view.line(note, dim=True)
        if result.playable:
            rule = result.pool.header.setup_for(result.format_id).mulligan
            view.line(_("mulligan: none (this game's set-up has no mulligan)") if rule == "none"
                      else _("mulligan: none (playable odds take none)"), dim=True)
        for note in result.notes:
            view.line(note, dim=True)
        return
    for number, result in enumerate(results, 1):
        view.line(Text.assemble((f"{number}. {result.title}", "bold"), f" ({result.path}) — "
                                f"{result.pool.header.game.name}, {result.format_id}"))
    if results[0].odds is not None:
        view.line(_("wants: {wants}").format(wants="; ".join(request.wants)))
        view.grid(_compare([r.odds.by_turn for r in results if r.odds]))
        fish = results[0].fish
        if fish is not None:
            view.line(mulligan_note(fish), dim=True)
    for j, ref in enumerate(request.playable):
        view.line(_("playable: {card}").format(card=ref))
        view.grid(_compare([r.playable[j].odds.by_turn for r in results]))


def _turn(turn: int) -> str:
    return _("opening") if turn == 0 else str(turn)


def _compare(columns: list[tuple[TurnOdds, ...]]) -> OddsGrid:
    grid = OddsGrid([Column(_("turn"), justify="right")],
                    [Column(_("deck {number}").format(number=n), justify="right")
                     for n in range(1, len(columns) + 1)])
    for rows in zip(*columns, strict=True):
        grid.rows.append([_turn(rows[0].turn), *(percent(item.probability) + (
            f" ± {(item.ci95[1] - item.ci95[0]) / 2:.2%}" if item.ci95 else "")
            for item in rows)])
    return grid


def _copies(view: View, result: DrawResult, target: float) -> None:
    card = result.copies_card
    label = card.label() if card else "?"
    turns = [item.turn for item in result.copies[0].odds.by_turn] if result.copies else []
    grid = OddsGrid([Column(_("copies"), justify="right")],
                    [Column(_("opening") if turn == 0 else _("turn {turn}").format(turn=turn),
                            justify="right") for turn in turns], bars=[])
    for row in result.copies:
        mark = " ◀" if row.count == result.fewest else "  "
        grid.rows.append([f"{row.count}{mark}",
                          *(percent(item.probability) for item in row.odds.by_turn)])
        assert grid.bars is not None
        grid.bars.append(row.odds.by_turn[-1].probability)
    opening = turns[-1:] == [0]
    view.grid(grid, (_("copies of {card} (deck size kept; ◀ the fewest reaching {target:.0%} "
                       "in the opening hand)") if opening else
                     _("copies of {card} (deck size kept; ◀ the fewest reaching {target:.0%} "
                       "by turn {turn})")).format(card=label, target=target,
                                                  turn=turns[-1] if turns else 0))
    if result.fewest is None and result.copies:
        counts = [row.count for row in result.copies]
        view.line((_("no count from {low} to {high} copies reaches {target:.0%} in the opening "
                     "hand (--target sets the goal)") if opening else
                   _("no count from {low} to {high} copies reaches {target:.0%} by turn {turn} "
                     "(--target sets the goal)")).format(
            low=min(counts), high=max(counts), target=target, turn=turns[-1] if turns else 0))


def render(view: View, result: DrawResult, seed: int) -> None:
    fish, odds = result.fish, result.odds
    assert fish is not None and odds is not None
    view.line(Text.assemble((result.title, "bold"),
                            f" — {result.pool.header.game.name}, {result.format_id}"))
    view.line(_("set-up:"))
    for item in fish.set_aside:
        view.hanging(" ", (_("{card} set aside ({note})") if item.note else
                           _("{card} set aside (by the set-up)")).format(
            card=item.card.label(), note=item.note))
    view.hanging(" ", " · ".join(fish.procedure.describe()))
    view.line(_("wants (any one is enough):") if fish.partition.any_of else
              _("wants (all must hold):"))
    for j, want in enumerate(fish.partition.wants):
        view.hanging("  •", ngettext("{want} — {matching} of {count} card",
                                     "{want} — {matching} of {count} cards",
                                     fish.library.size).format(
            want=want.describe(), matching=fish.partition.matching(j), count=fish.library.size))
    view.grid(_odds_grid(odds))
    if odds.method == "exact":
        view.line(_("exact: multivariate hypergeometric sums over the groups the wants cut "
                    "the pile into"), dim=True)
    else:
        view.line(_("simulation of {hands:,} hands (seed {seed}); 95% Wilson intervals").format(
            hands=odds.hands, seed=seed), dim=True)
    view.line(mulligan_note(fish), dim=True)
    for note in _notes(fish):
        view.line(note, dim=True)
    _print_samples(view, result.samples, seed, marked=True)


def _print_samples(view: View, samples: list[SampleHand], seed: int, marked: bool) -> None:
    """Sample opening hands; `marked`: ✓/✗ for the wants and * on the cards that count."""
    if samples:
        view.line((_("sample opening hands (seed {seed}, before any mulligan; ✓ meets the "
                     "wants, * counts for one):") if marked else
                   _("sample opening hands (seed {seed}, before any mulligan):")).format(
            seed=seed))
    for number, hand in enumerate(samples, 1):
        cards = " · ".join(f"*{card}" if wanted and marked else card
                          for card, wanted in zip(hand.cards, hand.wanted, strict=True))
        view.hanging(f"  {number:>2}" + (f" {'✓' if hand.meets else '✗'}" * marked), cards)


def _odds_grid(odds: Odds) -> OddsGrid:
    simulated = odds.method == "simulation"
    values = [Column(_("in hand"), justify="right"), Column(_("probability"), justify="right")]
    if simulated:
        values.append(Column(_("95% interval"), justify="right"))
    grid = OddsGrid([Column(_("turn"), justify="right")], values,
                    bars=[item.probability for item in odds.by_turn])
    for item in odds.by_turn:
        row = [_turn(item.turn), _(" or ").join(str(seen) for seen in item.seen) or "-",
               percent(item.probability)]
        if simulated:
            row.append(f"{percent(item.ci95[0])} – {percent(item.ci95[1])}" if item.ci95
                       else "")
        grid.rows.append(row)
    return grid


def mulligan_note(fish: Goldfish) -> str:
    """The mulligan policy the odds follow, named even when it is the default (none)."""
    rule = fish.procedure.mulligan
    if fish.mulligan != "none":
        return _("mulligan: {policy} ({rule} mulligan): {how}").format(
            policy=fish.mulligan, rule=rule, how=describe(fish.mulligan, rule))
    if rule == "none":
        return _("mulligan: none (this game's set-up has no mulligan)")
    return _("mulligan: none (the default; the game allows a {rule} mulligan: --mulligan "
             "default or --mulligan best takes it)").format(rule=rule)


def _notes(fish: Goldfish) -> list[str]:
    limit = fish.procedure.turn.hand_limit
    if limit is not None and fish.turns > 0:
        return [_("odds count every card drawn so far; the hand limit of {limit} (discarding "
                  "down) is not applied").format(limit=limit)]
    return []
