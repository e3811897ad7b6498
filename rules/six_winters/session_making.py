"""Session Setup steps 1-7 and the solo variant's differences (rules: Session Setup, Notes For
Solo Play): the steps done as ``new_session`` makes the session, before anyone is asked
anything. ``new_session`` walks them in the order ``procedure.rules`` writes them (their
primitives are ``outside_play``: the machine's walker passes over them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dsl.errors import ChroniclerError

from .basics import SessionPart
from .state import CampaignState, CharacterState, LocationState, ObstacleInPlay, Sheet


@dataclass
class Making:
    """What the steps that make a session read: the campaign, the characters chosen, the
    scheme asked for (``None``: drawn)."""

    campaign: CampaignState
    chosen: list[str]
    scheme: str | None


class SessionMakingRules(SessionPart):
    """The part of ``Session`` this rules section is (a mixin: ``self`` is the session)."""

    making: Making | None = None

    def _making(self) -> Making:
        if self.making is None:
            raise ChroniclerError("this step is done as a session is made (new_session)")
        return self.making

    def restore_campaign_state(self) -> None:
        """1. The map as the campaign left it. The map records obstacles, not their tokens
        (unless the ruleset keeps them): each enters play again with its printed tokens, as the
        supply allows."""
        rs, campaign = self.ruleset, self._making().campaign
        keep_tokens = bool(rs.value("map obstacles keep tokens", 0))
        supply = {k: rs.value(f"{k} tokens", 12) for k in ("progress", "hindrance")}

        def restored(o: ObstacleInPlay, uid: int) -> ObstacleInPlay:
            card = rs.obstacles.get(o.name)
            wanted = {
                "progress": o.progress if keep_tokens or card is None else card.progress,
                "hindrance": o.hindrance if keep_tokens or card is None else card.hindrance,
            }
            for k in supply:
                wanted[k] = min(wanted[k], supply[k])
                supply[k] -= wanted[k]
            return ObstacleInPlay(o.name, wanted["progress"], wanted["hindrance"], uid=uid)

        st = self.state
        st.locations = [
            LocationState(
                m.name,
                m.x,
                m.y,
                developed=m.developed,
                threats=m.threats,
                obstacles=[restored(o, k) for k, o in enumerate(m.obstacles, start=1000 * (i + 1))],
            )
            for i, m in enumerate(campaign.map)
        ]
        st.archive = list(campaign.archive)
        st.unlocked_abilities = list(campaign.unlocked_abilities)
        st.campaign_characters = list(campaign.unlocked_characters)
        st.sheets = {
            k: Sheet(
                v.name, dict(v.skills), dict(v.advances), list(v.conditions), list(v.chronicle)
            )
            for k, v in campaign.sheets.items()
        }
        st.reserve = list(campaign.reserve) if st.year >= 2 else []
        st.idle_characters = (
            [n for n in campaign.unlocked_characters if n not in campaign.last_characters]
            if st.year >= 2
            else []
        )
        per = rs.value("resource dice per resource", 6)
        st.supply = {r: per for r in rs.resources}
        st.initiative_supply = rs.value("initiative dice", 18)

    def shuffle_the_decks(self) -> None:
        """2. Shuffle the obstacle, asset and scene decks."""
        st = self.state
        decks = {k: list(v) for k, v in self._making().campaign.decks.items()}
        for kind in ("asset", "scene", "obstacle"):
            decks.setdefault(kind, [])
            st.rng.shuffle(decks[kind])
        st.asset_deck, st.scene_deck = decks["asset"], decks["scene"]
        st.obstacle_deck = decks["obstacle"]

    def select_the_scheme(self) -> None:
        """4. The scheme asked for, else one drawn among those of this year."""
        st, making = self.state, self._making()
        if making.scheme is not None:
            st.scheme = making.scheme
            return
        year = st.year
        schemes = sorted(
            s.name for s in self.ruleset.schemes.values() if s.years[0] <= year <= s.years[1]
        )
        if not schemes:
            raise ChroniclerError(f"no scheme is available for year {year}")
        st.scheme = schemes[int(st.rng.random() * len(schemes))]

    def set_up_the_trackers(self, pool_value: str = "threat pool", default: int = 6) -> None:
        """5. Season and turn trackers at their start; the threat pool from the box, as the
        threats on the map leave it."""
        st = self.state
        st.season, st.turn = 0, 1
        total = self.ruleset.value("threat tokens", 12)
        on_map = sum(loc.threats for loc in st.locations)
        st.threat_pool = max(0, min(self.ruleset.value(pool_value, default), total - on_map))
        st.threat_box = total - on_map - st.threat_pool
        # "If this pool is ever empty, the players lose": a pool the map left empty loses the
        # year before its first turn (``new_session`` tells it; the solo pool sets it again)
        st.lost = "the threat pool is empty" if st.threat_pool == 0 else None

    def choose_the_characters(self) -> None:
        """6. The characters chosen, as their sheets stand."""
        rs, making = self.ruleset, self._making()
        self.state.characters = [
            CharacterState(
                name=name,
                body=rs.characters[name].body,
                psyche=rs.characters[name].psyche,
                skills=dict(making.campaign.sheets[name].skills),
                advances=dict(making.campaign.sheets[name].advances),
                conditions=list(making.campaign.sheets[name].conditions),
            )
            for name in making.chosen
        ]

    def sort_the_ability_cards(self) -> None:
        """7. Each character's ability deck, in order (the unlocked abilities among them)."""
        unlocked = self._making().campaign.unlocked_abilities
        for c in self.state.characters:
            c.ability_deck = self.ruleset.character_abilities(c.name, unlocked)

    def shuffle_the_ability_decks_together(self) -> None:
        """Solo: one ability deck. Each character still starts with its own first cards: they
        are set aside, the rest shuffled together, and they go on top in the order the
        characters are set up."""
        st = self.state
        starting = self.ruleset.value("starting abilities", 1)
        deck: list[str] = []
        for c in st.characters:
            deck += c.ability_deck[starting:]
        st.rng.shuffle(deck)
        deck[:0] = [n for c in st.characters for n in c.ability_deck[:starting]]
        for c in st.characters:
            c.ability_deck = []
        st.solo_ability_deck = deck

    def use_the_solo_threat_pool(self) -> None:
        """Solo: the larger threat pool."""
        self.set_up_the_trackers("solo threat pool", 8)


def made_steps(session: Any, phase: str) -> None:
    """Do the steps of ``phase`` that are done as the session is made, in the text's order."""
    for step in session.procedure.phase(phase).steps:
        if step.call is not None and getattr(step.call, "outside_play", False):
            step.call(session)
