"""Seed 004, "Abilities": ten main characteristics, two skills governed by each, the secondary
characteristics, and the model types a sheet may be."""

from __future__ import annotations

# The seed's pairs: each characteristic and the two skills it governs.
GOVERNS = {
    "weapon skill": ("Melee", "Defense"),
    "ballistic skill": ("Shooting", "Throwing"),
    "strength": ("Brawn", "Toil"),
    "toughness": ("Consume Alcohol", "Endurance"),
    "initiative": ("Perception", "Dodge"),
    "dexterity": ("Streetwise", "Crafting"),
    "agility": ("Stealth", "Athletics"),
    "intelligence": ("Intuition", "Education"),
    "willpower": ("Cool", "Animal Handling"),
    "fellowship": ("Leadership", "Charm"),
}


def test_there_are_ten_main_characteristics_with_their_abbreviations(delve):
    characteristics = delve.vocabulary.category("characteristics")
    assert characteristics.shape == "ranks"
    assert characteristics.members == list(GOVERNS)
    assert delve.vocabulary.member("characteristics", "WS") == "weapon skill"
    assert delve.vocabulary.member("characteristics", "Fel") == "fellowship"


def test_each_characteristic_governs_two_skills(delve):
    governed: dict[str, list[str]] = {}
    for card in delve.cards("skill"):
        governed.setdefault(card.fields["governed by"], []).append(card.name)
    assert {k: tuple(v) for k, v in governed.items()} == GOVERNS


def test_every_skill_card_is_a_skill_a_model_may_rank(delve):
    skills = delve.vocabulary.members("skills")
    assert sorted(s.casefold() for s in skills) == sorted(
        card.name.casefold() for card in delve.cards("skill")
    )


def test_the_secondary_characteristics_are_the_seeds_six(delve):
    assert delve.vocabulary.members("secondary characteristics") == [
        "wounds",
        "movement",
        "attacks",
        "magic",
        "corruption threshold",
        "insanity threshold",
    ]


def test_the_model_types_are_party_models_adversary_tiers_and_npcs(delve):
    assert delve.vocabulary.members("model types") == [
        "Character",
        "Follower",
        "Henchman",
        "Minion",
        "Elite",
        "Champion",
        "Nemesis",
        "NPC",
    ]
