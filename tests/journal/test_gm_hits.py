"""Hits against a character (``chronicler hit``), as the seed's Consequences say and as a GM
meets them: the companion does the arithmetic (each hit offset with 3 of the stat's points while
they last, the last 1 or 2 offsetting one), takes a consequence only for the hits left, and says
what happened; what it needs and was not given is asked at a terminal, and refused in one line,
quoting what a hit costs, when a script runs it."""

from __future__ import annotations

from gm_table import counts, refused, sheet, typed


def test_a_consequence_given_when_the_points_offset_every_hit_is_not_taken(
    table, journal_path
) -> None:  # type: ignore[no-untyped-def]
    before = counts(journal_path)
    done = table("hit", "Brick", "--stat", "STR", "--hits", "1", "--what", "sprained wrist")
    assert done.code == 0, done.err
    assert done.out.strip() == (
        "Brick is hit 1 time (STR): 3 STR points offset 1 hit (3 a hit), 2 left; "
        "no consequence needed ('sprained wrist' not taken)"
    )
    brick = sheet(journal_path)
    assert brick.stat("strength").points == 2 and brick.consequences == []
    assert counts(journal_path) == (before[0] + 1, before[1] + 1)  # the hit, the sheet after


def test_a_consequence_is_taken_for_the_hits_left_only(table, journal_path) -> None:  # type: ignore[no-untyped-def]
    # 5 STR points: 3 offset one hit, the last 2 another; the third is a -1
    done = table("hit", "Brick", "--stat", "STR", "--hits", "3", "--what", "broken arm")
    assert done.code == 0, done.err
    assert "5 STR points offset 2 hits (3 a hit, the last 2 for one), 0 left" in done.out
    assert "1 hit left: takes broken arm -1" in done.out
    assert [(c.name, c.level) for c in sheet(journal_path).consequences] == [("broken arm", 1)]


def test_a_concession_when_no_hit_is_left_is_said(table) -> None:  # type: ignore[no-untyped-def]
    done = table("hit", "Brick", "--stat", "DEX", "--hits", "1", "--concede")
    assert done.code == 0, done.err
    assert "3 DEX points offset 1 hit (3 a hit), 0 left; no hit left to concede" in done.out


def test_a_missing_consequence_is_refused_in_one_line_quoting_the_cost_of_a_hit(
    table, journal_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    typed(monkeypatch, "", terminal=False)  # a script: nobody to ask
    before = counts(journal_path)
    done = table("hit", "Brick", "--stat", "WIL", "--hits", "3")
    line = refused(done)
    assert done.code == 2
    assert line == (
        "error: 2 hits of 3 cannot be offset: a hit costs 3 WIL points (the last 1 or 2 offset "
        "one), and Brick holds 1 WIL point, which offset 1; give the consequence (--what TEXT, "
        "a -2) or --concede (see 'chronicler hit --help')"
    )
    assert counts(journal_path) == before


def test_at_a_terminal_the_missing_consequence_is_asked(table, journal_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    typed(monkeypatch, "1\nshaken\n")
    done = table("hit", "Brick", "--stat", "WIL", "--hits", "3")
    assert done.code == 0, done.err
    assert "2 hits of 3 cannot be offset: a hit costs 3 WIL points" in done.out
    assert "1. take a consequence (-2)" in done.out and "2. concede" in done.out
    assert "Name the -2 consequence" in done.out
    assert "2 hits left: takes shaken -2" in done.out
    assert [(c.name, c.level) for c in sheet(journal_path).consequences] == [("shaken", 2)]


def test_at_a_terminal_the_player_may_concede_instead(table, journal_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    typed(monkeypatch, "2\n")
    done = table("hit", "Brick", "--stat", "WIL", "--hits", "2")
    assert done.code == 0, done.err
    assert "1 hit left: Brick concedes" in done.out
    brick = sheet(journal_path)
    assert brick.consequences == [] and brick.stat("will").points == 0


def test_with_every_level_taken_only_conceding_is_left(table, journal_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    table("consequence", "take", "Brick", "--stat", "WIL", "--hits", "3", "--what", "dread")
    table("consequence", "take", "Brick", "--stat", "WIL", "--hits", "4", "--what", "despair")
    typed(monkeypatch, "", terminal=False)
    line = refused(table("hit", "Brick", "--stat", "WIL", "--hits", "4"))
    assert line.endswith(
        "every level of consequence is taken: --concede (see 'chronicler hit --help')"
    )
    typed(monkeypatch, "")
    done = table("hit", "Brick", "--stat", "WIL", "--hits", "4")
    assert done.code == 0, done.err
    assert "the character concedes" in done.out and "Brick concedes" in done.out
