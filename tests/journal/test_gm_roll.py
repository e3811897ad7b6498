"""A GM's roll at the table (``chronicler roll`` in a Tags and Tracks campaign), as the GM meets
it: the result if you stop now at each spending question, menu numbers that stay put, the
consequences held shown and chosen, spending given on the command line, the ruleset taken from
the campaign, and the words of every count agreeing with it."""

from __future__ import annotations

import re
from typing import Any

from gm_table import BRICK, counts, refused, sheet, typed


def roll(table: Any, monkeypatch: Any, *args: str, answers: str = "") -> Any:
    """``chronicler roll --character Brick ...`` (no ruleset: the campaign's), answered."""
    typed(monkeypatch, answers)
    return table("roll", "--character", "Brick", *args)


def menu(out: str, question: str) -> list[str]:
    """The numbered lines shown under the first ``question`` asked."""
    shown = []
    for line in out[out.index(question) + len(question) :].splitlines()[1:]:
        if not re.match(r"^\s+\d+\. ", line):
            break
        shown.append(line.strip())
    return shown


def test_the_ruleset_is_the_campaigns(table, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    done = roll(table, monkeypatch, "--skill", "fight", "--dice", "4,5")
    assert done.code == 0, done.err
    assert "Brick rolls fight 2: 2 dice" in done.out
    assert "Recorded in Salt Roads." in done.out


def test_a_sheet_files_roll_takes_the_current_campaigns_ruleset_and_records_nothing(
    table, monkeypatch, journal_path
) -> None:  # type: ignore[no-untyped-def]
    typed(monkeypatch, "")
    before = counts(journal_path)
    done = table("roll", "--character", BRICK, "--skill", "fight", "--dice", "4,5")
    assert done.code == 0, done.err
    assert "Brick rolls fight 2: 2 dice" in done.out
    assert "Recorded" not in done.out  # a sheet file is no campaign's character
    assert counts(journal_path) == before


def test_a_sheet_files_roll_with_no_campaign_in_use_needs_its_ruleset(cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    typed(monkeypatch, "")
    done = cli("roll", "--character", BRICK, "--skill", "fight", "--dice", "4,5")
    line = refused(done)
    assert done.code == 2
    assert "no ruleset given, and no current campaign" in line


def test_each_spending_question_says_where_the_roll_stands_if_you_stop_now(
    table, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    # bash 3, hard: 2 5 4 with the 5 cut is a minor success of 1 hit; two points on the 2
    # make it a 4, and 2 hits
    done = roll(table, monkeypatch, "--skill", "bash", "--stat", "STR", "--hard",
                "--unhindered", "--dice", "2,5,4", answers="1\n1\n1\n1\n3\n")  # fmt: skip
    assert done.code == 0, done.err
    stops = re.findall(r"If you stop now: (.*)", done.out)
    assert stops == ["minor success, 1 hit", "minor success, 1 hit", "minor success, 2 hits"]
    assert done.out.index(stops[0]) < done.out.index("spend points?")
    assert "minor success: 2 hits; XP now 0; 3 strength points left" in done.out


def test_stopping_now_with_no_hit_says_the_xp_it_earns(table, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    done = roll(table, monkeypatch, "--skill", "poetry", "--stat", "STR", "--dice", "1,2",
                answers="3\n2\n")  # fmt: skip
    assert done.code == 0, done.err
    assert "If you stop now: fail, 0 hits, +1 XP" in done.out
    assert done.out.rstrip().splitlines()[-2] == "fail: 0 hits; XP now 1; 5 strength points left"


def test_menu_numbers_stay_put_as_offers_come_and_go(table, journal_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    table("hit", "Brick", "--stat", "STR", "--hits", "1")  # 5 STR points -> 2
    # raise die 1 once (1 point left: no die can be bought), then done is still 3
    done = roll(table, monkeypatch, "--skill", "fight", "--stat", "STR", "--dice", "2,3",
                answers="1\n1\n2\n3\n")  # fmt: skip
    assert done.code == 0, done.err
    asked = done.out.split("spend points?")
    assert len(asked) == 3  # asked twice
    second = [line.strip() for line in asked[2].splitlines()[1:4]]
    assert second == [
        "1. raise a die (1 point)",
        "2. buy a die (2 points): 1 point left, not enough",
        "3. done",
    ]
    assert "Your choice [1/3]" in asked[2]
    assert "Please select one of the available options" in asked[2]  # 2 is not offered
    assert sheet(journal_path).stat("strength").points == 1


def test_a_die_showing_a_6_keeps_its_number_and_cannot_be_raised(table, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    done = roll(table, monkeypatch, "--skill", "bash", "--stat", "STR", "--dice", "2,6,4",
                answers="1\n3\n3\n")  # fmt: skip
    assert done.code == 0, done.err
    assert menu(done.out, "raise which die?") == [
        "1. raise die 1 (2 -> 3)",
        "2. die 2 shows 6: no higher",
        "3. raise die 3 (4 -> 5)",
    ]
    assert "die 3 raised 4 -> 5 (4 points left)" in done.out


def test_consequences_held_are_shown_and_chosen_by_number(table, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    table("consequence", "take", "Brick", "--stat", "STR", "--hits", "1", "--what", "sprain")
    table("consequence", "take", "Brick", "--stat", "DEX", "--hits", "2", "--what", "limp")
    done = roll(table, monkeypatch, "--skill", "bash", "--dice", "6,5,4", answers="2\n")
    assert done.code == 0, done.err
    assert "Brick holds sprain -1 (STR), limp -2 (DEX)" in done.out
    assert menu(done.out, "Which consequences hinder this roll?") == [
        "1. sprain -1 (STR): 1 cut",
        "2. limp -2 (DEX): 2 cuts",
    ]
    assert "Brick rolls bash 3: 3 dice, 2 cuts" in done.out
    assert "result: minor success (highest die 4)" in done.out  # the 6 and the 5 cut


def test_consequences_can_be_named_on_the_command_line(table, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    table("consequence", "take", "Brick", "--stat", "STR", "--hits", "1", "--what", "sprain")
    table("consequence", "take", "Brick", "--stat", "DEX", "--hits", "2", "--what", "limp")
    done = roll(table, monkeypatch, "--skill", "bash", "--dice", "6,5,4", "--hindered-by", "Limp")
    assert done.code == 0, done.err
    assert "Which consequences" not in done.out
    assert "3 dice, 2 cuts" in done.out
    done = roll(table, monkeypatch, "--skill", "bash", "--dice", "6,5,4", "--unhindered")
    assert "Brick rolls bash 3: 3 dice\n" in done.out
    line = refused(roll(table, monkeypatch, "--skill", "bash", "--hindered-by", "limb"))
    assert "no consequence 'limb' is held; did you mean limp?" in line


def test_a_character_holding_a_fatal_consequence_is_warned_of_it(table, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    table("consequence", "take", "Brick", "--stat", "WIL", "--hits", "4", "--what", "despair")
    done = roll(table, monkeypatch, "--skill", "poetry", "--dice", "4,4", "--unhindered")
    assert done.code == 0, done.err
    assert done.err.startswith("warning: Brick holds despair -4 (WIL), a fatal consequence")


def test_the_gm_who_knows_says_the_spending_on_the_command_line(
    table, journal_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    # buy a die (its face the fourth given), then raise it twice: nothing is asked
    done = roll(table, monkeypatch, "--skill", "bash", "--stat", "STR", "--dice", "2,5,1,2",
                "--buy", "1", "--raise", "4", "--raise", "4")  # fmt: skip
    assert done.code == 0, done.err
    assert "spend points?" not in done.out
    assert "an extra die: 2 (3 points left)" in done.out
    assert "die 4 raised 3 -> 4 (1 point left)" in done.out
    assert "minor success: 2 hits; XP now 0; 1 strength point left" in done.out
    assert sheet(journal_path).stat("strength").points == 1


def test_spending_the_points_do_not_cover_is_refused_and_nothing_recorded(
    table, journal_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    before = counts(journal_path)
    line = refused(roll(table, monkeypatch, "--skill", "poetry", "--stat", "WIL",
                        "--dice", "2,5", "--raise", "1", "--raise", "1"))  # fmt: skip
    assert "--raise 1: Brick had no points left to spend on it; nothing recorded" in line
    line = refused(roll(table, monkeypatch, "--skill", "poetry", "--stat", "STR",
                        "--dice", "2,6", "--raise", "2"))  # fmt: skip
    assert "--raise 2: die 2 shows 6, the highest face" in line
    done = roll(table, monkeypatch, "--skill", "poetry", "--dice", "2,5", "--raise", "1")
    assert "--raise and --buy spend a stat's points: give --stat too" in refused(done)
    assert counts(journal_path) == before


def test_more_faces_than_the_pool_has_dice_are_refused(table, journal_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    before = counts(journal_path)
    done = roll(table, monkeypatch, "--skill", "bash", "--dice", "4,4,4,1")
    line = refused(done)
    assert done.code == 2
    assert "--dice: 4 faces for the 3 dice of bash 3" in line
    assert counts(journal_path) == before


def test_counts_agree_with_their_words(table, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    done = roll(table, monkeypatch, "--skill", "do anything", "--stat", "WIL", "--dice", "2",
                answers="1\n1\n2\n")  # fmt: skip
    assert done.code == 0, done.err
    assert "Brick rolls do anything 1: 1 die, 1 will point" in done.out
    assert "die 1 raised 2 -> 3 (0 points left)" in done.out
    assert "+1 XP for no hits (XP now 1)" in done.out
    assert "fail: 0 hits; XP now 1; 0 will points left" in done.out
    assert " 1 dice" not in done.out and "1 points" not in done.out
