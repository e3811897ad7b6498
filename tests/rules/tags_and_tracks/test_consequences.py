"""Consequences: three points of the fitting stat cancel one hit against the character; a
last point or two cancel one hit and are all spent; hits left over become a consequence of that
level (or the player concedes), moved up past the levels already taken, never beyond the fatal
fourth."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dsl.kernel import IllegalMove
from dsl.kernel.machine import replay
from dsl.world.levels import LevelRefused
from dsl.world.measures import recovered
from rules.tags_and_tracks.engine import new_hits_against
from rules.tags_and_tracks.progression import NotAllowed, consequence_level, offset_hits


def test_three_points_cancel_one_hit(ruleset):
    paid = offset_hits(ruleset, points=7, hits=2)
    assert (paid.points, paid.offset, paid.left) == (1, 2, 0)


def test_a_last_point_or_two_cancel_one_hit_and_are_all_spent(ruleset):
    paid = offset_hits(ruleset, points=5, hits=3)
    assert (paid.points, paid.offset, paid.left) == (0, 2, 1)
    one = offset_hits(ruleset, points=1, hits=1)
    assert (one.points, one.offset, one.left) == (0, 1, 0)


def test_a_hit_you_cannot_offset_is_left_for_a_consequence(ruleset):
    paid = offset_hits(ruleset, points=0, hits=2)
    assert (paid.points, paid.offset, paid.left) == (0, 0, 2)


def test_the_level_of_the_consequence_is_the_number_of_hits_it_offsets(ruleset):
    assert consequence_level(ruleset, hits=2, taken=[]) == 2


def test_a_consequence_moves_up_past_levels_already_taken(ruleset):
    # a sprained wrist (-1) held: another -1 for the same stat becomes -2
    assert consequence_level(ruleset, hits=1, taken=[1]) == 2
    assert consequence_level(ruleset, hits=1, taken=[1, 2, 3]) == 4
    assert consequence_level(ruleset, hits=2, taken=[1, 3]) == 2


def test_the_fourth_level_is_fatal_and_is_the_last(ruleset):
    with pytest.raises(NotAllowed, match="a -4 consequence is fatal"):
        consequence_level(ruleset, hits=3, taken=[3, 4])
    with pytest.raises(NotAllowed, match="1 to 4 hits, not 5"):
        consequence_level(ruleset, hits=5, taken=[])


# ---- the text's procedure "Hits Against You", walked


def _against(ruleset, answers=(), **kw):
    game = new_hits_against(ruleset, **kw)
    for answer in answers:
        assert game.pending() is not None, f"over before {answer!r}"
        game.apply(answer)
    game.pending()
    return game


def _marked(name, level, wanted):
    return {"levels": "consequences", "name": name, "level": level, "wanted": wanted}


def test_hits_offset_with_points_leave_no_question(ruleset):
    # 7 STR points, 2 hits: 6 points offset both; nothing is left to take
    game = _against(ruleset, hits=2, stat="strength", points=7)
    assert game.pending() is None
    assert game.state.numbers == {"hits": 0, "stats": 1}
    assert [str(e.kind) for e in game.events] == ["paid"]
    assert (game.events[0].data["paid"], game.events[0].data["spent"]) == (2, 6)


def test_a_hit_not_offset_is_a_consequence_decided_by_the_gm_or_a_concession(ruleset):
    game = new_hits_against(ruleset, character="Brick", hits=3, stat="strength", points=5)
    asked = game.pending()
    # 5 points: 3 offset a hit, the last 2 offset another and are all spent; 1 hit is left
    assert game.state.numbers == {"hits": 1, "stats": 0}
    assert asked.kind == "offer" and asked.who == "Brick"
    assert asked.options == ("take a consequence", "concede")  # no "pass": one must be taken


def test_the_consequence_is_named_by_the_gm_at_the_level_of_the_hits_it_offsets(ruleset):
    game = _against(ruleset, ["take a consequence", "sprained wrist"], hits=1, stat="strength")
    assert game.state.marked == _marked("sprained wrist", 1, 1)
    assert game.state.numbers["hits"] == 0  # the consequence offsets the hits left
    taken = game.events[-1]
    assert taken.kind == "level_marked"
    assert (taken.data["level"], taken.data["promoted"], taken.data["last"]) == (1, False, False)


def test_a_new_consequence_is_promoted_to_the_next_level_free_for_the_same_stat(ruleset):
    # a sprained wrist (-1) is held: one more hit on strength is a -2, a broken arm
    game = _against(
        ruleset, ["take a consequence", "broken arm"], hits=1, stat="strength", held=[1]
    )
    assert game.state.marked == _marked("broken arm", 2, 1)
    assert game.state.marks == {"consequences": [1, 2]}
    assert game.events[-1].data["promoted"] is True


def test_level_4_consequences_are_fatal(ruleset):
    game = _against(
        ruleset, ["take a consequence", "bleeding out"], hits=2, stat="strength", held=[2, 3]
    )
    assert game.state.marked["level"] == 4 and game.events[-1].data["last"] is True


def test_with_every_level_taken_only_conceding_is_offered(ruleset):
    game = new_hits_against(ruleset, hits=3, stat="strength", held=[3, 4])
    assert game.pending().options == ("concede",)


def test_conceding_avoids_further_consequences(ruleset):
    game = _against(ruleset, ["concede"], hits=2, stat="will", held=[1])
    assert game.state.taken == "concede" and game.state.marked is None
    assert game.state.marks == {"consequences": [1]}
    assert game.events[-1].kind == "left_unpaid" and game.events[-1].data["owed"] == 2


def test_the_consequence_name_is_checked_free_text(ruleset):
    game = new_hits_against(ruleset, hits=1, stat="strength")
    game.pending()
    game.apply("take a consequence")
    asked = game.pending()
    assert asked.kind == "write" and "level 1" in asked.prompt and "strength" in asked.prompt
    assert asked.max_length == ruleset.values["consequence name length"]
    with pytest.raises(IllegalMove, match="is not allowed"):
        game.apply("wrist; DROP TABLE")
    game.apply("sprained wrist")
    assert game.pending() is None


def test_the_consequence_can_be_undone_and_named_again(ruleset):
    game = _against(ruleset, ["take a consequence", "sprained wrist"], hits=1, stat="strength")
    # undone: the answers but the last, given to the hits as they were
    game = replay(new_hits_against(ruleset, hits=1, stat="strength"), game.state.answers[:-1])
    asked = game.pending()
    assert asked.kind == "write" and game.state.marks == {"consequences": []}
    game.apply("twisted ankle")
    assert game.state.marked == _marked("twisted ankle", 1, 1)


def test_hits_suspended_at_the_gms_question_round_trip_through_json(ruleset):
    game = new_hits_against(ruleset, hits=2, stat="strength", points=1, held=[1])
    game.pending()
    game.apply("take a consequence")
    asked = game.pending()
    copy = type(game).from_json(ruleset, game.to_json())
    assert copy.pending() == asked
    copy.apply("cracked ribs")
    copy.pending()
    # 1 point offsets 1 hit; the other is a -1, promoted past the held -1 to -2
    assert copy.state.marked == _marked("cracked ribs", 2, 1)


def test_the_docs_hits_example_runs_as_written_and_shows_the_texts_procedure():
    root = Path(__file__).parents[3]
    doc = (root / "docs" / "rulesets" / "tags-and-tracks.md").read_text(encoding="utf-8")
    section = doc.split("## Hits against you", 1)[1].split("\n## ", 1)[0]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    shown = re.search(r"```text\n(.*?)```", section, re.S)
    assert code is not None and shown is not None
    text = (root / "rules" / "tags_and_tracks" / "procedure.rules").read_text(encoding="utf-8")
    assert shown.group(1).rstrip("}\n") in text
    # the offsetting and the levels, each line as ruleset.rules writes it
    rules = (root / "rules" / "tags_and_tracks" / "ruleset.rules").read_text(encoding="utf-8")
    declared = re.findall(r"```text\n(.*?)```", section, re.S)[1]
    assert all(line in rules.splitlines() for line in declared.splitlines())
    scope: dict[str, object] = {}
    exec(code.group(1), scope)  # the docs' own example
    game = scope["game"]
    assert game.pending() is None
    expected = re.search(r"game\.state\.marked\s+# (\{.*\})", code.group(1))
    assert expected is not None and str(game.state.marked) == expected.group(1)


def test_recover_by_rolling_against_the_consequence_level(ruleset):
    # a -2 broken arm: a roll of 2 hits (then rest) removes it, 1 hit does not; the text's
    # ``recoveries are rolls against consequences, recovered with hits at least the level``
    assert recovered(ruleset, "recoveries", 2, {"hits": 2})
    assert not recovered(ruleset, "recoveries", 2, {"hits": 1})
    with pytest.raises(LevelRefused) as refused:  # consequences are -1 to -4
        recovered(ruleset, "recoveries", 5, {"hits": 5})
    assert (refused.value.low, refused.value.high) == (1, 4)
