"""The journal keeps a sheet file by the entries its text's ``sheet`` block declares, not by one
game's names: the title's first part is the name and the rest the background, the reservoirs a
category names are the stats, the others the things held, the chains of ranks the skills, and a
labelled entry the journal's list of that name. A made-up game (sailors with knacks and
trades) shows it; an entry the journal keeps no list of is refused in one line. The companion
reads a sheet file by the ending the text's ``files`` clause names, and refuses another."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dsl.diagnostics import Diagnostics
from dsl.errors import ChroniclerError
from dsl.loader import load_text
from dsl.sheets import layout_of
from journal.tags_and_tracks import payloads as p
from journal.tags_and_tracks.story import sheet_of_character
from rules import registry

SAILORS = """
ruleset "Sailors" version "1.0"
knacks are reservoirs of sailors: nerve, reach
trades are ranks 1.. of sailors: "sail"
sheet "sailor" {
  files ".sailor"
  title name, ship, port
  held knacks, amount first
  held stores, name first
  ranks trades in chains, the root "sail" at 1
  tags schemes, labelled "plan"
  tags inventory, labelled "kit"
}
"""

MARA = """Mara - the Heron - Saltmouth
sail 1
rig 2, splice 3
2/3 nerve
1/1 reach
water 4/6
plan: buy the Heron back 2
kit: marlinspike
"""


def read():  # type: ignore[no-untyped-def]
    game = load_text(SAILORS)
    d = Diagnostics()
    sheet = layout_of(game, ".sailor").read(MARA, "mara.sailor", game, d)
    assert not d.errors, [x.message for x in d.errors]
    return sheet


def test_the_journal_keeps_a_sheet_by_its_layouts_entries() -> None:
    kept = sheet_of_character(read())
    assert kept.name == "Mara"
    assert kept.background == "the Heron - Saltmouth"
    assert kept.stats == [
        p.StatPool(name="nerve", points=2, level=3),
        p.StatPool(name="reach", points=1, level=1),
    ]
    assert [(s.name, s.level, s.builds_on) for s in kept.skills] == [
        ("sail", 1, None),
        ("rig", 2, "sail"),
        ("splice", 3, "rig"),
    ]
    assert kept.reservoirs == [p.Reservoir(name="water", value=4, level=6)]
    assert kept.schemes == [p.Tag(name="buy the Heron back", level=2)]
    assert kept.inventory == [p.Tag(name="marlinspike", level=1)]
    assert kept.skill("SPLICE") is not None and kept.highest_skill == 3


def test_a_labelled_entry_the_journal_keeps_no_list_of_is_refused() -> None:
    game_text = SAILORS.replace('tags inventory, labelled "kit"', 'tags debts, labelled "kit"')
    game = load_text(game_text)
    d = Diagnostics()
    sheet = layout_of(game, ".sailor").read(MARA, "mara.sailor", game, d)
    with pytest.raises(ChroniclerError) as refused:
        sheet_of_character(sheet)
    assert str(refused.value) == (
        "the sheet's debts are no list the journal keeps (it keeps schemes and inventory)"
    )


def test_the_companion_reads_a_sheet_by_the_ending_its_text_declares(tmp_path: Path) -> None:
    brick = Path(registry.find("tags-and-tracks").folder) / "examples" / "brick.character"
    renamed = tmp_path / "brick.txt"
    renamed.write_text(brick.read_text(encoding="utf-8"), encoding="utf-8")
    env = {**os.environ, "CHRONICLER_DB": str(tmp_path / "journal.db")}
    words = ["roll", "tags-and-tracks", "--skill", "do anything", "--seed", "1"]

    def roll(sheet: Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "journal.cli", *words, "--character", str(sheet)],
            capture_output=True,
            text=True,
            check=False,
            cwd=tmp_path,
            env=env,
            stdin=subprocess.DEVNULL,
        )

    assert roll(brick).returncode == 0
    refused = roll(renamed)
    assert refused.returncode == 1
    assert refused.stderr.strip() == (
        f"error: {renamed}: the ruleset's text declares no sheet read from .txt files (its "
        "sheets' endings: .character)"
    )
