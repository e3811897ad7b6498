"""Export and import: the JSON bundle round-trips exactly; Markdown reads like the campaign."""

from __future__ import annotations

import json
import re
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
        with pytest.raises(ChroniclerError, match=r"sessions\[2\]\.scenes: Field required"):
            fresh.write(lambda s: bundle.import_campaign(s, data))
        with fresh.reading() as s:
            assert ledger.campaigns(s) == []


def test_a_file_that_is_not_a_bundle_gives_a_one_line_error(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    ran = cli("import", str(junk))
    assert ran.code == 1 and "not a JSON campaign bundle" in ran.err


# No NUL: PostgreSQL cannot store one, so the journal refuses it on the way in and out.
story = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=200
)
names = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=30)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(narration=story, card=names, points=st.integers(0, 50), answers=st.lists(story, max_size=3))
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


# --- hostile and damaged bundles ---------------------------------------------------------------


def _set(data: dict, path: str, value: object) -> dict:  # type: ignore[type-arg]
    """Set ``a.b[0].c`` in the bundle to ``value`` (``del`` as value removes the key)."""
    parts = [
        int(p) if p.isdigit() else p for p in path.replace("[", ".").replace("]", "").split(".")
    ]
    target = data
    for part in parts[:-1]:
        target = target[part]  # type: ignore[index]
    if value == "del":
        del target[parts[-1]]  # type: ignore[arg-type]
    else:
        target[parts[-1]] = value  # type: ignore[index]
    return data


def _deep(levels: int) -> object:
    nested: object = 1
    for _ in range(levels):
        nested = [nested]
    return nested


# (what is wrong, where, the value, what the one-line error says)
BAD_BUNDLES = [
    (
        "a path in a scene number",
        "sessions[0].scenes[0].number",
        "1/../../../x/README",
        "valid integer",
    ),
    ("markup as the score", "campaign.score", "<img src=x onerror=alert(1)>", "campaign.score"),
    ("markup as the finale count", "campaign.finale_scenes_completed", "<b>2</b>", "valid integer"),
    ("markup as threat left", "sessions[0].threat_left", "<img src=x>", "threat_left"),
    ("markup as a seed", "campaign.seed", "<script>", "campaign.seed"),
    ("markup as scenes completed", "sessions[0].scenes_completed", "<i>", "scenes_completed"),
    ("markup as a chronicle year", "characters[0].chronicle[0].year", "<i>", "year"),
    ("markup as points needed", "sessions[0].scenes[0].points_needed", "<i>", "points_needed"),
    ("markup as a map's threats", "maps[0].locations[0].threats", "<i>", "threats"),
    ("a number as text", "sessions[0].year", "1", "valid integer"),
    ("a seed of 2**63", "campaign.seed", 2**63, "less than"),
    ("a huge negative score", "campaign.score", -(2**70), "greater than"),
    ("a year 7 session", "sessions[0].year", 7, "less than or equal to 6"),
    ("no for a boolean", "sessions[0].solo", "no", "valid boolean"),
    ("1 for a boolean", "maps[0].locations[0].developed", 1, "valid boolean"),
    ("a null campaign name", "campaign.name", None, "campaign.name"),
    ("an empty character name", "characters[0].name", "", "at least 1 character"),
    ("a NUL in the narration", "sessions[0].scenes[0].narration", "a\x00b", "NUL"),
    ("a 300-character card name", "sessions[0].scenes[0].plays[0].card", "x" * 300, "at most 200"),
    ("a narration over the limit", "sessions[0].scenes[0].narration", "x" * 200_001, "at most"),
    ("a text format version", "format_version", "one", "format_version"),
    ("an unknown field", "campaign.owner", "me", "Extra inputs"),
    ("a missing list", "maps", "del", "maps: Field required"),
    ("an unknown tier", "sessions[0].scenes[0].tier", "Bard", "tier"),
    ("deep nesting in an event", "sessions[0].events[0].data", {"x": _deep(60)}, "nests deeper"),
    ("a list as the campaign", "campaign", [1, 2], "campaign"),
    ("NaN in an event", "sessions[0].events[0].data", {"x": float("nan")}, "not finite"),
]


@pytest.mark.parametrize(
    ("path", "value", "says"),
    [case[1:] for case in BAD_BUNDLES],
    ids=[case[0] for case in BAD_BUNDLES],
)
def test_a_hostile_bundle_is_refused_in_one_line_and_imports_nothing(
    recorded: Journal, tmp_path: Path, cli, path: str, value: object, says: str
) -> None:  # type: ignore[no-untyped-def]
    data = _set(json.loads(export_json(recorded, "Demo")), path, value)
    hostile = tmp_path / "hostile.json"
    hostile.write_text(json.dumps(data))
    target = tmp_path / "target.db"
    assert cli("campaign", "start", "Kept", db=target).code == 0
    before = target.read_bytes()
    ran = cli("import", str(hostile), db=target)
    assert ran.code == 1 and ran.out == ""
    assert ran.err.startswith("error: ") and ran.err.count("\n") == 1, ran.err
    assert says in ran.err and "Traceback" not in ran.err
    assert target.read_bytes() == before  # nothing half-imported, nothing touched


@pytest.mark.parametrize(
    ("what", "change", "says"),
    [
        (
            "two characters of one name",
            lambda d: d["characters"].append(d["characters"][0]),
            "two characters called",
        ),
        (
            "two sessions of one year",
            lambda d: d["sessions"][1].update(year=1),
            "two sessions for year 1",
        ),
        (
            "two chronicle lines of one year",
            lambda d: d["characters"][0]["chronicle"][1].update(year=1),
            "two chronicle lines for year",
        ),
        (
            "two scenes numbered alike",
            lambda d: d["sessions"][0]["scenes"].append(d["sessions"][0]["scenes"][0]),
            "two scenes numbered 1",
        ),
    ],
)
def test_duplicates_in_a_bundle_are_refused(
    recorded: Journal, what: str, change, says: str
) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(export_json(recorded, "Demo"))
    change(data)
    with pytest.raises(ChroniclerError, match=re.escape(says)):
        bundle.validated(data)


def test_unknown_cards_and_characters_are_refused_with_near_names(recorded: Journal, cards) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(export_json(recorded, "Demo"))
    data["sessions"][0]["scenes"][0]["plays"][0]["card"] = "Copper Lanturn"
    with pytest.raises(
        ChroniclerError,
        match=re.escape("unknown card 'Copper Lanturn'; did you mean \"Copper Lantern\""),
    ):
        recorded.write(lambda s: bundle.import_campaign(s, data, rename="X", catalogue=cards))
    data = json.loads(export_json(recorded, "Demo"))
    data["sessions"][0]["scenes"][0]["participants"] = ["Parine"]
    with pytest.raises(ChroniclerError, match='not among its characters; did you mean "Parin"'):
        recorded.write(lambda s: bundle.import_campaign(s, data, rename="X", catalogue=cards))
    with recorded.reading() as s:
        assert [c.name for c in ledger.campaigns(s)] == ["Demo"]


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"\xff\xfe not utf-8", "not a JSON campaign bundle"),
        (b"[" * 100_000 + b"]" * 100_000, "nests its JSON too deeply"),
        (b"[1, 2]", "not a Chronicler campaign bundle"),
    ],
    ids=["not UTF-8", "deep nesting", "a list"],
)
def test_a_file_that_cannot_be_a_bundle_is_refused_in_one_line(
    tmp_path: Path, cli, content: bytes, says: str
) -> None:  # type: ignore[no-untyped-def]
    file = tmp_path / "b.json"
    file.write_bytes(content)
    ran = cli("import", str(file))
    assert ran.code == 1 and says in ran.err and ran.err.count("\n") == 1, ran.err
    assert not (tmp_path / "chronicle.db").exists()  # no journal made for a refused bundle


@pytest.mark.parametrize("kept", ["  Demo  ", "Demo\n", "\tDemo\r\n"])
def test_an_imported_name_is_kept_as_every_verb_reads_it(
    recorded: Journal, tmp_path: Path, cli, kept: str
) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(export_json(recorded, "Demo"))
    data["campaign"]["name"] = kept
    (tmp_path / "spaced.json").write_text(json.dumps(data))
    fresh = tmp_path / "fresh.db"
    assert cli("import", str(tmp_path / "spaced.json"), db=fresh).code == 0
    out = tmp_path / "again.json"
    done = cli("export", "--campaign", kept, "--out", str(out), db=fresh)
    assert done.code == 0, done.err
    assert json.loads(out.read_text())["campaign"]["name"] == "Demo"


def test_an_import_renamed_with_spaces_around_is_kept_without_them(
    recorded: Journal, tmp_path: Path, cli
) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "demo.json").write_text(export_json(recorded, "Demo"))
    fresh = tmp_path / "fresh.db"
    assert cli("import", str(tmp_path / "demo.json"), "--as", " Old Demo\n", db=fresh).code == 0
    with open_journal(fresh, create=False) as journal, journal.reading() as s:
        assert [c.name for c in ledger.campaigns(s)] == ["Old Demo"]
