"""The game's procedure is the text of ``procedure.rules``: on a copy of the ruleset, reordering
two steps, adding a step of card sentences or changing the season track is a text edit the
engine obeys, and a step the text gets wrong is refused with its place."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from dsl.diagnostics import CheckFailed
from dsl.loader import check_ruleset
from rules.six_winters import engine
from rules.six_winters.bots import make_bot

RULES = Path(engine.RULES_DIR)
PAIR = ("Parin", "Kanun")


def _copy(tmp_path: Path, file: str = "procedure.rules", old: str = "", new: str = "") -> Path:
    folder = tmp_path / "six_winters"
    shutil.copytree(RULES, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__", "faces"))
    if old:
        text = (folder / file).read_text()
        assert old in text, f"{old!r} is not in {file}"
        (folder / file).write_text(text.replace(old, new, 1))
    return folder


def _played(folder: Path | None, seed: int = 3) -> engine.Session:
    ruleset = engine.load_ruleset(folder) if folder else engine.load_ruleset()
    session = engine.new_session(ruleset, engine.new_campaign(ruleset), seed, PAIR)
    return engine.play(session, make_bot("random", seed))


def _kinds(session: engine.Session) -> list[str]:
    return [str(e.kind) for e in session.events]


def test_the_shipped_procedure_names_the_rulebooks_lists():
    procedure = engine.load_ruleset().procedure
    numbered = {p.name: [s.title for s in p.steps if s.number is not None] for p in procedure}
    assert numbered["Turn"] == [
        "Actions",
        "Refresh",
        "Draw Scene",
        "Activate Obstacles",
        "Draw Obstacle",
        "Advance Time",
    ]
    assert len(numbered["Session Setup"]) == 12
    assert len(numbered["Session End"]) == 7
    assert numbered["Session"] == ["Session Setup", "Turns", "Session End"]


def _after_first_scene(kinds: list[str]) -> list[str]:
    """The events from the first scene drawn to the next turn's start."""
    first = kinds.index("scene_drawn")
    return kinds[first : kinds.index("turn_started", first)]


def test_reordering_two_turn_steps_changes_the_order_of_events(tmp_path):
    shipped = _after_first_scene(_kinds(_played(None)))
    assert "action_points_changed" not in shipped  # the refresh came before the scene
    folder = _copy(
        tmp_path,
        old='  Refresh: play "Refresh"\n  Draw Scene: do draw scenes\n',
        new='  Draw Scene: do draw scenes\n  Refresh: play "Refresh"\n',
    )
    reordered = _after_first_scene(_kinds(_played(folder)))
    assert "action_points_changed" in reordered  # now the refresh follows the scene


def test_a_step_written_as_a_sentence_runs_each_turn(tmp_path):
    folder = _copy(
        tmp_path,
        old="  Advance Time: do advance time\n",
        new="  Rally: Each character gains 1 action point.\n  Advance Time: do advance time\n",
    )
    session = _played(folder)
    rallies = [e for e in session.events if e.kind == "effect" and e.data["card"] == "Turn: Rally"]
    turns = [e for e in session.events if e.kind == "turn_started"]
    assert len(rallies) == len(turns) > 0
    assert rallies[0].data["text"] == "Each character gains 1 action point."


def test_changing_the_season_track_changes_the_turns(tmp_path):
    shipped = [e for e in _played(None).events if e.kind == "turn_started"]
    assert max(e.data["turn"] for e in shipped) == 3
    folder = _copy(
        tmp_path,
        "ruleset.rules",
        old="seasons: spring 3, summer 3, fall 3, winter 3",
        new="seasons: spring 1, summer 1, fall 1, winter 1",
    )
    session = _played(folder)
    turns = [(e.data["season"], e.data["turn"]) for e in session.events if e.kind == "turn_started"]
    assert turns == [("spring", 1), ("summer", 1), ("fall", 1), ("winter", 1)][: len(turns)]
    assert session.result().reason in (
        "too few scenes by the end of winter",
        "three scenes completed",
    )


def test_the_refresh_is_a_phase_the_turn_plays(tmp_path):
    """Taking "Refresh" out of the turn: no one gains action points after the first turn."""
    folder = _copy(tmp_path, old='  Refresh: play "Refresh"\n', new="")
    session = _played(folder)
    assert not any(e.kind == "cards_readied" for e in session.events)
    assert any(e.kind == "cards_readied" for e in _played(None).events)


def _errors(folder: Path) -> list[str]:
    diagnostics = check_ruleset(folder).diagnostics
    return [f"{d.span.line}:{d.span.column}: {d.message}" for d in diagnostics.errors]


def test_an_unknown_step_primitive_is_refused_at_its_place(tmp_path):
    folder = _copy(tmp_path, old="Time: do advance time", new="Time: do advance the clock")
    line, column = next(
        (n, text.index("advance the clock") + 1)
        for n, text in enumerate((folder / "procedure.rules").read_text().splitlines(), start=1)
        if "advance the clock" in text
    )
    errors = _errors(folder)
    assert len(errors) == 1
    assert errors[0].startswith(f"{line}:{column}: unknown step primitive 'advance the clock'")
    assert "did you mean 'advance time'" in errors[0]


def test_a_step_playing_an_unknown_phase_is_refused(tmp_path):
    folder = _copy(tmp_path, old='Refresh: play "Refresh"', new='Refresh: play "Refresh Step"')
    (error,) = _errors(folder)
    assert 'unknown phase "Refresh Step"; did you mean "Refresh"?' in error


def test_a_phase_that_plays_itself_with_no_until_never_ends(tmp_path):
    folder = _copy(tmp_path, old="  Advance Time: do advance time\n", new='  Again: play "Turn"\n')
    (error,) = _errors(folder)
    assert 'procedure "Turn" plays itself again with no "until": it never ends' in error


def test_an_unknown_condition_and_thing_are_refused(tmp_path):
    folder = _copy(
        tmp_path, old='"Turn" until the year ends', new='"Turn" until the cows come home'
    )
    text = (folder / "procedure.rules").read_text()
    (folder / "procedure.rules").write_text(
        text.replace("for each obstacle in order", "for each goblin in order")
    )
    errors = _errors(folder)
    assert any("unknown condition 'the cows come home'" in e for e in errors)
    assert any("unknown thing to go through 'goblin'" in e for e in errors)


def test_a_broken_procedure_does_not_load(tmp_path):
    folder = _copy(tmp_path, old="Time: do advance time", new="Time: do advance the clock")
    with pytest.raises(CheckFailed):
        engine.load_ruleset(folder)


def test_cards_kind_procedure_prints_the_turn_as_the_rulebooks_numbered_list(capsys):
    from journal.cli import main

    assert main(["cards", "six-winters", "--kind", "procedure"]) == 0
    out = capsys.readouterr().out
    turn = out[out.index("\nTurn\n") + 1 :].split("\n\n")[0].splitlines()
    assert turn == [
        "Turn",
        "Setup: Start the turn.",
        "1. Actions: Players act in any order until all pass.",
        '2. Refresh: Play "Refresh".',
        "3. Draw Scene: Draw scenes.",
        "4. Activate Obstacles: For each obstacle in order, activate the obstacle.",
        "5. Draw Obstacle: Draw obstacles.",
        "6. Advance Time: Advance time.",
    ]


def test_cards_kind_procedure_as_json_gives_each_step_its_line(capsys):
    from journal.cli import main

    assert main(["cards", "six-winters", "--kind", "procedure", "--format", "json"]) == 0
    records = json.loads(capsys.readouterr().out)
    lines = (RULES / "procedure.rules").read_text().splitlines()
    for record in records:
        assert record["title"] in lines[record["line"] - 1]


def test_the_campaign_plays_sessions_as_its_phase_says(tmp_path):
    """ "Years: play "Session" until the campaign ends" (the value "years"); written "2 times",
    the campaign is two years long."""
    folder = _copy(
        tmp_path, old='play "Session" until the campaign ends', new='play "Session" 2 times'
    )
    ruleset = engine.load_ruleset(folder)
    years = [s.state.year for _, s in engine.play_campaign(ruleset, 1, make_bot("random", 1))]
    assert years == [1, 2]
    shipped = engine.load_ruleset()
    assert len(list(engine.play_campaign(shipped, 1, make_bot("random", 1)))) == shipped.value(
        "years"
    )


def _setup_of(folder: Path | None, seed: int) -> tuple[str, list[str]]:
    ruleset = engine.load_ruleset(folder) if folder else engine.load_ruleset()
    session = engine.new_session(ruleset, engine.new_campaign(ruleset), seed, PAIR)
    return session.state.scheme, list(session.state.asset_staging)


def test_session_setup_steps_before_play_are_done_in_the_texts_order(tmp_path):
    """Selecting the scheme before shuffling the decks draws from the generator in another
    order: the same seeds set up other years."""
    folder = _copy(
        tmp_path,
        old="  Shuffle Decks: do shuffle the decks\n  Fill Asset Staging Area: do fill the staging "
        "area\n  Select Scheme: do select the scheme\n",
        new="  Select Scheme: do select the scheme\n  Shuffle Decks: do shuffle the decks\n"
        "  Fill Asset Staging Area: do fill the staging area\n",
    )
    shipped = [_setup_of(None, seed) for seed in range(5)]
    reordered = [_setup_of(folder, seed) for seed in range(5)]
    assert shipped != reordered


def test_a_session_setup_step_left_out_is_not_done(tmp_path):
    folder = _copy(tmp_path, old="  Fill Asset Staging Area: do fill the staging area\n")
    assert _setup_of(folder, 0)[1] == []
    assert len(_setup_of(None, 0)[1]) == engine.load_ruleset().value("staging area")


def test_session_end_steps_after_play_are_walked_from_the_text(tmp_path):
    """Left out of "Session End", the chronicle is not updated: the campaign keeps no history
    of the year (and the rest is stored as before)."""
    folder = _copy(tmp_path, old="  Update the Chronicle: do update the chronicle\n")
    for rules, history in ((None, 1), (folder, 0)):
        ruleset = engine.load_ruleset(rules) if rules else engine.load_ruleset()
        campaign = engine.new_campaign(ruleset)
        session = engine.play(engine.new_session(ruleset, campaign, 2, PAIR), make_bot("random", 2))
        after = engine.end_session(campaign, session)
        assert len(after.history) == history
        assert after.year == 2 and after.map


def test_campaign_setup_is_the_campaign_phases_setup(tmp_path):
    folder = _copy(tmp_path, old="  setup: do set up the campaign\n")
    assert engine.new_campaign(engine.load_ruleset(folder)).map == []
    assert engine.new_campaign(engine.load_ruleset()).map
