"""Every value the ruleset's text declares is read: the ruleset is compiled once per declared
value with that value changed, and seeded sessions and campaigns must then play differently
(or the changed text must be refused). A declared value nothing reads says one thing while the
game does another."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

import pytest

from dsl.errors import ChroniclerError
from dsl.runtime import Context, DecisionNeeded
from rules.six_winters import engine
from rules.six_winters.bots import HeuristicBot, RandomBot

RULES = Path(engine.RULES_DIR)
DECLARED = re.findall(r"^value ([a-z0-9 ]+?) = (\d+)", (RULES / "ruleset.rules").read_text(), re.M)
TOGGLES = {
    "result threats from box",
    "condition repeats",
    "surge returns",
    "map obstacles keep tokens",
    "top scene activates",
}
# a change that shows within a few seeded games (a smaller one may not come up in them)
CHANGED_TO = {
    "threat tokens": 7,  # the box holds one cube: a lost year's failure places one threat
    "skill min": 2,  # printed ranks of 1 fall outside it
    "players": 3,
    "characters per player": 2,
    "surge returns": 1,
    "finale year": 2,  # years before it score a success bonus: fewer do
}
PAIRS = (["Parin", "Kanun"], ["Fuscus", "Parin"], ["Kanun", "Fuscus"])


def _changed(name: str, value: int) -> int:
    if name in CHANGED_TO:
        return CHANGED_TO[name]
    if name in TOGGLES:
        return 1 - value
    return value - 1 if value > 1 else value + 1


def _surge_chain(ruleset) -> list[int]:
    """A threat placed where every location holds one already, the first way chosen at each
    surge: the threats on the map after the chain (a chain rarely runs long in play)."""
    session = engine.new_session(ruleset, engine.new_campaign(ruleset), 0, PAIRS[0])
    session.pending()
    answers: list = []
    while True:
        trial = session.clone()
        for loc in trial.state.locations:
            loc.threats = 1
        trial.state.threat_pool = 6
        try:
            trial.ops.place_threat(
                Context(host=trial, answers=list(answers)), trial.state.locations[0]
            )
        except DecisionNeeded as asked:
            answers.append(asked.decision.options[0])
            continue
        return [loc.threats for loc in trial.state.locations]


def _outcome(folder: Path) -> str:
    """What seeded games do with this text: a digest of their events and campaign states, or
    the error that refuses it."""
    digest = hashlib.sha256()

    def add(session) -> None:
        for event in session.events:
            digest.update(json.dumps([str(event.kind), event.data], sort_keys=True).encode())

    try:
        ruleset = engine.load_ruleset(folder)
        for seed in range(3):
            for bot in (RandomBot, HeuristicBot):
                solo = bot is RandomBot and seed == 2
                session = engine.new_session(
                    ruleset, engine.new_campaign(ruleset), seed, PAIRS[seed % 3], solo=solo
                )
                add(engine.play(session, bot(seed)))
        for seed in (1, 4):  # campaign 4 completes a finale scene (finale scene points)
            for campaign, session in engine.play_campaign(ruleset, seed, HeuristicBot(seed)):
                add(session)
                digest.update(campaign.to_json().encode())
        digest.update(json.dumps(_surge_chain(ruleset)).encode())
    except ChroniclerError as refused:
        return f"refused: {refused}"
    return digest.hexdigest()


@pytest.fixture(scope="module")
def played_as_printed() -> str:
    return _outcome(RULES)


def test_every_declared_value_is_tried():
    assert len(DECLARED) >= 40
    assert set(CHANGED_TO) <= {name for name, _ in DECLARED}


@pytest.mark.parametrize(("name", "value"), DECLARED, ids=[name for name, _ in DECLARED])
def test_changing_a_declared_value_changes_the_game(tmp_path, played_as_printed, name, value):
    folder = tmp_path / name.replace(" ", "_")
    shutil.copytree(RULES, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    header = folder / "ruleset.rules"
    changed = _changed(name, int(value))
    text, count = re.subn(
        rf"^value {re.escape(name)} = \d+",
        f"value {name} = {changed}",
        header.read_text(),
        flags=re.M,
    )
    assert count == 1
    header.write_text(text)
    assert _outcome(folder) != played_as_printed, f"nothing reads {name!r} ({value} -> {changed})"


def test_values_read_names_every_value_the_engines_python_reads():
    """``primitives.values_read`` (what ``chronicler check`` trusts) is the code's own list: each
    literal ``value("...")`` of the package is in it, and each name in it is declared."""
    from rules.six_winters import primitives

    literal = set()
    for path in RULES.glob("*.py"):
        literal |= set(re.findall(r'value\(\s*"([^"]+)"', path.read_text()))
    assert literal <= set(primitives.values_read)
    assert set(primitives.values_read) <= {name for name, _ in DECLARED}


def test_check_warns_of_a_declared_value_nothing_reads(tmp_path):
    from dsl.loader import check_ruleset

    folder = tmp_path / "six_winters"
    shutil.copytree(RULES, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__", "faces"))
    text = (folder / "ruleset.rules").read_text()
    (folder / "ruleset.rules").write_text(text + "value fog per turn = 2  # nothing reads it\n")
    line = len(text.splitlines()) + 1
    warnings = check_ruleset(folder).diagnostics.warnings
    assert [(w.span.line, w.span.column, w.message) for w in warnings] == [
        (
            line,
            1,
            "value 'fog per turn' is declared but nothing reads it: the game does not "
            "change with it",
        )
    ]
    assert check_ruleset(RULES).diagnostics.warnings == []


def test_check_warns_of_a_value_the_game_reads_that_the_text_does_not_declare(tmp_path):
    # A copy that loses a value line would play with a number written nowhere in its text.
    from dsl.loader import check_ruleset

    folder = tmp_path / "six_winters"
    shutil.copytree(RULES, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__", "faces"))
    lines = (folder / "ruleset.rules").read_text().splitlines(keepends=True)
    (folder / "ruleset.rules").write_text(
        "".join(line for line in lines if not line.startswith("value craft cost ="))
    )
    header = next(n for n, line in enumerate(lines, 1) if line.lstrip().startswith("primitives "))
    warnings = check_ruleset(folder).diagnostics.warnings
    assert [(w.span.line, w.message) for w in warnings] == [
        (
            header,
            "value 'craft cost' is read by the game but not declared: it plays with the "
            "engine's own default; declare it (value craft cost = N)",
        )
    ]


SHIPPED = sorted(p.parent for p in RULES.parent.glob("*/ruleset.rules"))


@pytest.mark.parametrize("folder", SHIPPED, ids=[p.name for p in SHIPPED])
def test_every_shipped_value_says_the_range_the_engine_honours(folder):
    from dsl.loader import check_ruleset

    checked = check_ruleset(folder)
    assert not checked.diagnostics.errors
    values = [
        form
        for f in checked.files
        for form in f.forms
        if type(form).__name__ == "ValueDecl" and str(form.span.file).startswith(str(folder))
    ]
    assert values
    assert [v.name for v in values if v.low is None] == []


@pytest.mark.parametrize(
    ("line", "written", "told"),
    [
        (
            "value threat pool = 6",
            "value threat pool = 0",
            "= 0 is outside 1..: the engine honours at least 1",
        ),
        (
            "value action points per turn = 4",
            "value action points per turn = -2",
            "= -2 is outside 0..: the engine honours at least 0",
        ),
        (
            "value sorcery explodes on = 6",
            "value sorcery explodes on = 7",
            "= 7 is outside 1..6: the engine honours 1 to 6",
        ),
    ],
)
def test_a_value_outside_its_range_is_refused_at_its_place(tmp_path, line, written, told):
    from dsl.loader import check_ruleset

    folder = tmp_path / "six_winters"
    shutil.copytree(RULES, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__", "faces"))
    text = (folder / "ruleset.rules").read_text()
    assert line in text
    (folder / "ruleset.rules").write_text(text.replace(line, written, 1))
    at = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith(line))
    errors = check_ruleset(folder).diagnostics.errors
    name = line.removeprefix("value ").split(" = ")[0]
    assert [(e.span.line, e.span.column, e.message) for e in errors] == [
        (at, 1, f"value '{name}' {told}")
    ]


@pytest.mark.parametrize(
    ("written", "told"),
    [
        # the range dropped: the engine's own still holds
        ("value action points per turn = -2", "= -2 is outside 0..: the engine honours at least 0"),
        # the range widened past what the engine honours
        (
            "value action points per turn = -2 in -5..",
            "= -2 is outside 0..: the engine honours at least 0",
        ),
        ("value sorcery explodes on = 7 in 1..", "= 7 is outside 1..6: the engine honours 1 to 6"),
    ],
)
def test_a_copy_cannot_widen_the_range_the_engine_honours(tmp_path, written, told):
    from dsl.loader import check_ruleset

    folder = tmp_path / "six_winters"
    shutil.copytree(RULES, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__", "faces"))
    text = (folder / "ruleset.rules").read_text()
    name = written.removeprefix("value ").split(" = ")[0]
    at = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith(f"value {name} ="))
    rows = text.splitlines(keepends=True)
    rows[at - 1] = written + "\n"
    (folder / "ruleset.rules").write_text("".join(rows))
    errors = check_ruleset(folder).diagnostics.errors
    assert [(e.span.line, e.span.column, e.message) for e in errors] == [
        (at, 1, f"value '{name}' {told}")
    ]
