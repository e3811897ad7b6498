"""A Tags and Tracks campaign travels in the campaign bundle as the one ledger's rows (sessions,
scenes, entries, history): exported, imported under another name and exported again, nothing
changes; a damaged entry, checked by its kind's model, is refused whole and writes nothing."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from story_table import play

from dsl.errors import ChroniclerError
from journal import bundle, ledger
from journal.db import Journal, open_journal


@pytest.fixture
def told(journal_path: Path) -> Journal:
    journal = open_journal(journal_path)
    journal.write(lambda s: play(s, ["<b>bold</b> & 'quoted'"]))
    return journal


def exported(journal: Journal, name: str) -> dict[str, Any]:
    with journal.reading() as s:
        return bundle.export_campaign(s, name)


def test_a_story_campaign_round_trips_through_its_bundle(told: Journal) -> None:
    first = exported(told, "Salt Roads")
    assert "own" not in first and "story" not in first  # it keeps no tables of its own
    scenes = sum(len(x["scenes"]) for x in first["sessions"])
    assert len(first["entries"]) > 10  # each entry, session and scene a change of the history
    assert len(first["history"]) == len(first["entries"]) + len(first["sessions"]) + scenes
    told.write(lambda s: bundle.import_campaign(s, json.loads(bundle.dumps(first)), rename="Copy"))
    again = exported(told, "Copy")
    again["campaign"]["name"] = "Salt Roads"
    assert bundle.dumps(again) == bundle.dumps(first)
    told.close()


def test_a_six_winters_bundle_keeps_its_own_tables_and_no_entries(recorded: Journal) -> None:
    kept = exported(recorded, "Demo")
    assert kept["entries"] == [] and len(kept["own"]["years"]) == 6


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (lambda b: b["entries"][2]["payload"].update(by=-1), "greater than or equal"),
        (lambda b: b["entries"][1].update(kind="xp"), "entries[1].xp.payload"),
        (lambda b: b["entries"][1].update(kind="spell"), "does not match any of the expected"),
        (lambda b: b["entries"][2].update(scene=99), "names a scene the bundle lacks"),
        (lambda b: b["entries"].append(b["entries"][0]), "two entries numbered 1"),
        (lambda b: b["entries"][2].update(who="Nobody"), "'Nobody', who is not among its"),
        (
            lambda b: b["entries"][2]["payload"]["after"].update(kind="countdown"),
            "became a countdown",
        ),
        (lambda b: b["sessions"][0].update(title="a\x00b"), "NUL"),
        # what the rules cannot leave on a table (entry 1 adds a clock of 6, entry 0 is Brick)
        (lambda b: b["entries"][1]["payload"]["after"].update(value=7), "6 wedges"),
        (
            lambda b: b["entries"][0]["payload"]["sheet"]["skills"][2].update(builds_on="bash"),
            "'bash' builds on itself",
        ),
        (
            lambda b: b["entries"][0]["payload"]["sheet"]["skills"][2].update(level=7),
            "'bash' 7 builds on 'fight' 2",
        ),
        (
            lambda b: b["entries"][0]["payload"]["sheet"]["stats"][0].update(points=9),
            "strength holds 9 points but its level is 5",
        ),
        # numbers are numbers, as in the rest of the bundle
        (lambda b: b["entries"][2]["payload"].update(by="2"), "valid integer"),
        (lambda b: b["entries"][0]["payload"]["sheet"].update(xp="5"), "valid integer"),
    ],
)
def test_a_damaged_story_part_is_refused_and_writes_nothing(told: Journal, damage, said) -> None:  # type: ignore[no-untyped-def]
    hostile = copy.deepcopy(exported(told, "Salt Roads"))
    damage(hostile)
    with pytest.raises(ChroniclerError, match="the bundle is refused") as refused:
        told.write(lambda s: bundle.import_campaign(s, hostile, rename="Copy"))
    assert said in refused.value.message
    with told.reading() as s:
        assert [c.name for c in ledger.campaigns(s)] == ["Salt Roads"]
    told.close()


def test_the_markdown_export_tells_the_story_in_order(told: Journal) -> None:
    with told.reading() as s:
        text = bundle.export_markdown(s, "Salt Roads")
    told.close()
    session = text.index("## Session 1: The Drowned Market")
    scene = text.index("### Scene 1: At the gate")
    tick = text.index("- tick Guards: 0/6 -> 2/6")
    assert session < scene < tick < text.index("The bells ring *twice*.") < text.index("## Tracks")
    assert "- Castle (steps): ⦻∅∅∅|○○" in text
