"""Whatever a table types into the companion's verbs, the answer is a result or a one-line
error, never a traceback, and a refused command writes nothing."""

from __future__ import annotations

import io
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlmodel import func, select

from journal.db import open_journal
from journal.models import Entry, LedgerChange, Scene

ROOT = Path(__file__).resolve().parents[2]
BRICK = str(ROOT / "rules" / "tags_and_tracks" / "examples" / "brick.character")

texts = (
    st.text(max_size=30)
    | st.sampled_from(["", " ", "\x00", "x" * 300, "[bold]x[/]", "<script>x</script>", "-1"])
    | st.sampled_from(["Brick", "brick", "STR", "wil", "Guards", "Castle", "○∅|○", "4|2", "o/x"])
)
numbers = st.sampled_from(["0", "1", "2", "4", "-3", "1e3", "99999999999999999999", "x", ""])
VERBS = {
    "track add": [("--clock", numbers), ("--steps", texts), ("--break", texts)],
    "track tick": [("--by", numbers)],
    "track untick": [("--by", numbers)],
    "track burn": [("--by", numbers)],
    "hit": [("--stat", texts), ("--hits", numbers), ("--what", texts)],
    "consequence take": [("--stat", texts), ("--hits", numbers), ("--what", texts)],
    "consequence recover": [("--what", texts)],
    "xp gain": [],
    "xp spend": [("--stat", texts), ("--flashback", texts)],
    "intrusion": [("--text", texts)],
    "character rest": [("--stat", texts), ("--points", numbers)],
    "narrate": [],
    "scene start": [("--text", texts)],
}


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    verb = draw(st.sampled_from(sorted(VERBS)))
    args = [*verb.split(), draw(texts)]
    if verb == "xp gain":
        args.append(draw(numbers))
    for option, values in VERBS[verb]:
        if draw(st.booleans()):
            args += [option, draw(values)]
    if verb == "intrusion":
        args.append(draw(st.sampled_from(["--accept", "--refuse"])))
    return args


def counts(journal_path: Path) -> tuple[int, int, int]:
    with open_journal(journal_path, create=False) as journal, journal.reading() as s:
        return tuple(  # type: ignore[return-value]
            int(s.exec(select(func.count()).select_from(table)).one())
            for table in (Entry, LedgerChange, Scene)
        )


@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(args=command_lines())
def test_fuzzed_companion_verbs_never_give_a_traceback(
    cli, journal_path: Path, monkeypatch, args: list[str]
) -> None:  # type: ignore[no-untyped-def]
    if cli("campaign", "list").out.find("Salt Roads") < 0:
        for words in (
            ("campaign", "start", "Salt Roads", "--ruleset", "tags-and-tracks"),
            ("use", "Salt Roads"),
            ("character", "add", BRICK),
            ("session", "start", "One"),
            ("scene", "start", "Gate"),
            ("track", "add", "Guards", "--clock", "4"),
            ("track", "add", "Castle", "--steps", "4|2", "--break", "walls"),
        ):
            assert cli(*words).code == 0, words
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    before = counts(journal_path)
    ran = cli(*args)
    assert "Traceback" not in ran.err + ran.out
    if ran.code != 0:
        assert ran.err.startswith("error: ") and ran.err.count("\n") == 1, (args, ran.err)
        assert counts(journal_path) == before
