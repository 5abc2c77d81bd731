"""The terminal report of `deckcli draw`: set-up, wants, odds by turn with a bar chart, hands."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from deckcli.draw.goldfish import Goldfish, Odds, SampleHand
from deckcli.draw.mulligan import POLICY
from deckcli.pools.model import Pool

BAR_WIDTH = 30
EIGHTHS = " ▏▎▍▌▋▊▉"


def bar(probability: float, width: int = BAR_WIDTH) -> str:
    """A horizontal bar in eighths of a character."""
    eighths = round(probability * width * 8)
    return "█" * (eighths // 8) + (EIGHTHS[eighths % 8] if eighths % 8 else "")


def percent(probability: float) -> str:
    return f"{probability:.2%}"


def render(pool: Pool, format_id: str, title: str, fish: Goldfish, odds: Odds,
           samples: list[SampleHand], seed: int) -> None:
    console = Console(highlight=False)
    console.print(f"[bold]{title}[/] — {pool.header.game.name}, {format_id}")
    console.print("set-up:")
    for item in fish.set_aside:
        console.print(f"  {item.card.label()} set aside ({item.note or 'by the set-up'})")
    console.print("  " + " · ".join(fish.procedure.describe()))
    console.print("wants (" + ("any one is enough" if fish.partition.any_of else "all must hold")
                  + "):")
    for j, want in enumerate(fish.partition.wants):
        console.print(f"  • {want.describe()} — {fish.partition.matching(j)} of "
                      f"{fish.library.size} cards")
    console.print(_table(odds))
    if odds.method == "exact":
        console.print("exact: multivariate hypergeometric sums over the groups the wants cut "
                      "the pile into", style="dim")
    else:
        console.print(f"simulation of {odds.hands:,} hands (seed {seed}); 95% Wilson intervals",
                      style="dim")
    for note in _notes(fish):
        console.print(note, style="dim")
    if samples:
        console.print(f"sample opening hands (seed {seed}; ✓ meets the wants, * counts for one):")
    for number, hand in enumerate(samples, 1):
        cards = " · ".join(f"*{card}" if wanted else card
                          for card, wanted in zip(hand.cards, hand.wanted, strict=True))
        console.print(f"  {number:>2} {'✓' if hand.meets else '✗'} {cards}")


def _table(odds: Odds) -> Table:
    table = Table(show_edge=False, pad_edge=False, header_style="bold")
    table.add_column("turn", justify="right")
    table.add_column("in hand", justify="right")
    table.add_column("probability", justify="right")
    simulated = odds.method == "simulation"
    if simulated:
        table.add_column("95% interval", justify="right")
    table.add_column("", min_width=BAR_WIDTH)
    for item in odds.by_turn:
        row = ["opening" if item.turn == 0 else str(item.turn),
               " or ".join(str(seen) for seen in item.seen), percent(item.probability)]
        if simulated and item.ci95:
            row.append(f"{percent(item.ci95[0])} – {percent(item.ci95[1])}")
        table.add_row(*row, bar(item.probability))
    return table


def _notes(fish: Goldfish) -> list[str]:
    notes = []
    if fish.mulligan:
        notes.append(f"mulligan ({fish.procedure.mulligan}): {POLICY[fish.procedure.mulligan]}")
    limit = fish.procedure.turn.hand_limit
    if limit is not None and fish.turns > 0:
        notes.append(f"odds count every card drawn so far; the hand limit of {limit} "
                     "(discarding down) is not applied")
    return notes
