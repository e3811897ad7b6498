"""``chronicler play``: a readable account or a JSON event log, the same for the same seed."""

import json

from journal.cli import main


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_same_seed_and_bot_give_the_same_account(capsys):
    first = _run(capsys, "play", "six-winters", "--seed", "3", "--bot", "random")
    second = _run(capsys, "play", "six-winters", "--seed", "3", "--bot", "random")
    assert first[0] == 0
    assert first == second
    assert "Year 1" in first[1] and "Spring, turn 1" in first[1]
    assert ("Victory" in first[1]) or ("Defeat" in first[1])


def test_json_gives_one_event_a_line(capsys):
    code, out, _ = _run(
        capsys,
        "play",
        "six-winters",
        "--seed",
        "2",
        "--bot",
        "heuristic",
        "--json",
        "--characters",
        "Parin,Kanun",
    )
    assert code == 0
    events = [json.loads(line) for line in out.splitlines()]
    assert events[0]["kind"] == "session_started"
    assert events[0]["characters"] == ["Parin", "Kanun"]
    assert events[-1]["kind"] == "session_ended"


def test_an_unknown_character_fails_with_near_names(capsys):
    code, _, err = _run(capsys, "play", "six-winters", "--characters", "Parn,Kanun")
    assert code == 1
    assert "Parin" in err


def test_an_unknown_bot_is_a_usage_error(capsys):
    code, _, err = _run(capsys, "play", "six-winters", "--bot", "clever")
    assert code == 2
    assert "heuristic" in err


def test_a_later_year_plays_the_years_before_it(capsys):
    code, out, _ = _run(capsys, "play", "six-winters", "--seed", "4", "--year", "2")
    assert code == 0
    assert out.startswith("Year 2")


def test_the_account_tells_who_narrates_and_what_downtime_gave():
    from rules.six_winters.account import narrate
    from rules.six_winters.state import Event

    scene = {"act": "narrate", "scene": "Ambush Military Scouts", "location": "Boar's Peak"}
    lines = narrate(
        [
            Event("condition_removed", {"character": "Fuscus", "condition": "Deep Cut"}),
            Event("downtime", {"character": "Fuscus", "skill": "lore", "rank": 2}),
            Event("reserve_taken", {"character": "Parin", "asset": "Azadeh"}),
            Event("action", {"character": None, "details": {**scene, "participants": ["Parin"]}}),
            Event(
                "action",
                {"character": None, "details": {**scene, "participants": ["Parin", "Kanun"]}},
            ),
        ]
    )
    assert lines == [
        "  Fuscus recovers from Deep Cut",
        "  Fuscus trains lore in downtime (now 2)",
        "  Parin takes Azadeh from the reserve",
        "  Parin: narrates Ambush Military Scouts at Boar's Peak",
        "  Parin and Kanun: narrate Ambush Military Scouts at Boar's Peak",
    ]


def test_the_look_ahead_bot_plays_its_own_game_not_the_heuristic_one(capsys):
    """``--bot lookahead`` searches copies of the session it plays: on the same seed some of
    its decisions differ from the heuristic bot's, so the event logs part ways."""

    def events(bot: str) -> list[dict]:
        code, out, err = _run(capsys, "play", "six-winters", "--seed", "3", "--bot", bot, "--json")
        assert code == 0, err
        return [json.loads(line) for line in out.splitlines()]

    heuristic, lookahead = events("heuristic"), events("lookahead")
    assert heuristic[0] == lookahead[0]  # the same session, dealt the same way
    assert heuristic != lookahead
    assert lookahead[-1]["kind"] == "session_ended"
    assert events("lookahead") == lookahead  # and it is replayable: the same seed, the same game
