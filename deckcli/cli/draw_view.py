"""The terminal report of `deckcli draw`: set-up, wants, odds by turn with a bar chart, hands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table
from rich.text import Text

from deckcli.draw.goldfish import Goldfish, Odds, SampleHand, TurnOdds
from deckcli.draw.mulligan import describe
from deckcli.model.pool import Pool

if TYPE_CHECKING:
    from deckcli.cli.draw_run import DrawResult, Request

BAR_WIDTH = 30
EIGHTHS = " ▏▎▍▌▋▊▉"


def bar(probability: float, width: int = BAR_WIDTH) -> str:
    """A horizontal bar in eighths of a character."""
    eighths = round(probability * width * 8)
    return "█" * (eighths // 8) + (EIGHTHS[eighths % 8] if eighths % 8 else "")


def percent(probability: float) -> str:
    return f"{probability:.2%}"


def render_all(results: list[DrawResult], request: Request, plain: bool = False) -> None:
    """One deck in full, or several side by side (a row per turn, a column per deck)."""
    # no markup: deck names, paths and card names from files print as written
    console = Console(highlight=False, no_color=plain, emoji=False, markup=False)
    if len(results) == 1:
        result = results[0]
        if result.fish is not None and result.odds is not None:
            render(console, result.pool, result.format_id, result.title, result.fish,
                   result.odds, result.samples, request.seed)
        else:
            console.print(Text.assemble((result.title, "bold"), f" — "
                                        f"{result.pool.header.game.name}, {result.format_id}"))
            _print_samples(console, result.samples, request.seed, marked=False)
        if result.copies_card is not None:
            console.print(_copies_table(result, request.target))
        for item in result.playable:
            console.print(f"playable: {item.card.label()} — {item.requirement}")
            console.print(_table(item.odds, _bar_room(console, item.odds)))
            for note in item.notes:
                console.print(note, style="dim")
        for note in result.notes:
            console.print(note, style="dim")
        return
    for number, result in enumerate(results, 1):
        console.print(Text.assemble((f"{number}. {result.title}", "bold"), f" ({result.path}) — "
                                    f"{result.pool.header.game.name}, {result.format_id}"))
    if results[0].odds is not None:
        console.print("wants: " + "; ".join(request.wants))
        console.print(_compare([r.odds.by_turn for r in results if r.odds]))
    for j, ref in enumerate(request.playable):
        console.print(f"playable: {ref}")
        console.print(_compare([r.playable[j].odds.by_turn for r in results]))


def _compare(columns: list[tuple[TurnOdds, ...]]) -> Table:
    table = Table(show_edge=False, pad_edge=False, header_style="bold")
    table.add_column("turn", justify="right")
    for number in range(1, len(columns) + 1):
        table.add_column(f"deck {number}", justify="right")
    for rows in zip(*columns, strict=True):
        cells = [percent(item.probability) + (
            f" ± {(item.ci95[1] - item.ci95[0]) / 2:.2%}" if item.ci95 else "") for item in rows]
        table.add_row("opening" if rows[0].turn == 0 else str(rows[0].turn), *cells)
    return table


def _copies_table(result: DrawResult, target: float) -> Table:
    card = result.copies_card
    table = Table(show_edge=False, pad_edge=False, header_style="bold",
                  title=f"copies of {card.label() if card else '?'} (deck size kept; ◀ the "
                  f"fewest reaching {target:.0%})", title_justify="left")
    table.add_column("copies", justify="right")
    turns = [item.turn for item in result.copies[0].odds.by_turn] if result.copies else []
    for turn in turns:
        table.add_column("opening" if turn == 0 else f"turn {turn}", justify="right")
    table.add_column("", min_width=BAR_WIDTH)
    for row in result.copies:
        last = row.odds.by_turn[-1].probability
        mark = " ◀" if row.count == result.fewest else ""
        table.add_row(str(row.count), *(percent(item.probability) for item in row.odds.by_turn),
                      bar(last) + mark)
    return table


def render(console: Console, pool: Pool, format_id: str, title: str, fish: Goldfish,
           odds: Odds, samples: list[SampleHand], seed: int) -> None:
    console.print(Text.assemble((title, "bold"), f" — {pool.header.game.name}, {format_id}"))
    console.print("set-up:")
    for item in fish.set_aside:
        console.print(f"  {item.card.label()} set aside ({item.note or 'by the set-up'})")
    console.print("  " + " · ".join(fish.procedure.describe()))
    console.print("wants (" + ("any one is enough" if fish.partition.any_of else "all must hold")
                  + "):")
    for j, want in enumerate(fish.partition.wants):
        _hanging(console, "  •", f"{want.describe()} — {fish.partition.matching(j)} of "
                 f"{fish.library.size} cards")
    console.print(_table(odds, _bar_room(console, odds)))
    if odds.method == "exact":
        console.print("exact: multivariate hypergeometric sums over the groups the wants cut "
                      "the pile into", style="dim")
    else:
        console.print(f"simulation of {odds.hands:,} hands (seed {seed}); 95% Wilson intervals",
                      style="dim")
    for note in _notes(fish):
        console.print(note, style="dim")
    _print_samples(console, samples, seed, marked=True)


def _print_samples(console: Console, samples: list[SampleHand], seed: int, marked: bool
                   ) -> None:
    """Sample opening hands; `marked`: ✓/✗ for the wants and * on the cards that count."""
    if samples:
        key = "; ✓ meets the wants, * counts for one" if marked else ""
        console.print(f"sample opening hands (seed {seed}{key}):")
    for number, hand in enumerate(samples, 1):
        cards = " · ".join(f"*{card}" if wanted and marked else card
                          for card, wanted in zip(hand.cards, hand.wanted, strict=True))
        _hanging(console, f"  {number:>2}" + (f" {'✓' if hand.meets else '✗'}" * marked),
                 cards)


def _hanging(console: Console, lead: str, text: str) -> None:
    """`lead text`, with the text's wrapped lines starting under its first word."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_row(Text(lead), Text(text))
    console.print(grid)


def _bar_room(console: Console, odds: Odds) -> int:
    """The bar chart's width: up to BAR_WIDTH, what the numbers leave; 0 drops it."""
    numbers = 7 + 7 + 11 + (15 if odds.method == "simulation" else 0)  # turn, hand, p, ci
    room = min(BAR_WIDTH, console.width - numbers - 3 * (3 + (odds.method == "simulation")))
    return room if room >= 8 else 0


def _table(odds: Odds, bar_width: int = BAR_WIDTH) -> Table:
    table = Table(show_edge=False, pad_edge=False, header_style="bold")
    table.add_column("turn", justify="right")
    table.add_column("in hand", justify="right")
    table.add_column("probability", justify="right", no_wrap=True)
    simulated = odds.method == "simulation"
    if simulated:
        table.add_column("95% interval", justify="right", no_wrap=True)
    if bar_width:
        table.add_column("", width=bar_width, no_wrap=True)
    for item in odds.by_turn:
        row = ["opening" if item.turn == 0 else str(item.turn),
               " or ".join(str(seen) for seen in item.seen) or "-", percent(item.probability)]
        if simulated and item.ci95:
            row.append(f"{percent(item.ci95[0])} – {percent(item.ci95[1])}")
        table.add_row(*row, *([bar(item.probability, bar_width)] if bar_width else []))
    return table


def _notes(fish: Goldfish) -> list[str]:
    notes = []
    if fish.mulligan != "none":
        notes.append(f"mulligan ({fish.procedure.mulligan}, policy {fish.mulligan}): "
                     f"{describe(fish.mulligan, fish.procedure.mulligan)}")
    limit = fish.procedure.turn.hand_limit
    if limit is not None and fish.turns > 0:
        notes.append(f"odds count every card drawn so far; the hand limit of {limit} "
                     "(discarding down) is not applied")
    return notes
