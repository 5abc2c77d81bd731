"""Thai combining marks and CJK wide characters keep tables aligned: cell widths are display
widths, in rich and in plain output, at 40, 80 and 120 columns, and in a real terminal (tmux).

The cells come from a made-up pool whose card names and types are Thai, Chinese and Japanese
(the shipped pools' names are Japanese and Chinese only; Thai reaches the tables through the
catalogs, whose completion is not awaited here)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import REPO
from deckcli.i18n.width import display_width, ljust, rjust

POOL = '''schema = 1

[game]
id = "layout"
name = "Layout"
default_format = "standard"
columns = ["type", "cost"]

[fields.type]
type = "str"
values = ["อีเว้นท์การ์ด", "ตัวละคร", "数码兽卡片", "デッキ"]

[fields.cost]
type = "int"

[formats.standard]
name = "Standard"

[[formats.standard.rules]]
id = "deck-size"
kind = "size"
exactly = 40
'''
CARDS = [("L-1", "เสิร์ฟลูกแรงที่สุดของทีม", "อีเว้นท์การ์ด", 1),
         ("L-2", "กัตส์ของตัวบล็อกกลาง", "ตัวละคร", 2),
         ("L-3", "究极体的数码兽卡最多放5张", "数码兽卡片", 3),
         ("L-4", "亞古獸與加布獸", "数码兽卡片", 4),
         ("L-5", "アグモンとガブモンのデッキ", "デッキ", 5),
         ("L-6", "Plain ASCII name for comparison", "ตัวละคร", 6)]


def write_pool(folder: Path) -> Path:
    text = POOL + "".join(f'\n[[cards]]\nnumber = "{number}"\nname = "{name}"\ntype = "{kind}"\n'
                          f"cost = {cost}\n" for number, name, kind, cost in CARDS)
    path = folder / "layout.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_display_width_counts_columns_not_code_points() -> None:
    assert display_width("อีเว้นท์การ์ด") == 9  # 13 code points, 4 of them combining marks
    assert display_width("卡组") == 4 and display_width("デッキ") == 6
    assert display_width("mazo") == 4 and display_width("") == 0
    assert ljust("卡组", 6) == "卡组  " and rjust("ตัว", 5) == "   ตัว"  # ั takes no column
    assert ljust("究極体", 2) == "究極体"  # never cut


def columns_of(line: str, mark: str = "│") -> list[int]:
    """The display columns at which `mark` stands in a line."""
    return [display_width(line[:index]) for index, char in enumerate(line) if char == mark]


def run(args: list[str], width: int, pools: Path) -> str:
    env = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": str(width), "NO_COLOR": "1",
           "DECKCLI_POOLS": str(pools)}
    done = subprocess.run([sys.executable, "-m", "deckcli", *args], capture_output=True,
                          text=True, env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.slow
@pytest.mark.parametrize("width", [40, 80, 120])
def test_rich_and_plain_tables_stay_aligned(tmp_path: Path, width: int) -> None:
    write_pool(tmp_path)
    rich = run(["cards", "layout"], width, tmp_path).splitlines()
    ruled = [columns_of(line) for line in rich if "│" in line]
    assert ruled and all(found == ruled[0] for found in ruled), rich
    assert all(display_width(line) <= width for line in rich)
    plain = run(["cards", "layout", "--format", "text"], width, tmp_path).splitlines()
    rows = [line for line in plain if line.startswith("L-")]
    assert len(rows) == len(CARDS)
    # the type column starts in one display column on every row, whatever the names' scripts
    starts = {display_width(line[:line.rindex(kind)]) for line, (_, _, kind, _) in
              zip(rows, CARDS, strict=True)}
    assert len(starts) == 1, plain


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_a_real_terminal_shows_thai_and_chinese_tables_aligned(tmp_path: Path) -> None:
    write_pool(tmp_path)
    session = f"deckcli-layout-{os.getpid()}"
    command = (f"cd {REPO} && PYTHONPATH={REPO} DECKCLI_POOLS={tmp_path} NO_COLOR=1 "
               f"{sys.executable} -m deckcli cards layout; echo END-OF-TABLE; sleep 30")
    env = {**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
    subprocess.run(["tmux", "-u", "new-session", "-d", "-s", session, "-x", "80", "-y", "40",
                    command], env=env, check=True)
    try:
        screen = ""
        for _ in range(240):  # a loaded machine starts Python slowly
            screen = subprocess.run(["tmux", "capture-pane", "-p", "-t", session],
                                    capture_output=True, text=True, env=env, check=True).stdout
            if "END-OF-TABLE" in screen:
                break
            time.sleep(0.5)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], env=env, check=False)
    assert "END-OF-TABLE" in screen, screen
    lines = screen.splitlines()
    ruled = [columns_of(line) for line in lines if "│" in line]
    assert any("ตัวละคร" in line for line in lines) and any("数码兽" in line for line in lines)
    assert ruled and all(found == ruled[0] for found in ruled), screen
