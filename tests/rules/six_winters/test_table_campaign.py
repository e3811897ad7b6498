"""Every year of a bot's campaign, told as a table would tell it, gives the campaign the bot's
year gives (issue 11, "Exact"): years 2 to 6 as well as year 1.

A bot plays the six years. For each year, what the group at a table would say of it goes
through ``apply_table_year`` from the campaign as it stood before the year: the downtime
choices on the sheets, the scenes (in the season they were completed), the map at the end of
the winter turn, what the group sees off the map (copies of an obstacle gathered into the
obstacle deck, the face-up staging area and asset discard, the assets being crafted), the
cards burned in play, and the answers at session end (where a threat surged, which card a
failure archived, what was removed at each location). The two campaign states must be equal;
decks and piles are compared as collections (a session shuffles every deck at setup)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from rules.six_winters import engine
from rules.six_winters.bots import make_bot
from rules.six_winters.campaign import apply_table_year, choose_characters, end_session
from rules.six_winters.cards import Ruleset
from rules.six_winters.session import Session
from rules.six_winters.state import CampaignState

REDUCE = "Reduce danger at "
BURNED = ("card_burned", "card_archived")


class _Told:
    """What a table tells of the year a bot plays (``record``), gathered as it is played."""

    def __init__(self, ruleset: Ruleset, campaign: CampaignState, session: Session) -> None:
        self.ruleset, self.campaign, self.session = ruleset, campaign, session
        self.winter_end: dict[str, Any] = {}
        self.reduce: dict[str, str] = {}
        self.downtime: dict[str, list[str]] = {}
        self.picks: list[str] = []
        ending = session.op_scheme_result

        def at_winter_end(ctx: Any) -> Any:  # the first run of session end sees play's map
            if not self.winter_end:
                self.winter_end.update(self._seen_at_winter_end())
            return ending(ctx)

        session.op_scheme_result = at_winter_end  # type: ignore[method-assign]

    def _seen_at_winter_end(self) -> dict[str, Any]:
        st, ruleset, campaign = self.session.state, self.ruleset, self.campaign
        off_map = [*st.obstacle_deck, *st.obstacle_discard]
        off_map += [name for c in st.characters for name in c.obstacles]
        handled = set(off_map) | set(st.archive) | set(campaign.archive)
        handled |= set(campaign.decks.get("obstacle", []))
        handled |= {o.name for m in campaign.map for o in m.obstacles}
        return {
            "map": {
                "threats": {loc.name: loc.threats for loc in st.locations},
                "obstacles": {loc.name: [o.name for o in loc.obstacles] for loc in st.locations},
                "developed": [loc.name for loc in st.locations if loc.developed],
                "undeveloped": [loc.name for loc in st.locations if not loc.developed],
                "added": [
                    [loc.name, loc.x, loc.y]
                    for loc in st.locations
                    if loc.name not in {m.name for m in campaign.map}
                ],
            },
            # an event shares its name with an obstacle: the deck cannot count it apart
            "in_deck": {
                name: off_map.count(name)
                for name in ruleset.obstacles
                if name in handled and name not in ruleset.events
            },
            "staging": list(st.asset_staging),
            "asset_discard": list(st.asset_discard),
            "in_progress": [a.name for c in st.characters for a in c.in_progress],
            "archived": [e.data["card"] for e in self.session.events if e.kind in BURNED],
        }

    def answer(self, decision: Any, answer: Any) -> None:
        if decision.prompt.startswith(REDUCE):
            where = decision.prompt[len(REDUCE) :].rsplit(":", 1)[0]
            self.reduce[where] = str(answer).split(":", 1)[-1]
        elif self.winter_end:  # the scheme's result: where a threat surged, what it chose
            named = answer.get("name") if isinstance(answer, dict) else answer
            self.picks.append(str(named))
        if decision.prompt.startswith("Downtime:"):
            self.downtime.setdefault(decision.who, []).append(str(answer))

    def record(self) -> dict[str, Any]:
        st, events = self.session.state, self.session.events
        seasons = [name for name, _turns in self.ruleset.seasons]
        ended, season_of = 0, []
        for e in events:
            ended += e.kind == "season_ended"
            if e.kind == "scene_completed":
                season_of.append(seasons[min(ended, len(seasons) - 1)])
        burned = [e.data["card"] for e in events if e.kind in BURNED]
        seen = self.winter_end
        result = st.result or {}
        self.picks += [n for n in burned[len(seen["archived"]) :] if n not in self.picks]
        return {
            "year": st.year,
            "scheme": st.scheme,
            "characters": [c.name for c in st.characters],
            "result": result["result"],
            "reason": result["reason"],
            "threat_left": result["threat_left"],
            "seed": st.seed,
            "scenes": [
                {**scene, "season": season_of[i]} for i, scene in enumerate(st.scenes_completed)
            ],
            "reserve": [n for c in st.characters for n in c.assets],
            "conditions": {c.name: list(c.conditions) for c in st.characters},
            "seasons_ended": sum(1 for e in events if e.kind == "season_ended"),
            "downtime": self.downtime,
            **seen,
        }


def _as_kept(campaign: CampaignState) -> dict[str, Any]:
    kept = dataclasses.asdict(campaign)
    kept["decks"] = {kind: sorted(cards) for kind, cards in kept["decks"].items()}
    kept["archive"] = sorted(kept["archive"])
    kept["reserve"] = sorted(kept["reserve"])
    return kept


def _campaign_years(
    ruleset: Ruleset, bot_name: str, seed: int
) -> Iterator[tuple[CampaignState, dict[str, Any], _Told, CampaignState]]:
    """Each year of a bot's campaign: the campaign before it, the table's record of it, what
    the table answered, and the campaign after the bot's year."""
    rng = random.Random(seed)
    bot = make_bot(bot_name, seed)
    campaign = engine.new_campaign(ruleset)
    for _ in range(ruleset.value("years", 6)):
        chosen = choose_characters(bot, campaign, ruleset)
        session = engine.new_session(ruleset, campaign, rng.randrange(2**31), chosen)
        told = _Told(ruleset, campaign, session)
        while (decision := session.pending()) is not None:
            seen = session.observation(decision.who) if bot.uses_observation else None
            answer = bot.choose(seen, decision)
            told.answer(decision, answer)
            session.apply(answer)
        played = end_session(campaign, session)
        yield campaign, told.record(), told, played
        campaign = played


@pytest.mark.parametrize("bot_name", ["random", "heuristic"])
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])
def test_every_year_of_a_campaign_entered_at_the_table_gives_the_played_campaign(
    ruleset, bot_name, seed
):
    years = 0
    for before, record, told, played in _campaign_years(ruleset, bot_name, seed):
        places = {name: f"{x},{y}" for name, x, y in record["map"]["added"]}
        at_the_table, _lines = apply_table_year(
            ruleset, before, record, reduce=told.reduce, places=places, picks=told.picks
        )
        assert _as_kept(at_the_table) == _as_kept(played), f"year {record['year']}"
        years += 1
    assert years == 6
