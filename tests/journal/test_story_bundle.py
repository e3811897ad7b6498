"""A Tags and Tracks campaign's story rows travel in the campaign bundle: exported, imported
under another name and exported again, nothing changes; a damaged story part is refused whole
and writes nothing."""

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
    assert {"sessions", "records", "sheets", "tracks"} <= set(first["story"])
    assert len(first["story"]["records"]) > 10
    told.write(lambda s: bundle.import_campaign(s, json.loads(bundle.dumps(first)), rename="Copy"))
    again = exported(told, "Copy")
    again["campaign"]["name"] = "Salt Roads"
    assert bundle.dumps(again) == bundle.dumps(first)
    told.close()


def test_a_six_winters_bundle_has_no_story_part(recorded: Journal) -> None:
    assert "story" not in exported(recorded, "Demo")


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (lambda b: b["story"]["records"][2]["payload"].update(by=-1), "greater than or equal"),
        (lambda b: b["story"]["records"][1].update(kind="xp"), "a xp record holds a"),
        (lambda b: b["story"]["records"][2].update(scene=99), "names a scene the bundle lacks"),
        (lambda b: b["story"]["sheets"][0].update(character="Nobody"), "'Nobody'"),
        (lambda b: b["story"]["tracks"].append(b["story"]["tracks"][0]), "two tracks"),
        (lambda b: b["story"]["sessions"][0].update(title="a\x00b"), "NUL"),
        # what the rules cannot leave on a table (the tracks: a clock, then steps)
        (lambda b: b["story"]["tracks"][0]["state"].update(value=999), "a clock of 6 wedges"),
        (lambda b: b["story"]["tracks"][1]["state"].update(marks="∅∅x⦻○○"), "not a step"),
        (lambda b: b["story"]["tracks"][1]["state"].update(marks="○∅∅⦻○○"), "done in order"),
        (lambda b: b["story"]["tracks"][1]["state"].update(value=1), "4 steps done, not 1"),
        (lambda b: b["story"]["tracks"][1]["state"].update(size=9), "6 steps, not 9"),
        (lambda b: b["story"]["tracks"][0].update(kind="steps"), "a steps track holds a clock"),
        (lambda b: b["story"]["records"][1]["payload"]["after"].update(value=7), "6 wedges"),
        (
            lambda b: b["story"]["sheets"][0]["sheet"]["skills"][2].update(builds_on="bash"),
            "'bash' builds on itself",
        ),
        (
            lambda b: b["story"]["sheets"][0]["sheet"]["skills"][2].update(builds_on="cook"),
            "'bash' builds on 'cook', which the sheet lacks",
        ),
        (
            lambda b: b["story"]["sheets"][0]["sheet"]["skills"][2].update(level=7),
            "'bash' 7 builds on 'fight' 2",
        ),
        (
            lambda b: b["story"]["sheets"][0]["sheet"]["stats"][0].update(points=9),
            "strength holds 9 points but its level is 5",
        ),
        (lambda b: b["story"]["records"][7].update(character="Nobody"), "'Nobody'"),
        # numbers are numbers, as in the rest of the bundle
        (lambda b: b["story"]["records"][1]["payload"].update(by="2"), "valid integer"),
        (lambda b: b["story"]["sheets"][0]["sheet"].update(xp="5"), "valid integer"),
        (lambda b: b["story"]["records"][8]["payload"].update(fatal="no"), "valid boolean"),
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
