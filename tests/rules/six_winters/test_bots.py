"""The bots as a player would check them: what the heuristic bot does in a scenario, that no bot
ever answers outside the options, and that the heuristic bot wins more than the random one."""

import pytest
from six_winters_table import in_progress, kinds, place, table

from dsl.runtime import Decision
from rules.six_winters import engine
from rules.six_winters.bots import FinaleFirstBot, HeuristicBot, RandomBot
from rules.six_winters.campaign import choose_characters

SPORES = "Find the Source of the Gasping Spores"


def _choose(session: engine.Session, bot: HeuristicBot | None = None):
    decision = session.pending()
    assert decision is not None
    bot = bot or HeuristicBot(0)
    return decision, bot.choose(session.observation(decision.who), decision)


def test_with_a_scene_it_can_complete_here_it_narrates_it(ruleset):
    session = table(ruleset, ["Parin", "Fuscus"], at="Giant's Gate")  # a Brightdune location
    session.state.scenes = [SPORES]
    session.state.scene_deck = []
    session.character("Parin").obstacles = ["Animaelic Echoes"]  # lore, 1 point
    session.character("Parin").assets = ["Book of Pressed Leaves"]  # 2 points
    session.character("Fuscus").assets = ["Radiant Fernbrake"]  # lore, 1 point
    decision, answer = _choose(session)
    assert answer in decision.options
    assert answer["act"] == "narrate" and answer["scene"] == SPORES
    engine.play(session, HeuristicBot(0))
    assert any(s["scene"] == SPORES for s in kinds(session, "scene_completed"))


def _year_before_the_finale(ruleset, completed: int) -> engine.Session:
    session = table(ruleset, ["Parin", "Fuscus"], at="Giant's Gate")
    session.state.year = ruleset.value("years") - 1
    session.state.scenes = [SPORES]  # lore, 4 points
    session.state.scene_deck = []
    session.state.scenes_completed = [
        {"scene": f"scene {n}", "finale": False} for n in range(completed)
    ]
    session.character("Parin").obstacles = ["Animaelic Echoes"]  # lore, 1 point
    session.character("Parin").assets = ["Book of Pressed Leaves"]  # 2 points
    session.character("Fuscus").assets = ["Radiant Fernbrake"]  # lore, 1 point
    return session


@pytest.mark.parametrize(("bot", "narrates"), [(HeuristicBot, True), (FinaleFirstBot, False)])
def test_in_the_year_before_the_finale_only_the_finale_first_bot_keeps_its_cards(
    ruleset, bot, narrates
):
    # the scene the year still needs: the heuristic bot plays every year for its own win;
    # finale-first gives year 5 up, so its obstacles go back to the deck the finale draws from
    # (docs/playtesting.md)
    session = _year_before_the_finale(ruleset, completed=2)
    player = bot(0)
    player.bind(session)
    decision, answer = _choose(session, player)
    assert any(isinstance(o, dict) and o["act"] == "narrate" for o in decision.options)
    assert (isinstance(answer, dict) and answer["act"] == "narrate") is narrates


def test_in_the_year_before_the_finale_it_spends_no_cards_on_a_year_it_cannot_finish(ruleset):
    # three scenes still to go and the points of one: what it would spend wins nothing unless
    # two more scenes follow, and the finale starts with the cards kept
    session = _year_before_the_finale(ruleset, completed=0)
    player = HeuristicBot(0)
    player.bind(session)
    decision, answer = _choose(session, player)
    assert any(isinstance(o, dict) and o["act"] == "narrate" for o in decision.options)
    assert answer == "done" or answer["act"] != "narrate"
    # an earlier year: the same scene is narrated (a year is not given up for the finale)
    session = _year_before_the_finale(ruleset, completed=0)
    session.state.year = ruleset.value("years") - 2
    player = HeuristicBot(0)
    player.bind(session)
    decision, answer = _choose(session, player)
    assert answer["act"] == "narrate" and answer["scene"] == SPORES


def test_with_the_years_three_scenes_completed_it_keeps_its_cards_for_next_year(ruleset):
    # the year is won: a fourth scene wins nothing, and the cards it would spend start next
    # year in the reserve (the scene stays for next year too)
    session = table(ruleset, ["Parin", "Fuscus"], at="Giant's Gate")
    session.state.scenes = [SPORES]
    session.state.scene_deck = []
    session.state.scenes_completed = [{"scene": f"scene {n}", "finale": False} for n in range(3)]
    session.character("Parin").obstacles = ["Animaelic Echoes"]
    session.character("Parin").assets = ["Book of Pressed Leaves"]
    session.character("Fuscus").assets = ["Radiant Fernbrake"]
    decision, answer = _choose(session)
    assert any(isinstance(o, dict) and o["act"] == "narrate" for o in decision.options)
    assert answer == "done" or answer["act"] != "narrate"


def test_with_an_obstacle_about_to_place_a_threat_and_the_dice_it_overcomes(ruleset):
    session = table(ruleset, ["Kanun", "Parin"], at="Yearly Field")
    session.state.scenes = []
    place(session, "Restless Dead", "Yearly Field")  # steel 4, no tokens: its activation moves
    kanun = session.character("Kanun")  # steel 3
    kanun.initiative = [1, 2, 3, 3, 6]
    decision, answer = _choose(session)
    assert answer in decision.options
    assert answer["act"] == "overcome" and answer["obstacle"] == "Restless Dead"
    assert answer["character"] == "Kanun"  # the one with the skill for it


def test_it_adds_progress_that_overcomes_rather_than_hindrance(ruleset):
    bot = HeuristicBot(0)
    session = table(ruleset, ["Kanun", "Parin"], at="Yearly Field")
    place(session, "Restless Dead", "Yearly Field", progress=2)
    obs = session.observation("Kanun")
    question = Decision(
        kind="choose_token",
        who="Kanun",
        prompt="Kanun: add 2 progress or 5 hindrance to Restless Dead?",
        options=("progress", "hindrance"),
    )
    assert bot.choose(obs, question) == "progress"


def test_a_surge_goes_where_no_threat_lies(ruleset):
    session = table(ruleset, ["Kanun", "Parin"], at="Yearly Field")
    session.location("Eastkeep").threats = 1
    obs = session.observation(None)
    question = Decision(
        kind="choose_location",
        who=None,
        prompt="Threat surges from Yearly Field: where?",
        options=("Eastkeep", "Giant's Gate", "Boar's Peak"),
    )
    assert HeuristicBot(0).choose(obs, question) in ("Giant's Gate", "Boar's Peak")


def _reduce_danger_at_eastkeep(*options: str) -> Decision:
    """Session end, Reduce Location Danger, as the engine asks it."""
    return Decision(
        kind="choose_option",
        who=None,
        prompt="Reduce danger at Eastkeep: remove what?",
        options=options,
    )


def test_session_end_removes_the_obstacle_left_in_play(ruleset):
    session = table(ruleset, ["Kanun", "Parin"], at="Yearly Field")
    place(session, "Restless Dead", "Eastkeep")
    session.location("Eastkeep").threats = 1
    question = _reduce_danger_at_eastkeep("threat", "obstacle:Restless Dead", "nothing")
    assert HeuristicBot(0).choose(session.observation(None), question) == "obstacle:Restless Dead"


def test_session_end_removes_the_obstacle_that_comes_back_with_fewest_tokens(ruleset):
    # Restore Campaign State: an obstacle left on the map comes back with its printed tokens
    # (Hall of Faces 3 hindrance, War Machines none), whatever is on it now.
    session = table(ruleset, ["Kanun", "Parin"], at="Yearly Field")
    place(session, "Hall of Faces", "Eastkeep")
    place(session, "War Machines", "Eastkeep", progress=2, hindrance=2)
    question = _reduce_danger_at_eastkeep(
        "obstacle:Hall of Faces", "obstacle:War Machines", "nothing"
    )
    assert HeuristicBot(0).choose(session.observation(None), question) == "obstacle:War Machines"


def _horse_bandits_at_yearly_field(ruleset, characters, dice=()):
    """Horse Bandits (steel, one body stress die, difficulty 5) at Yearly Field with no tokens,
    no scene showing (it activates once): it gets past its tokens at the next activation."""
    session = table(ruleset, characters, at="Yearly Field", dice=dice)
    session.state.scenes = []
    session.state.scene_deck = []
    place(session, "Horse Bandits", "Yearly Field")
    return session


def _overcome_with(session, bot):
    """The bot's action is the overcome of Horse Bandits; returns the next decision."""
    _decision, answer = _choose(session, bot)
    assert answer["act"] == "overcome" and answer["obstacle"] == "Horse Bandits"
    session.apply(answer)
    return session.pending()


def test_heuristic_bot_defends_when_a_condition_is_near(ruleset):
    # Fuscus (steel 1) has one body left: a body stress die above 1 is a condition
    session = _horse_bandits_at_yearly_field(ruleset, ["Fuscus", "Parin"], dice=[6])
    session.character("Parin").location = "Boar's Peak"
    fuscus = session.character("Fuscus")
    fuscus.body = 1
    fuscus.initiative = [1, 4, 5, 6]
    bot = HeuristicBot(0)
    defense = _overcome_with(session, bot)
    assert "go to defense" in defense.prompt
    answer = bot.choose(session.observation(defense.who), defense)
    assert [fuscus.initiative[p] for p in answer] == [1]  # the 1 cancels any stress die
    session.apply(answer)
    while (d := session.pending()) is not None and d.kind != "choose_action":
        session.apply(bot.choose(session.observation(d.who), d))
    assert len(kinds(session, "stress_cancelled")) == 1  # the 6 is cancelled
    assert kinds(session, "condition_taken") == []
    assert session.character("Fuscus").body == 1


def test_heuristic_bot_keeps_its_dice_when_a_condition_is_far(ruleset):
    # Kanun (steel 3, five body): a stress die is at worst one body of five; dice add tokens
    session = _horse_bandits_at_yearly_field(ruleset, ["Kanun", "Parin"])
    session.character("Parin").location = "Boar's Peak"
    session.character("Kanun").initiative = [1, 4, 5, 6]
    bot = HeuristicBot(0)
    defense = _overcome_with(session, bot)
    assert "go to defense" in defense.prompt
    assert bot.choose(session.observation(defense.who), defense) == []


def test_everyone_beside_it_with_dice_joins_and_a_stress_die_goes_where_it_cannot_hurt(
    ruleset,
):
    # the stress die is divided before it is rolled: above Fuscus's steel 1 it hurts five
    # times in six, above Kanun's steel 3 three times in six
    session = _horse_bandits_at_yearly_field(ruleset, ["Fuscus", "Kanun"], dice=[3])
    session.character("Fuscus").initiative = [2, 5]
    session.character("Kanun").initiative = [6]
    bot = HeuristicBot(0)
    joins = _overcome_with(session, bot)
    assert joins.prompt.startswith("Who joins")
    assert bot.choose(session.observation(joins.who), joins) == [
        o for o in joins.options if o in ("Fuscus", "Kanun")
    ]
    session.apply(bot.choose(session.observation(joins.who), joins))
    while (d := session.pending()).kind != "choose_character":
        session.apply(bot.choose(session.observation(d.who), d))
    assert d.prompt == "Who takes Horse Bandits's body stress die (1 of 1)?"
    assert bot.choose(session.observation(d.who), d) == "Kanun"


def test_a_stress_die_goes_away_from_whoever_it_would_give_a_condition(ruleset):
    session = _horse_bandits_at_yearly_field(ruleset, ["Fuscus", "Kanun"], dice=[6])
    session.character("Fuscus").initiative = [2, 5]
    session.character("Kanun").initiative = [6]
    session.character("Kanun").body = 1  # a body stress more is a condition for Kanun
    bot = HeuristicBot(0)
    d = _overcome_with(session, bot)
    while d.kind != "choose_character":
        session.apply(bot.choose(session.observation(d.who), d))
        d = session.pending()
    assert d.prompt == "Who takes Horse Bandits's body stress die (1 of 1)?"
    assert bot.choose(session.observation(d.who), d) == "Fuscus"  # two body left


def test_it_waits_for_a_teammate_on_the_way_before_taking_on_an_obstacle(ruleset):
    # year 2: Horse Bandits would get past its tokens; Parin can walk over this turn, so Kanun
    # waits for her (one stress roll for both, everyone's dice add tokens)
    session = _horse_bandits_at_yearly_field(ruleset, ["Kanun", "Parin"])
    session.state.year = 2
    session.character("Kanun").initiative = [2, 4]
    parin = session.character("Parin")
    parin.location = "Giant's Gate"
    parin.initiative = [3, 5]
    bot = HeuristicBot(0)
    _decision, answer = _choose(session, bot)
    assert answer == {"act": "move", "character": "Parin", "to": "Yearly Field"}
    session.apply(answer)
    joins = _overcome_with(session, bot)
    assert bot.choose(session.observation(joins.who), joins) == [
        o for o in joins.options if o in ("Kanun", "Parin")
    ]


def test_an_obstacle_that_does_not_threaten_this_turn_is_left_when_its_stress_is_costly(
    ruleset,
):
    # five hindrance soak this turn's activation: Fuscus (steel 1, body 2) does not try it
    session = table(ruleset, ["Fuscus", "Parin"], at="Yearly Field")
    session.state.scenes = []
    session.state.scene_deck = []
    place(session, "Horse Bandits", "Yearly Field", hindrance=3)
    session.character("Parin").location = "Boar's Peak"
    session.character("Fuscus").initiative = [4, 5, 6]
    _decision, answer = _choose(session)
    assert answer == "done" or answer["act"] != "overcome"


def _masked_kanun_takes_on_restless_dead(ruleset, psyche):
    """Kanun (steel 3) wears Mask of the Frenzied Beast (lose 1 psyche to ignore all body)
    against Restless Dead (two body stress dice, here a 6 and a 5), or not; returns the
    session when the overcome is over and whether the mask was offered and worn."""
    session = table(ruleset, ["Kanun", "Parin"], at="Yearly Field", dice=[6, 5])
    session.state.scenes = []
    session.state.scene_deck = []
    session.character("Parin").location = "Boar's Peak"
    place(session, "Restless Dead", "Yearly Field")
    kanun = session.character("Kanun")
    kanun.assets = ["Mask of the Frenzied Beast"]
    kanun.initiative = [6, 6, 6]
    kanun.psyche = psyche
    bot = HeuristicBot(0)
    d = session.pending()
    answer = bot.choose(session.observation(d.who), d)
    assert answer["act"] == "overcome"
    session.apply(answer)
    asked = None
    while (d := session.pending()).kind != "choose_action":
        answer = bot.choose(session.observation(d.who), d)
        if d.kind == "choose_defense":
            asked = (d.prompt, answer)
        session.apply(answer)
    return session, asked


def test_it_wears_a_mask_against_body_stress_when_the_psyche_it_costs_is_no_condition(ruleset):
    session, asked = _masked_kanun_takes_on_restless_dead(ruleset, psyche=3)
    assert asked is not None and "body 6" in asked[0] and "body 5" in asked[0]
    assert asked[1]["card"] == "Mask of the Frenzied Beast"
    kanun = session.character("Kanun")
    assert (kanun.body, kanun.psyche) == (5, 2)  # no body stress; the mask's psyche


def test_it_keeps_the_mask_off_when_its_psyche_is_the_last(ruleset):
    session, asked = _masked_kanun_takes_on_restless_dead(ruleset, psyche=1)
    assert asked is not None and asked[1] == "done"
    kanun = session.character("Kanun")
    assert (kanun.body, kanun.psyche) == (3, 1)  # two body of five, no condition


def test_downtime_recovers_from_the_condition_that_hurts_most(ruleset):
    campaign = engine.new_campaign(ruleset)
    campaign.year = 2
    campaign.last_characters = ["Parin", "Kanun"]
    campaign.sheets["Fuscus"].conditions = ["Haunted", "Deep Cut", "Nightmares"]
    session = engine.new_session(ruleset, campaign, 1, ["Parin", "Kanun"])
    decision, answer = _choose(session)
    assert decision.kind == "choose_condition" and decision.who == "Fuscus"
    assert answer == "Deep Cut"  # one initiative die fewer at every refresh


def test_the_most_hurt_character_rests_when_the_bot_chooses_characters(ruleset):
    campaign = engine.new_campaign(ruleset)
    campaign.year = 3
    campaign.sheets["Kanun"].conditions = ["Bruised Ribs", "Deep Cut"]
    campaign.sheets["Parin"].conditions = ["Haunted"]
    assert choose_characters(HeuristicBot(0), campaign, ruleset) == ["Fuscus", "Parin"]
    # a random bot answers the same question within its options
    chosen = choose_characters(RandomBot(0), campaign, ruleset)
    assert len(chosen) == 2 and set(chosen) <= set(campaign.unlocked_characters)


def test_a_haunted_character_does_not_end_its_turn_on_a_blighted_location(ruleset):
    session = table(ruleset, ["Fuscus", "Parin"], at="Yearly Field")  # Yearly Field: Blighted
    session.state.scenes = []
    session.state.scene_deck = []
    session.character("Fuscus").conditions = ["Haunted"]
    session.character("Fuscus").action_points = 1  # a step, and nothing else worth doing
    session.character("Parin").location = "Boar's Peak"
    bot = HeuristicBot(0)
    while (d := session.pending()).kind == "choose_action":
        answer = bot.choose(session.observation(d.who), d)
        if answer == "done":
            break
        session.apply(answer)
    where = session.location(session.character("Fuscus").location)
    assert "Blighted" not in session.tags_of(where)


def test_it_pays_no_psyche_for_a_card_with_nothing_to_do(ruleset):
    # Dragon of the Critical Word: lose 2 psyche to discard a Foe obstacle; none is in play
    session = table(ruleset, ["Kanun", "Parin"], at="Yearly Field")
    session.character("Kanun").assets = ["Dragon of the Critical Word"]
    bot = HeuristicBot(0)
    while (d := session.pending()).kind == "choose_action":
        answer = bot.choose(session.observation(d.who), d)
        if answer == "done":
            break
        assert not (
            isinstance(answer, dict) and answer.get("card") == "Dragon of the Critical Word"
        )
        session.apply(answer)


def test_a_cost_in_body_or_psyche_is_paid_from_the_fuller_pool(ruleset):
    session = table(ruleset, ["Fuscus", "Parin"], at="Yearly Field")
    fuscus = session.character("Fuscus")
    fuscus.body, fuscus.psyche = 1, 3
    question = Decision(
        kind="choose_option",
        who="Fuscus",
        prompt="Choose one: 1 body or 1 psyche",
        options=("1 body", "1 psyche"),
    )
    assert HeuristicBot(0).choose(session.observation("Fuscus"), question) == "1 psyche"


class _Checked:
    """Wraps a bot and checks each answer against the decision's options."""

    def __init__(self, bot):
        self.bot = bot
        self.uses_observation = bot.uses_observation
        self.answers = 0

    def choose(self, obs, decision):
        answer = self.bot.choose(obs, decision)
        options = list(decision.options)
        if decision.kind == "choose_many" or decision.max_choices > 1:
            assert isinstance(answer, list)
            assert decision.min_choices <= len(answer) <= decision.max_choices
            assert all(a in options for a in answer), (decision, answer)
        else:
            assert answer in options, (decision, answer)
        self.answers += 1
        return answer


def test_the_heuristic_bot_never_picks_an_illegal_option_over_a_campaign(ruleset):
    bot = _Checked(HeuristicBot(3))
    years = list(engine.play_campaign(ruleset, 3, bot))
    assert len(years) == 6 and bot.answers > 0


def test_the_same_seed_plays_the_same_session(ruleset):
    campaign = engine.new_campaign(ruleset)
    logs = []
    for _ in range(2):
        session = engine.new_session(ruleset, campaign, 11, ["Parin", "Kanun"])
        engine.play(session, HeuristicBot(11))
        logs.append([(e.kind, e.data) for e in session.events])
    assert logs[0] == logs[1]


def test_over_seeded_year_one_sessions_the_heuristic_bot_wins_more_than_random(ruleset):
    campaign = engine.new_campaign(ruleset)
    wins = {"random": 0, "heuristic": 0}
    scenes = {"random": 0, "heuristic": 0}
    for seed in range(12):
        for name, bot in (("random", RandomBot(seed)), ("heuristic", HeuristicBot(seed))):
            session = engine.new_session(ruleset, campaign, seed, ["Parin", "Kanun"])
            engine.play(session, bot)
            result = session.result()
            wins[name] += result.won
            scenes[name] += result.scenes_completed
    assert wins["heuristic"] > wins["random"]
    assert scenes["heuristic"] > scenes["random"]


def test_ride_swiftly_goes_to_the_obstacle_it_rides_for_not_the_first_location(ruleset):
    session = table(ruleset, ["Kanun", "Parin"], at="Giant's Gate")
    session.state.scenes = []
    place(session, "Restless Dead", "Eastkeep")  # no tokens: its next activation moves it
    kanun = session.character("Kanun")
    kanun.abilities = ["Ride Swiftly"]
    kanun.initiative = [6, 6]
    kanun.action_points = 1  # too few to walk the two steps
    bot = HeuristicBot(0)
    decision, answer = _choose(session, bot)
    assert answer == {"act": "ability", "character": "Kanun", "card": "Ride Swiftly", "effect": 0}
    session.apply(answer)
    decision, answer = _choose(session, bot)
    assert decision.options[0]["name"] == "Yearly Field"  # the first option is not the answer
    assert answer["name"] == "Eastkeep"
    session.apply(answer)
    session.pending()  # the card's text runs on to the next question
    assert session.character("Kanun").location == "Eastkeep"


def test_ride_swiftly_is_kept_when_nowhere_is_worth_riding_to(ruleset):
    session = table(ruleset, ["Kanun", "Parin"], at="Giant's Gate")
    session.state.scenes = []
    kanun = session.character("Kanun")
    kanun.abilities = ["Ride Swiftly"]
    _decision, answer = _choose(session)
    assert not (isinstance(answer, dict) and answer.get("card") == "Ride Swiftly")


def test_points_the_refresh_would_lose_to_the_cap_go_to_a_muster_to_trade(ruleset):
    # Giant's Gate makes stability; Parin's recipe wants espionage and technology: two
    # stability trade for one of them, and the refresh would lose the points above four.
    session = table(ruleset, ["Parin", "Kanun"], at="Giant's Gate")
    session.state.scenes = []
    in_progress(session, "Parin", "Whisper Drip", None, None, ("stability", 3))
    session.character("Parin").action_points = 8
    session.character("Kanun").action_points = 0
    _decision, answer = _choose(session)
    assert answer == {"act": "muster", "character": "Parin", "resource": "stability"}


def test_asked_to_spend_two_of_four_dice_it_spends_two(ruleset):
    # "Spend 2 dice": a choose_many of exactly two; answering all four was an illegal move
    session = table(ruleset, ["Kanun", "Parin"], at="Yearly Field")
    question = Decision(
        kind="choose_many",
        who="Kanun",
        prompt="Spend 2 dice",
        options=(0, 1, 2, 3),
        min_choices=2,
        max_choices=2,
    )
    answer = HeuristicBot(0).choose(session.observation("Kanun"), question)
    assert len(answer) == 2 and set(answer) <= {0, 1, 2, 3}


def _token_asked_of_kanun_at_horse_bandits(ruleset, year, pool):
    """Kanun (steel 3, dice 1 2 4 5 6) takes on Horse Bandits (steel, difficulty 5, no tokens,
    about to place a threat) in ``year`` with ``pool`` threats left: two progress toward its
    points, or five hindrance that discard it. The bot's answer to that question."""
    session = _horse_bandits_at_yearly_field(ruleset, ["Kanun", "Parin"])
    session.state.year = year
    session.state.threat_pool = pool
    session.character("Parin").location = "Boar's Peak"
    session.character("Kanun").initiative = [1, 2, 4, 5, 6]
    bot = HeuristicBot(0)
    decision = _overcome_with(session, bot)
    while decision.kind != "choose_token":
        session.apply(bot.choose(session.observation(decision.who), decision))
        decision = session.pending()
    assert "2 progress or 5 hindrance" in decision.prompt
    return bot.choose(session.observation(decision.who), decision)


def test_in_the_finale_it_works_an_obstacle_for_its_points_while_the_pool_can_spare_a_threat(
    ruleset,
):
    # before the finale, with two threats left, the threat it would place counts most: five
    # hindrance discard it
    assert _token_asked_of_kanun_at_horse_bandits(ruleset, year=1, pool=2) == "hindrance"
    # the finale is won by three scenes of about nine points each: the progress toward its
    # points, while the threat, if it comes, leaves one in the pool
    assert _token_asked_of_kanun_at_horse_bandits(ruleset, year=6, pool=2) == "progress"
    # but a threat that would empty the pool loses the year
    assert _token_asked_of_kanun_at_horse_bandits(ruleset, year=6, pool=1) == "hindrance"


def test_in_the_finale_it_narrates_the_cheapest_scene_it_can(ruleset):
    # any three scenes win the finale: of two it can narrate here, the one of fewer points
    session = table(ruleset, ["Parin", "Fuscus"], at="Giant's Gate")  # Brightdune, Rural
    session.state.year = 6
    session.state.scenes = ["Host the Tulip Festival", SPORES]  # 9 points and 4
    session.state.scene_deck = []
    session.character("Parin").assets = ["Book of Pressed Leaves", "Brightdune Carpet"]
    session.character("Parin").obstacles = ["Animaelic Echoes"]
    session.character("Fuscus").assets = ["Imperial Lyra", "Tarnished Silver Fork"]
    decision, answer = _choose(session)
    offered = {
        o["scene"] for o in decision.options if isinstance(o, dict) and o["act"] == "narrate"
    }
    assert offered == {"Host the Tulip Festival", SPORES}
    assert answer["act"] == "narrate" and answer["scene"] == SPORES
