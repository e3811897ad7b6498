"""The words of Six Winters' procedure (``procedure.rules``), each registered with the function
it calls: ``do advance time`` is ``advance_time(game)``, ``for each obstacle in order`` lists
``obstacles(game)``, ``until the year ends`` is ``the_year_ends(game)``. Each hands over to the
session's rules sections; a step done outside play (``outside_play``: as a session is made by
``new_session``, or a year stored by ``campaign.end_session`` and ``play_campaign``) is passed
over by the machine's walker. The primitives module gives them to the checker as its
``procedure_words``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dsl.procedure import Words

if TYPE_CHECKING:
    from .session import Session

WORDS = Words()


@WORDS.until("the year ends")
def the_year_ends(game: Session) -> bool:
    return game.state.lost is not None or bool(game.state.flags.get("year over"))


@WORDS.until("the campaign ends")
def the_campaign_ends(game: Any) -> bool:
    """The last year is played (``game`` is ``campaign.BetweenYears``, as ``play_campaign``
    asks between two years)."""
    return bool(game.year_played >= game.ruleset.value("years", 6))


@WORDS.each("resting character")
def resting_characters(game: Session) -> list[str]:
    return list(game.state.idle_characters)


@WORDS.each("reserve asset")
def reserve_assets(game: Session) -> list[str]:
    return list(game.state.reserve)


@WORDS.each("character")
def characters(game: Session) -> list[str]:
    return [c.name for c in game.state.characters]


@WORDS.each("placed character")
def placed_characters(game: Session) -> list[str]:
    """Every character places itself; in the solo variant the first places the party."""
    st = game.state
    return [c.name for c in (st.characters[:1] if st.solo else st.characters)]


@WORDS.each("obstacle")
def obstacles(game: Session) -> list[int]:
    return [o.uid for loc in game.state.locations for o in loc.obstacles]


@WORDS.each("location")
def locations(game: Session) -> list[str]:
    return [loc.name for loc in game.state.locations]


@WORDS.step("run the scheme's setup text")
def run_the_scheme_s_setup_text(game: Session) -> None:
    game.push_run("scheme_setup")


@WORDS.step("downtime")
def downtime(game: Session, name: str) -> None:
    game.push_run("downtime", name=name)


@WORDS.step("take a reserve asset")
def take_a_reserve_asset(game: Session, asset: str) -> None:
    game.push_run("reserve", asset=asset)


@WORDS.step("roll starting resources")
def roll_starting_resources(game: Session) -> None:
    game.push_run("starting_resources")


@WORDS.step("set up the character")
def set_up_the_character(game: Session, name: str) -> None:
    game.setup.start_character_setup(name)


@WORDS.step("place the character")
def place_the_character(game: Session, name: str) -> None:
    game.setup.start_placing(name)


@WORDS.step("start the turn")
def start_the_turn(game: Session) -> None:
    game.turn.start_turn()


@WORDS.step("draw scenes")
def draw_scenes(game: Session) -> None:
    game.turn.draw_scenes()


@WORDS.step("activate the obstacle")
def activate_the_obstacle(game: Session, uid: int) -> None:
    if game.find_obstacle(uid) is not None:  # still in play
        game.push_run("activate_obstacle", uid=uid)


@WORDS.step("draw obstacles")
def draw_obstacles(game: Session) -> None:
    game.push_run("draw_obstacle_step")


@WORDS.step("advance time")
def advance_time(game: Session) -> None:
    game.turn.advance_time()


@WORDS.step("reroll sorcery")
def reroll_sorcery(game: Session) -> None:
    # no sorcery die on the map: the piece would do nothing at all (``op_reroll_sorcery``
    # rerolls only those, and reads the table before), so it is not started (a speed shortcut)
    if not game.refresh.sorcery_on_map():
        return
    game.push_run("reroll_sorcery")


@WORDS.step("refresh location resources")
def refresh_location_resources(game: Session) -> None:
    game.push_run("refresh_location_resources")


@WORDS.step("gain action points")
def gain_action_points(game: Session, name: str) -> None:
    game.refresh.gain_turn_action_points(name)


@WORDS.step("reset abilities")
def reset_abilities(game: Session, name: str) -> None:
    game.refresh.reset_abilities(name)


@WORDS.step("take any")
def take_any(game: Session, name: str) -> None:
    game.refresh.start_taking(name)


@WORDS.step("reroll all initiative")
def reroll_all_initiative(game: Session) -> None:
    game.push_run("reroll_initiative")


@WORDS.step("run the refresh texts")
def run_the_refresh_texts(game: Session) -> None:
    # no card held and no location in play has a "Refresh:" text: the piece would do nothing
    # at all (``op_refresh_texts`` runs only those texts), so it is not started (a speed
    # shortcut: no piece, no second look at the hands and the map)
    if game.refresh.quiet_refresh_texts({}):
        return
    game.push_run("refresh_texts")


@WORDS.step("check whether the scheme failed")
def check_whether_the_scheme_failed(game: Session) -> None:
    game.push_run("scheme_result")


@WORDS.step("reduce location danger")
def reduce_location_danger(game: Session, location: str) -> None:
    game.push_run("reduce_danger", location=location)


@WORDS.step("tell the session's result")
def tell_the_session_s_result(game: Session) -> None:
    game.end.tell_result()


@WORDS.step("set up the campaign", outside_play=True)
def set_up_the_campaign(game: Any) -> None:
    """Done by ``session.new_campaign`` (``game`` is its ``CampaignSetup``)."""
    game.set_up_the_campaign()


@WORDS.step("end the campaign", outside_play=True)
def end_the_campaign(game: Any) -> None:
    """Done by ``campaign.end_session`` (``game`` is its ``Storing``)."""
    game.end_the_campaign()


@WORDS.step("restore the campaign state", outside_play=True)
def restore_the_campaign_state(game: Session) -> None:
    game.making.restore_campaign_state()


@WORDS.step("shuffle the decks", outside_play=True)
def shuffle_the_decks(game: Session) -> None:
    game.making.shuffle_the_decks()


@WORDS.step("fill the staging area", outside_play=True)
def fill_the_staging_area(game: Session) -> None:
    game.ops.fill_staging()


@WORDS.step("select the scheme", outside_play=True)
def select_the_scheme(game: Session) -> None:
    game.making.select_the_scheme()


@WORDS.step("set up the trackers", outside_play=True)
def set_up_the_trackers(game: Session) -> None:
    game.making.set_up_the_trackers()


@WORDS.step("choose the characters", outside_play=True)
def choose_the_characters(game: Session) -> None:
    game.making.choose_the_characters()


@WORDS.step("sort the ability cards", outside_play=True)
def sort_the_ability_cards(game: Session) -> None:
    game.making.sort_the_ability_cards()


@WORDS.step("shuffle the ability decks together", outside_play=True)
def shuffle_the_ability_decks_together(game: Session) -> None:
    game.making.shuffle_the_ability_decks_together()


@WORDS.step("use the solo threat pool", outside_play=True)
def use_the_solo_threat_pool(game: Session) -> None:
    game.making.use_the_solo_threat_pool()


@WORDS.step("update the campaign map", outside_play=True)
def update_the_campaign_map(game: Any) -> None:
    """Done by ``campaign.end_session`` (``game`` is its ``Storing``)."""
    game.update_the_campaign_map()


@WORDS.step("store the assets", outside_play=True)
def store_the_assets(game: Any) -> None:
    """Done by ``campaign.end_session`` (``game`` is its ``Storing``)."""
    game.store_the_assets()


@WORDS.step("store the obstacles", outside_play=True)
def store_the_obstacles(game: Any) -> None:
    """Done by ``campaign.end_session`` (``game`` is its ``Storing``)."""
    game.store_the_obstacles()


@WORDS.step("update the chronicle", outside_play=True)
def update_the_chronicle(game: Any) -> None:
    """Done by ``campaign.end_session`` (``game`` is its ``Storing``)."""
    game.update_the_chronicle()


@WORDS.step("store the game", outside_play=True)
def store_the_game(game: Any) -> None:
    """Done by ``campaign.end_session`` (``game`` is its ``Storing``)."""
    game.store_the_game()
