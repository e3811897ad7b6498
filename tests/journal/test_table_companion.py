"""The table companion of Tags and Tracks, recorded in the journal: characters, sessions and
scenes, rolls, tracks, consequences, XP and intrusions, as the seed's rules say; and what a
hostile or mistaken table types is a one-line error that records nothing."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest
from gm_table import BRICK, counts, refused, sheet
from sqlmodel import select

from journal.db import open_journal
from journal.models import MechanicRecord
from journal.tables import payloads as p

BRICK_TEXT = Path(BRICK).read_text(encoding="utf-8")


# --- characters --------------------------------------------------------------------------------


def test_a_character_joins_with_the_sheet_their_file_gives(table, journal_path) -> None:  # type: ignore[no-untyped-def]
    brick = sheet(journal_path)
    assert [(s.name, s.points, s.level) for s in brick.stats] == [
        ("strength", 5, 5),
        ("dexterity", 3, 3),
        ("will", 1, 1),
    ]
    assert brick.skill("bash") == p.SkillTag(name="bash", level=3, builds_on="fight")
    assert brick.xp == 0
    shown = table("character", "show", "brick")
    assert shown.code == 0
    assert "5/5 STR, 3/3 DEX, 1/1 WIL" in shown.out


def test_a_sheet_with_errors_is_refused_at_its_line_and_nothing_is_recorded(
    table, journal_path, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "kit.character"
    bad.write_text("Kit - thief\n1/1 STR\n1/1 DEX\n1/1 WIL\ndo anything 1\nsneak 3\n", "utf-8")
    before = counts(journal_path)
    done = table("character", "add", str(bad))
    assert done.code == 1
    assert f"{bad}:6:1: error: sneak 3 does not build on a lower skill" in done.err
    assert "Traceback" not in done.err
    assert counts(journal_path) == before


def test_the_same_character_twice_is_refused(table) -> None:  # type: ignore[no-untyped-def]
    assert "already has a character called 'Brick'" in refused(table("character", "add", BRICK))


# --- consequences ------------------------------------------------------------------------------


def test_a_consequence_takes_the_level_of_the_hits_it_offsets(table, journal_path) -> None:  # type: ignore[no-untyped-def]
    done = table(
        "consequence", "take", "Brick", "--stat", "STR", "--hits", "2", "--what", "broken arm"
    )
    assert done.code == 0, done.err
    assert "Brick takes broken arm -2 (STR)" in done.out
    assert sheet(journal_path).consequences == [
        p.ConsequenceTag(name="broken arm", stat="strength", level=2)
    ]


def test_a_new_consequence_at_a_level_the_stat_holds_is_promoted(table, journal_path) -> None:  # type: ignore[no-untyped-def]
    table("consequence", "take", "Brick", "--stat", "STR", "--hits", "1", "--what", "sprain")
    table("consequence", "take", "Brick", "--stat", "STR", "--hits", "2", "--what", "bruise")
    done = table("consequence", "take", "Brick", "--stat", "STR", "--hits", "1", "--what", "cut")
    assert done.code == 0, done.err
    assert "cut -3 (STR): promoted from -1" in done.out
    # another stat's levels are its own
    other = table("consequence", "take", "Brick", "--stat", "WIL", "--hits", "1", "--what", "fear")
    assert "fear -1 (WIL)" in other.out and "promoted" not in other.out
    levels = [(c.name, c.level) for c in sheet(journal_path).consequences]
    assert levels == [("sprain", 1), ("bruise", 2), ("cut", 3), ("fear", 1)]


def test_a_minus_4_consequence_is_fatal_and_none_goes_past_it(table, journal_path) -> None:  # type: ignore[no-untyped-def]
    done = table("consequence", "take", "Brick", "--stat", "DEX", "--hits", "4", "--what", "fall")
    assert "-4 is fatal" in done.out
    before = counts(journal_path)
    table("consequence", "take", "Brick", "--stat", "DEX", "--hits", "3", "--what", "limp")
    before = counts(journal_path)
    line = refused(
        table("consequence", "take", "Brick", "--stat", "DEX", "--hits", "3", "--what", "x")
    )
    assert "every level from -3 to -4 is taken" in line
    assert counts(journal_path) == before


# --- XP, stats, flashbacks, intrusions ---------------------------------------------------------


def test_an_accepted_intrusion_gains_2_xp_and_a_refused_one_costs_1(table, journal_path) -> None:  # type: ignore[no-untyped-def]
    done = table("intrusion", "Brick", "--text", "The stall collapses.", "--accept")
    assert "+2 XP (XP now 2)" in done.out
    done = table("intrusion", "Brick", "--text", "A rival calls out.", "--refuse")
    assert "refuses the intrusion: -1 XP (XP now 1)" in done.out
    assert sheet(journal_path).xp == 1


def test_an_intrusion_is_asked_of_the_player_when_no_answer_is_given(
    table, journal_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    table("xp", "gain", "Brick", "1")
    monkeypatch.setattr(sys, "stdin", io.StringIO("2\n"))
    done = table("intrusion", "Brick", "--text", "The rope snaps.")
    assert done.code == 0, done.err
    assert "1. accept the complication (+2 XP)" in done.out
    assert "2. refuse the complication (1 XP)\n" in done.out
    assert "refuses the intrusion: -1 XP (XP now 0)" in done.out
    assert sheet(journal_path).xp == 0


def test_refusing_is_not_offered_to_a_character_without_the_xp(
    table, journal_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    # the defect: "refuse (1 XP of 0)" was offered, and choosing it aborted the command
    monkeypatch.setattr(sys, "stdin", io.StringIO("2\n"))
    done = table("intrusion", "Brick", "--text", "The rope snaps.")
    assert done.code == 0, done.err
    assert "2. refuse the complication (1 XP): Brick holds 0 XP, not enough" in done.out
    assert "Your choice" not in done.out  # one answer only: nothing to choose
    assert "Brick accepts the intrusion: +2 XP (XP now 2)" in done.out
    assert sheet(journal_path).xp == 2


def test_refusing_an_intrusion_without_the_xp_is_refused(table, journal_path) -> None:  # type: ignore[no-untyped-def]
    before = counts(journal_path)
    line = refused(table("intrusion", "Brick", "--text", "x", "--refuse"))
    assert "refusing an intrusion costs 1 XP and you hold 0" in line
    assert counts(journal_path) == before


def test_a_flashback_costs_2_xp(table, journal_path) -> None:  # type: ignore[no-untyped-def]
    assert "a flashback costs 2 XP" in refused(table("xp", "spend", "Brick", "--flashback", "rope"))
    table("xp", "gain", "Brick", "3", "--why", "a fine song")
    done = table("xp", "spend", "Brick", "--flashback", "The rope was in his pack.")
    assert "flashback for 2 XP (1 XP left)" in done.out
    assert sheet(journal_path).xp == 1


def test_a_stat_raised_with_1_xp_gains_its_point_only_outside_a_conflict(
    table, journal_path
) -> None:  # type: ignore[no-untyped-def]
    table("xp", "gain", "Brick", "2")
    done = table("xp", "spend", "Brick", "--stat", "WIL")
    assert "raises WIL to 2 for 1 XP: 2/2 WIL" in done.out
    done = table("xp", "spend", "Brick", "--stat", "DEX", "--in-conflict")
    assert "3/4 DEX, 0 XP left (no point gained in a conflict)" in done.out
    stats = {s.name: (s.points, s.level) for s in sheet(journal_path).stats}
    assert stats["will"] == (2, 2) and stats["dexterity"] == (3, 4)


# --- rolls -------------------------------------------------------------------------------------


def roll(table, monkeypatch, *args: str, answers: str = "") -> Any:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    return table("roll", "tags-and-tracks", "--character", "Brick", *args)


def test_a_recorded_roll_spends_the_sheets_points(table, journal_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # a 2 raised to a 4 costs 2 points: the sheet keeps 3 of Brick's 5 STR
    done = roll(table, monkeypatch, "--skill", "bash", "--stat", "STR", "--dice", "2,5,4",
                answers="1\n1\n1\n1\n3\n")  # fmt: skip
    assert done.code == 0, done.err
    assert "Recorded in Salt Roads." in done.out
    assert sheet(journal_path).stat("strength") == p.StatPool(name="strength", points=3, level=5)
    with open_journal(journal_path, create=False) as journal, journal.reading() as s:
        row = s.exec(select(MechanicRecord).where(MechanicRecord.kind == "roll")).one()
        kept = p.payload(row.payload)
    assert (kept.band, kept.hits, kept.faces) == ("minor success", 3, [4, 5, 4])
    assert kept.lines[1] == "rolled 2 5 4"
    assert row.scene_id is not None


def test_a_roll_with_no_hits_gains_1_xp_on_the_sheet(table, journal_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    done = roll(table, monkeypatch, "--skill", "poetry", "--dice", "1,2", answers="2\n")
    assert done.code == 0, done.err
    assert sheet(journal_path).xp == 1


def test_a_skill_a_roll_gains_is_named_and_written_on_the_sheet(
    table, journal_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    table("xp", "gain", "Brick", "1")
    # poetry 2 rolls 6 and 3: one non-6 costs 1 XP for a level 3 skill on poetry
    done = roll(table, monkeypatch, "--skill", "poetry", "--dice", "6,3",
                answers="1\nsea shanties\n")  # fmt: skip
    assert done.code == 0, done.err
    brick = sheet(journal_path)
    assert brick.skill("sea shanties") == p.SkillTag(
        name="sea shanties", level=3, builds_on="poetry"
    )
    assert brick.xp == 0


def test_a_gained_skill_with_a_name_the_sheet_has_is_asked_again(
    table, journal_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    done = roll(table, monkeypatch, "--skill", "cook", "--dice", "6,6",
                answers="1\nbash\nfish stew\n")  # fmt: skip
    assert done.code == 0, done.err
    assert "'bash' is taken already" in done.out
    assert sheet(journal_path).skill("fish stew") is not None


def test_a_roll_for_a_character_the_campaign_lacks_is_refused(table, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    line = refused(table("roll", "tags-and-tracks", "--character", "Brik", "--skill", "bash"))
    assert "has no character 'Brik'; did you mean Brick?" in line


# --- tracks ------------------------------------------------------------------------------------


def test_a_clock_fills_a_wedge_per_tick_and_is_done_when_full(table) -> None:  # type: ignore[no-untyped-def]
    assert "new clock Guards: 0/4" in table("track", "add", "Guards", "--clock", "4").out
    assert "0/4 -> 3/4" in table("track", "tick", "Guards", "--by", "3").out
    done = table("track", "tick", "guards", "--by", "5")
    assert "3/4 -> 4/4; the track is done" in done.out
    assert "nothing to tick" in refused(table("track", "tick", "Guards"))


def test_a_countdown_counts_down_to_zero_and_a_timer_may_go_up(table) -> None:  # type: ignore[no-untyped-def]
    table("track", "add", "Room on fire", "--countdown", "4")
    assert "4 -> 2" in table("track", "tick", "Room on fire", "--by", "2").out
    assert "2 -> 4" in table("track", "untick", "Room on fire", "--by", "2").out
    assert "4 -> 0; the track is done" in table("track", "tick", "Room on fire", "--by", "9").out


def test_a_track_of_steps_tells_each_break_reached_with_its_text(table) -> None:  # type: ignore[no-untyped-def]
    done = table("track", "add", "Build a castle", "--steps", "4|2|2",
                 "--break", "the outer wall stands", "--break", "the moat is dug")  # fmt: skip
    assert "new steps Build a castle: ○○○○|○○|○○" in done.out
    done = table("track", "tick", "Build a castle", "--by", "6")
    assert "∅∅∅∅|∅∅|○○" in done.out
    assert "break reached: the outer wall stands; break reached: the moat is dug" in done.out


def test_an_untick_never_erases_a_burned_step(table) -> None:  # type: ignore[no-untyped-def]
    table("track", "add", "Instability", "--steps", "○○○○○|○○")
    table("track", "tick", "Instability", "--by", "3")
    assert "∅∅∅○○|○○ -> ⦻⦻∅○○|○○" in table("track", "burn", "Instability", "--by", "2").out
    line = refused(table("track", "burn", "Instability", "--by", "2"))
    assert "cannot burn 2 steps: 1 ticked" in line
    assert "⦻⦻∅○○|○○ -> ⦻⦻○○○|○○" in table("track", "untick", "Instability").out
    line = refused(table("track", "untick", "Instability"))
    assert "no tick to erase (a burned step stays)" in line


def test_ticks_standing_after_a_burn_are_unticked(table) -> None:  # type: ignore[no-untyped-def]
    # the defect: after a burn, untick said "nothing to untick" with 4 ticks standing
    table("track", "add", "Castle", "--steps", "4|2|2")
    table("track", "tick", "Castle", "--by", "5")
    table("track", "burn", "Castle")
    done = table("track", "untick", "Castle", "--by", "4")
    assert done.code == 0, done.err
    assert "⦻∅∅∅|∅○|○○ -> ⦻○○○|○○|○○" in done.out


def test_only_a_track_of_steps_burns(table) -> None:  # type: ignore[no-untyped-def]
    table("track", "add", "Alarm", "--clock", "6")
    table("track", "tick", "Alarm")
    assert "only a track of steps has steps to burn" in refused(table("track", "burn", "Alarm"))


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (("track", "add", "X", "--steps", "o|"), "ends with a break"),
        (("track", "add", "X", "--steps", "ab"), "is not a step"),
        (("track", "add", "X", "--clock", "1"), "--clock has 2 to 100 wedges"),
        (("track", "add", "X", "--steps", "99999999"), "at most 1000 steps"),
        (("track", "add", "X", "--steps", "9" * 5000), "at most 1000 steps"),
        (("track", "add", "X", "--steps", "o" * 1001), "at most 1000 steps"),
        (("track", "add", "X", "--clock", "4", "--countdown", "2"), "a track is one of"),
        (("track", "add", "X", "--clock", "4", "--break", "b"), "--break is for a track"),
        (("track", "add", "X", "--steps", "4", "--break", "a", "--break", "b"), "2 texts for 0"),
        (("track", "tick", "Nothing"), "has no track 'Nothing'"),
        (("track", "add", "A\x00B", "--clock", "4"), "holds a NUL character"),
        (("track", "add", "x" * 5000, "--clock", "4"), "a name holds at most"),
        (
            ("consequence", "take", "Brick", "--stat", "LUCK", "--hits", "1", "--what", "x"),
            "has no stat 'LUCK'",
        ),
        (
            ("consequence", "take", "Brick", "--stat", "STR", "--hits", "5", "--what", "x"),
            "a consequence offsets 1 to 4 hits",
        ),
        (("xp", "spend", "Brick"), "spend XP on one thing"),
        (("xp", "spend", "Brock", "--stat", "STR"), "did you mean Brick?"),
        (("intrusion", "Brick", "--text", "x", "--accept", "--refuse"), "not both"),
        (("session", "start", "   "), "the session's title is empty"),
        (("scene", "start", "x", "--text", "\x00"), "holds a NUL character"),
    ],
)
def test_a_mistake_is_one_line_and_records_nothing(table, journal_path, words, said) -> None:  # type: ignore[no-untyped-def]
    before = counts(journal_path)
    line = refused(table(*words))
    assert said in line
    assert counts(journal_path) == before


def test_markup_in_names_is_printed_as_typed(table) -> None:  # type: ignore[no-untyped-def]
    done = table("track", "add", "[bold red]Doom[/]", "--clock", "4")
    assert "new clock [bold red]Doom[/]: 0/4" in done.out


def test_the_verbs_refuse_a_six_winters_campaign(cli, cards) -> None:  # type: ignore[no-untyped-def]
    assert cli("campaign", "start", "Brightdune").code == 0
    line = refused(cli("track", "add", "X", "--clock", "4", "--campaign", "Brightdune"))
    assert "'track add' is a verb of the Tags and Tracks table; 'Brightdune' plays" in line
    assert "six-winters: its table verbs are setup, year, scene, chronicle" in line


def test_a_scene_needs_a_session(cli) -> None:  # type: ignore[no-untyped-def]
    cli("campaign", "start", "Fresh", "--ruleset", "tags-and-tracks")
    line = refused(cli("scene", "start", "x", "--campaign", "Fresh"))
    assert "has no session yet" in line


# --- hits, rest, recovery ----------------------------------------------------------------------


def test_each_hit_is_offset_with_3_points_while_they_last(table, journal_path) -> None:  # type: ignore[no-untyped-def]
    done = table("hit", "Brick", "--stat", "STR", "--hits", "1")
    assert done.code == 0, done.err
    assert "3 STR points offset 1 hit (3 a hit), 2 left" in done.out
    assert sheet(journal_path).stat("strength").points == 2
    assert sheet(journal_path).consequences == []


def test_with_only_1_or_2_points_all_of_them_offset_1_hit(table, journal_path) -> None:  # type: ignore[no-untyped-def]
    table("hit", "Brick", "--stat", "STR", "--hits", "1")  # 5 -> 2 points
    done = table("hit", "Brick", "--stat", "STR", "--hits", "2", "--what", "broken arm")
    assert "the last 2 STR points offset 1 hit (3 a hit; fewer offset one), 0 left; " in done.out
    assert "1 hit left: takes broken arm -1" in done.out
    brick = sheet(journal_path)
    assert brick.stat("strength").points == 0
    assert [(c.name, c.level) for c in brick.consequences] == [("broken arm", 1)]


def test_the_hits_left_are_one_consequence_of_their_number(table, journal_path) -> None:  # type: ignore[no-untyped-def]
    done = table("hit", "Brick", "--stat", "WIL", "--hits", "3", "--what", "shaken")
    assert "the last 1 WIL point offset 1 hit" in done.out
    assert "2 hits left: takes shaken -2" in done.out
    assert [(c.name, c.level) for c in sheet(journal_path).consequences] == [("shaken", 2)]


def test_hits_that_cannot_be_offset_need_a_consequence_or_a_concession(table, journal_path) -> None:  # type: ignore[no-untyped-def]
    before = counts(journal_path)
    done = table("hit", "Brick", "--stat", "WIL", "--hits", "2")
    line = refused(done)
    assert done.code == 2  # what to give is missing: usage
    assert "1 hit of 2 cannot be offset: a hit costs 3 WIL points" in line
    assert "give the consequence (--what TEXT, a -1) or --concede" in line
    assert "(see 'chronicler hit --help')" in line
    assert counts(journal_path) == before
    done = table("hit", "Brick", "--stat", "WIL", "--hits", "2", "--concede")
    assert "Brick concedes" in done.out
    brick = sheet(journal_path)
    assert brick.consequences == [] and brick.stat("will").points == 0


def test_a_rest_brings_the_points_back_up_to_the_stats_level(table, journal_path) -> None:  # type: ignore[no-untyped-def]
    table("hit", "Brick", "--stat", "STR", "--hits", "1")
    assert (
        "STR 2/5 -> 3/5"
        in table("character", "rest", "Brick", "--stat", "STR", "--points", "1").out
    )
    assert "STR 3/5 -> 5/5" in table("character", "rest", "Brick", "--stat", "STR").out
    assert "is full (5/5)" in refused(table("character", "rest", "Brick", "--stat", "STR"))


def test_a_consequence_recovered_from_leaves_the_sheet(table, journal_path) -> None:  # type: ignore[no-untyped-def]
    table("consequence", "take", "Brick", "--stat", "STR", "--hits", "1", "--what", "sprain")
    done = table("consequence", "recover", "Brick", "--what", "Sprain", "--why", "a week abed")
    assert "recovers from sprain -1 (STR)" in done.out
    assert sheet(journal_path).consequences == []
    assert "no consequence 'sprain'" in refused(
        table("consequence", "recover", "Brick", "--what", "sprain")
    )


def test_campaign_show_gives_the_sessions_sheets_and_tracks(table) -> None:  # type: ignore[no-untyped-def]
    table("track", "add", "Guards", "--clock", "4")
    done = table("campaign", "show", "Salt Roads")
    assert done.code == 0, done.err
    assert done.out.splitlines() == [
        "Salt Roads (Tags and Tracks)",
        "Session 1: The Drowned Market",
        "  1. At the gate",
        "Brick: do anything 1, poetry 2, cook 2, blazing soup 3, fight 2, bash 3; "
        "5/5 STR, 3/3 DEX, 1/1 WIL; 0 XP",
        "Guards (clock): 0/4",
    ]


def test_a_sheet_whose_name_or_background_is_too_long_is_refused(
    table, journal_path, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    long = tmp_path / "long.character"
    text = (
        Path(BRICK).read_text("utf-8").replace("Brick - orc cook on the road", "Kit - " + "x" * 300)
    )
    long.write_text(text, "utf-8")
    before = counts(journal_path)
    added = table("character", "add", str(long))
    assert added.code == 1 and "Traceback" not in added.err
    assert f"{long}:1:1: error: the background is 300 characters long" in added.err  # as check
    assert added.err.endswith(f"error: {long}: the sheet has 1 error; nothing recorded\n")
    assert counts(journal_path) == before


def test_narration_between_rolls_needs_a_scene_and_some_words(cli) -> None:  # type: ignore[no-untyped-def]
    cli("campaign", "start", "Fresh", "--ruleset", "tags-and-tracks")
    assert "has no scene in play" in refused(cli("narrate", "x", "--campaign", "Fresh"))
    cli("session", "start", "One", "--campaign", "Fresh")
    cli("scene", "start", "Gate", "--campaign", "Fresh")
    assert "the narration is empty" in refused(cli("narrate", "  ", "--campaign", "Fresh"))
    done = cli("narrate", "The *guard* falls.", "--campaign", "Fresh")
    assert done.out.strip() == "narration: The *guard* falls."


# --- one sheet, one verdict: what check passes, character add takes --------------------------

SHEETS = {
    "the example": BRICK_TEXT,
    "a name past the journal's 200 characters": BRICK_TEXT.replace("Brick", "B" * 201, 1),
    "a background past 200 characters": BRICK_TEXT.replace("orc cook on the road", "o" * 201),
    "a skill's name past 200 characters": BRICK_TEXT.replace("poetry 2", "p" * 201 + " 2"),
    "a NUL in the name": BRICK_TEXT.replace("Brick", "Br\x00ick", 1),
}


@pytest.mark.parametrize("variant", list(SHEETS))
def test_check_and_character_add_give_one_verdict_on_a_sheet(
    variant: str, table, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    from journal.cli import main

    sheet_file = tmp_path / "hero.character"
    sheet_file.write_text(SHEETS[variant], encoding="utf-8")
    checked = main(["check", str(sheet_file)])
    told = capsys.readouterr().err
    added = table("character", "add", str(sheet_file))
    assert "Traceback" not in told + added.err
    if variant == "the example":
        assert (checked, added.code) == (0, 1)  # added, once: Brick is in the campaign already
        assert "already" in added.err
    else:
        assert (checked, added.code) == (1, 1), (told, added.err)
        assert "error:" in told
