"""Whatever a user types, the journal answers in one line and keeps what it held.

Every bad input gives ``error: ...`` on one line of stderr, a non-zero exit code, no
traceback, and leaves the journal exactly as it was; the fuzz tests try many more.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from journal import bundle
from journal.db import open_journal
from journal.six_winters import ledger

pytestmark = pytest.mark.usefixtures("cards")

CAMPAIGN = ["--campaign", "Brightdune"]
SCENE = ["--scene", "Chart the Old Rift", "--location", "Boar's Rift", "--participants", "Parin",
         "--choice", "Stay"]  # fmt: skip


def snapshot(target: Path) -> str:
    """Everything the journal holds, as JSON: equal before and after means untouched."""
    with open_journal(target, create=False) as journal, journal.reading() as s:
        return json.dumps(
            [bundle.export_campaign(s, c.name) for c in ledger.campaigns(s)], sort_keys=True
        )


@pytest.fixture
def table(cli, journal_path: Path):  # type: ignore[no-untyped-def]
    """A campaign with year 1 started and one scene recorded."""
    assert cli("campaign", "start", "Brightdune").code == 0
    assert cli("year", "start", *CAMPAIGN, "--year", "1", "--scheme", "Sow Discord",
               "--characters", "Parin,Kanun").code == 0  # fmt: skip
    assert cli("scene", "record", *CAMPAIGN, "--year", "1", *SCENE, "--text", "Once.").code == 0
    return cli


def assert_refused(ran: Any, before: str, after: str) -> None:
    assert ran.code != 0, ran.out
    assert "Traceback" not in ran.err + ran.out
    assert ran.err.startswith("error: ") and ran.err.count("\n") == 1, ran.err
    assert after == before


HUGE = str(2**63)
BAD_COMMANDS = {
    "a year of 2**63": ["year", "start", *CAMPAIGN, "--year", HUGE, "--scheme", "Sow Discord",
                        "--characters", "Parin"],
    "a seed of 2**63": ["year", "start", *CAMPAIGN, "--year", "2", "--scheme", "Sow Discord",
                        "--characters", "Parin", "--seed", HUGE],
    "skill-match of 2**64": ["scene", "record", *CAMPAIGN, "--year", "1", *SCENE,
                             "--skill-match", str(2**64), "--text", "x"],
    "card points of 2**63": ["scene", "record", *CAMPAIGN, "--year", "1", *SCENE,
                             "--played", f"Old Map:{HUGE}", "--text", "x"],
    "card points of -4": ["scene", "record", *CAMPAIGN, "--year", "1", *SCENE,
                          "--played", "Old Map:-4", "--text", "x"],
    "threat left of -2**63": ["year", "end", *CAMPAIGN, "--year", "1", "--result", "won",
                              "--threat-left", str(-(2**63))],
    "finale scenes of 2**70": ["year", "end", *CAMPAIGN, "--year", "1", "--result", "won",
                               "--finale-scenes", str(2**70)],
    "scene number of 2**63": ["scene", "narrate", *CAMPAIGN, "--year", "1", "--number", HUGE,
                              "--text", "x"],
    "show as of year 2**63": ["campaign", "show", "Brightdune", "--year", HUGE],
    "an empty --campaign": ["scene", "record", "--campaign", "  ", "--year", "1", *SCENE],
    "markup as a campaign": ["scene", "record", "--campaign", "[/]", "--year", "1", *SCENE],
    "markup in a scene": ["scene", "record", *CAMPAIGN, "--year", "1", "--scene", "[/][bold]",
                          "--location", "x", "--participants", "Parin"],
    "a 300-character name": ["campaign", "start", "x" * 300],
    "a narration over the limit": ["scene", "record", *CAMPAIGN, "--year", "1", *SCENE,
                                   "--text", "x" * 200_001],
    "an unknown result": ["year", "end", *CAMPAIGN, "--year", "1", "--result", "draw"],
}  # fmt: skip


@pytest.mark.parametrize("args", list(BAD_COMMANDS.values()), ids=list(BAD_COMMANDS))
def test_a_bad_option_is_refused_in_one_line(table, journal_path: Path, args: list[str]) -> None:  # type: ignore[no-untyped-def]
    before = snapshot(journal_path)
    assert_refused(table(*args), before, snapshot(journal_path))


@pytest.mark.parametrize(
    ("content", "says"),
    [(b"caf\xe9 au lait", "not UTF-8 text (byte 0xe9 at offset 3)"), (None, "is a folder")],
    ids=["latin-1 bytes", "a folder"],
)
def test_a_narration_file_that_is_not_text_is_refused(
    table, journal_path: Path, tmp_path: Path, content: bytes | None, says: str
) -> None:  # type: ignore[no-untyped-def]
    file = tmp_path / "story"
    if content is None:
        file.mkdir()
    else:
        file.write_bytes(content)
    before = snapshot(journal_path)
    ran = table("scene", "record", *CAMPAIGN, "--year", "1", *SCENE, "--file", str(file))
    assert_refused(ran, before, snapshot(journal_path))
    assert says in ran.err and str(file) in ran.err


def test_a_50_mb_narration_is_refused_before_it_is_read(
    table, journal_path: Path, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    big = tmp_path / "big.md"
    with big.open("wb") as out:
        out.truncate(50 * 1024 * 1024)  # 50 MB of NUL bytes, sparse: cheap to make
    before = snapshot(journal_path)
    ran = table("scene", "record", *CAMPAIGN, "--year", "1", *SCENE, "--file", str(big))
    assert_refused(ran, before, snapshot(journal_path))
    assert f"--file {big}: it is larger than a narration may be (800,000 bytes at most)" in ran.err


def test_an_empty_db_option_is_refused_not_taken_for_the_default(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    ran = cli("campaign", "start", "Here", db="")  # type: ignore[arg-type]
    assert ran.code == 2 and "--db" in ran.err and "is empty" in ran.err
    assert not (tmp_path / "chronicle.db").exists()


def test_a_campaign_name_with_spaces_around_means_the_same_campaign(table) -> None:  # type: ignore[no-untyped-def]
    ran = table("scene", "record", "--campaign", "  Brightdune ", "--year", "1", *SCENE,
                "--text", "Twice.")  # fmt: skip
    assert ran.code == 0, ran.err
    assert table("campaign", "show", " Brightdune ").code == 0


def test_markup_in_a_campaign_name_is_printed_as_typed(cli) -> None:  # type: ignore[no-untyped-def]
    name = "[/] [bold red]Brightdune[/bold red] \\[x]"
    started = cli("campaign", "start", name)
    assert started.code == 0 and "Traceback" not in started.err
    assert name in started.out
    listed = cli("campaign", "list")
    assert listed.code == 0 and name in listed.out
    shown = cli("campaign", "show", name)
    assert shown.code == 0 and name in shown.out
    missing = cli("campaign", "show", name + "[/]")
    assert missing.code == 1 and name in missing.err and missing.err.count("\n") == 1


def test_a_retried_scene_is_recorded_once(table, journal_path: Path) -> None:  # type: ignore[no-untyped-def]
    before = snapshot(journal_path)
    retry = table("scene", "record", *CAMPAIGN, "--year", "1", *SCENE, "--text", "Once.")
    assert retry.code == 0 and "nothing added" in retry.out
    assert snapshot(journal_path) == before
    on_purpose = table("scene", "record", *CAMPAIGN, "--year", "1", *SCENE, "--text", "Once.",
                       "--again")  # fmt: skip
    assert on_purpose.code == 0 and "Recorded scene 2" in on_purpose.out


def test_a_retried_year_start_changes_nothing(table, journal_path: Path) -> None:  # type: ignore[no-untyped-def]
    before = snapshot(journal_path)
    again = table("year", "start", *CAMPAIGN, "--year", "1", "--scheme", "Sow Discord",
                  "--characters", "Parin,Kanun")  # fmt: skip
    assert again.code == 0 and snapshot(journal_path) == before
    other = table("year", "start", *CAMPAIGN, "--year", "1", "--scheme", "Raise the Levy",
                  "--characters", "Parin,Kanun")  # fmt: skip
    assert_refused(other, before, snapshot(journal_path))


def test_a_retried_year_end_changes_nothing(table, journal_path: Path) -> None:  # type: ignore[no-untyped-def]
    end = ["year", "end", *CAMPAIGN, "--year", "1", "--result", "won", "--threat-left", "2"]
    assert table(*end).code == 0
    before = snapshot(journal_path)
    again = table(*end)
    assert again.code == 0 and "nothing changed" in again.out
    assert snapshot(journal_path) == before
    other = table("year", "end", *CAMPAIGN, "--year", "1", "--result", "lost")
    assert_refused(other, before, snapshot(journal_path))


# --- files that are not journals, folders that cannot be written ----------------------------


def test_a_refused_database_gets_no_wal_or_shm_files(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as connection:
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("CREATE TABLE accounts (id INTEGER)")
    connection.close()
    before = other.read_bytes()
    ran = cli("campaign", "list", db=other)
    assert ran.code == 1 and "not a Chronicler journal" in ran.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.db"]
    assert other.read_bytes() == before


def test_a_journal_in_a_read_only_folder_is_listed_and_published_not_changed(
    cli, sqlite_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """Read-only as this process sees it (root writes anywhere, so the test says so)."""
    assert cli("campaign", "start", "Kept", db=sqlite_path).code == 0
    monkeypatch.setattr("journal.db._writable", lambda path: False)
    listed = cli("campaign", "list", db=sqlite_path)
    assert listed.code == 0 and "Kept" in listed.out
    assert cli("publish", "--campaign", "Kept", "--out", str(tmp_path / "site"),
               db=sqlite_path).code == 0  # fmt: skip
    changed = cli("campaign", "start", "Another", db=sqlite_path)
    assert changed.code == 1 and "read-only" in changed.err
    made = cli("campaign", "start", "New", db=tmp_path / "new.db")
    assert made.code == 1 and "read-only" in made.err and not (tmp_path / "new.db").exists()


# --- fuzzing ---------------------------------------------------------------------------------

numbers = st.one_of(
    st.integers(),
    st.integers(min_value=2**62, max_value=2**80),
    st.integers(min_value=-(2**80), max_value=-1),
    st.text(max_size=12),
    st.sampled_from(["", " ", "1e3", "0x10", "١", "NaN", "-0", "+3", "9" * 40]),
).map(str)
texts = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
                max_size=60)  # fmt: skip
OPTIONS = {
    "--year": numbers, "--skill-match": numbers, "--seed": numbers, "--threat-left": numbers,
    "--number": numbers, "--finale-scenes": numbers, "--campaign": texts, "--scene": texts,
    "--location": texts, "--participants": texts, "--played": texts, "--choice": texts,
    "--tier": texts, "--result": texts, "--scheme": texts, "--characters": texts,
}  # fmt: skip
VERBS = {
    "scene record": ["--campaign", "--year", "--scene", "--location", "--participants",
                     "--played", "--choice", "--tier", "--skill-match"],
    "scene narrate": ["--campaign", "--year", "--number", "--tier"],
    "year start": ["--campaign", "--year", "--scheme", "--characters", "--seed"],
    "year end": ["--campaign", "--year", "--result", "--threat-left", "--finale-scenes"],
    "campaign show": ["--year"],
}  # fmt: skip


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    verb = draw(st.sampled_from(sorted(VERBS)))
    args = verb.split()
    if verb == "campaign show":
        args.append(draw(st.sampled_from(["Brightdune", "Nowhere"])))
    for option in VERBS[verb]:
        if option == "--campaign" and draw(st.booleans()):
            args += [option, "Brightdune"]
        else:
            args += [option, draw(OPTIONS[option])]
    return [*args, "--text", "fuzz"] if verb.startswith("scene") else args


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(args=command_lines())
def test_fuzzed_options_never_give_a_traceback(table, journal_path: Path, args: list[str]) -> None:  # type: ignore[no-untyped-def]
    before = snapshot(journal_path)
    ran = table(*args)
    assert "Traceback" not in ran.err + ran.out
    if ran.code != 0:
        assert ran.err.startswith("error: ") and ran.err.count("\n") == 1, ran.err
        assert snapshot(journal_path) == before


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _leaves(v, (*path, k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _leaves(v, (*path, i))]
    return [path]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(2**63, 2**70) | st.floats()
    | st.text(max_size=20) | st.just("\x00") | st.just("x" * 300),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)  # fmt: skip


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_fuzzed_bundles_are_imported_whole_or_not_at_all(
    recorded, cli, journal_path: Path, tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
) -> None:  # type: ignore[no-untyped-def]
    with recorded.reading() as s:
        good = bundle.export_campaign(s, "Demo")
    changed = json.loads(json.dumps(good))
    changed["campaign"]["name"] = "Fuzzed"
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_leaves(changed)))
        target = changed
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = data.draw(json_values)
    file = tmp_path_factory.mktemp("fuzz") / "bundle.json"
    file.write_text(json.dumps(changed))
    before = snapshot(journal_path)
    ran = cli("import", str(file))
    assert "Traceback" not in ran.err + ran.out
    if ran.code != 0:
        assert ran.err.startswith("error: ") and ran.err.count("\n") == 1, ran.err
        assert snapshot(journal_path) == before
    else:
        with recorded.reading() as s:
            assert bundle.export_campaign(s, "Fuzzed")["campaign"]["name"] == "Fuzzed"


# --- database URLs ---------------------------------------------------------------------------


def test_a_database_password_is_never_printed(cli, journal_path: Path) -> None:  # type: ignore[no-untyped-def]
    unreachable = "postgresql://chronicler:hunter2-secret@127.0.0.1:1/nowhere"
    ran = cli("campaign", "list", db=unreachable)
    assert ran.code == 1 and ran.err.count("\n") == 1, ran.err
    assert "hunter2-secret" not in ran.err + ran.out and "chronicler:***@127.0.0.1" in ran.err
    no_driver = cli("campaign", "list", db="mysql://me:hunter2-secret@127.0.0.1:1/x")
    assert no_driver.code == 1 and "hunter2-secret" not in no_driver.err
    assert "driver" in no_driver.err
    target = str(journal_path)
    if "://" in target:  # the PostgreSQL run: success lines mask the password too
        from sqlalchemy.engine import make_url

        password = make_url(target).password
        started = cli("campaign", "start", "Masked")
        assert started.code == 0 and password and password not in started.out + started.err
        assert ":***@" in started.out


def test_the_ledger_refuses_negative_card_points_as_the_command_line_does() -> None:
    from dsl.errors import ChroniclerError
    from journal.six_winters.ledger import Play

    with pytest.raises(ChroniclerError, match="0 points or more, not -1"):
        Play("Old Map", -1)
    assert Play("Old Map", 0).points == 0
