"""What the lines of a behaviour fixture mean for Six Winters (``chronicler test``).

The file format is the language's (``dsl/behaviour.py``); this module sets the table, runs the
card or step, answers its decisions and checks what is expected, in the game's own words:

table::

    character Parin at "Giant's Gate"        # the characters playing, in order (one: solo)
    Parin holds ability "Count the Red"      # or: asset, condition
    action points Parin 3
    body Parin 1                             # the stress pools' tokens left (also: psyche)
    initiative Parin 5, 2                    # the initiative dice in Parin's pool
    Parin crafting area: "Loomwood Apples"   # assets Parin has taken, no slot filled
    threats 2 at "Giant's Gate"
    obstacle "Horse Bandits" at "Giant's Gate" progress 1 hindrance 0
    dice at "Giant's Gate": stability 5, military 3
    staging "Loomwood Apples"                # also: asset deck, asset discard, archive
    roll 4, 2                                # the next dice rolled
    scheme "Mobilize War Machines"           # this year's scheme
    event "Alone Against the Empire" out     # an event whose standing text holds
    location "Giant's Gate" developed        # its developed side up
    location "Lily Manor" at 3, 0 developed  # put on the map at a grid place (also -1, -2)
    season winter turn 2                     # the season (and turn) the table is at

run::

    ability "Count the Red" by Parin         # its first ability (``effect 2``: another)
    asset "Traveling Tent" by Parin
    step activate_obstacle obstacle "Mole Hunt"   # a piece of the procedure (``push_run``)
    step season_end season summer
    phase "Refresh"                          # a whole phase of procedure.rules, step by step
    action trade by Parin get military       # an action the table offers (its keys as given)
    nothing                                  # run nothing: look at what the table offers

answers: a name (an option, or the option of that name), a number (a value; the Nth option
when the options are not numbers), ``yes``/``no`` for "May", ``none`` for "any", ``1+3`` for
the 1st and 3rd options of a question that takes several.

expect::

    event action_points_changed character "Parin" now 6
    no event threat_placed
    refused                                  # the action was refused: the card not spent
    action points Parin 6
    body Parin 2                             # also: psyche Parin 3, initiative Parin 5, 2
    threats at "Giant's Gate" 2
    obstacles at "Eastkeep": "Horse Bandits"
    progress on "Horse Bandits" 1            # also: hindrance on
    dice at "Giant's Gate": sorcery 5
    Parin crafting area: "Loomwood Apples"
    Parin holds ability "Count the Red"      # also: "Parin does not hold ..."
    offered muster by Parin resource diplomacy   # also: "not offered muster by Kanun"
    asked choose_target: Eastkeep, "Boar's Rift" # a question of the run had these options
    not asked choose_target                  # the run asked no such question
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from dsl.behaviour import Fixture, Line, Word
from dsl.diagnostics import Diagnostic, did_you_mean
from dsl.kernel.dispatch import dispatch
from dsl.runtime import Context, Span

from .cards import from_compiled
from .session import Session, made_session, new_campaign
from .state import AssetInProgress, Die, Frame, LocationState


class _Failed(Exception):
    def __init__(self, message: str, span: Span) -> None:
        super().__init__(message)
        self.message = message
        self.span = span


def run(fixture: Fixture, compiled: Any) -> list[Diagnostic]:
    """Set the table, run, check: a diagnostic at each line that did not hold."""
    try:
        ruleset = from_compiled(compiled)
        session = _table(ruleset, fixture)
        start = len(session.events)
        asked: list[Any] = []
        refused = _run(session, fixture, asked)
        told = session.events[start:]
    except _Failed as failure:
        return [Diagnostic("error", failure.message, failure.span)]
    except Exception as error:  # the engine failed: told at the run line, not a traceback
        where = fixture.run.span if fixture.run is not None else fixture.span
        return [Diagnostic("error", f"the run failed: {type(error).__name__}: {error}", where)]
    out = []
    for line in fixture.expect:
        try:
            _expect(session, line, told, refused, asked)
        except _Failed as failure:
            out.append(Diagnostic("error", failure.message, failure.span))
    return out


# ---- the table ----------------------------------------------------------------------------------


def _table(ruleset: Any, fixture: Fixture) -> Session:
    characters = [ln for ln in fixture.table if ln.plain()[:1] == ["character"]]
    if not characters:
        raise _Failed(
            'the table needs a character: character Parin at "Giant\'s Gate"', fixture.span
        )
    names = [ln.words[1].text for ln in characters]
    for ln, name in zip(characters, names, strict=True):
        if name not in ruleset.characters:
            raise _Failed(f'no character "{name}" in this ruleset', ln.words[1].span)
    session = made_session(ruleset, new_campaign(ruleset), 1, names, solo=len(names) == 1)
    st = session.state
    st.frames = [Frame("actions", {})]
    st.asset_staging, st.scenes, st.scene_deck = [], [], []
    for c in st.characters:
        c.action_points = 4
    placed = [ln for ln in fixture.table if ln.plain()[:1] == ["location"]]
    for ln in placed:  # the map first: a character may stand at a location put on it
        _place(session, ln)
    for ln in characters:
        words = ln.plain()
        if len(words) >= 4 and words[2] == "at":
            _location(session, ln.words[3])
            session.character(words[1]).location = words[3]
    for ln in fixture.table:
        if ln.plain()[:1] not in (["character"], ["location"]):
            _set(session, ln)
    return session


def _location(session: Session, word: Word) -> Any:
    if not any(loc.name == word.text for loc in session.state.locations):
        raise _Failed(f'"{word.text}" is not a location on the table', word.span)
    return session.location(word.text)


def _number(word: Word) -> int:
    if not word.text.isdigit():
        raise _Failed(f"expected a number, not '{word.text}'", word.span)
    return int(word.text)


def _coordinate(word: Word) -> int:
    """A grid place's x or y: west of and south of the first location are negative."""
    text = word.text
    if not text.removeprefix("-").isdigit():
        raise _Failed(f"expected a coordinate such as 3 or -1, not '{text}'", word.span)
    return int(text)


def _dice(session: Session, words: tuple[Word, ...]) -> list[tuple[str, int]]:
    out = []
    for k in range(0, len(words) - 1, 2):
        if words[k].text not in session.ruleset.resources:
            raise _Failed(f"'{words[k].text}' is not a resource", words[k].span)
        out.append((words[k].text, _number(words[k + 1])))
    if len(words) % 2:
        raise _Failed("write each die as a resource and its face: stability 5", words[-1].span)
    return out


_PILES = {
    ("staging",): "asset_staging",
    ("asset", "deck"): "asset_deck",
    ("asset", "discard"): "asset_discard",
    ("archive",): "archive",
    ("obstacle", "deck"): "obstacle_deck",
    ("obstacle", "discard"): "obstacle_discard",
    ("scenes",): "scenes",  # scenes drawn and out, ready to narrate
}


def _set(session: Session, line: Line) -> None:
    st = session.state
    w = line.words
    p = line.plain()
    if p[:1] == ["threats"] and len(p) == 4 and p[2] == "at":
        _location(session, w[3]).threats = _number(w[1])
    elif p[:1] == ["obstacle"] and len(p) >= 4 and p[2] == "at":
        if w[1].text not in session.ruleset.obstacles:
            raise _Failed(f'no obstacle "{w[1].text}"', w[1].span)
        tokens = dict(zip(p[4::2], [_number(x) for x in w[5::2]], strict=False))
        obstacle = session.ops.new_obstacle(
            w[1].text, tokens.get("progress", 0), tokens.get("hindrance", 0)
        )
        _location(session, w[3]).obstacles.append(obstacle)
    elif p[:2] == ["dice", "at"] and len(p) >= 3:
        loc = _location(session, w[2])
        for resource, face in _dice(session, w[3:]):
            st.supply[resource] -= 1
            loc.dice.append(Die(resource, face))
    elif p[:1] == ["roll"]:
        st.dice_script = [_number(x) for x in w[1:]]
    elif p[:2] == ["action", "points"] and len(p) == 4:
        session.character(p[2]).action_points = _number(w[3])
    elif p[:1] in (["body"], ["psyche"]) and len(p) == 3:  # body Parin 1: what is left
        setattr(_character(session, w[1]), p[0], _number(w[2]))
    elif p[:1] == ["initiative"] and len(p) >= 3:  # initiative Parin 5, 2: the dice in the pool
        _character(session, w[1]).initiative = [_number(x) for x in w[2:]]
    elif len(p) >= 3 and p[1:3] == ["crafting", "area"]:  # Parin crafting area: "Asset"
        c = _character(session, w[0])
        for x in w[3:]:
            if x.text not in session.ruleset.assets:
                raise _Failed(f'no asset "{x.text}"', x.span)
            recipe = session.ruleset.assets[x.text].recipe
            c.in_progress.append(AssetInProgress(x.text, [None] * len(recipe)))
    elif p[:1] == ["season"] and len(p) in (2, 4) and p[2:3] in ([], ["turn"]):
        # season winter (turn 2): the season and the turn within it that the table is at
        seasons = [name for name, _ in session.ruleset.seasons]
        if p[1] not in seasons:
            raise _Failed(f"no season '{w[1].text}'{did_you_mean(p[1], seasons)}", w[1].span)
        st.season = seasons.index(p[1])
        if len(p) == 4:
            turns = session.ruleset.seasons[st.season][1]
            st.turn = _number(w[3])
            if not 1 <= st.turn <= turns:
                raise _Failed(f"{p[1]} has turns 1 to {turns}", w[3].span)
    elif p[:1] == ["scheme"] and len(p) == 2:
        if w[1].text not in session.ruleset.schemes:
            raise _Failed(f'no scheme "{w[1].text}"', w[1].span)
        st.scheme = w[1].text
    elif len(p) >= 4 and p[1] == "holds":
        _holds(session, line)
    elif p[:1] == ["event"] and len(p) == 3 and p[2] == "out":
        if w[1].text not in session.ruleset.events:
            raise _Failed(f'no event "{w[1].text}"', w[1].span)
        st.events_out.append(w[1].text)
        session.ops.apply_standing_texts(Context(host=session))
    else:
        for words, pile in _PILES.items():
            if tuple(p[: len(words)]) == words:
                getattr(st, pile)[:0] = [x.text for x in w[len(words) :]]
                return
        raise _Failed(f"cannot set the table with '{line.text}'", line.span)


def _place(session: Session, line: Line) -> None:
    """``location "Lily Manor" at 3, 0 developed``: a location put on the map at a grid place
    (one already there may be moved), and its developed side up or not."""
    w, p = line.words, line.plain()
    name = w[1].text
    if name not in session.ruleset.locations:
        hint = did_you_mean(name, list(session.ruleset.locations))
        raise _Failed(f'no location "{name}" in this ruleset{hint}', w[1].span)
    rest = p[2:]
    developed = rest[-1:] == ["developed"]
    if developed:
        rest = rest[:-1]
    on_map = [loc for loc in session.state.locations if loc.name == name]
    if rest[:1] == ["at"] and len(rest) == 3:
        x, y = _coordinate(w[3]), _coordinate(w[4])
        if any((loc.x, loc.y) == (x, y) for loc in session.state.locations if loc.name != name):
            raise _Failed(f"another location stands at {x}, {y}", w[3].span)
        if not on_map:
            session.state.locations.append(LocationState(name, x, y))
            on_map = session.state.locations[-1:]
        on_map[0].x, on_map[0].y = x, y
    elif rest or not on_map:
        raise _Failed(
            f"write 'location \"{name}\" developed' for a location on the map, or "
            f"'location \"{name}\" at 3, 0 developed' to put it there",
            line.span,
        )
    on_map[0].developed = developed


def _holds(session: Session, line: Line) -> None:
    who, _, kind, name = (x.text for x in line.words[:4])
    c = _character(session, line.words[0])
    if kind == "ability":
        c.abilities.append(name)
    elif kind == "asset":
        c.assets.append(name)
    elif kind == "condition":
        c.conditions.append(name)
    else:
        raise _Failed(f"{who} may hold an ability, asset or condition, not '{kind}'", line.span)


def _character(session: Session, word: Word) -> Any:
    if not any(c.name == word.text for c in session.state.characters):
        raise _Failed(f'"{word.text}" is not a character at the table', word.span)
    return session.character(word.text)


# ---- the run ------------------------------------------------------------------------------------


def _run(session: Session, fixture: Fixture, asked: list[Any]) -> bool:
    """Run the fixture's card or step and answer its decisions (each kept in ``asked``);
    whether it was refused."""
    line = fixture.run
    assert line is not None
    p = line.plain()
    st = session.state
    if p[:1] == ["step"] and len(p) >= 2:
        steps = list(dispatch(type(session)).pieces)
        if p[1] not in steps:
            hint = did_you_mean(p[1], steps)
            raise _Failed(f"no step '{p[1]}' in the procedure{hint}", line.words[1].span)
        session.state.frames = [Frame("actions", {})]
        session._pending = None
        args: dict[str, Any] = {}
        for key, value in zip(line.words[2::2], line.words[3::2], strict=False):
            if key.text == "obstacle":  # an obstacle in play, by name: its uid
                uids = [
                    o.uid for loc in st.locations for o in loc.obstacles if o.name == value.text
                ]
                if not uids:
                    raise _Failed(f'no obstacle "{value.text}" in play', value.span)
                args["uid"] = uids[0]
            else:
                args[key.text] = _value(value)
        session.push_run(p[1], **args)
    elif p[:1] == ["phase"] and len(p) == 2:
        try:
            session.procedure.phase(p[1])
        except KeyError:
            hint = did_you_mean(p[1], [phase.name for phase in session.procedure])
            raise _Failed(f"no phase '{p[1]}' in the procedure{hint}", line.words[1].span) from None
        session.state.frames = [Frame("actions", {})]
        session._pending = None
        session.start_phase(p[1])
    elif p == ["nothing"]:
        return False
    elif len(p) >= 4 and p[0] == "action" and p[2] == "by":
        session._pending = None
        matching = _offered(session, line.words[1:])
        if not matching:
            raise _Failed(f"the table does not offer '{' '.join(p[1:])}'", line.span)
        session.apply(matching[0])
    elif len(p) >= 4 and p[0] in ("ability", "asset") and p[2] == "by":
        effect = int(p[5]) - 1 if len(p) >= 6 and p[4] == "effect" else 0
        option = {"act": p[0], "character": p[3], "card": p[1], "effect": effect}
        _character(session, line.words[3])
        session._pending = None
        decision = session.pending()
        if decision is None or option not in list(decision.options):
            raise _Failed(f'{p[3]} cannot use {p[0]} "{p[1]}" now (not offered)', line.span)
        session.apply(option)
    else:
        raise _Failed(
            "run an ability or asset ('ability \"Name\" by Parin') or a step ('step OP')",
            line.span,
        )
    answers = list(fixture.answers)
    for _ in range(500):
        decision = session.pending()
        if decision is None or decision.kind == "choose_action":
            break
        asked.append(decision)
        if not answers:
            shown = ", ".join(_show(o) for o in list(decision.options)[:6])
            raise _Failed(
                f"the run asks {decision.kind} ({decision.prompt}: {shown}) and no answer is "
                "left: add one to 'answers:'",
                line.span,
            )
        session.apply(_answer(answers.pop(0), decision))
    if answers:
        raise _Failed(f"answer '{answers[0].text}' was never asked for", answers[0].span)
    return any(e.kind == "action_refused" for e in session.events[-3:])


def _offered(session: Session, words: tuple[Word, ...]) -> list[Any]:
    """The actions offered now that fit ``ACT by CHARACTER [key value ...]``."""
    act, _, who, *rest = words
    _character(session, who)
    decision = session.pending()
    if decision is None or decision.kind != "choose_action":
        return []
    want = {rest[k].text: _value(rest[k + 1]) for k in range(0, len(rest) - 1, 2)}
    return [
        o
        for o in decision.options
        if isinstance(o, dict)
        and o.get("act") == act.text
        # a narration is taken by its participants: "narrate by Parin" is Parin alone
        and (o.get("character") or _alone(o.get("participants"))) == who.text
        and all(o.get(k) == v for k, v in want.items())
    ]


def _alone(participants: Any) -> Any:
    return participants[0] if isinstance(participants, list) and len(participants) == 1 else None


def _show(option: Any) -> str:
    if isinstance(option, dict):
        return str(option.get("name") or option.get("card") or option)
    return str(option)


def _answer(word: Word, decision: Any) -> Any:
    options = list(decision.options)
    text = word.text
    if decision.kind == "pay_or_refuse" and text in ("yes", "no"):
        return text == "yes"
    several = decision.kind == "choose_many" or getattr(decision, "max_choices", 1) > 1
    for option in options:
        if str(option) == text or (isinstance(option, dict) and option.get("name") == text):
            return [option] if several else option  # one of several: a list of one
    if text.isdigit() and int(text) in options:
        return int(text)
    numbered = text.isdigit() and not any(isinstance(o, int) for o in options)
    if numbered and 1 <= int(text) <= len(options):  # the Nth option, as the question lists
        return options[int(text) - 1]
    if decision.kind == "choose_many" and text == "none":
        return []
    picks = text.split("+")
    numbers = all(p.isdigit() and 1 <= int(p) <= len(options) for p in picks)
    if several and numbers:  # "1+3": the 1st and 3rd options
        return [options[int(p) - 1] for p in picks]
    shown = ", ".join(_show(o) for o in options[:8])
    raise _Failed(f"'{text}' is not one of the options of {decision.kind}: {shown}", word.span)


# ---- what is expected ---------------------------------------------------------------------------


# Each expectation a fixture may write, read by the first of ``_EXPECTATIONS`` whose words match
# (``reads``, on the line's plain words), and checked by its function (the session, the line,
# what the run told, whether it was refused, what it asked).
_Check = Callable[[Session, Line, list[Any], bool, list[Any]], None]


def _asked(session: Session, line: Line, told: list[Any], refused: bool, asked: list[Any]) -> None:
    p = line.plain()
    negated = p[0] == "not"
    if len(p) < (3 if negated else 2):
        raise _Failed("write 'asked KIND: OPTION, ...' or 'not asked KIND'", line.span)
    kind, *options = p[2:] if negated else p[1:]
    questions = [list(d.options) for d in asked if str(d.kind) == kind]
    if negated and questions:
        shown = ", ".join(_show(o) for o in questions[0][:8])
        raise _Failed(f"the run asked {kind}: {shown}", line.span)
    if negated:
        return
    if not any([_show(o) for o in q] == options for q in questions):
        shown = "; ".join(", ".join(_show(o) for o in q[:8]) for q in questions)
        raise _Failed(f"the run asked {kind} " + (shown or "never"), line.span)


def _event(session: Session, line: Line, told: list[Any], refused: bool, asked: list[Any]) -> None:
    w, p = line.words, line.plain()
    negated = p[0] == "no"
    kind = p[2] if negated else p[1]
    rest = w[3:] if negated else w[2:]
    want = {rest[k].text: _value(rest[k + 1]) for k in range(0, len(rest) - 1, 2)}
    hits = [
        e for e in told if str(e.kind) == kind and all(e.data.get(k) == v for k, v in want.items())
    ]
    if negated and hits:
        raise _Failed(f"the run told {kind} {hits[0].data}", line.span)
    if not negated and not hits:
        same = [e.data for e in told if str(e.kind) == kind]
        raise _Failed(
            f"no {kind} event like this; the run told "
            + (f"{kind} {same}" if same else f"no {kind} at all"),
            line.span,
        )


def _offered_check(
    session: Session, line: Line, told: list[Any], refused: bool, asked: list[Any]
) -> None:
    w, p = line.words, line.plain()
    negated = p[0] == "not"
    words = w[2:] if negated else w[1:]
    if len(words) < 3 or words[1].text != "by":
        raise _Failed("write 'offered ACT by CHARACTER [key value ...]'", line.span)
    found = _offered(session, words)
    if negated and found:
        raise _Failed(f"the table offers {found[0]}", line.span)
    if not negated and not found:
        raise _Failed(f"the table does not offer '{' '.join(p[1:])}'", line.span)


def _refused(
    session: Session, line: Line, told: list[Any], refused: bool, asked: list[Any]
) -> None:
    if not refused:
        raise _Failed("the run was not refused", line.span)


def _action_points(session: Session, line: Line, *_: Any) -> None:
    w = line.words
    _equal(_character(session, w[2]).action_points, _number(w[3]), line)


def _stress_pool(session: Session, line: Line, *_: Any) -> None:
    """body Parin 3, psyche Parin 2."""
    w = line.words
    _equal(getattr(_character(session, w[1]), line.plain()[0]), _number(w[2]), line)


def _initiative(session: Session, line: Line, *_: Any) -> None:
    """initiative Parin 5, 2: the pool, sorted."""
    w = line.words
    found = sorted(_character(session, w[1]).initiative)
    _equal(found, sorted(_number(x) for x in w[2:]), line)


def _threats_at(session: Session, line: Line, *_: Any) -> None:
    w = line.words
    _equal(_location(session, w[2]).threats, _number(w[3]), line)


def _obstacles_at(session: Session, line: Line, *_: Any) -> None:
    w = line.words
    found = [o.name for o in _location(session, w[2]).obstacles]
    _equal(found, [x.text for x in w[3:]], line)


def _tokens_on(session: Session, line: Line, *_: Any) -> None:
    """progress on "Mole Hunt" 2, hindrance on ..."""
    w, p = line.words, line.plain()
    on = session.state.locations
    found = [getattr(o, p[0]) for loc in on for o in loc.obstacles if o.name == p[2]]
    if not found:
        raise _Failed(f'no obstacle "{p[2]}" in play', w[2].span)
    _equal(found[0], _number(w[3]), line)


def _dice_at(session: Session, line: Line, *_: Any) -> None:
    w = line.words
    here = Counter((d.resource, d.face) for d in _location(session, w[2]).dice)
    _equal(sorted(here.elements()), sorted(_dice(session, w[3:])), line)


def _crafting_area(session: Session, line: Line, *_: Any) -> None:
    w = line.words
    found = [a.name for a in _character(session, w[0]).in_progress]
    _equal(found, [x.text for x in w[3:]], line)


def _holds_expected(session: Session, line: Line, *_: Any) -> None:
    """Parin holds asset "Azadeh", Parin does not hold condition Wounded."""
    p = line.plain()
    c = _character(session, line.words[0])
    kind, name = p[-2], p[-1]
    pile = {"ability": c.abilities, "asset": c.assets, "condition": c.conditions}.get(kind)
    if pile is None:
        raise _Failed(f"a character holds abilities, assets or conditions, not '{kind}'", line.span)
    if (name in pile) != (p[1] == "holds"):
        raise _Failed(f"{c.name} holds {', '.join(pile) or 'nothing'}", line.span)


_EXPECTATIONS: tuple[tuple[Callable[[list[str]], bool], _Check], ...] = (
    (lambda p: p[:1] == ["asked"] or p[:2] == ["not", "asked"], _asked),
    (lambda p: p[:1] == ["event"] or p[:2] == ["no", "event"], _event),
    (lambda p: p[:1] == ["offered"] or p[:2] == ["not", "offered"], _offered_check),
    (lambda p: p == ["refused"], _refused),
    (lambda p: p[:2] == ["action", "points"] and len(p) == 4, _action_points),
    (lambda p: p[:1] in (["body"], ["psyche"]) and len(p) == 3, _stress_pool),
    (lambda p: p[:1] == ["initiative"] and len(p) >= 2, _initiative),
    (lambda p: p[:2] == ["threats", "at"] and len(p) == 4, _threats_at),
    (lambda p: p[:2] == ["obstacles", "at"] and len(p) >= 3, _obstacles_at),
    (lambda p: p[:1] in (["progress"], ["hindrance"]) and len(p) == 4 and p[1] == "on", _tokens_on),
    (lambda p: p[:2] == ["dice", "at"] and len(p) >= 3, _dice_at),
    (lambda p: len(p) >= 3 and p[1:3] == ["crafting", "area"], _crafting_area),
    (
        lambda p: (
            (len(p) == 4 and p[1] == "holds") or (len(p) == 6 and p[1:4] == ["does", "not", "hold"])
        ),
        _holds_expected,
    ),
)


def _expect(session: Session, line: Line, told: list[Any], refused: bool, asked: list[Any]) -> None:
    p = line.plain()
    for reads, check in _EXPECTATIONS:
        if reads(p):
            check(session, line, told, refused, asked)
            return
    raise _Failed(f"cannot read the expectation '{line.text}'", line.span)


def _value(word: Word) -> Any:
    if not word.quoted and word.text.lstrip("-").isdigit():
        return int(word.text)
    if not word.quoted and word.text in ("true", "false"):
        return word.text == "true"
    return word.text


def _equal(found: Any, want: Any, line: Line) -> None:
    if found != want:
        raise _Failed(f"expected {want!r}, found {found!r}", line.span)
