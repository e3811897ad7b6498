"""Fixing a game played at the table (``chronicler entry amend N answer TYPED``, ``chronicler
entry delete N``): an answer of the campaign's last game (a person's choice, a bot's, or a die
the table typed) is replaced, or taken out, and the game is played again from its seed with
every answer in order: the ones before N, the new one, then each later one as it was recorded.
Every entry from N on is written again as the replay tells it (the moves with what followed
them, the rounds with each player's tracks, the result), the notes where they stood.

A later answer the replayed game no longer offers (its question changed, or the game ended
before it) refuses the fix in one line naming that entry, and nothing is written. A game that
asks more than the answers recorded is left stopped, so ``chronicler play --resume`` plays it
on. The fix is one change of the history: ``chronicler undo`` puts every entry and scene back.

Only the campaign's last game is replayed: a later game starts from what this one left, and
is not played again here."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dsl.errors import ChroniclerError, UsageError
from journal import history, ledger
from journal.hotseat import ROLL, _numbers, _shown
from journal.keepers import Draft, keeper_named
from journal.world import payloads as p
from journal.world.live import Live, write_steps

if TYPE_CHECKING:
    from sqlmodel import Session

    from dsl.contract import Game, Ruleset
    from journal.models import Campaign, Entry

ANSWER = "answer"  # the verb 'entry amend N' takes for a game played by seats


def plays_by_seats(s: Session, campaign_name: str) -> bool:
    """Whether the campaign is one of games played by seats (the world engine's keeper)."""
    from rules import registry

    campaign = ledger.get_campaign(s, campaign_name)
    return bool(registry.find(campaign.ruleset).journal.keeper == "journal.world")


@dataclass
class _Collecting(Live):
    """A ``Live`` recording that gathers its entries and scenes instead of writing them."""

    collected: list[Draft | str] = field(default_factory=list)

    def _write(self, verb: str, steps: Any) -> None:
        self.collected.extend(steps)


@dataclass(frozen=True)
class Fixed:
    """What a fix did: the entry's summary before and after (``None``: taken out), and how
    many later answers the game was played on with."""

    number: int
    was: str
    now: str | None
    replayed: int
    answer: str = ""  # the new answer, as shown at the table
    answered: str = ""  # the answer it replaced


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))


def _offered(decision: Any, answer: Any) -> bool:
    options = [_json(o) for o in decision.options]
    if isinstance(answer, list) and (decision.max_choices > 1 or decision.kind == "choose_many"):
        return decision.min_choices <= len(answer) <= decision.max_choices and all(
            a in options for a in answer
        )
    return _json(answer) in options


def _typed(decision: Any, typed: str, number: int) -> Any:
    """The answer typed as at the table: a die's face, or the numbers of the options listed."""
    options = list(decision.options)
    if decision.kind == ROLL:
        faces = [int(face) for face in options]
        if typed.strip().isdigit() and int(typed) in faces:
            return int(typed)
        raise UsageError(
            f"entry amend {number}: {typed!r} is not a face of the die it rolled "
            f"({min(faces)} to {max(faces)})"
        )
    many = decision.max_choices > 1 or decision.kind == "choose_many"
    picked = _numbers(typed, len(options))
    if (
        picked is None
        or (not many and len(picked) != 1)
        or (many and not decision.min_choices <= len(picked) <= decision.max_choices)
    ):
        listed = "; ".join(f"{i}) {_shown(o)}" for i, o in enumerate(options, start=1))
        wanted = (
            f"{decision.min_choices} to {decision.max_choices} numbers, comma-separated"
            if many
            else f"a number, 1 to {len(options)}"
        )
        raise UsageError(f"entry amend {number}: {typed!r} is not {wanted} of: {listed}")
    chosen = [options[i - 1] for i in picked]
    return chosen if many else chosen[0]


def _game_of(s: Session, campaign: Campaign, target: Entry) -> tuple[Any, list[Entry], int]:
    """The session of the campaign's last game, its entries, and the scene ``target`` is in;
    refused when ``target`` is in an earlier game."""
    sessions = ledger.sessions_of(s, campaign)
    last = sessions[-1]
    if target.session_id != last.id:
        where = next((x.number for x in sessions if x.id == target.session_id), None)
        raise ChroniclerError(
            f"entry {target.number} is in game {where}, not the campaign's last game "
            f"({last.number}): only the last game is played again (a later game starts from "
            "what it left); nothing changed"
        )
    rows = [e for e in ledger.entries(s, campaign) if e.session_id == last.id]
    scene = next((x.number for x in ledger.scenes_in(s, last) if x.id == target.scene_id), 0)
    return last, rows, scene


def _replayed_from(ruleset: Ruleset, begun: dict[str, Any], carried: dict[str, Any]) -> Game:
    from dsl.contract import GameSetup

    assert ruleset.engine is not None and ruleset.bots is not None
    bots = [ruleset.bots.default if b == "person" else b for b in begun["bots"]]
    named = bots[0] if len(set(bots)) == 1 else ",".join(bots)
    seed = int(begun["seed"])
    options: dict[str, int | bool | str] = {"dice": "table"} if begun.get("dice") == "table" else {}
    options.update({str(k): str(v) for k, v in dict(begun.get("chosen") or {}).items()})
    setup = GameSetup(seed=seed, seats=len(begun["seats"]), options=options, carried=carried)
    return ruleset.engine.new_game(setup, ruleset.bots.make(named, seed))


def fix(s: Session, campaign_name: str, number: int, typed: str | None) -> Fixed | None:
    """Replace the answer of entry ``number`` with ``typed`` (``None``: take the entry out)
    and play the game on with every later answer; ``None`` when the entry is not an answer
    (a note, a round: ``entry delete`` takes it out as any ledger's)."""
    from rules import registry

    campaign = ledger.get_campaign(s, campaign_name)
    ruleset = registry.find(campaign.ruleset)
    keeper = keeper_named(ruleset.journal.keeper, ruleset.name)
    target = ledger.entry_numbered(s, campaign, number)
    verb = "entry amend" if typed is not None else "entry delete"
    if target.kind != p.RecordKind.MOVE:
        if typed is None:
            return None
        raise ChroniclerError(
            f"entry amend {number}: entry {number} ({target.summary}) is not an answer given "
            "in a game: amend takes a move's answer; nothing changed"
        )
    session, rows, scene = _game_of(s, campaign, target)
    was = target.summary
    target_answer = target.payload.get("answer")
    given: Any = None
    begun = next((dict(e.payload) for e in rows if e.kind == p.RecordKind.GAME), None)
    before = [e for e in rows if e.kind == p.RecordKind.MOVE and e.number < number]
    answers = [e.payload.get("answer") for e in [*before, target]]
    if begun is None or any(a is None for a in answers):
        raise ChroniclerError(
            f"{verb} {number}: game {session.number} keeps no answers to play it again from "
            "(recorded by bots, or by an older chronicler); nothing changed"
        )
    results = [
        dict(e.payload)
        for e in ledger.entries(s, campaign)
        if e.kind == p.RecordKind.RESULT and e.session_id != session.id
    ]
    carried = dict(results[-1].get("carried") or {}) if results else {}
    game = _replayed_from(ruleset, begun, carried)
    for answer in answers[:-1]:
        if game.pending() is None:
            raise ChroniclerError(f"the journal is damaged: game {session.number} ends early")
        game.apply(answer)
    live = _Collecting(
        None, campaign.name, ruleset, tuple(begun["seats"]), list(begun["bots"]),
        int(begun["seed"]), dice=str(begun.get("dice") or "generator"),
    )  # fmt: skip
    live.caught_up(game, session.number)
    later = [e for e in rows if e.number > number]
    now: str | None = None
    replayed = 0
    if typed is not None:
        decision = game.pending()
        assert decision is not None  # the answer was given to it
        given = _typed(decision, typed, number)
        _answer(live, game, decision, given)
        now = next(
            (x.summary for x in reversed(live.collected) if isinstance(x, Draft)
             and x.kind == p.RecordKind.MOVE),
            target.summary,
        )  # fmt: skip
    ended = None
    for entry in later:
        if entry.kind == p.RecordKind.NOTE:
            live.noted(str(entry.payload.get("text", "")))
        elif entry.kind == p.RecordKind.STOPPED:
            ended = str(entry.payload.get("why", ""))
        elif entry.kind == p.RecordKind.MOVE:
            answer = entry.payload.get("answer")
            decision = game.pending()
            if decision is None or answer is None or not _offered(decision, answer):
                said = "the game is over before it" if decision is None else (
                    f"its answer {_shown(answer)!r} is no longer offered"
                )  # fmt: skip
                raise ChroniclerError(
                    f"{verb} {number}: the game played again leaves entry {entry.number} "
                    f"({entry.summary}) without its place: {said}; nothing changed"
                )
            _answer(live, game, decision, answer)
            replayed += 1
    if game.pending() is None:
        live.finish(game)
    elif ended is not None or any(e.kind == p.RecordKind.RESULT for e in later):
        live.stopped(ended or f"entry {number} fixed: the game asks more than was answered")
    said = f"entry {number}: {now} (was: {was})" if now is not None else f"entry {number}: {was}"
    _rewrite(s, campaign, keeper, (session.number, scene), number, rows, live.collected, verb, said)
    old = _shown(target_answer)
    new = _shown(_json(given)) if typed is not None else ""
    return Fixed(number, was, now, replayed, new, old)


def _answer(live: Live, game: Game, decision: Any, answer: Any) -> None:
    asked_at = len(game.events_for(None))  # type: ignore[attr-defined]
    game.apply(answer)
    live.answered(
        game, decision.who, decision.prompt, asked_at, answer, rolled=decision.kind == ROLL
    )


def _rewrite(
    s: Session,
    campaign: Campaign,
    keeper: Any,
    where: tuple[int, int],
    number: int,
    rows: list[Entry],
    steps: list[Draft | str],
    verb: str,
    summary: str,
) -> None:
    """Every entry from ``number`` on and every scene of the game after ``where`` (game,
    scene) written again from ``steps``, as one change of the history (the rows as they stood
    kept)."""
    game, scene = where
    drafts = [x for x in steps if isinstance(x, Draft)]
    titles = [x for x in steps if isinstance(x, str)]
    session = ledger.sessions_of(s, campaign)[-1]
    scenes = [x for x in ledger.scenes_in(s, session) if x.number > scene]
    old = [e for e in rows if e.number >= number]
    last_entry = max(number + len(drafts) - 1, max(e.number for e in old))
    last_scene = max(scene + len(titles), scene + len(scenes))
    history.keep_rows(
        s,
        campaign,
        verb,
        summary,
        entries=range(number, last_entry + 1),
        scenes=[(game, k) for k in range(scene + 1, last_scene + 1)],
    )
    for entry in old:
        s.delete(entry)
    s.flush()
    for row in scenes:
        s.delete(row)
    s.flush()
    write_steps(s, campaign, keeper, steps)
