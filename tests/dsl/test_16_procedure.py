"""The procedure forms (docs/language.md, "The game's procedure") on a game of their own: a
phase's steps run in the order written; ``for each``, ``until`` and ``N times`` repeat; setup and
teardown come first and last; a bad step is refused at its file:line:column."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from dsl.diagnostics import CheckFailed
from dsl.kernel.dispatch import answer, step
from dsl.kernel.machine import Event, Frame, Machine, play
from dsl.loader import check_ruleset, load_ruleset
from dsl.procedure import ProcedureWalker
from dsl.runtime import Decision

PRIMITIVES = """
from dsl.procedure import Words

WORDS = procedure_words = Words()


@WORDS.each("guest")
def guests(game):
    return ["Ann", "Bo"]


@WORDS.step("ring the bell")
def ring_the_bell(game):
    game.emit("rang")


@WORDS.step("serve")
def serve(game):
    game.emit("served")


@WORDS.step("greet")
def greet(game, guest):
    game.emit("greeted", guest=guest)


@WORDS.until("the bell rang twice")
def the_bell_rang_twice(game):
    return sum(1 for e in game.state.events if e.kind == "rang") >= 2


@WORDS.step("lay the table", outside_play=True)
def lay_the_table(game):
    raise AssertionError("done before play: the walker passes over it")
"""

HEADER = 'ruleset "Supper" version "1"\nprimitives "supper_primitives"\n'

PROCEDURE = """procedure "Evening" {
  setup: do lay the table
  Welcome: for each guest in turn order, do greet
  Courses: play "Course" 2 times
  Talk: players act in any order until all pass
  Bells: play "Bell" until the bell rang twice
  teardown: do ring the bell
}

procedure "Course" {
  Serve: do serve
  note Each course is served to the host alone
}

procedure "Bell" {
  Ring: do ring the bell
}
"""


def _folder(tmp_path: Path, procedure: str = PROCEDURE) -> Path:
    (tmp_path / "supper_primitives.py").write_text(PRIMITIVES)
    (tmp_path / "ruleset.rules").write_text(HEADER)
    (tmp_path / "procedure.rules").write_text(procedure)
    return tmp_path


@dataclass
class _State:
    frames: list[Frame] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    answers: list[Any] = field(default_factory=list)
    dice_script: list[int] = field(default_factory=list)
    table_dice: bool = False
    over: bool = False
    rng: Any = None


class _Supper(ProcedureWalker, Machine):
    def __init__(self, ruleset: Any, state: Any) -> None:
        super().__init__(state)
        self.procedure = ruleset.procedure

    def act_in_any_order(self) -> None:
        self.state.frames.append(Frame("talk", {}))

    @step("talk")
    def _step_talk(self, frame: Frame) -> Decision:
        return Decision(kind="choose_option", who=None, prompt="Talk", options=("pass",))

    @answer("talk")
    def _answer_talk(self, frame: Frame, answer: Any) -> None:
        self.state.frames.pop()
        self.emit("all passed")


class _Passer:
    def choose(self, observation: Any, decision: Decision) -> Any:
        return decision.options[0]


def _evening(tmp_path: Path, procedure: str = PROCEDURE) -> list[tuple[str, Any]]:
    ruleset = load_ruleset(_folder(tmp_path, procedure))
    game = _Supper(ruleset, _State())
    game.start_phase("Evening")
    play(game, _Passer())
    return [(str(e.kind), e.data.get("guest")) for e in game.events]


def test_a_phase_walks_its_steps_in_order_with_each_repetition(tmp_path: Path) -> None:
    assert _evening(tmp_path) == [
        ("greeted", "Ann"),  # for each guest in turn order
        ("greeted", "Bo"),
        ("served", None),  # play "Course" 2 times
        ("served", None),
        ("all passed", None),  # players act in any order until all pass
        ("rang", None),  # play "Bell" until the bell rang twice
        ("rang", None),
        ("rang", None),  # teardown
    ]


def test_moving_a_line_moves_the_step(tmp_path: Path) -> None:
    moved = PROCEDURE.replace(
        '  Courses: play "Course" 2 times\n  Talk: players act in any order until all pass\n',
        '  Talk: players act in any order until all pass\n  Courses: play "Course" 2 times\n',
    )
    assert [k for k, _ in _evening(tmp_path, moved)][2:5] == ["all passed", "served", "served"]


def test_steps_are_numbered_as_written_setup_and_teardown_are_not(tmp_path: Path) -> None:
    phase = load_ruleset(_folder(tmp_path)).procedure.phase("evening")
    assert [(s.number, s.title) for s in phase.steps] == [
        (None, "setup"),
        (1, "Welcome"),
        (2, "Courses"),
        (3, "Talk"),
        (4, "Bells"),
        (None, "teardown"),
    ]


def _errors(tmp_path: Path, old: str, new: str) -> list[str]:
    folder = _folder(tmp_path, PROCEDURE.replace(old, new, 1))
    diagnostics = check_ruleset(folder).diagnostics
    return [
        f"{Path(d.span.file).name}:{d.span.line}:{d.span.column}: {d.message}"
        for d in diagnostics.errors
    ]


def test_an_unknown_step_primitive_is_named_with_its_place(tmp_path: Path) -> None:
    assert _errors(tmp_path, "do serve", "do serv") == [
        "procedure.rules:11:13: unknown step primitive 'serv': neither the engine nor the "
        "ruleset knows it; did you mean 'serve'?"
    ]


def test_a_primitive_for_each_thing_is_refused_without_for_each(tmp_path: Path) -> None:
    assert _errors(tmp_path, "do serve", "do greet") == [
        "procedure.rules:11:13: step primitive 'greet' is done for each thing: write "
        '"for each ... in order, do greet"'
    ]


def test_a_count_below_one_is_refused(tmp_path: Path) -> None:
    assert _errors(tmp_path, '"Course" 2 times', '"Course" 0 times') == [
        'procedure.rules:4:26: "Course" played 0 times never runs: a count is 1 or more'
    ]


def test_a_step_playing_an_unknown_phase_is_refused(tmp_path: Path) -> None:
    assert _errors(tmp_path, 'play "Course"', 'play "Coarse"') == [
        'procedure.rules:4:17: unknown phase "Coarse"; did you mean "Course"?'
    ]


def test_a_phase_playing_itself_with_no_until_never_ends(tmp_path: Path) -> None:
    errors = _errors(tmp_path, "  Ring: do ring the bell\n", '  Ring: play "Bell" 2 times\n')
    assert errors == [
        'procedure.rules:16:14: procedure "Bell" plays itself again with no "until": it never ends'
    ]


def test_a_step_title_written_twice_is_refused(tmp_path: Path) -> None:
    assert _errors(tmp_path, "  Bells:", "  Talk:") == [
        'procedure.rules:6:3: "Evening" already has a step "Talk" (line 5)'
    ]


def test_a_bad_procedure_does_not_compile(tmp_path: Path) -> None:
    with pytest.raises(CheckFailed):
        load_ruleset(_folder(tmp_path, PROCEDURE.replace("do serve", "do serv")))
