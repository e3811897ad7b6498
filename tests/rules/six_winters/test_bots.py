"""The bots as a player would check them: what the heuristic bot does in a scenario, that no bot
ever answers outside the options, and that the heuristic bot wins more than the random one."""

from six_winters_table import kinds, place, table

from dsl.runtime import Decision
from rules.six_winters import engine
from rules.six_winters.bots import HeuristicBot, RandomBot

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


def test_session_end_removes_the_obstacle_left_in_play(ruleset):
    session = table(ruleset, ["Kanun", "Parin"], at="Yearly Field")
    place(session, "Restless Dead", "Eastkeep")
    session.location("Eastkeep").threats = 1
    question = Decision(
        kind="choose_option",
        who=None,
        prompt="Reduce danger at Eastkeep: remove what?",
        options=("threat", "obstacle:Restless Dead", "nothing"),
    )
    assert HeuristicBot(0).choose(session.observation(None), question) == "obstacle:Restless Dead"


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
