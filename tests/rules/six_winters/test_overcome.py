"""Overcome: defense pool, stress roll, stress, progress or hindrance, overcome, reroll."""

from six_winters_table import ability, act, add_location, kinds, place, table, with_abilities


def _fuscus_at_hogeltown(ruleset, dice, progress=1, hindrance=1):
    session = table(ruleset, ["Fuscus", "Parin"], at="Hogeltown", dice=dice)
    add_location(session, "Hogeltown", 0, -1)
    session.character("Parin").location = "Eastkeep"
    obstacle = place(session, "Hogel's Jealousy", "Hogeltown", progress, hindrance)
    return session, session.character("Fuscus"), obstacle


def _after(session):
    """The character and obstacle again: a decision restores the state from its snapshot."""
    fuscus = session.character("Fuscus")
    here = session.location("Hogeltown").obstacles
    return fuscus, (here[0] if here else None)


def test_overcome_example_two_progress_not_overcome_then_reroll(ruleset):
    # The seed's example. Its prose says the obstacle starts with one progress and two
    # hindrance, but its own count ("only four tokens of any type" after adding two progress,
    # and three hindrance "would allow the card to be discarded") needs one of each: we
    # reproduce the counts.
    session, fuscus, obstacle = _fuscus_at_hogeltown(ruleset, dice=[2, 3, 6, 5, 2])
    fuscus.initiative = [4, 1, 2, 5]  # four dice; the 4 goes to defense
    body, psyche = fuscus.body, fuscus.psyche
    asked = act(
        session,
        {"act": "overcome", "character": "Fuscus", "obstacle": "Hogel's Jealousy", "index": 0},
        [0],  # the 4 into the defense pool
        "progress",
    )
    token_question = asked[1]
    assert "add 2 progress or 3 hindrance" in token_question.prompt
    # two psyche stress dice, 2 and 3: neither above charm 3, so no stress; the 4 cannot
    # cancel either (a defense die must be at most the stress die) and is spent anyway
    assert kinds(session, "dice_rolled")[0]["faces"] == [2, 3]
    fuscus, obstacle = _after(session)
    assert (fuscus.body, fuscus.psyche) == (body, psyche)
    assert kinds(session, "stress_cancelled") == []
    assert (obstacle.progress, obstacle.hindrance) == (3, 1)
    assert obstacle is not None  # not overcome, and no discard asked
    assert len(asked) == 2
    # the three remaining dice are rerolled: only one is low enough for progress now
    assert fuscus.initiative == [6, 5, 2]
    assert sum(1 for d in fuscus.initiative if d <= fuscus.skills["charm"]) == 1


def test_overcome_example_three_hindrance_would_allow_the_discard(ruleset):
    session, fuscus, _obstacle = _fuscus_at_hogeltown(ruleset, dice=[2, 3, 1, 1, 1])
    fuscus.initiative = [4, 1, 2, 5]
    asked = act(
        session,
        {"act": "overcome", "character": "Fuscus", "obstacle": "Hogel's Jealousy", "index": 0},
        [0],
        "hindrance",
        "hinder",
    )
    assert asked[-1].options == ("hinder", "keep")
    assert not session.location("Hogeltown").obstacles
    assert session.state.obstacle_discard == ["Hogel's Jealousy"]


def test_a_stress_die_above_the_skill_causes_stress(ruleset):
    session, fuscus, _ = _fuscus_at_hogeltown(ruleset, dice=[6, 4, 1])
    fuscus.initiative = [1]
    psyche = fuscus.psyche
    act(
        session,
        {"act": "overcome", "character": "Fuscus", "obstacle": "Hogel's Jealousy", "index": 0},
        [],
        "progress",
    )
    fuscus, _ = _after(session)
    assert fuscus.psyche == psyche - 2


def test_a_defense_die_at_most_the_stress_die_cancels_it(ruleset):
    session, fuscus, _ = _fuscus_at_hogeltown(ruleset, dice=[6, 4, 1])
    fuscus.initiative = [3, 1]
    psyche = fuscus.psyche
    act(
        session,
        {"act": "overcome", "character": "Fuscus", "obstacle": "Hogel's Jealousy", "index": 0},
        [0],  # defend with the 3: cancels the 4 (or the 6), not both
        "progress",
    )
    fuscus, _ = _after(session)
    assert fuscus.psyche == psyche - 1
    assert len(kinds(session, "stress_cancelled")) == 1


def test_the_player_chooses_which_stress_die_a_defense_die_cancels(ruleset):
    # A defense die cancels a stress die of its value or more, and the player says which: with
    # a body 4 and a psyche 5 coming and one defense 3, the player picks the one to cancel.
    session = table(ruleset, ["Fuscus", "Parin"], at="Giant's Gate", dice=[4, 5, 2])
    session.character("Parin").location = "Eastkeep"
    place(session, "Grain Shortage", "Giant's Gate")  # command; body and psyche stress
    fuscus = session.character("Fuscus")
    fuscus.initiative, fuscus.body, fuscus.psyche = [3, 1], 1, 4  # a body stress: a condition
    asked = act(
        session,
        {"act": "overcome", "character": "Fuscus", "obstacle": "Grain Shortage", "index": 0},
        [0],  # the 3 defends
        "psyche",  # take the psyche: the 3 cancels the body 4
        "progress",
    )
    assert asked[1].kind == "choose_stress" and set(asked[1].options) == {"body", "psyche"}
    fuscus = session.character("Fuscus")
    assert (fuscus.body, fuscus.psyche, fuscus.conditions) == (1, 3, [])
    assert kinds(session, "stress_cancelled") == [
        {"character": "Fuscus", "stress": "body", "face": 4}
    ]


def test_progress_reaching_the_difficulty_overcomes_the_obstacle(ruleset):
    session, fuscus, _obstacle = _fuscus_at_hogeltown(
        ruleset, dice=[1, 1, 5], progress=3, hindrance=0
    )
    fuscus.initiative = [2, 3]
    act(
        session,
        {"act": "overcome", "character": "Fuscus", "obstacle": "Hogel's Jealousy", "index": 0},
        [],
        "progress",
    )
    fuscus, _ = _after(session)
    assert fuscus.obstacles == ["Hogel's Jealousy"]
    assert not session.location("Hogeltown").obstacles
    assert kinds(session, "obstacle_overcome")[0]["character"] == "Fuscus"


def test_teamwork_players_split_the_stress_dice_and_add_tokens_independently(ruleset):
    session, fuscus, obstacle = _fuscus_at_hogeltown(
        ruleset, dice=[6, 6, 1, 1, 1], progress=0, hindrance=0
    )
    parin = session.character("Parin")
    parin.location = "Hogeltown"
    fuscus.initiative = [1]
    parin.initiative = [2, 6]
    fp, pp = fuscus.psyche, parin.psyche
    act(
        session,
        {"act": "overcome", "character": "Fuscus", "obstacle": "Hogel's Jealousy", "index": 0},
        ["Parin"],  # Parin joins
        [],  # Fuscus defends with nothing
        [1],  # Parin puts the 6 into defense
        "Parin",  # the first stress die (6) to Parin
        "Parin",  # the second too
        "progress",  # Fuscus adds 1 progress (1 <= charm 3)
        "hindrance",  # Parin adds 1 hindrance
    )
    fuscus, obstacle = _after(session)
    parin = session.character("Parin")
    assert fuscus.psyche == fp
    assert parin.psyche == pp - 1  # the 6 cancelled one 6; the other hurt
    assert (obstacle.progress, obstacle.hindrance) == (1, 1)


def test_teamwork_players_divide_the_stress_dice_before_rolling_them(ruleset):
    # Teamwork: the team shares out the obstacle's stress dice before they are rolled, so who
    # takes each die is asked before its face is known.
    session, fuscus, _ = _fuscus_at_hogeltown(ruleset, dice=[6, 6, 1, 1, 1], progress=0)
    parin = session.character("Parin")
    parin.location = "Hogeltown"
    fuscus.initiative, parin.initiative = [1], [2]
    psyche = {"Fuscus": fuscus.psyche, "Parin": parin.psyche}  # as the action starts
    asked = act(
        session,
        {"act": "overcome", "character": "Fuscus", "obstacle": "Hogel's Jealousy", "index": 0},
        ["Parin"],
        [],
        [],
        "Fuscus",  # the first psyche die, not yet rolled
        "Parin",  # the second
        "progress",
        "progress",
    )
    divide = [d for d in asked if d.kind == "choose_character"]
    assert len(divide) == 2 and not any("6" in d.prompt for d in divide)
    order = [e.kind for e in session.events if e.kind in ("stress_die_assigned", "dice_rolled")]
    assert order[:3] == ["stress_die_assigned", "stress_die_assigned", "dice_rolled"]
    assert kinds(session, "dice_rolled")[0]["what"] == "Hogel's Jealousy stress"
    # each takes the die assigned: a 6 above charm 3 and above Parin's charm 1
    assert session.character("Fuscus").psyche == psyche["Fuscus"] - 1
    assert session.character("Parin").psyche == psyche["Parin"] - 1


def test_teamwork_a_character_without_initiative_dice_may_join_and_take_stress_dice(ruleset):
    # Teamwork needs only the same location. Any member may take none of the stress dice, and
    # one with no initiative dice left adds no tokens but may still take some of them.
    session, fuscus, _ = _fuscus_at_hogeltown(ruleset, dice=[3, 3, 1], progress=0)
    parin = session.character("Parin")
    parin.location = "Hogeltown"
    fuscus.initiative, parin.initiative = [1], []
    asked = act(
        session,
        {"act": "overcome", "character": "Fuscus", "obstacle": "Hogel's Jealousy", "index": 0},
        ["Parin"],
        [],  # Fuscus defends with nothing; Parin has no dice to allocate
        "Fuscus",
        "Parin",
        "progress",  # only Fuscus adds tokens
    )
    assert asked[0].options == ("Parin",)
    parin = session.character("Parin")
    assert parin.psyche == 5 - 1  # a 3 above Parin's charm 1
    assert session.character("Fuscus").psyche == fuscus.psyche  # a 3 is not above charm 3


def test_a_card_can_have_the_stress_rolled_before_defense(ruleset):
    session, fuscus, _ = _fuscus_at_hogeltown(ruleset, dice=[6, 6, 1])
    fuscus.initiative = [5]
    session.state.flags["roll stress first"] = 1  # as Mirror of Melting does
    session.apply(
        {"act": "overcome", "character": "Fuscus", "obstacle": "Hogel's Jealousy", "index": 0}
    )
    decision = session.pending()
    assert decision.kind == "choose_many"
    assert "the stress dice show [6, 6]" in decision.prompt  # seen before choosing defense


def test_a_card_can_have_the_action_ignore_a_kind_of_stress(ruleset):
    session, fuscus, _ = _fuscus_at_hogeltown(ruleset, dice=[6, 6, 1])
    fuscus.initiative = [1]
    session.state.flags["ignore psyche"] = 1  # as Mask of the Frenzied Beast does for body
    psyche = fuscus.psyche
    act(
        session,
        {"act": "overcome", "character": "Fuscus", "obstacle": "Hogel's Jealousy", "index": 0},
        [],
        "progress",
    )
    assert session.character("Fuscus").psyche == psyche


def test_a_card_the_character_holds_may_change_the_condition_die_before_it_is_read(ruleset):
    # Stress that empties a pool rolls on the condition table; "When you roll for a condition,
    # may set that die to any value" (The Uncut String) acts on that die, and the table reads
    # the face it ends on. The card counts only for the character who holds it.
    def set_it(ctx):
        ctx.host.ops.set_die_face(
            ctx.bindings["it"], ctx.decide("choose_value", [1, 2, 3, 4, 5, 6], "")
        )

    name = next(iter(ruleset.assets))
    text = ability("When you roll for a condition", "", set_it, event="condition roll")
    rs = with_abilities(ruleset, ruleset.assets[name], text)

    def condition(holder):
        session, fuscus, _ = _fuscus_at_hogeltown(rs, dice=[6, 4, 1, 2, 2, 2])
        fuscus.initiative, fuscus.psyche = [1], 2  # two psyche stress empty the pool
        session.character(holder).assets = [name]
        overcome = {"act": "overcome", "character": "Fuscus", "obstacle": "Hogel's Jealousy"}
        answers = [6, "progress"] if holder == "Fuscus" else ["progress"]
        asked = act(session, {**overcome, "index": 0}, [], *answers)
        return [d.kind for d in asked], session.character("Fuscus").conditions

    def psyche_condition(roll):
        return next(n for low, high, n in rs.condition_tables["psyche"] if low <= roll <= high)

    assert psyche_condition(6) != psyche_condition(1)  # the table tells the two faces apart
    assert condition("Fuscus") == (
        ["choose_many", "choose_value", "choose_token"],
        [psyche_condition(6)],
    )  # set to 6
    assert condition("Parin") == (
        ["choose_many", "choose_token"],
        [psyche_condition(1)],
    )  # the roll of 1 stands


# --- cards that defend: the seed lets the cards' abilities defend in the spend-defense step,
# so they are offered inside the action, once the stress dice are seen


def _fuscus_against_raiders(ruleset, dice, assets):
    session = table(ruleset, ["Fuscus", "Parin"], at="Eastkeep", dice=dice)
    session.character("Parin").location = "Yearly Field"
    place(session, "Amber Hand Raiders", "Eastkeep")  # steel, two body stress dice
    fuscus = session.character("Fuscus")
    fuscus.assets = list(assets)
    fuscus.body = fuscus.psyche = 4  # room for two stress without a condition
    return session, fuscus


RAIDERS = {"act": "overcome", "character": "Fuscus", "obstacle": "Amber Hand Raiders", "index": 0}


def test_a_defending_card_is_offered_once_the_stress_dice_are_seen(ruleset):
    session, fuscus = _fuscus_against_raiders(ruleset, [6, 6], ["Mask of the Frenzied Beast"])
    fuscus.initiative = [1]
    body, psyche = fuscus.body, fuscus.psyche
    mask = {
        "act": "asset",
        "character": "Fuscus",
        "card": "Mask of the Frenzied Beast",
        "effect": 0,
    }
    asked = act(session, RAIDERS, [], mask, "progress")
    window = asked[1]
    assert window.kind == "choose_defense" and window.options == ("done", mask)
    assert "body 6, body 6" in window.prompt  # the dice it defends against, shown
    fuscus = session.character("Fuscus")
    # "Lose 1 psyche to ignore all body": two sixes above steel, no body stress taken
    assert (fuscus.body, fuscus.psyche) == (body, psyche - 1)
    assert "Mask of the Frenzied Beast" in fuscus.exhausted  # once per turn


def test_declining_the_defending_card_takes_the_stress(ruleset):
    session, fuscus = _fuscus_against_raiders(ruleset, [6, 6], ["Mask of the Frenzied Beast"])
    fuscus.initiative = [1]
    body, psyche = fuscus.body, fuscus.psyche
    act(session, RAIDERS, [], "done", "progress")
    fuscus = session.character("Fuscus")
    assert (fuscus.body, fuscus.psyche) == (body - 2, psyche)
    assert fuscus.exhausted == []


def test_no_defending_question_without_harmful_dice_or_without_such_a_card(ruleset):
    session, fuscus = _fuscus_against_raiders(ruleset, [1, 1], ["Mask of the Frenzied Beast"])
    fuscus.initiative = [1]
    asked = act(session, RAIDERS, [], "progress")  # ones never beat steel: nothing to defend
    assert [d.kind for d in asked] == ["choose_many", "choose_token"]
    session, fuscus = _fuscus_against_raiders(ruleset, [6, 6], [])
    fuscus.initiative = [1]
    asked = act(session, RAIDERS, [], "progress")
    assert [d.kind for d in asked] == ["choose_many", "choose_token"]


def test_a_card_that_rolls_stress_first_is_offered_before_defense(ruleset):
    session, fuscus = _fuscus_against_raiders(ruleset, [6, 2], ["Mirror of Melting"])
    fuscus.initiative = [4]
    mirror = {"act": "asset", "character": "Fuscus", "card": "Mirror of Melting", "effect": 0}
    asked = act(session, RAIDERS, mirror, [], "progress")
    assert asked[0].kind == "choose_defense" and asked[0].options == ("done", mirror)
    assert "the stress dice show [6, 2]" in asked[1].prompt  # seen before allocating defense


def test_a_card_that_ignores_stress_protects_its_holder_not_the_team(ruleset):
    # Mask of the Frenzied Beast: "Lose 1 psyche to ignore all body", used in the overcome once
    # its holder sees the stress dice coming at them; a teammate still takes theirs.
    session, fuscus = _fuscus_against_raiders(ruleset, [6, 6, 1, 1], ["Mask of the Frenzied Beast"])
    parin = session.character("Parin")
    parin.location, parin.body = "Eastkeep", 4
    fuscus.initiative, parin.initiative = [1], [1]
    body = (fuscus.body, parin.body)
    mask = {
        "act": "asset",
        "character": "Fuscus",
        "card": "Mask of the Frenzied Beast",
        "effect": 0,
    }
    assert mask not in session.pending().options  # no action of its own
    act(session, RAIDERS, ["Parin"], [], [], "Fuscus", "Parin", mask, "progress", "progress")
    fuscus, parin = session.character("Fuscus"), session.character("Parin")
    assert (fuscus.body, parin.body) == (body[0], body[1] - 1)


def test_progress_reaching_difficulty_from_a_card_lets_the_obstacle_be_taken(ruleset):
    # An obstacle with progress at or above its difficulty may be taken: Battle Hardened's
    # three progress bring Guard Captain (a Foe, difficulty 6) from 3 to 6, and Kanun, who
    # played it there, takes it.
    session = table(ruleset, ["Kanun", "Parin"], at="Eastkeep")
    place(session, "Guard Captain", "Eastkeep", progress=3)
    kanun = session.character("Kanun")
    kanun.abilities = ["Battle Hardened"]
    act(session, {"act": "ability", "character": "Kanun", "card": "Battle Hardened", "effect": 0})
    assert session.location("Eastkeep").obstacles == []
    assert session.character("Kanun").obstacles == ["Guard Captain"]
    assert kinds(session, "obstacle_overcome") == [
        {"obstacle": "Guard Captain", "location": "Eastkeep", "character": "Kanun"}
    ]


def test_hindrance_converted_to_progress_up_to_the_difficulty_lets_the_obstacle_be_taken(
    ruleset,
):
    # Hogel converts every hindrance on a charm obstacle to progress: Rage of the Forlorn
    # Suitors (difficulty 5) with 2 progress and 3 hindrance reaches 5 progress.
    session = table(ruleset, ["Fuscus", "Parin"], at="Eastkeep")
    place(session, "Rage of the Forlorn Suitors", "Eastkeep", progress=2, hindrance=3)
    session.character("Fuscus").assets = ["Hogel"]
    act(session, {"act": "asset", "character": "Fuscus", "card": "Hogel", "effect": 0})
    assert session.location("Eastkeep").obstacles == []
    assert session.character("Fuscus").obstacles == ["Rage of the Forlorn Suitors"]


def test_an_obstacle_already_at_its_difficulty_may_be_taken_without_initiative_dice(ruleset):
    # progress a text placed with no character to take it (a scene's epilogue): whoever stands
    # there takes it with the overcome action, no die spent, no stress rolled
    session = table(ruleset, ["Fuscus", "Parin"], at="Eastkeep")
    place(session, "Rage of the Forlorn Suitors", "Eastkeep", progress=5)
    fuscus = session.character("Fuscus")
    session.state.initiative_supply += len(fuscus.initiative)
    fuscus.initiative = []
    psyche = fuscus.psyche
    take = {"act": "overcome", "character": "Fuscus", "obstacle": "Rage of the Forlorn Suitors"}
    act(session, {**take, "index": 0})
    fuscus = session.character("Fuscus")
    assert fuscus.obstacles == ["Rage of the Forlorn Suitors"]
    assert fuscus.psyche == psyche
    assert kinds(session, "dice_rolled") == []
