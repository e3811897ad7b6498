"""Character Creation: a new character has the root skill, 18 XP to spend and each stat at
one; every XP goes to skill levels (one XP a level) or stats; each skill stands on a lower one;
the seed's example character checks clean."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tags_and_tracks_table import read

BRICK = Path(__file__).parents[3] / "rules" / "tags_and_tracks" / "examples" / "brick.character"

# the example sheet with its WIL level and its bash entry left open, to vary them
SHEET = (
    BRICK.read_text(encoding="utf-8")
    .replace("1/1 WIL", "{wil}/{wil} WIL")
    .replace("bash 3", "{bash}")
)


def test_the_example_character_spends_exactly_18_xp(ruleset):
    character, problems = read(ruleset, BRICK.read_text(encoding="utf-8"))
    assert problems == []
    assert character.title == {"name": "Brick", "background": "orc cook on the road"}
    # skills 2 + 3 + 2 + 3 + 2 = 12, stats (5 - 1) + (3 - 1) + (1 - 1) = 6
    assert character.spent(ruleset.values) == 18
    assert {s: (st.value, st.level) for s, st in character.held["stats"].items()} == {
        "strength": (5, 5),
        "dexterity": (3, 3),
        "will": (1, 1),
    }
    assert character.rank("bash").builds_on == "fight"
    assert character.rank("blazing soup").builds_on == "cook"
    assert character.rank("poetry").builds_on == "do anything"
    assert character.rank("do anything").level == 1


def test_a_skill_that_does_not_build_on_a_lower_skill_is_an_error_at_its_column(ruleset):
    _, problems = read(ruleset, SHEET.format(wil=1, bash="bash 4"))
    assert any(p.startswith("5:10: bash 4 does not build on a lower skill") for p in problems)


def test_xp_overspent_is_an_error_at_the_entry_that_overspends(ruleset):
    _, problems = read(ruleset, SHEET.format(wil=2, bash="bash 3"))
    assert problems == ["9:1: the sheet spends 19 XP: creation gives 18 (1 overspent)"]


def test_unspent_xp_is_an_error(ruleset):
    _, problems = read(ruleset, SHEET.format(wil=1, bash="bash 3").replace("poetry 2\n", ""))
    assert problems == [
        "1:1: the sheet spends 16 of 18 XP: at creation all of it is spent (2 left)"
    ]


def test_a_new_character_has_the_root_skill_and_each_stat_at_one(ruleset):
    text = "Mo - a cook\n0/1 STR\n1/1 DEX\n"
    _, problems = read(ruleset, text)
    assert '1:1: every character has the skill "do anything 1": the sheet lacks it' in problems
    assert "1:1: stat will is missing: every character has it, at level 1 or more" in problems


def test_an_unknown_stat_and_points_above_the_level_are_positioned_errors(ruleset):
    text = SHEET.format(wil=1, bash="bash 3").replace("3/3 DEX", "4/3 DEX").replace("STR", "STRR")
    _, problems = read(ruleset, text)
    assert "7:5: unknown stat 'STRR'; did you mean 'STR'?" in problems
    assert "8:1: DEX holds 4 points but its level is 3: at most 3" in problems


def check(*paths: Path | str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "journal.cli", "check", *map(str, paths)],
        capture_output=True,
        text=True,
        check=False,
    )


def test_chronicler_check_accepts_the_example_character():
    done = check(BRICK)
    assert done.returncode == 0, done.stderr
    assert "checked 1 sheet: 0 errors, 0 warnings" in done.stderr


def test_chronicler_check_names_file_line_and_column_of_a_bad_sheet(tmp_path):
    bad = tmp_path / "brick.character"
    bad.write_text(SHEET.format(wil=1, bash="bash 4"), encoding="utf-8")
    done = check(bad)
    assert done.returncode == 1
    assert f"{bad}:5:10: error: bash 4 does not build on a lower skill" in done.stderr
    assert "Traceback" not in done.stderr


def test_chronicler_check_refuses_a_file_no_ruleset_reads(tmp_path):
    other = tmp_path / "notes.txt"
    other.write_text("hello", encoding="utf-8")
    done = check(other)
    assert done.returncode != 0
    assert "not a .rules file, nor a sheet a ruleset reads (.character)" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_sheet_the_docs_show_checks_clean(ruleset):
    doc = Path(__file__).parents[3] / "docs" / "rulesets" / "tags-and-tracks.md"
    text = doc.read_text(encoding="utf-8").split("```text\nWren", 1)[1].split("```", 1)[0]
    character, problems = read(ruleset, "Wren" + text)
    assert problems == [] and character.title["name"] == "Wren"


def test_a_new_characters_stats_start_with_full_points(ruleset):
    # "Finally, gain full pips for all stats"
    _, problems = read(ruleset, SHEET.format(wil=1, bash="bash 3").replace("5/5 STR", "3/5 STR"))
    assert problems == ["7:1: STR holds 3 of its 5 points: a new character's stats are full "
                        "(5/5 STR)"]  # fmt: skip


def test_schemes_and_inventory_are_tags_that_cost_no_xp(ruleset):
    # "schemes (plot tags)", "inventory (stuff tags)": a name and a level, 1 unless written
    text = SHEET.format(wil=1, bash="bash 3") + (
        "scheme: feed the whole road, open a tavern 2\ninventory: cleaver\nschemes: go home\n"
    )
    character, problems = read(ruleset, text)
    assert problems == []
    assert [(t.name, t.level) for t in character.tags["schemes"]] == [
        ("feed the whole road", 1),
        ("open a tavern", 2),
        ("go home", 1),
    ]
    assert [(t.name, t.level) for t in character.tags["inventory"]] == [("cleaver", 1)]
    assert character.spent(ruleset.values) == 18 and character.rank("feed the whole road") is None


def test_a_stat_is_at_most_6_times_the_highest_skill_level(ruleset):
    # the top the text's stat raises have: "stat max per skill level" times the highest skill
    text = "Mo - a cook\ndo anything 1\n7/7 STR\n1/1 DEX\n1/1 WIL\n"
    _, problems = read(ruleset, text)
    assert problems == [
        "1:1: the sheet spends 6 of 18 XP: at creation all of it is spent (12 left)",
        "3:1: strength is level 7: a stat is at most 6 times the highest skill level (6)",
    ]
    _, problems = read(ruleset, text.replace("do anything 1\n", "do anything 1\nfight 2\n"))
    assert not any("at most" in p for p in problems)  # 7 is within 6 times 2
