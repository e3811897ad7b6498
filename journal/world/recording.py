"""A game played by seats, recorded as one session of its campaign: a scene a round, an entry
for the game begun, one a round and one for the result (``payloads.py``). The recording is one
change of the history, so ``chronicler undo`` takes the whole game back.

What a round holds comes from the game's events as every world game tells them (a round
started, a choice revealed, a value of a player changed) and from the ruleset's own account
(one line an event) and outcome: nothing here knows a game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from rich.text import Text

from dsl.errors import ChroniclerError
from journal import history, ledger
from journal.keepers import Draft, keeper_named
from journal.log import checked
from journal.world import payloads as p

if TYPE_CHECKING:
    from sqlmodel import Session

    from dsl.contract import Game, Ruleset
    from dsl.kernel.machine import Event
    from journal.models import Campaign, Entry

ROUND_STARTED = "round_started"  # the kinds of event every world game tells (dsl.world.events)
CHOICE_REVEALED = "choice_revealed"
VALUE_CHANGED = "value_changed"
GAME_STARTED = "game_started"


def ruleset_key(game: Ruleset) -> str:
    """What a campaign row names its ruleset by: the registry's name, or the folder of a
    text the registry does not ship (so the campaign finds its keeper again)."""
    return game.name if game.shipped else str(game.folder.resolve())


def _plain(line: str) -> str:
    return Text.from_markup(line).plain.strip()


def _rounds(events: Sequence[Event]) -> list[tuple[int, list[Event]]]:
    """The events cut at each round's start (round 0: what came before the first)."""
    out: list[tuple[int, list[Event]]] = [(0, [])]
    for event in events:
        if event.kind == ROUND_STARTED:
            out.append((int(event.data.get("round", len(out))), []))
        out[-1][1].append(event)
    return [(n, evs) for n, evs in out if evs]


@dataclass
class _Tracks:
    """Each player's numbers as the events so far left them."""

    players: tuple[str, ...]
    values: dict[str, dict[str, int]]

    def follow(self, event: Event) -> None:
        d = event.data
        owner = str(d.get("owner", ""))
        if event.kind == VALUE_CHANGED and owner in self.players:
            after = d.get("after")
            if isinstance(after, int) and not isinstance(after, bool):
                self.values.setdefault(owner, {})[str(d.get("property"))] = after

    def start(self, events: Sequence[Event]) -> None:
        """Each number as it stood before its first change (its starting value)."""
        for event in events:
            d = event.data
            owner = str(d.get("owner", ""))
            before = d.get("before")
            if (
                event.kind == VALUE_CHANGED
                and owner in self.players
                and isinstance(before, int)
                and not isinstance(before, bool)
            ):
                self.values.setdefault(owner, {}).setdefault(str(d.get("property")), before)

    def now(self) -> dict[str, dict[str, int]]:
        return {p: dict(sorted(v.items())) for p, v in self.values.items()}


def drafts(game: Ruleset, played: Game, bots: Sequence[str], seed: int) -> list[Draft]:
    """The entries of a finished game: begun, each round, the result."""
    assert game.engine is not None
    outcome = game.engine.outcome(played)
    if outcome.reason == "not over":
        raise ChroniclerError("the game is not over: only a finished game is recorded")
    seats = tuple(outcome.seats)
    out = [
        Draft(
            p.RecordKind.GAME,
            p.GameRecord(seats=list(seats), seed=seed, bots=list(bots)),
            f"A game of {len(seats)} begins: {', '.join(seats)} (seed {seed})",
        )
    ]
    tracks = _Tracks(seats, {})
    tracks.start(played.events)
    rounds = _rounds(played.events)
    for number, events in rounds:
        said = f"Round {number}" if number else "Setup" if len(rounds) > 1 else "The game"
        out.append(round_draft(game, number, said, events, tracks))
    out.append(result_draft(game, played))
    return out


def round_draft(
    game: Ruleset, number: int, said: str, events: Sequence[Event], tracks: _Tracks
) -> Draft:
    """The entry of one round: what was revealed, what happened (the ruleset's account) and
    each player's tracks as it left them (``tracks`` follows its events)."""
    revealed = [
        p.Revealed(
            player=str(e.data.get("player", "")),
            what=str(e.data.get("what", "")),
            answer=str(e.data.get("answer", "")),
        )
        for e in events
        if e.kind == CHOICE_REVEALED
    ]
    for event in events:
        tracks.follow(event)
    lines = [
        _plain(line)
        for line in game.journal.account.narrate([e for e in events if e.kind != GAME_STARTED])
    ]
    record = p.RoundRecord(
        round=number,
        title=said,
        revealed=revealed,
        happened=[x for x in lines if x],
        tracks=tracks.now(),
    )
    return Draft(
        p.RecordKind.ROUND,
        record,
        f"{said}: {len(revealed)} revealed, {len(record.happened)} things happened",
    )


def result_draft(game: Ruleset, played: Game) -> Draft:
    """The entry of a finished game's result: scores by category, winners, ranking."""
    assert game.engine is not None
    outcome = game.engine.outcome(played)
    seats = tuple(outcome.seats)
    winners = list(outcome.winners)
    head = f"{winners[0]} wins" if len(winners) == 1 else f"a tie: {', '.join(winners)}"
    together = bool(outcome.result) or bool(outcome.carried)  # dsl/world/together.py
    ranking = [] if together else sorted(seats, key=lambda s: -int(outcome.scores.get(s, 0)))
    result = p.ResultRecord(
        scores={str(k): int(v) for k, v in outcome.scores.items()},
        categories={str(k): dict(v) for k, v in outcome.categories.items()},
        winners=winners,
        ranking=ranking,
        why=outcome.reason,
        result=outcome.result,
        score=outcome.score,
        carried=p.Carried.model_validate(dict(outcome.carried)) if outcome.carried else None,
    )
    if together:
        return Draft(p.RecordKind.RESULT, result, together_said(result.model_dump()))
    scores = ", ".join(f"{s} {result.scores.get(s, 0)}" for s in ranking)
    return Draft(p.RecordKind.RESULT, result, f"{head} ({scores})")


def together_said(result: dict[str, Any]) -> str:
    """How a result of a game played together, or of a campaign's session, reads: "" for a
    game whose seats are ranked."""
    if result.get("result"):
        won = "every seat wins" if result.get("winners") else "no seat wins"
        return f"{result['result']} for the table, score {result.get('score') or 0}: {won}"
    if result.get("carried"):
        return "the session ends; the campaign goes on"
    return ""


def campaign_left(s: Session, name: str, game: Ruleset) -> dict[str, Any]:
    """What the campaign's last game left for its next session (``{}``: a new campaign, or a
    campaign of games that carry nothing); refused once the campaign is over (its last game
    ended with the text's result)."""
    name = ledger.campaign_name(name)
    found = next((c for c in ledger.campaigns(s) if c.name == name), None)
    if found is None:
        return {}
    if found.ruleset != ruleset_key(game):
        raise ChroniclerError(
            f"campaign {name!r} plays {found.ruleset}; record games of that ruleset in it, "
            f"not of {game.name}"
        )
    results = [g["result"] for g in games_of(s, found) if g["result"] is not None]
    if not results:
        return {}
    last = results[-1]
    if last.get("result") and last.get("carried"):  # the last session of a campaign
        raise ChroniclerError(
            f"campaign {name!r} is over ({last['result']}, score {last.get('score') or 0}); "
            "start another campaign to play again"
        )
    return dict(last.get("carried") or {})


def record_game(
    s: Session,
    name: str,
    game: Ruleset,
    played: Game,
    bots: Sequence[str],
    seed: int,
    notes: Sequence[str] = (),
) -> tuple[Campaign, int]:
    """Record a finished game as the campaign's next session (the campaign is started when it
    is new), ``notes`` (the narration people added) its narration; returns the campaign and
    the session's number. One change of the history."""
    keeper = keeper_named(game.journal.keeper, game.name)
    key = ruleset_key(game)
    name = ledger.campaign_name(name)
    found = next((c for c in ledger.campaigns(s) if c.name == name), None)
    campaign = found if found is not None else keeper.start(s, name, game)
    if campaign.ruleset != key:
        raise ChroniclerError(
            f"campaign {name!r} plays {campaign.ruleset}; record games of that ruleset in it, "
            f"not of {game.name}"
        )
    made = drafts(game, played, bots, seed)
    number = len(ledger.sessions_of(s, campaign)) + 1
    first = ledger.next_number(s, campaign)
    rounds = [d for d in made if d.kind == p.RecordKind.ROUND]
    history.keep_rows(
        s,
        campaign,
        "play",
        f"game {number}: {made[-1].summary}",
        entries=range(first, first + len(made)),
        sessions=[number],
        scenes=[(number, i + 1) for i in range(len(rounds))],
    )
    ledger.start_session(s, campaign, f"Game {number}", "\n\n".join(notes))
    titles = [str(getattr(d.payload, "title", "")) or "Round" for d in rounds]
    ledger.start_scene(s, campaign, titles[0] if titles else "The game", "")
    # the game begun is the first scene's, with the first round (an entry belongs to the
    # session of the scene in play: before any scene, to none, or to the game before)
    for draft in made:
        if draft.kind == p.RecordKind.ROUND and draft is not rounds[0]:
            ledger.start_scene(s, campaign, str(getattr(draft.payload, "title", "")) or "Round", "")
        ledger.add_entry(
            s,
            campaign,
            kind=draft.kind,
            payload=checked(keeper, draft),
            summary=draft.summary,
            who=draft.who,
        )
    return campaign, number


def games_of(s: Session, campaign: Campaign) -> list[dict[str, Any]]:
    """Each game of the campaign (a session): its number, and its entries' payloads by kind."""
    out: list[dict[str, Any]] = []
    by_session: dict[int | None, list[Any]] = {}
    for entry in ledger.entries(s, campaign):
        by_session.setdefault(entry.session_id, []).append(entry)
    for session in ledger.sessions_of(s, campaign):
        rows = [(r.kind, _read(r)) for r in by_session.get(session.id, [])]
        out.append(
            {
                "number": session.number,
                "title": session.title,
                "narration": session.narration,
                "game": next((x for kind, x in rows if kind == p.RecordKind.GAME), None),
                "rounds": [x for kind, x in rows if kind == p.RecordKind.ROUND],
                "result": next((x for kind, x in rows if kind == p.RecordKind.RESULT), None),
                "moves": [x for kind, x in rows if kind == p.RecordKind.MOVE],
                "notes": [x for kind, x in rows if kind == p.RecordKind.NOTE],
                "stopped": next((x for kind, x in rows if kind == p.RecordKind.STOPPED), None),
            }
        )
    return out


def _read(entry: Entry) -> dict[str, Any]:
    """An entry's payload read through its kind's model (checked; defaults filled in)."""
    model = p.ENTRY_MODELS.get(entry.kind)
    if model is None:
        raise ChroniclerError(
            f"the journal is damaged: entry {entry.number} is of no kind a game played by "
            f"seats keeps ({entry.kind!r})"
        )
    try:
        return dict(model.model_validate(entry.payload).model_dump(mode="json"))
    except ValidationError as error:
        first = error.errors()[0]
        at = ".".join(str(part) for part in first["loc"])
        raise ChroniclerError(
            f"the journal is damaged: entry {entry.number}: {at}: {first['msg']}"
        ) from None
