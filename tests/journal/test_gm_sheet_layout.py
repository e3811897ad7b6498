"""The journal keeps a sheet file by the entries its text's ``sheet`` block declares, not by one
game's names: the title's first part is the name and the rest the background, the reservoirs a
category names are the stats, the others the things held, the chains of ranks the skills, and a
labelled entry the journal's list of that name. A made-up game (sailors with knacks and
trades) shows it; an entry the journal keeps no list of is refused in one line."""

from __future__ import annotations

import pytest

from dsl.diagnostics import Diagnostics
from dsl.errors import ChroniclerError
from dsl.loader import load_text
from dsl.sheets import layout_of
from journal.tags_and_tracks import payloads as p
from journal.tags_and_tracks.story import sheet_of_character

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
