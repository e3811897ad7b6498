"""Less typing at the table: 'chronicler use' remembers the campaign (and year) per journal, and
the shell completes campaign, scene, card and character names."""

from __future__ import annotations

import contextlib
import io
import shlex

import pytest

from journal.cli import main


@pytest.fixture
def used(real_cards, cli):  # type: ignore[no-untyped-def]
    assert cli("campaign", "start", "Brightdune").code == 0
    ran = cli("use", "Brightdune")
    assert ran.code == 0 and "Using Brightdune" in ran.out
    return cli


def test_the_table_verbs_take_the_campaign_and_year_use_chose(used) -> None:  # type: ignore[no-untyped-def]
    ran = used(
        "year", "start", "--scheme", "Sow Discord in Brightdune", "--characters", "Parin,Kanun"
    )
    assert ran.code == 0 and ran.out.startswith("Year 1 of Brightdune"), ran.err
    ran = used(
        "scene", "record", "--scene", "Take Second at the Amber Wine Drinking Game",
        "--location", "Giant's Gate", "--participants", "Parin", "--skill-match", "6",
        "--text", "",
    )  # fmt: skip
    assert ran.code == 0 and "of year 1" in ran.out, ran.err
    assert used("year", "end", "--result", "lost").code == 0
    ran = used("scene", "narrate", "--number", "1", "--text", "Wine.")  # the last year
    assert ran.code == 0, ran.err
    assert "Setup for year 2 of Brightdune" in used("setup").out


def test_without_use_or_campaign_the_verb_says_how(real_cards, cli) -> None:  # type: ignore[no-untyped-def]
    assert cli("campaign", "start", "Brightdune").code == 0
    ran = cli("setup")
    assert ran.code == 1 and "chronicler use NAME" in ran.err and "Traceback" not in ran.err


def test_use_names_the_near_campaigns(real_cards, cli) -> None:  # type: ignore[no-untyped-def]
    assert cli("campaign", "start", "Brightdune").code == 0
    ran = cli("use", "Brightdun")
    assert ran.code == 1 and 'did you mean "Brightdune"' in ran.err
    ran = cli("use", "Bright\x00dune[/]")
    assert ran.code == 1 and "no campaign called" in ran.err and "Traceback" not in ran.err


def test_a_year_out_of_range_is_refused(used) -> None:  # type: ignore[no-untyped-def]
    ran = used("scene", "narrate", "--year", "7", "--number", "1", "--text", "x")
    assert ran.code == 2 and "7 is not one of the six winters" in ran.err


def _completions(args: list[str], incomplete: str, journal_path) -> list[str]:  # type: ignore[no-untyped-def]
    """What bash completion offers (as --install-completion installs it), each as the shell
    reads the word back (``test_completion.py`` drives a real bash)."""
    import os
    from unittest import mock

    verb, option = args[:-1], args[-1]
    words = ["chronicler", *verb, "--db", str(journal_path), option, incomplete]
    env = {
        "_CHRONICLER_COMPLETE": "complete_bash",
        "COMP_WORDS": "\n".join(words),  # as the installed script joins them
        "COMP_CWORD": str(len(words) - 1),
    }
    out = io.StringIO()
    with mock.patch.dict(os.environ, env), contextlib.redirect_stdout(out):
        assert main([]) == 0
    if incomplete.startswith(("'", '"')):  # the shell holds the opening quote
        return [line for line in out.getvalue().splitlines() if line]
    return [shlex.split(line)[0] for line in out.getvalue().splitlines() if line]


def test_the_shell_completes_campaign_scene_card_and_character_names(used, journal_path) -> None:  # type: ignore[no-untyped-def]
    assert _completions(["setup", "--campaign"], "Bri", journal_path) == ["Brightdune"]
    scenes = _completions(["scene", "record", "--scene"], "Find the", journal_path)
    assert scenes == ["Find the Mad Honey Supplier", "Find the Source of the Gasping Spores"]
    assert "Wound Paste" in _completions(["scene", "record", "--played"], "Wou", journal_path)
    assert _completions(["year", "start", "--characters"], "Parin,K", journal_path) == [
        "Parin,Kanun",
        "Parin,Keel",
    ]


def _amber(cli, played: str):  # type: ignore[no-untyped-def]
    return cli(
        "scene", "record", "--scene", "Take Second at the Amber Wine Drinking Game",
        "--location", "Giant's Gate", "--participants", "Parin,Kanun", "--skill-match", "3",
        "--text", "", "--played", played,
    )  # fmt: skip


def test_played_says_who_played_each_card(used) -> None:  # type: ignore[no-untyped-def]
    assert used("year", "start", "--scheme", "Sow Discord in Brightdune",
                "--characters", "Parin,Kanun").code == 0  # fmt: skip
    ran = _amber(used, "Wound Paste@Kanun,Whisper Drip:2@Parin")
    assert ran.code == 0, ran.err
    shown = used("campaign", "show", "Brightdune").out
    assert "(Wound Paste by Kanun, Whisper Drip by Parin)" in shown


@pytest.mark.parametrize(
    ("played", "said"),
    [
        ("Wound Paste@Fuscus", "'Fuscus', who is not in the scene"),
        ("Wound Paste@Kanu", 'did you mean "Kanun"'),
        ("Wound Paste@", "--played takes CARD[:POINTS][@CHARACTER]"),
        ("Wound Paste@[red]x[/]", "who is not in the scene"),
    ],
)
def test_a_card_played_by_someone_not_in_the_scene_is_refused(used, played, said) -> None:  # type: ignore[no-untyped-def]
    assert used("year", "start", "--scheme", "Sow Discord in Brightdune",
                "--characters", "Parin,Kanun").code == 0  # fmt: skip
    ran = _amber(used, played)
    assert ran.code in (1, 2) and said in ran.err and "Traceback" not in ran.err
    assert "1. Take Second" not in used("campaign", "show", "Brightdune").out  # nothing written


def test_skill_match_points_are_counted_from_the_cards_played_and_held(used, journal_path) -> None:  # type: ignore[no-untyped-def]
    # Determine Points from Skill Matches: one bonus point (value skill match bonus) per
    # completed asset or overcome obstacle showing the scene's skill, played or not
    assert used("year", "start", "--scheme", "Sow Discord in Brightdune",
                "--characters", "Parin,Kanun").code == 0  # fmt: skip
    ran = used(
        "scene", "record", "--scene", "Find the Source of the Gasping Spores",
        "--location", "Giant's Gate", "--participants", "Parin", "--choice", "Stay",
        "--text", "", "--played", "Radiant Fernbrake,Wound Paste",
        "--holding", "Windillipus Featherton",
    )  # fmt: skip
    assert ran.code == 0, ran.err
    assert "Skill matches: 2 (Radiant Fernbrake, Windillipus Featherton)" in ran.out
    from journal import ledger
    from journal.db import open_journal

    with open_journal(journal_path) as journal, journal.reading() as s:
        session = ledger.get_session(s, ledger.get_campaign(s, "Brightdune"), 1)
        assert ledger.scenes_of(s, session)[0].skill_match_points == 2


def test_a_misspelt_card_held_names_the_near_ones(used) -> None:  # type: ignore[no-untyped-def]
    assert used("year", "start", "--scheme", "Sow Discord in Brightdune",
                "--characters", "Parin,Kanun").code == 0  # fmt: skip
    ran = used(
        "scene", "record", "--scene", "Find the Source of the Gasping Spores",
        "--location", "Giant's Gate", "--participants", "Parin", "--choice", "Stay",
        "--text", "", "--holding", "Radiant Fernbrak",
    )  # fmt: skip
    assert ran.code == 1 and 'did you mean "Radiant Fernbrake"' in ran.err


@pytest.mark.parametrize("typed", ["\x1b[2J", "[/]", "Parin,,", "'", "x" * 5000])
def test_completion_of_hostile_words_offers_nothing_and_never_fails(
    used, journal_path, typed
) -> None:  # type: ignore[no-untyped-def]
    offered = _completions(["year", "start", "--characters"], typed, journal_path)
    assert all(name.startswith(typed.rpartition(",")[0]) for name in offered)
    assert len(offered) <= 7  # at most the ruleset's characters


@pytest.mark.parametrize("seed", ["-1", "x", str(2**63)])
def test_a_bad_draw_seed_is_a_usage_error(used, seed) -> None:  # type: ignore[no-untyped-def]
    ran = used("setup", "--draw-scheme", "--seed", seed)
    assert ran.code == 2 and "--seed" in ran.err and "Traceback" not in ran.err


def _drawn(cli, seed: int) -> str:  # type: ignore[no-untyped-def]
    lines = cli("setup", "--draw-scheme", "--seed", str(seed)).out.splitlines()
    return next(line for line in lines if line.startswith("Drawn"))


def test_setup_draws_the_same_scheme_from_the_same_seed(used) -> None:  # type: ignore[no-untyped-def]
    started = used(
        "year", "start", "--scheme", "Sow Discord in Brightdune", "--characters", "Parin,Kanun"
    )
    assert started.code == 0
    assert used("year", "end", "--result", "lost").code == 0
    assert _drawn(used, 1) == _drawn(used, 1)  # seeded: the same seed, the same scheme
    schemes = {
        "Mobilize War Machines",
        "Isolate Brightdune's Allies",
        "Unravel the Weave of Fates",
        "Root Out the Traitors Within",
    }
    draws = {_drawn(used, seed).split(": ", 1)[1] for seed in range(8)}
    assert draws <= schemes and len(draws) >= 2  # only year 2's schemes, and not always one


def test_threat_left_is_counted_from_the_threats_the_map_gained(used, journal_path) -> None:  # type: ignore[no-untyped-def]
    # an activated obstacle moves a threat from the pool (value threat pool = 6) to the map
    started = used(
        "year", "start", "--scheme", "Sow Discord in Brightdune", "--characters", "Parin,Kanun"
    )
    assert started.code == 0
    ran = used(
        "year", "end", "--result", "lost", "--threat", "Eastkeep=2", "--threat", "Yearly Field=1"
    )
    assert ran.code == 0, ran.err
    assert "Threat left: 3 (counted: the pool's 6 less 3 placed on the map this year" in ran.out
    from journal import ledger
    from journal.db import open_journal

    with open_journal(journal_path) as journal, journal.reading() as s:
        assert ledger.get_session(s, ledger.get_campaign(s, "Brightdune"), 1).threat_left == 3
    again = used(
        "year", "end", "--result", "lost", "--threat", "Eastkeep=2", "--threat", "Yearly Field=1"
    )
    assert again.code == 0 and "nothing changed" in again.out  # a retry, still


def test_year_start_takes_the_scheme_setup_drew(used) -> None:  # type: ignore[no-untyped-def]
    drawn = _drawn(used, 7).split(": ", 1)[1]
    ran = used("year", "start", "--characters", "Parin,Kanun")
    assert ran.code == 0, ran.err
    assert ran.out.splitlines() == [
        f"The scheme 'setup --draw-scheme' drew: {drawn}",
        f"Year 1 of Brightdune: {drawn}, with Parin, Kanun.",
    ]


def test_a_scheme_given_wins_over_the_one_drawn(used) -> None:  # type: ignore[no-untyped-def]
    _drawn(used, 7)
    ran = used(
        "year", "start", "--scheme", "Sow Discord in Brightdune", "--characters", "Parin,Kanun"
    )
    assert ran.out.strip() == "Year 1 of Brightdune: Sow Discord in Brightdune, with Parin, Kanun."


def test_without_a_draw_the_scheme_is_asked_at_a_terminal(used, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from gm_table import typed

    typed(monkeypatch, "", terminal=False)
    ran = used("year", "start", "--characters", "Parin,Kanun")
    assert ran.code == 2
    assert ran.err.strip() == (
        "error: Missing option '--scheme': the Autarch's scheme this year "
        "(see 'chronicler year start --help')"
    )
    typed(monkeypatch, "Parin,Kanun\nSow Discord in Brightdune\n")
    ran = used("year", "start")
    assert ran.code == 0, ran.err
    assert "--characters (Comma-separated: Parin,Kanun)" in ran.out
    assert "--scheme (the Autarch's scheme this year)" in ran.out
    assert "Year 1 of Brightdune: Sow Discord in Brightdune, with Parin, Kanun." in ran.out
