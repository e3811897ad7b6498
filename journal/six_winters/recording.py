"""Recording a session from the engine's events, as it is played.

``Recorder`` consumes the engine's ``Event(kind, data)`` stream (docs/design/engine-api.md) and
writes ledger rows: the year's session at ``session_started``, each scene at ``scene_completed``
(with a plain narration, since bots tell no stories), the result at ``session_ended``, and the
map, sheets and campaign state when the engine's ``end_session`` has run. Every event is also
kept in order in the event log. Writes happen at those points, one transaction each, so a crash
mid-session loses at most the events since the last scene.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sqlmodel import Session

from journal.catalogue import Catalogue, load_catalogue, points_of
from journal.db import Journal, open_journal
from journal.models import Campaign
from journal.six_winters import campaign as campaign_state
from journal.six_winters import ledger
from journal.six_winters.ledger import Play
from journal.six_winters.models import TIER_PLAIN, EventRecord, YearSession


def join_names(names: Sequence[str]) -> str:
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def plain_narration(scene: str, participants: Sequence[str], cards: Sequence[str]) -> str:
    """The "I can't think of anything" tier: say which cards completed the scene, plainly."""
    who = join_names(participants) or "The characters"
    one = len(participants) == 1
    if not cards:
        return f"{who} {'completes' if one else 'complete'} {scene} on skill matches alone."
    return f"{who} {'plays' if one else 'play'} {join_names(cards)} to complete {scene}."


def _event_parts(event: Any) -> tuple[str, dict[str, Any]]:
    if isinstance(event, Mapping):
        kind, data = event.get("kind"), event.get("data", {})
    elif isinstance(event, tuple) and len(event) == 2:
        kind, data = event
    else:
        kind, data = getattr(event, "kind", None), getattr(event, "data", {})
    if not isinstance(kind, str):
        raise TypeError(f"not an engine event: {event!r}")
    # Keep exactly what JSON keeps, so the log reads back the same as it was written.
    return kind, json.loads(json.dumps(dict(data or {}), default=str))


class Recorder:
    """Writes one campaign's sessions into a journal from the engine's events.

    Use ``on_event`` for each event as the engine emits it, then ``end_session(state)`` with the
    campaign state the engine's ``end_session`` returned. ``record_session`` does both for a
    session already played.
    """

    def __init__(
        self,
        journal: Journal,
        campaign: str,
        *,
        create: bool = True,
        seed: int | None = None,
        catalogue: Catalogue | None = None,
    ) -> None:
        self.journal = journal
        self.catalogue = catalogue if catalogue is not None else load_catalogue()
        self.campaign_id = journal.write(lambda s: self._campaign(s, campaign, create, seed))
        self.session_id: int | None = None
        self.year: int | None = None
        self._pending: list[tuple[str, dict[str, Any]]] = []
        self._numbered = 0
        self._conditions: dict[str, list[str]] = {}
        self._advances: dict[str, list[str]] = {}

    @staticmethod
    def _campaign(s: Session, name: str, create: bool, seed: int | None) -> int:
        found = next((c for c in ledger.campaigns(s) if c.name == name), None)
        if found is None:
            if not create:
                ledger.get_campaign(s, name)  # raises, naming the near campaigns
            found = ledger.create_campaign(s, name, seed=seed)
        assert found.id is not None
        return found.id

    # --- events -------------------------------------------------------------------------------

    def on_event(self, event: Any) -> None:
        kind, data = _event_parts(event)
        self._pending.append((kind, data))
        if kind == "condition_taken":
            self._conditions.setdefault(str(data.get("character")), []).append(
                str(data.get("condition"))
            )
        if kind == "session_started":
            self.journal.write(lambda s: self._session_started(s, data))
        elif kind == "downtime" or (kind == "condition_removed" and data.get("by") == "downtime"):
            self.journal.write(lambda s: self._downtime(s, kind, data))
        elif kind == "scene_completed":
            self.journal.write(lambda s: self._scene_completed(s, data))
        elif kind == "session_ended":
            self.journal.write(lambda s: self._session_ended(s, data))

    __call__ = on_event

    def flush(self) -> None:
        """Write the events seen since the last scene (the engine may call this any time)."""
        if self.session_id is not None and self._pending:
            self.journal.write(self._flush_events)

    def _flush_events(self, s: Session) -> None:
        assert self.session_id is not None
        for kind, data in self._pending:
            self._numbered += 1
            s.add(
                EventRecord(session_id=self.session_id, number=self._numbered, kind=kind, data=data)
            )
        self._pending.clear()

    def _campaign_row(self, s: Session) -> Campaign:
        row = s.get(Campaign, self.campaign_id)
        assert row is not None
        return row

    def _session_row(self, s: Session) -> YearSession:
        assert self.session_id is not None, "no session_started event yet"
        row = s.get(YearSession, self.session_id)
        assert row is not None
        return row

    def _session_started(self, s: Session, data: dict[str, Any]) -> None:
        campaign = self._campaign_row(s)
        year = int(data.get("year", 1))
        session = ledger.start_year(
            s,
            campaign,
            year,
            str(data.get("scheme", "")),
            [str(c) for c in data.get("characters", [])],
            seed=data.get("seed"),
            solo=bool(data.get("solo", False)),
            source="engine",
        )
        if self.catalogue is not None:
            for name in session.characters:
                ledger.ensure_character(s, campaign, name, title=self.catalogue.title_of(name))
        assert session.id is not None
        self.session_id, self.year, self._numbered = session.id, year, 0
        self._conditions, self._advances = {}, {}
        self._flush_events(s)

    def _downtime(self, s: Session, kind: str, data: dict[str, Any]) -> None:
        """Downtime is taken at this year's setup for sitting last year out: it goes on last
        year's downtime line."""
        assert self.year is not None, "no session_started event yet"
        campaign = self._campaign_row(s)
        character = ledger.ensure_character(s, campaign, str(data.get("character")))
        if kind == "downtime":
            ledger.note_downtime(s, character, self.year - 1, advances=[str(data.get("skill"))])
        else:
            ledger.note_downtime(
                s, character, self.year - 1, recovered=[str(data.get("condition"))]
            )
        # The event goes into the log with the note, so a rollback knows what to take off.
        self._flush_events(s)

    def _scene_completed(self, s: Session, data: dict[str, Any]) -> None:
        session = self._session_row(s)
        cards = data.get("cards_played", []) or []
        plays = [
            Play(
                card=str(c.get("card")),
                points=int(c.get("points", 0) or 0),
                kind=c.get("kind"),
                character=c.get("character"),
            )
            for c in cards
        ]
        participants = [str(p) for p in data.get("participants", [])]
        advances = list(data.get("advances", []) or [])
        for advance in advances:
            self._advances.setdefault(str(advance.get("character")), []).append(
                str(advance.get("skill"))
            )
        scene = str(data.get("scene", ""))
        points_needed = data.get("points_needed")
        if points_needed is None and self.catalogue is not None:
            card = self.catalogue.get(scene, "scene")
            points_needed = points_of(card) if card else None
        ledger.record_scene(
            s,
            session,
            scene=scene,
            location=str(data.get("location", "")),
            participants=participants,
            plays=plays,
            skill=data.get("skill"),
            points_needed=points_needed,
            skill_match_points=int(data.get("skill_match_points", 0) or 0),
            epilogue_choice=data.get("epilogue_choice"),
            advances=advances,
            narration=plain_narration(scene, participants, [p.card for p in plays]),
            tier=TIER_PLAIN,
            narrator="bot",
        )
        self._flush_events(s)

    def _session_ended(self, s: Session, data: dict[str, Any]) -> None:
        campaign = self._campaign_row(s)
        session = self._session_row(s)
        ledger.end_year(
            s,
            campaign,
            session,
            result=str(data.get("result", "lost")),
            reason=data.get("reason"),
            threat_left=data.get("threat_left"),
            scenes_completed=data.get("scenes_completed"),
        )
        write_chronicle_year(s, campaign, session, self._conditions, self._advances)
        self._flush_events(s)

    # --- between sessions ---------------------------------------------------------------------

    def end_session(self, state: Any) -> None:
        """Record what the engine's ``end_session`` returned: map, sheets, state; the fate."""
        as_json = campaign_state.state_json(state)
        year = self.year
        if year is None:
            raise ValueError("end_session before any session_started event")
        self.flush()

        def work(s: Session) -> None:
            campaign = self._campaign_row(s)
            campaign_state.record_state_year(s, campaign, year, as_json, self.catalogue)
            # Characters the state unlocked who sat this year out: their downtime line.
            write_chronicle_year(
                s, campaign, self._session_row(s), self._conditions, self._advances
            )
            if year == 6 or as_json.get("fate"):
                finale = as_json.get("finale_scenes_completed")
                if finale is None:
                    finale = self._session_row(s).scenes_completed
                campaign_state.end_campaign(
                    s,
                    campaign,
                    finale_scenes=int(finale),
                    fate=as_json.get("fate"),
                    score=as_json.get("score"),
                )

        self.journal.write(work)

    def record_session(self, session: Any, state: Any = None) -> None:
        """Record a session already played: its events in order, then the state after it."""
        for event in getattr(session, "events", session):
            self.on_event(event)
        self.flush()
        if state is not None:
            self.end_session(state)


def write_chronicle_year(
    s: Session,
    campaign: Campaign,
    session: YearSession,
    conditions: Mapping[str, list[str]],
    advances: Mapping[str, list[str]],
) -> None:
    """Each character's chronicle line for the year: the scheme and result, or downtime."""
    for character in ledger.characters(s, campaign):
        played = character.name in session.characters
        ledger.write_chronicle(
            s,
            character,
            session.year,
            downtime=not played,
            scheme=session.scheme if played else None,
            result=session.result if played else None,
            conditions=conditions.get(character.name, []),
            advances=advances.get(character.name, []),
        )


def recorder_for(campaign: str, db: str | None = None, *, seed: int | None = None) -> Recorder:
    """The hook for ``chronicler play --campaign NAME``: a recorder on the user's journal."""
    return Recorder(open_journal(db), campaign, seed=seed)


def record_campaign(
    journal: Journal,
    campaign: str,
    years: Iterable[tuple[Any, Any]],
    *,
    seed: int | None = None,
    catalogue: Catalogue | None = None,
) -> Recorder:
    """Record ``(campaign_state_after, session)`` pairs, as ``engine.play_campaign`` yields them."""
    recorder = Recorder(journal, campaign, seed=seed, catalogue=catalogue)
    for state, session in years:
        recorder.record_session(session, state)
    return recorder
