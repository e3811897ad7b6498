"""A game played at the table, recorded as it is played (``chronicler play GAME --people 1,2
--campaign NAME``): the campaign's next session is begun with the game's entry, then each
question answered is an entry of its own as soon as it is answered (who was asked, what, and
what followed as everyone may know it), each line of narration people add is a note, each
round closes with its round entry (what was revealed, what happened, each player's tracks)
and a scene of its own, and the end with the result.

Each entry is written in its own change of the history as it happens, so a crash or Ctrl-C
keeps what was played: Ctrl-C and an input that closes add a ``stopped`` entry saying where
the game stopped (a kill leaves the game without a result, and the pages say so). A move keeps
its answer, so ``--resume`` replays the game from its seed and answers and plays it on
(``Live.resume``, ``Live.caught_up``). ``chronicler undo`` takes back the last entry written,
``entry delete N`` any one of them.

The entries are the world keeper's (``payloads.py``); nothing here knows a game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dsl.diagnostics import counted
from dsl.errors import ChroniclerError
from journal import history, ledger
from journal.hotseat import public_events
from journal.keepers import Draft, keeper_named
from journal.log import checked
from journal.world import payloads as p
from journal.world.recording import (
    GAME_STARTED,
    ROUND_STARTED,
    _plain,
    _Tracks,
    result_draft,
    round_draft,
    ruleset_key,
)

if TYPE_CHECKING:
    from sqlmodel import Session

    from dsl.contract import Game, Ruleset
    from dsl.kernel.machine import Event


def write_steps(s: Any, campaign: Any, keeper: Any, steps: Sequence[Draft | str]) -> None:
    """Each draft an entry and each title a scene begun, in order (a game's record, written
    by its play and again by an amend). The seat an entry is about is one of the campaign's
    characters (the ledger's ``who`` names a character), so the campaign's bundle imports."""
    seats: set[str] = set()  # the seats made characters by this call (one query a seat)
    for step in steps:
        if isinstance(step, str):
            ledger.start_scene(s, campaign, step, "")
            continue
        if step.who and step.who not in seats:
            ledger.ensure_character(s, campaign, step.who)
            seats.add(step.who)
        ledger.add_entry(
            s,
            campaign,
            kind=step.kind,
            payload=checked(keeper, step),
            summary=step.summary,
            who=step.who,
        )


@dataclass
class Live:
    """The recording of one game in play; ``journal`` is open (``journal.db.open_journal``)."""

    journal: Any
    name: str
    ruleset: Ruleset
    seats: tuple[str, ...]
    bots: list[str]
    seed: int
    dice: str = "generator"  # where the dice come from: the generator, or the table typing them
    number: int = 0  # the game's session number, once begun
    chosen: dict[str, str] = field(default_factory=dict)  # the campaign setup's choices made
    round: int = 0  # the round in play (0: before the first)
    told: int = 0  # public events recorded so far
    events: list[Event] = field(default_factory=list)  # the round in play's public events
    tracks: _Tracks | None = None
    rounds: int = 0  # the round entries written

    # -- writing ----------------------------------------------------------------------------
    def _write(self, verb: str, steps: Sequence[Draft | str]) -> None:
        """Write each draft as an entry and start a scene for each title, in order, as one
        change of the history (``undo`` takes it back)."""
        keeper = keeper_named(self.ruleset.journal.keeper, self.ruleset.name)
        drafts = [x for x in steps if isinstance(x, Draft)]
        scenes = [x for x in steps if isinstance(x, str)]

        def write(s: Session) -> None:
            campaign = ledger.get_campaign(s, self.name)
            first = ledger.next_number(s, campaign)
            have = len(ledger.scenes_in(s, ledger.sessions_of(s, campaign)[-1]))
            history.keep_rows(
                s,
                campaign,
                verb,
                f"game {self.number}: {drafts[-1].summary if drafts else verb}",
                entries=range(first, first + len(drafts)),
                scenes=[(self.number, have + k + 1) for k in range(len(scenes))],
            )
            write_steps(s, campaign, keeper, steps)

        self.journal.write(write)

    def begin(self, game: Game, notes: Sequence[str]) -> int:
        """Begin the game as the campaign's next session (the campaign started when new):
        its game entry and the notes given before play. Returns the game's number."""
        keeper = keeper_named(self.ruleset.journal.keeper, self.ruleset.name)
        key = ruleset_key(self.ruleset)
        self.tracks = _Tracks(self.seats, {})
        begun = Draft(
            p.RecordKind.GAME,
            p.GameRecord(
                seats=list(self.seats),
                seed=self.seed,
                bots=list(self.bots),
                dice="table" if self.dice == "table" else "generator",
                chosen=dict(self.chosen),
            ),
            f"A game of {len(self.seats)} begins at the table: {', '.join(self.seats)} "
            f"(seed {self.seed}{', the dice typed at the table' if self.dice == 'table' else ''})",
        )

        def start(s: Session) -> int:
            name = ledger.campaign_name(self.name)
            found = next((c for c in ledger.campaigns(s) if c.name == name), None)
            campaign = found if found is not None else keeper.start(s, name, self.ruleset)
            if campaign.ruleset != key:
                raise ChroniclerError(
                    f"campaign {name!r} plays {campaign.ruleset}; record games of that ruleset "
                    f"in it, not of {self.ruleset.name}"
                )
            number = len(ledger.sessions_of(s, campaign)) + 1
            first = ledger.next_number(s, campaign)
            history.keep_rows(
                s,
                campaign,
                "play",
                f"game {number} begun at the table",
                entries=[first],
                sessions=[number],
                scenes=[(number, 1)],
            )
            ledger.start_session(s, campaign, f"Game {number}", "")
            ledger.start_scene(s, campaign, "Setup", "")
            ledger.add_entry(
                s, campaign, kind=begun.kind, payload=checked(keeper, begun), summary=begun.summary
            )
            return number

        self.number = int(self.journal.write(start))
        self.name = ledger.campaign_name(self.name)
        for text in notes:
            self.noted(text)
        return self.number

    # -- as the game goes -------------------------------------------------------------------
    def answered(
        self,
        game: Game,
        who: str | None,
        asked: str,
        asked_at: int,
        answer: Any = None,
        *,
        rolled: bool = False,
    ) -> None:
        """A question answered (asked when ``asked_at`` public events had been told): the
        rounds closed before it was asked, its entry (with what its answer made happen), then
        the rounds its answer closed, as one change of the history. ``rolled``: the
        question was a die of the table's, whose face (the answer) its summary says."""
        assert self.tracks is not None  # begun
        public = public_events(game)
        before = list(public[self.told : max(self.told, asked_at)])
        after = list(public[max(self.told, asked_at) :])
        self.told = len(public)
        steps: list[Draft | str] = []
        self._follow(before, steps)
        lines = [
            _plain(x)
            for x in self.ruleset.journal.account.narrate(
                [e for e in after if e.kind != GAME_STARTED]
            )
        ]
        said = f"{who or 'the table'}: {asked}"
        if rolled:  # a die of the table: the face typed is the move
            said = f"{said}: {answer}"
        steps.append(
            Draft(
                p.RecordKind.MOVE,
                p.MoveRecord(
                    round=self.round,
                    player=str(who or ""),
                    asked=asked,
                    happened=[x for x in lines if x],
                    answer=answer,
                ),
                f"{said} ({counted(len(lines), 'thing')} followed)" if lines else said,
                who=str(who) if who else None,
            )
        )
        self._follow(after, steps)
        self._write("play", steps)

    def _follow(self, events: Sequence[Event], steps: list[Draft | str]) -> None:
        """Take ``events`` into the round in play; a round started closes the one before it
        (its entry, then the new round's scene, added to ``steps``)."""
        assert self.tracks is not None
        self.tracks.start(events)  # a number first changed here: as it stood before
        for event in events:
            if event.kind == ROUND_STARTED:
                steps.append(self._close_round())
                self.round = int(event.data.get("round", self.round + 1))
                steps.append(f"Round {self.round}")
            self.events.append(event)

    def _close_round(self) -> Draft:
        assert self.tracks is not None
        said = f"Round {self.round}" if self.round else "Setup"
        draft = round_draft(self.ruleset, self.round, said, self.events, self.tracks)
        self.events = []
        self.rounds += 1
        return draft

    def noted(self, text: str) -> None:
        self._write(
            "note",
            [Draft(p.RecordKind.NOTE, p.NoteRecord(round=self.round, text=text), f"Note: {text}")],
        )

    def finish(self, game: Game) -> None:
        """The game is over: what followed the last answer, the last round, the result."""
        assert self.tracks is not None
        public = public_events(game)
        new = list(public[self.told :])
        self.tracks.start(new)
        self.events += new
        self.told = len(public)
        self._write("play", [self._close_round(), result_draft(self.ruleset, game)])

    def stopped(self, why: str) -> None:
        """Stopped before its end: the round in play as far as it went, and where it stopped."""
        self._write(
            "play",
            [
                self._close_round(),
                Draft(
                    p.RecordKind.STOPPED,
                    p.StoppedRecord(round=self.round, why=why),
                    f"Stopped in round {self.round}: {why}; recorded up to here",
                ),
            ],
        )

    # -- playing a stopped game on ----------------------------------------------------------
    @classmethod
    def resume(cls, journal: Any, name: str, ruleset: Ruleset) -> Resumed:
        """The last game of the campaign, to play on: its seats, seed and bots, the answers
        given so far, and the entries that said it stopped taken out (each a change of the
        history). Refused in one line when the game is over or its moves keep no answers."""
        return Resumed.read(journal, name, ruleset)

    def caught_up(self, game: Game, number: int) -> None:
        """Follow on from a game replayed to where it stopped: the round in play, the public
        events recorded, each player's tracks as the rounds closed left them."""
        public = public_events(game)
        self.number = number
        self.told = len(public)
        self.tracks = _Tracks(self.seats, {})
        self.tracks.start(public)
        starts = [i for i, e in enumerate(public) if e.kind == ROUND_STARTED]
        cut = starts[-1] if starts else 0
        for event in public[:cut]:
            self.tracks.follow(event)
        self.events = public[cut:]
        self.round = int(public[cut].data.get("round", len(starts))) if starts else 0


@dataclass
class Resumed:
    """What ``Live.resume`` read of the game to play on."""

    number: int
    seats: tuple[str, ...]
    seed: int
    bots: list[str]
    answers: list[Any]
    dice: str = "generator"  # the table's dice are asked again as the game plays on
    chosen: dict[str, str] = field(default_factory=dict)  # the setup's choices, made again

    @classmethod
    def read(cls, journal: Any, name: str, ruleset: Ruleset) -> Resumed:
        from journal import log
        from journal.world.recording import games_of

        def read(s: Session) -> Resumed:
            campaign = ledger.get_campaign(s, name)
            if campaign.ruleset != ruleset_key(ruleset):
                raise ChroniclerError(
                    f"campaign {campaign.name!r} plays {campaign.ruleset}, not {ruleset.name}"
                )
            games = games_of(s, campaign)
            if not games or games[-1]["game"] is None:
                raise ChroniclerError(f"campaign {campaign.name!r} has no game to play on")
            last = games[-1]
            if last["result"] is not None:
                raise ChroniclerError(
                    f"game {last['number']} of {campaign.name!r} is over: nothing to resume"
                )
            answers = [m.get("answer") for m in last["moves"]]
            if any(a is None for a in answers):
                raise ChroniclerError(
                    f"game {last['number']} of {campaign.name!r} keeps no answers to play "
                    "on from (recorded by bots, or by an older chronicler)"
                )
            begun = last["game"]
            return cls(
                last["number"],
                tuple(begun["seats"]),
                int(begun["seed"]),
                list(begun["bots"]),
                answers,
                str(begun.get("dice") or "generator"),
                {str(k): str(v) for k, v in dict(begun.get("chosen") or {}).items()},
            )

        found = journal.write(read)

        def trailing(s: Session) -> list[int]:
            """The stopped entry and the part-round entry written with it."""
            campaign = ledger.get_campaign(s, name)
            rows = ledger.entries(s, campaign)
            if not rows or rows[-1].kind != p.RecordKind.STOPPED:
                return []  # killed: nothing said it stopped, every round entry was whole
            stopped = rows.pop()
            out = [stopped.number]
            at = stopped.payload.get("round")
            if rows and rows[-1].kind == p.RecordKind.ROUND and rows[-1].payload.get("round") == at:
                out.append(rows[-1].number)
            return out

        for number in journal.write(trailing):
            journal.write(lambda s, n=number: log.delete(s, name, n))
        return found
