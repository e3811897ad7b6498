"""Fixing a game played at the table (``chronicler entry amend N answer TYPED``, ``chronicler
entry delete N``): an answer of any game of the campaign (a person's choice, a bot's, or a die
the table typed) is replaced, or taken out, and that game is played again from its seed with
every answer in order: the ones before N, the new one, then each later one as it was recorded.
Every entry from N on is written again as the replay tells it (the moves with what followed
them, the rounds with each player's tracks, the result), the notes where they stood.

An earlier game of a campaign: each later game starts from what the game before it leaves
(its result's ``carried``), so each is played again in turn from what the replayed one now
leaves, with its own seed, seats and recorded answers; a later game whose answers were given
by bots (recorded whole, keeping no answers) is played again by the same bots from its seed
(``Fixed.games`` says which). Its session keeps its title, narration and date.

Refused in one line, with nothing written:

- a later answer the replayed game no longer offers (its question changed, or the game ended
  before it), naming the game and the entry;
- a game that is not the campaign's last left unfinished by the fix (it asks more than was
  answered): a later game was played from its end, which no longer is;
- a game that is not the campaign's last now ends the campaign (its end reached earlier, the
  result the text's victory or defeat): the games recorded after it would be lost. A GM who
  means it takes those games back first (``chronicler undo``), then fixes the answer.

The campaign's last game asking more than the answers recorded is left stopped, so
``chronicler play --resume`` plays it on. A last game that ended the campaign and no longer
does (the fix keeps it going past the game recorded) ends a session: the campaign is open
again and ``chronicler play --campaign`` plays its next game. The fix is one change of the
history: ``chronicler undo`` puts every game's entries, scenes and sessions back."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dsl.diagnostics import counted
from dsl.errors import ChroniclerError, UsageError
from journal import history, ledger
from journal.hotseat import ROLL, _numbers, _plain_number, _shown
from journal.keepers import Draft, keeper_named
from journal.world import payloads as p
from journal.world.live import Live, write_steps

if TYPE_CHECKING:
    from sqlmodel import Session

    from dsl.contract import Bot, Game, Ruleset
    from journal.models import Campaign, Entry
    from journal.models import Session as PlaySession

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
    """What a fix did: the entry's summary before and after (``None``: taken out), how many
    later answers the game was played on with, and how each later game was played again."""

    number: int
    was: str
    now: str | None
    replayed: int
    answer: str = ""  # the new answer, as shown at the table
    answered: str = ""  # the answer it replaced
    games: tuple[str, ...] = ()  # each later game played again: "game 3 played again by its bots"


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
        if _plain_number(typed.strip()) and int(typed) in faces:
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


@dataclass(frozen=True)
class _Recorded:
    """One game of the campaign as the journal holds it: its session and its entries."""

    session: PlaySession
    rows: list[Entry]

    @property
    def number(self) -> int:
        return self.session.number

    def first(self, kind: str) -> Entry | None:
        return next((e for e in self.rows if e.kind == kind), None)


def _recorded(s: Session, campaign: Campaign) -> list[_Recorded]:
    """Each game of the campaign (a session), with its entries, in order."""
    by_session: dict[int | None, list[Entry]] = {}
    for entry in ledger.entries(s, campaign):
        by_session.setdefault(entry.session_id, []).append(entry)
    return [_Recorded(x, by_session.get(x.id, [])) for x in ledger.sessions_of(s, campaign)]


def _left_before(games: list[_Recorded]) -> dict[str, Any]:
    """What the last of ``games`` to end left for the game after them (``{}``: none did)."""
    for game in reversed(games):
        result = game.first(p.RecordKind.RESULT)
        if result is not None:
            return dict(result.payload.get("carried") or {})
    return {}


def _replayed_from(
    ruleset: Ruleset, begun: dict[str, Any], carried: dict[str, Any]
) -> tuple[Game, Bot]:
    from dsl.contract import GameSetup

    assert ruleset.engine is not None and ruleset.bots is not None
    bots = [ruleset.bots.default if b == "person" else b for b in begun["bots"]]
    named = bots[0] if len(set(bots)) == 1 else ",".join(bots)
    seed = int(begun["seed"])
    options: dict[str, int | bool | str] = {"dice": "table"} if begun.get("dice") == "table" else {}
    options.update({str(k): str(v) for k, v in dict(begun.get("chosen") or {}).items()})
    setup = GameSetup(seed=seed, seats=len(begun["seats"]), options=options, carried=carried)
    bot = ruleset.bots.make(named, seed)
    return ruleset.engine.new_game(setup, bot), bot


def _play_on(live: Live, game: Game, entries: list[Entry], said: str) -> tuple[str | None, int]:
    """Play ``game`` on with the recorded ``entries`` (notes where they stood, each move's
    answer); refused when an answer is no longer offered. Returns why the game was recorded
    stopped (``None``: it was not) and how many answers were given again."""
    ended = None
    replayed = 0
    for entry in entries:
        if entry.kind == p.RecordKind.NOTE:
            live.noted(str(entry.payload.get("text", "")))
        elif entry.kind == p.RecordKind.STOPPED:
            ended = str(entry.payload.get("why", ""))
        elif entry.kind == p.RecordKind.MOVE:
            answer = entry.payload.get("answer")
            decision = game.pending()
            if decision is None or answer is None or not _offered(decision, answer):
                why = "the game is over before it" if decision is None else (
                    f"its answer {_shown(answer)!r} is no longer offered"
                )  # fmt: skip
                raise ChroniclerError(
                    f"{said} leaves entry {entry.number} ({entry.summary}) without its place: "
                    f"{why}; nothing changed"
                )
            _answer(live, game, decision, answer)
            replayed += 1
    return ended, replayed


def _close(live: Live, game: Game, ended: str | None, had_result: bool, number: int) -> None:
    """The game replayed as far as its answers go: its end, or where it stops."""
    if game.pending() is None:
        live.finish(game)
    elif ended is not None or had_result:
        live.stopped(ended or f"entry {number} fixed: the game asks more than was answered")


def _goes_on(
    ruleset: Ruleset, game: Game, number: int, after: list[_Recorded], verb: str, entry: int
) -> dict[str, Any]:
    """What game ``number``, played again, leaves the games recorded ``after`` it; refused
    when it no longer ends, or ends the campaign."""
    assert ruleset.engine is not None
    later = f"game {after[0].number}" if len(after) == 1 else (
        f"games {after[0].number} to {after[-1].number}"
    )  # fmt: skip
    if game.pending() is not None:
        raise ChroniclerError(
            f"{verb} {entry}: game {number} played again asks more than was answered, and "
            f"{later} went on from its end; nothing changed"
        )
    outcome = ruleset.engine.outcome(game)
    if outcome.result and outcome.carried:
        raise ChroniclerError(
            f"{verb} {entry}: game {number} played again ends the campaign ({outcome.result}, "
            f"score {outcome.score or 0}): {later}, recorded after it, would be lost (take "
            "them back with 'chronicler undo' first); nothing changed"
        )
    return dict(outcome.carried)


def _round_title(draft: Draft) -> str:
    return str(getattr(draft.payload, "title", "")) or "Round"


def _again(
    ruleset: Ruleset,
    campaign: Campaign,
    later: _Recorded,
    left: dict[str, Any],
    head: str,
    number: int,
) -> tuple[list[Draft | str], Game, str]:
    """A later game played again from what the game before it now leaves (``left``), after
    entry ``number`` was fixed (``head``: the verb and that number): its steps (scenes and
    entries, from its first scene on), the game, and how it was played."""
    from journal.world.recording import _Tracks, drafts

    n = later.number
    begun_row = later.first(p.RecordKind.GAME)
    if begun_row is None:
        raise ChroniclerError(f"{head}: game {n} keeps no game entry to play it again from")
    begun = dict(begun_row.payload)
    game, bot = _replayed_from(ruleset, begun, left)
    moves = [e for e in later.rows if e.kind == p.RecordKind.MOVE]
    if not moves and later.first(p.RecordKind.RESULT) is not None:  # recorded whole, by bots
        uses = bot.uses_observation
        while (decision := game.pending()) is not None:
            game.apply(bot.choose(game.observation(decision.who) if uses else None, decision))
        made = drafts(ruleset, game, list(begun["bots"]), int(begun["seed"]))
        rounds = [d for d in made if d.kind == p.RecordKind.ROUND]
        steps: list[Draft | str] = [_round_title(rounds[0]) if rounds else "The game"]
        for draft in made:
            if draft.kind == p.RecordKind.ROUND and draft is not rounds[0]:
                steps.append(_round_title(draft))
            steps.append(draft)
        return steps, game, f"game {n} played again by its bots"
    if any(m.payload.get("answer") is None for m in moves):
        raise ChroniclerError(
            f"{head}: game {n} keeps no answers to play it again from (recorded by an older "
            "chronicler); nothing changed"
        )
    live = _Collecting(
        None, campaign.name, ruleset, tuple(begun["seats"]), list(begun["bots"]),
        int(begun["seed"]), dice=str(begun.get("dice") or "generator"), number=n,
    )  # fmt: skip
    live.tracks = _Tracks(live.seats, {})
    rest = [e for e in later.rows if e.number > begun_row.number]
    ended, replayed = _play_on(live, game, rest, f"{head}: game {n} played again")
    _close(live, game, ended, later.first(p.RecordKind.RESULT) is not None, number)
    again = Draft(
        p.RecordKind.GAME, p.GameRecord.model_validate(begun), begun_row.summary, begun_row.who
    )
    said = f"game {n} played again with its {counted(replayed, 'answer')}"
    return ["Setup", again, *live.collected], game, said


def fix(s: Session, campaign_name: str, number: int, typed: str | None) -> Fixed | None:
    """Replace the answer of entry ``number`` with ``typed`` (``None``: take the entry out)
    and play the game on with every later answer, then each later game of the campaign from
    what the one before it now leaves; ``None`` when the entry is not an answer (a note, a
    round: ``entry delete`` takes it out as any ledger's)."""
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
    games = _recorded(s, campaign)
    at = next((i for i, g in enumerate(games) if g.session.id == target.session_id), None)
    if at is None:
        raise ChroniclerError(f"{verb} {number}: entry {number} is in no game; nothing changed")
    this, after = games[at], games[at + 1 :]
    session, rows = this.session, this.rows
    scene = next((x.number for x in ledger.scenes_in(s, session) if x.id == target.scene_id), 0)
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
    game, _ = _replayed_from(ruleset, begun, _left_before(games[:at]))
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
    head = f"{verb} {number}"
    ended, replayed = _play_on(live, game, later, f"{head}: game {session.number} played again")
    _close(live, game, ended, any(e.kind == p.RecordKind.RESULT for e in later), number)
    steps: list[list[Draft | str]] = [live.collected]
    told: list[str] = []
    if after:
        left = _goes_on(ruleset, game, session.number, after, verb, number)
        for k, again in enumerate(after):
            made, played, said = _again(ruleset, campaign, again, left, head, number)
            if k + 1 < len(after):
                left = _goes_on(ruleset, played, again.number, after[k + 1 :], verb, number)
            steps.append(made)
            told.append(said)
    said = f"entry {number}: {now} (was: {was})" if now is not None else f"entry {number}: {was}"
    if told:
        said = f"{said}; {', '.join(told)}"
    _rewrite(s, campaign, keeper, (session.number, scene), number, steps, verb, said)
    old = _shown(target_answer)
    new = _shown(_json(given)) if typed is not None else ""
    return Fixed(number, was, now, replayed, new, old, tuple(told))


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
    steps: list[list[Draft | str]],
    verb: str,
    summary: str,
) -> None:
    """Every entry from ``number`` on, every scene of the game after ``where`` (game, scene)
    and every later game's scenes written again from ``steps`` (the fixed game's, then each
    later game's, from its first scene), as one change of the history (the rows as they
    stood kept). A later game's session keeps its title, narration and date."""
    game, scene = where
    sessions = ledger.sessions_of(s, campaign)
    this = next(x for x in sessions if x.number == game)
    later = [x for x in sessions if x.number > game]
    assert len(later) == len(steps) - 1  # one list of steps a later game
    drafts = sum(1 for made in steps for x in made if isinstance(x, Draft))
    old = [e for e in ledger.entries(s, campaign) if e.number >= number]
    last_entry = max(number + drafts - 1, max(e.number for e in old))
    had = {x.number: ledger.scenes_in(s, x) for x in [this, *later]}
    titles = [sum(1 for x in made if isinstance(x, str)) for made in steps]
    scenes = [(game, k) for k in range(scene + 1, max(scene + titles[0], len(had[game])) + 1)]
    for held, count in zip(later, titles[1:], strict=True):
        scenes += [(held.number, k) for k in range(1, max(count, len(had[held.number])) + 1)]
    history.keep_rows(
        s,
        campaign,
        verb,
        summary,
        entries=range(number, last_entry + 1),
        sessions=[x.number for x in later],
        scenes=scenes,
    )
    kept = [(x.title, x.narration, x.started_at) for x in later]
    for entry in old:
        s.delete(entry)
    s.flush()
    for row in [x for x in had[game] if x.number > scene]:
        s.delete(row)
    for x in later:
        for row in had[x.number]:
            s.delete(row)
    s.flush()
    for x in later:
        s.delete(x)
    s.flush()
    write_steps(s, campaign, keeper, steps[0])
    for (title, narration, started), made in zip(kept, steps[1:], strict=True):
        begun = ledger.start_session(s, campaign, title, narration)
        begun.started_at = started
        s.add(begun)
        s.flush()
        write_steps(s, campaign, keeper, made)
