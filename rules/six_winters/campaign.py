"""Between sessions: session end, the six-year campaign, Brightdune's fate and the score."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from .cards import Ruleset
from .engine import Session, new_session, play
from .state import CampaignState, MapLocation, ObstacleInPlay, Sheet

# Brightdune's fate by the number of finale scenes completed (titles from the seed's table).
FATES = (
    "Autarch Ascendant",
    "Ruled by the Empire",
    "Society in Shambles",
    "Pyrrhic Victory",
    "Brightdune Transformed",
    "Society Preserved",
    "Brightdune Ascendant",
)

# Campaign score titles: the lowest score of each band.
SCORE_TITLES = (
    (121, "Champion of Brightdune"),
    (91, "Master"),
    (61, "Expert"),
    (31, "Novice"),
    (0, "Maybe you misunderstood a rule?"),
)

FINAL_YEAR = 6


def score_title(score: int) -> str:
    return next(title for low, title in SCORE_TITLES if score >= low)


def campaign_score(
    history: Sequence[dict[str, Any]], success_points: int = 10, finale_points: int = 3
) -> int:
    """Scene points of the whole campaign, +10 per successful year 1-5, +3 per finale scene
    (the declared ``session success points`` and ``finale scene points``)."""
    total = 0
    for year in history:
        total += sum(s["points"] for s in year["scenes"])
        if year["year"] < FINAL_YEAR and year["result"] == "won":
            total += success_points
        total += finale_points * sum(1 for s in year["scenes"] if s.get("finale"))
    return total


def end_session(campaign: CampaignState, session: Session) -> CampaignState:
    """Session end (the steps the table does not decide) applied to the campaign.

    The scheme's result and the reduction of location danger were played at the table as the
    session's last steps; here the map is recorded, assets and obstacles are stored, the
    chronicle is written, and after year 6 the campaign end gives the fate and the score.
    """
    st = session.state
    final = session.ruleset.value("finale year", FINAL_YEAR)
    if not session.is_over():
        raise ValueError("the session is not over")
    result = st.result or {}
    chars = st.characters
    assets = list(st.asset_deck) + list(st.asset_staging) + list(st.asset_discard)
    assets += [a.name for c in chars for a in c.in_progress]
    reserve = [name for c in chars for name in c.assets]
    obstacles = list(st.obstacle_deck) + list(st.obstacle_discard)
    obstacles += [name for c in chars for name in c.obstacles]
    scenes = list(st.scene_deck) + list(st.scenes)
    sheets = {name: _copy_sheet(sheet) for name, sheet in st.sheets.items()}
    names = [c.name for c in chars]
    for c in chars:
        sheet = sheets.setdefault(c.name, Sheet(c.name))
        sheet.skills = dict(c.skills)
        sheet.advances = dict(c.advances)
        sheet.conditions = list(c.conditions)
        sheet.chronicle.append(
            {"year": st.year, "scheme": st.scheme, "result": result.get("result")}
        )
    for name in st.idle_characters:
        sheets[name].chronicle.append({"year": st.year, "downtime": True})
    history = [
        *campaign.history,
        {
            "year": st.year,
            "scheme": st.scheme,
            "result": result.get("result"),
            "reason": result.get("reason"),
            "scenes": [dict(s) for s in st.scenes_completed],
            "characters": names,
            "seed": st.seed,
        },
    ]
    finale = sum(1 for s in st.scenes_completed if s.get("finale"))
    new = CampaignState(
        year=st.year + 1 if st.year < final else st.year,
        map=[
            MapLocation(
                loc.name,
                loc.x,
                loc.y,
                developed=loc.developed,
                threats=loc.threats,
                obstacles=[ObstacleInPlay(o.name, o.progress, o.hindrance) for o in loc.obstacles],
            )
            for loc in st.locations
        ],
        decks={"asset": assets, "scene": scenes, "obstacle": obstacles},
        archive=list(st.archive),
        reserve=reserve,
        unlocked_characters=list(st.campaign_characters),
        sheets=sheets,
        unlocked_abilities=list(st.unlocked_abilities),
        history=history,
        finale_scenes_completed=campaign.finale_scenes_completed + finale,
        last_characters=names,
    )
    if st.year >= final:
        new.fate = FATES[min(finale, len(FATES) - 1)]
        new.score = campaign_score(
            history,
            session.ruleset.value("session success points", 10),
            session.ruleset.value("finale scene points", 3),
        )
    return new


def _copy_sheet(sheet: Sheet) -> Sheet:
    return Sheet(
        sheet.name,
        dict(sheet.skills),
        dict(sheet.advances),
        list(sheet.conditions),
        [dict(e) for e in sheet.chronicle],
    )


def play_campaign(
    ruleset: Ruleset,
    seed: int,
    bot: Any,
    characters_per_year: Sequence[Sequence[str]] | None = None,
    *,
    solo: bool = False,
    campaign: CampaignState | None = None,
) -> Iterator[tuple[CampaignState, Session]]:
    """Play the six years with a bot; yields (the campaign after the year, its session)."""
    from .engine import new_campaign

    rng = random.Random(seed)
    campaign = campaign or new_campaign(ruleset)
    while True:
        year = campaign.year
        if characters_per_year is not None:
            chosen = list(characters_per_year[(year - 1) % len(characters_per_year)])
        else:
            chosen = sorted(rng.sample(sorted(campaign.unlocked_characters), 2))
        session = new_session(ruleset, campaign, rng.randrange(2**31), chosen, solo=solo)
        play(session, bot)
        campaign = end_session(campaign, session)
        yield campaign, session
        if year >= ruleset.value("finale year", FINAL_YEAR):
            return
