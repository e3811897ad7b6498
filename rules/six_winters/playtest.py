"""What one played Six Winters session tells a playtest report (``chronicler simulate``).

The designer's questions are about conditions, resource dice running out of the supply,
cards, characters and scenes. Most of it is read from the event log after the session; the
supply is watched as the game is played (``SupplyWatch``), since dice leave and come back many
times within a turn and only the table at each decision shows how low the supply went.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .contracts import EventKind

SUPPLY_VALUE = "resource dice per resource"  # the declared value a supply sweep varies

# Per card, the events that count as drawn, taken, crafted (completed) and used.
DRAWN = {EventKind.ASSET_STAGED: "asset", EventKind.ABILITY_TAKEN: "ability"}
TAKEN = {
    EventKind.ASSET_TAKEN: "asset",
    EventKind.RESERVE_TAKEN: "asset",
    EventKind.ABILITY_TAKEN: "ability",
}
CRAFTED = {EventKind.ASSET_COMPLETED: "asset"}
USED = {EventKind.ASSET_PLAYED: "asset", EventKind.ABILITY_PLAYED: "ability"}
# every kind of event ``facts`` reads: most of a log is none of them, each passed over with one
# look-up (a session tells some six hundred events)
_READ = frozenset(
    (
        EventKind.TURN_STARTED,
        EventKind.CONDITION_TAKEN,
        EventKind.SCENE_DRAWN,
        EventKind.SCENE_COMPLETED,
        *DRAWN,
        *TAKEN,
        *CRAFTED,
        *USED,
    )
)


@dataclass
class SupplyWatch:
    """Follows a session's resource supply decision by decision: each time a resource's supply
    reaches zero (a run-out, with the turn of the session it happened in) and how many dice of
    each resource were in play at most."""

    full: int
    low: dict[str, int] = field(default_factory=dict)
    empty: set[str] = field(default_factory=set)
    runouts: list[tuple[str, int]] = field(default_factory=list)
    turn: int = 0
    _at: tuple[int, int] | None = None
    # the supply as last seen: most decisions change no die, and then nothing above can change
    # (``see`` runs at every decision of a simulation: a speed shortcut)
    _seen: dict[str, int] | None = None

    @classmethod
    def of(cls, session: Any) -> SupplyWatch:
        watch = cls(full=session.ruleset.value(SUPPLY_VALUE, 6))
        watch.low = {resource: watch.full for resource in session.ruleset.resources}
        watch.see(session)
        return watch

    def see(self, session: Any) -> None:
        st = session.state
        at = (st.season, st.turn)
        if at != self._at:
            self._at = at
            self.turn += 1
        supply = st.supply
        if supply == self._seen:  # the same counts: no new low, no run-out, no refill
            return
        self._seen = dict(supply)
        for resource, left in supply.items():
            if left < self.low.get(resource, self.full):
                self.low[resource] = left
            if left <= 0:
                if resource not in self.empty:
                    self.empty.add(resource)
                    self.runouts.append((resource, self.turn))
            else:
                self.empty.discard(resource)

    def peak_in_play(self) -> dict[str, int]:
        """The most dice of each resource that were out of the supply at once."""
        return {r: self.full - low for r, low in sorted(self.low.items())}


def facts(session: Any, watch: SupplyWatch | None = None) -> dict[str, Any]:
    """The figures of one finished session: its result, the conditions taken, per card how
    often it was drawn, taken, crafted, used and spent in a scene, the scenes drawn and the
    turn each was completed in, and (when watched) the supply's run-outs and peaks."""
    result = session.result()
    st = session.state
    characters = [c.name for c in st.characters]
    conditions: list[tuple[str, str]] = []
    cards: dict[tuple[str, str], Counter[str]] = {}
    scenes: dict[str, int | None] = {}
    turn = 0

    def count(card: str, kind: str, what: str) -> None:
        cards.setdefault((card, kind), Counter())[what] += 1

    read = _READ
    for event in session.events:
        kind = event.kind
        if kind not in read:
            continue
        data = event.data
        if kind == EventKind.TURN_STARTED:
            turn += 1
        elif kind == EventKind.CONDITION_TAKEN:
            conditions.append((str(data["character"]), str(data["condition"])))
        elif kind == EventKind.SCENE_DRAWN:
            scenes.setdefault(str(data["scene"]), None)
        elif kind == EventKind.SCENE_COMPLETED:
            scenes[str(data["scene"])] = turn
            for played in data.get("cards_played") or ():
                count(str(played["card"]), str(played.get("kind", "card")), "spent")
        if kind in DRAWN:
            count(_card(data), DRAWN[kind], "drawn")
        if kind in TAKEN:
            count(_card(data), TAKEN[kind], "taken")
        if kind in CRAFTED:
            count(_card(data), CRAFTED[kind], "crafted")
        if kind in USED:
            count(_card(data), USED[kind], "used")
    return {
        "year": result.year,
        "scheme": result.scheme,
        "characters": characters,
        "won": bool(result.won),
        "reason": result.reason,
        "scenes_completed": result.scenes_completed,
        "threat_left": result.threat_left,
        "turns": turn,
        "seed": st.seed,
        "answers": list(st.answers),
        "conditions": conditions,
        "cards": [
            (card, kind, c["drawn"], c["taken"], c["crafted"], c["used"], c["spent"])
            for (card, kind), c in sorted(cards.items())
        ],
        "scenes": sorted(scenes.items()),
        "runouts": list(watch.runouts) if watch else [],
        "peaks": sorted(watch.peak_in_play().items()) if watch else [],
        "supply": watch.full if watch else None,
    }


def _card(data: dict[str, Any]) -> str:
    return str(data.get("asset") or data.get("ability") or data.get("card"))


def play_sessions(ruleset: Any, bot: Any, seed: int, last: int) -> list[dict[str, Any]]:
    """The sessions of years 1 to ``last`` of one campaign, played by ``bot`` from ``seed`` (as
    ``chronicler play --year`` plays them): each session's facts, supply watched."""
    import random

    from .campaign import choose_characters, end_session
    from .session import new_campaign, new_session

    uses = getattr(bot, "uses_observation", True)
    rng = random.Random(seed)  # as play_campaign: the same seed gives the same sessions
    campaign = new_campaign(ruleset)
    sessions = []
    for year in range(1, last + 1):
        chosen = choose_characters(bot, campaign, ruleset)
        session = new_session(ruleset, campaign, rng.randrange(2**31), chosen)
        watch = SupplyWatch.of(session)
        if hasattr(bot, "bind"):  # a bot that searches copies of the session it plays
            bot.bind(session)
        while (decision := session.pending()) is not None:
            obs = session.observation(decision.who) if uses else None
            session.apply(bot.choose(obs, decision))
            watch.see(session)
        sessions.append(facts(session, watch))
        if year < last:  # the campaign after the last session is never read here
            campaign = end_session(campaign, session)
    return sessions


def replay_sessions(ruleset: Any, sessions: Any) -> tuple[Any, Any]:
    """Rebuild stored sessions in order from their seeds, characters and answers; returns the
    last session and the campaign it started from."""
    from .campaign import end_session
    from .session import new_campaign, replay

    campaign = new_campaign(ruleset)
    before, session = campaign, None
    for stored in sessions:
        before = campaign
        session = replay(ruleset, campaign, stored["seed"], stored["characters"], stored["answers"])
        campaign = end_session(campaign, session)
    return session, before
