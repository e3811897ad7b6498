"""Export and import: the JSON bundle round-trips exactly; Markdown reads like the campaign."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dsl.errors import ChroniclerError
from journal import bundle, ledger
from journal.db import Journal, open_journal
from journal.ledger import Play


def export_json(journal: Journal, name: str) -> str:
    with journal.reading() as s:
        return bundle.dumps(bundle.export_campaign(s, name))


def test_export_import_export_gives_identical_json(recorded: Journal, tmp_path: Path) -> None:
    first = export_json(recorded, "Demo")
    with open_journal(tmp_path / "fresh.db") as fresh:
        fresh.write(lambda s: bundle.import_campaign(s, json.loads(first)))
        assert export_json(fresh, "Demo") == first


def test_the_bundle_holds_every_scene_card_and_event(recorded: Journal) -> None:
    data = json.loads(export_json(recorded, "Demo"))
    with recorded.reading() as s:
        campaign = ledger.get_campaign(s, "Demo")
        scenes = [sc for x in ledger.sessions(s, campaign) for sc in ledger.scenes_of(s, x)]
    assert sum(len(x["scenes"]) for x in data["sessions"]) == len(scenes)
    assert all(x["events"] for x in data["sessions"])
    assert [m["year"] for m in data["maps"]] == [1, 2, 3, 4, 5, 6]


def test_importing_a_campaign_whose_name_is_taken_is_refused(recorded: Journal) -> None:
    data = json.loads(export_json(recorded, "Demo"))
    with pytest.raises(ChroniclerError, match="already in this journal"):
        recorded.write(lambda s: bundle.import_campaign(s, data))
    recorded.write(lambda s: bundle.import_campaign(s, data, rename="Demo again"))
    assert export_json(recorded, "Demo again").replace("Demo again", "Demo") == export_json(
        recorded, "Demo"
    )


def test_a_damaged_bundle_is_refused_and_nothing_is_half_imported(
    recorded: Journal, tmp_path: Path
) -> None:
    data = json.loads(export_json(recorded, "Demo"))
    del data["sessions"][2]["scenes"]
    with open_journal(tmp_path / "fresh.db") as fresh:
        with pytest.raises(ChroniclerError, match="incomplete or damaged"):
            fresh.write(lambda s: bundle.import_campaign(s, data))
        with fresh.reading() as s:
            assert ledger.campaigns(s) == []


def test_a_file_that_is_not_a_bundle_gives_a_one_line_error(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    ran = cli("import", str(junk))
    assert ran.code == 1 and "not a JSON campaign bundle" in ran.err


story = st.text(st.characters(blacklist_categories=("Cs",)), max_size=200)
names = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=30)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(narration=story, card=names, points=st.integers(-5, 50), answers=st.lists(story, max_size=3))
def test_any_story_text_round_trips(
    tmp_path_factory: pytest.TempPathFactory,
    narration: str,
    card: str,
    points: int,
    answers: list[str],
) -> None:
    folder = tmp_path_factory.mktemp("rt")
    with open_journal(folder / "a.db") as first:

        def write(s):  # type: ignore[no-untyped-def]
            campaign = ledger.create_campaign(s, "Story")
            session = ledger.start_year(s, campaign, 1, "Scheme", ["Parin"])
            ledger.record_scene(
                s,
                session,
                scene="Scene",
                location="Here",
                participants=["Parin"],
                plays=[Play(card, points)],
                narration=narration,
                challenge_answers=answers,
            )

        first.write(write)
        exported = export_json(first, "Story")
    with open_journal(folder / "b.db") as second:
        second.write(lambda s: bundle.import_campaign(s, json.loads(exported)))
        assert export_json(second, "Story") == exported
    scene = json.loads(exported)["sessions"][0]["scenes"][0]
    assert scene["narration"] == narration and scene["plays"][0]["card"] == card


def test_markdown_export_reads_as_the_campaign(recorded: Journal, tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "demo.md"
    ran = cli(
        "export",
        "--campaign",
        "Demo",
        "--format",
        "markdown",
        "--out",
        str(out),
        db=Path(recorded.where),
    )
    assert ran.code == 0, ran.err
    text = out.read_text()
    assert text.startswith("# Demo\n")
    assert "## Year 1:" in text and "## Year 6:" in text
    assert "Brightdune's fate" in text and "## Characters" in text


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), scenes=st.integers(2, 5))
def test_any_recorded_campaign_round_trips(
    tmp_path_factory: pytest.TempPathFactory, seed: int, scenes: int
) -> None:
    from fakes import fake_catalogue, play_campaign

    from journal.recording import record_campaign

    folder = tmp_path_factory.mktemp("campaign")
    with open_journal(folder / "a.db") as first:
        record_campaign(first, "Any", play_campaign(seed, scenes), catalogue=fake_catalogue())
        exported = export_json(first, "Any")
    with open_journal(folder / "b.db") as second:
        second.write(lambda s: bundle.import_campaign(s, json.loads(exported)))
        assert export_json(second, "Any") == exported
