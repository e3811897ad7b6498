"""A small hand-made Six Winters card set: the campaign-start cards and what their first year
needs, with the few effects a year-1-to-6 campaign cannot do without, written as Python.

A test fixture only: the rule tests build their tables from it, so a rule's test does not move
when a card's text is reworded. The game itself always runs the card text in
``rules/six_winters/*.rules`` (``engine.load_ruleset``); the per-card tests in ``cards/`` use that.
Only facts (names, numbers) come from the designer's card data; the choices the seed leaves
open are marked ``# declared``.
"""

from __future__ import annotations

from typing import Any

from dsl.runtime import Context
from rules.six_winters.cards import (
    Ability,
    Asset,
    Character,
    Effect,
    Event,
    Location,
    LocationSide,
    Obstacle,
    RecipeSlot,
    Ruleset,
    Scene,
    Scheme,
)

RESOURCES = ("stability", "technology", "espionage", "military", "diplomacy", "sorcery")
SKILLS = ("edge", "steel", "shadow", "charm", "command", "lore")


def _slots(*spec: str) -> tuple[RecipeSlot, ...]:
    """``"technology"``, ``"any 1"``, ``"stability 5"``, ``"any"`` → recipe slots."""
    out = []
    for item in spec:
        words = item.split()
        resource = None if words[0] == "any" else words[0]
        face = int(words[1]) if len(words) > 1 else None
        out.append(RecipeSlot(resource, face))
    return tuple(out)


def _skills(edge: int, steel: int, shadow: int, charm: int, command: int, lore: int) -> Any:
    return tuple(zip(SKILLS, (edge, steel, shadow, charm, command, lore), strict=True))


# --- effects written in Python (the compiled card text replaces them) -------------------------


def _host(ctx: Context) -> Any:
    return ctx.host


def _add(kind: str, *names: str) -> Any:
    def run(ctx: Context) -> None:
        for name in names:
            _host(ctx).add_card(kind, name)

    return run


def _add_location(name: str) -> Any:
    def run(ctx: Context) -> None:
        _host(ctx).add_location(ctx, name)

    return run


def _develop(name: str) -> Any:
    def run(ctx: Context) -> None:
        _host(ctx).develop(name)

    return run


def _seq(*runs: Any) -> Any:
    def run(ctx: Context) -> None:
        for r in runs:
            r(ctx)

    return run


def _choose(**branches: Any) -> Any:
    def run(ctx: Context) -> None:
        host = _host(ctx)
        pick = host.decide(ctx, "choose_option", list(branches), "Choose one")
        host.emit("choice", choice=pick)
        branches[pick](ctx)

    return run


def _year1_season_end(ctx: Context) -> None:
    host = _host(ctx)
    eastkeep = host.location("Eastkeep")
    host.new_resource_die(ctx, "technology", eastkeep)
    host.new_resource_die(ctx, "espionage", eastkeep)


def _put_into_play(name: str, count: int = 1) -> Any:
    def run(ctx: Context) -> None:
        for _ in range(count):
            _host(ctx).put_into_play(ctx, name)

    return run


def _draw_obstacles(count: int) -> Any:
    def run(ctx: Context) -> None:
        for _ in range(count):
            _host(ctx).draw_obstacle(ctx)

    return run


def _spend_or_threat(resource: str, total: int, tag: str) -> Any:
    def run(ctx: Context) -> None:
        host = _host(ctx)
        dice = [d for loc in host.state.locations for d in loc.dice if d.resource == resource]
        places = [loc.name for loc in host.state.locations if host.matches(loc, tag)]
        options = []
        if sum(d.face for d in dice) >= total:
            options.append("spend")
        if places:
            options.append("threat")
        if not options:
            return
        pick = host.decide(ctx, "choose_option", options, f"Spend {total} {resource} or a threat")
        if pick == "spend":
            host.spend_total(ctx, resource, total)
        else:
            where = host.decide(ctx, "choose_location", places, f"Place a threat on a {tag}")
            host.place_threat(ctx, host.location(where))

    return run


def _threat_on_every(tag: str) -> Any:
    def run(ctx: Context) -> None:
        host = _host(ctx)
        for loc in list(host.state.locations):
            if host.matches(loc, tag):
                host.place_threat(ctx, loc, surge=False)

    return run


def _unlock(name: str) -> Any:
    def run(ctx: Context) -> None:
        _host(ctx).unlock_ability(name)

    return run


def _finale_setup(ctx: Context) -> None:
    host = _host(ctx)
    host.shuffle_finale_scenes()
    host.put_into_play(ctx, "Hall of Faces")


def _set_dice_to(face: int) -> Any:
    def run(ctx: Context) -> None:
        host = _host(ctx)
        loc = host.location(ctx.location)
        positions = list(range(len(loc.dice)))
        if not positions:
            return
        chosen = host.decide(
            ctx,
            "choose_many",
            positions,
            f"Set which dice to {face}?",
            who=ctx.actor,
            min_choices=0,
            max_choices=len(positions),
        )
        for p in chosen:
            loc.dice[p].face = face

    return run


def _progress_on(tags: tuple[str, ...], amount: int) -> Any:
    def run(ctx: Context) -> None:
        host = _host(ctx)
        loc = host.location(ctx.location)
        targets = [
            o.uid
            for o in loc.obstacles
            if set(tags) & set(host.ruleset.obstacles[o.name].tags)
            or host.ruleset.obstacles[o.name].skill in tags
        ]
        if not targets:
            return
        uid = (
            targets[0]
            if len(targets) == 1
            else host.decide(ctx, "choose_target", targets, "Which obstacle?", who=ctx.actor)
        )
        host.add_tokens(uid, "progress", amount)

    return run


def _effect(
    trigger: str,
    run: Any,
    *,
    usage: str = "on",
    event: str | None = None,
    qualifier: str | None = None,
    text: str = "",
) -> Effect:
    return Effect(
        trigger=trigger,
        text=text or trigger,
        run=run,
        usage=usage,
        event=event,
        qualifier=qualifier,
    )


def _season(season: str, run: Any, text: str) -> Effect:
    return _effect(f"{season.title()} end", run, event="season end", qualifier=season, text=text)


def _every_season(run: Any, text: str) -> Effect:
    return _effect("Every season end", run, event="season end", text=text)


def _epilogue(run: Any, text: str) -> Effect:
    return _effect("Epilogue", run, event="epilogue", text=text)


def _exhaust(run: Any, text: str) -> Effect:
    return _effect("Exhaust", run, usage="activated", text=text)


def _play(run: Any, text: str) -> Effect:
    return _effect("Play", run, usage="played", text=text)


# --- the cards --------------------------------------------------------------------------------


def starter_ruleset() -> Ruleset:
    rs = Ruleset(
        resources=RESOURCES,
        skills=SKILLS,
        regions=("empire", "brightdune", "settled"),
        # declared: the seed names a wheel of trade but prints no directions; each resource
        # trades into the next, sorcery into any, nothing into sorcery
        trade={
            "stability": ("technology",),
            "technology": ("espionage",),
            "espionage": ("military",),
            "military": ("diplomacy",),
            "diplomacy": ("stability",),
            "sorcery": ("any",),
        },
        seasons=(("spring", 3), ("summer", 3), ("fall", 3), ("winter", 3)),  # declared
        values={
            "threat pool": 6,
            "solo threat pool": 8,
            "threat tokens": 12,
            "progress tokens": 12,
            "hindrance tokens": 12,
            "action points per turn": 4,
            "action points max": 8,
            "resource dice per resource": 6,
            "initiative dice": 18,
            "starting initiative dice": 1,
            "staging area": 4,
            "scenes to win": 3,
            "trade cost": 1,
            "muster cost": 3,
            "refresh takes": 2,
            "downtime advances": 2,
        },
        condition_tables={  # declared: the seed's tables are not in its text
            "body": ((1, 2, "Bruised Ribs"), (3, 4, "Twisted Knee"), (5, 6, "Deep Cut")),
            "psyche": ((1, 2, "Shaken"), (3, 4, "Sleepless"), (5, 6, "Haunted")),
        },
        # declared: the seed's picture of the standard map is not in its text
        starting_map=(
            ("Yearly Field", 0, 0),
            ("Eastkeep", 1, 0),
            ("Boar's Peak", 0, 1),
            ("Giant's Gate", -1, 0),
            ("Boar's Rift", -1, -1),
        ),
        source="starter",
    )

    def loc(
        name: str,
        number: int,
        region: str | None,
        starting: bool,
        base: LocationSide,
        developed: LocationSide | None = None,
    ) -> None:
        rs.locations[name] = Location(name, number, region, starting, base, developed or base)

    S = LocationSide
    loc("Yearly Field", 1, None, True, S(tags=("Blighted",)), S(tags=("Wilderness",)))
    loc(
        "Eastkeep",
        2,
        "empire",
        True,
        S(tags=("Keep",)),
        S(tags=("Keep",), produces=("technology",)),
    )
    loc(
        "Whitehold",
        3,
        "empire",
        False,
        S(tags=("Vault",), produces=("espionage",), entry_cost=1),
        S(tags=("Vault",), produces=("espionage", "espionage")),
    )
    loc(
        "Boar's Rift",
        5,
        "brightdune",
        True,
        S(tags=("Wilderness",), produces=("military",)),
        S(tags=("Fort",), produces=("military",)),
    )
    loc(
        "Giant's Gate",
        6,
        "brightdune",
        True,
        S(tags=("Urban",), produces=("stability",)),
        S(tags=("Urban",), produces=("stability",), port_cost=2),
    )
    loc(
        "Boar's Peak",
        7,
        "settled",
        True,
        S(tags=("Wilderness",), produces=("military",), entry_cost=1),
        S(tags=("Wilderness", "Fort"), produces=("military",)),
    )
    loc(
        "Loomwood",
        8,
        "brightdune",
        False,
        S(tags=("Rural", "Farms"), musters=("technology",)),
        S(tags=("Rural", "Farms"), produces=("stability",), musters=("technology",)),
    )
    loc(
        "Pearlescent Marsh",
        11,
        "brightdune",
        False,
        S(tags=("Wilderness", "Enchanted"), musters=("sorcery",), portal_stress_cost=1),
        S(tags=("Wilderness", "Enchanted"), produces=("sorcery",), portal_stress_cost=1),
    )
    loc(
        "Hogeltown",
        13,
        "settled",
        False,
        S(tags=("Rural", "Hall"), produces=("diplomacy",)),
        S(tags=("Rural", "Hall"), produces=("diplomacy", "diplomacy")),
    )

    def asset(
        name: str,
        number: int,
        tags: tuple[str, ...],
        points: int,
        skill: str | None,
        recipe: tuple[str, ...],
        *effects: Effect,
        starting: bool = True,
    ) -> None:
        rs.assets[name] = Asset(
            name, number, starting, tags, skill, points, _slots(*recipe), tuple(effects)
        )

    asset(
        "Whisper Drip", 1, ("Potion",), 3, "shadow", ("espionage 3", "technology 3", "stability 3")
    )
    asset(
        "Wound Paste",
        2,
        ("Gear", "First Aid"),
        1,
        "steel",
        ("technology 2", "military", "military"),
    )
    asset(
        "49 Feet of Greenleaf Rope",
        3,
        ("Gear", "Plant"),
        1,
        "edge",
        ("technology", "any 1", "any 1"),
    )
    asset("Loomwood Apples", 4, ("Food", "Brightdune"), 1, "charm", ("stability", "any 4"))
    asset(
        "Imperial Lyra",
        5,
        ("Treasure", "Instrument"),
        2,
        "charm",
        ("diplomacy", "diplomacy", "any 4"),
    )
    asset("Wobbly Naz", 6, ("Creature", "Camel"), 1, None, ("any", "any", "any", "any"))
    asset("Traveling Tent", 7, ("Gear", "Traveling"), 1, None, ("technology", "stability", "any 2"))
    asset(
        "Book of Pressed Leaves",
        8,
        ("Tome", "Plant"),
        2,
        None,
        ("stability", "any", "any"),
        _exhaust(_progress_on(("lore",), 1), "Place a progress on a lore obstacle here."),
    )
    asset("Tarnished Silver Fork", 9, ("Gear", "Poor Quality"), 1, None, ("diplomacy",))
    asset(
        "Thieves' Tools",
        10,
        ("Gear", "Thief"),
        2,
        "edge",
        ("technology", "technology", "espionage"),
        _exhaust(_progress_on(("edge",), 1), "Place a progress on an edge obstacle here."),
    )
    asset(
        "Stoutleaf Blade Polish",
        11,
        ("Potion",),
        2,
        "steel",
        ("military", "any 2", "any 2"),
        _exhaust(_progress_on(("Foe",), 1), "Place a progress on a Foe obstacle here."),
    )
    asset("Zarrah's Charm", 12, ("Treasure", "Jewelry"), 2, "shadow", ("diplomacy", "any 3"))
    asset(
        "Azadeh",
        13,
        ("Companion", "Translator"),
        1,
        "command",
        ("diplomacy", "diplomacy", "stability 5"),
    )
    asset(
        "Bracers of the Amber Hand",
        14,
        ("Treasure", "Amber Hand"),
        3,
        "command",
        ("military 5", "military 5", "diplomacy", "stability"),
    )
    asset("Radiant Fernbrake", 15, ("Plant", "Psychedelic"), 1, "lore", ("any", "any 6"))
    asset(
        "Windillipus Featherton",
        16,
        ("Creature", "Bird"),
        1,
        "lore",
        ("stability", "diplomacy 6", "any 6"),
    )
    asset("Amber Wine", 40, ("Drink",), 2, "steel", ("stability", "stability"), starting=False)
    asset("Delir", 41, ("Companion",), 2, "command", ("military", "military"), starting=False)

    def obstacle(
        name: str,
        number: int,
        skill: str,
        difficulty: int,
        points: int,
        stress: tuple[str, ...],
        enters: tuple[tuple[str, ...], ...],
        tags: tuple[str, ...],
        progress: int = 0,
        hindrance: int = 0,
        moves: tuple[str, ...] = (),
        with_character: bool = False,
        effects: tuple[Effect, ...] = (),
    ) -> None:
        rs.obstacles[name] = Obstacle(
            name,
            number,
            skill,
            difficulty,
            points,
            stress,
            enters,
            progress,
            hindrance,
            moves,
            with_character,
            tags,
            effects,
        )

    obstacle(
        "The Old Wounds",
        1,
        "command",
        7,
        2,
        ("psyche", "psyche"),
        (("brightdune",),),
        ("Issue", "Stability"),
        progress=1,
        hindrance=2,
    )
    obstacle(
        "Mole Hunt",
        2,
        "shadow",
        6,
        1,
        ("body", "psyche"),
        (("empire",),),
        ("Foe", "Spy", "Imperial"),
        progress=1,
        hindrance=1,
    )
    obstacle(
        "Grain Shortage",
        3,
        "command",
        5,
        1,
        ("body", "psyche"),
        (("Urban",),),
        ("Issue", "Food", "Stability"),
        hindrance=2,
    )
    obstacle(
        "Pomegranate Heist",
        6,
        "edge",
        5,
        1,
        ("body", "psyche"),
        (("Urban",),),
        ("Issue", "Stability"),
        hindrance=2,
    )
    obstacle(
        "Imperial Guard",
        10,
        "edge",
        4,
        1,
        ("psyche", "psyche"),
        (("empire",),),
        ("Foe", "Guard"),
        moves=("empire",),
        with_character=True,
    )
    obstacle(
        "Hall of Faces",
        13,
        "edge",
        9,
        1,
        ("body", "psyche"),
        (("empire",),),
        ("Apotheosis",),
        hindrance=3,
    )
    obstacle(
        "Horse Bandits",
        14,
        "steel",
        5,
        1,
        ("body",),
        (("Wilderness",),),
        ("Foe", "Bandits"),
        moves=("Rural",),
    )
    obstacle(
        "Restless Dead",
        15,
        "steel",
        4,
        1,
        ("body", "body"),
        (("Blighted",), ("Wilderness",)),
        ("Foe", "Druj"),
        moves=("Urban",),
    )
    obstacle(
        "Amber Hand Raiders",
        18,
        "steel",
        7,
        1,
        ("body", "body"),
        (("Rural",), ("Wilderness",)),
        ("Foe", "Unit", "Stability"),
        moves=("Urban",),
    )
    obstacle(
        "Hogel's Jealousy",
        25,
        "charm",
        5,
        2,
        ("psyche", "psyche"),
        (("Hogeltown",),),
        ("Issue", "Diplomat", "Sunriders"),
        hindrance=2,
    )
    obstacle(
        "Allocating Funds",
        26,
        "charm",
        7,
        2,
        ("psyche",),
        (("Urban",),),
        ("Issue", "Satrap"),
        hindrance=3,
    )
    obstacle(
        "War Machines",
        31,
        "command",
        8,
        1,
        ("body", "body"),
        (("empire",),),
        ("Unit", "Imperial"),
        moves=("Urban",),
    )
    obstacle(
        "Ur-Akti",
        35,
        "lore",
        6,
        2,
        ("body", "body", "psyche"),
        (("Rural",),),
        ("Foe", "Druj"),
        moves=("Urban",),
    )
    obstacle(
        "Yellow Blight",
        36,
        "lore",
        5,
        1,
        ("body", "psyche"),
        (("brightdune",),),
        ("Issue", "Disease"),
        progress=1,
        hindrance=1,
    )
    obstacle(
        "Animaelic Echoes",
        40,
        "lore",
        7,
        1,
        ("body", "body"),
        (("Enchanted",), ("Wilderness",)),
        ("Apotheosis",),
        moves=("Keep",),
    )

    rs.events["Discord in Brightdune"] = Event(
        "Discord in Brightdune",
        5,
        ("Event",),
        (
            _effect(
                "When this enters play",
                _draw_obstacles(1),
                event="enter",
                text="Then draw another obstacle.",
            ),
        ),
    )

    def scene(
        name: str,
        at: tuple[tuple[str, ...], ...],
        skill: str,
        points: int,
        *effects: Effect,
        starting: bool = False,
        finale: bool = False,
    ) -> None:
        rs.scenes[name] = Scene(name, 0, starting, finale, at, skill, points, tuple(effects))

    scene(
        "Find the Source of the Gasping Spores",
        (("brightdune",),),
        "lore",
        4,
        _epilogue(
            _choose(
                Stay=_seq(_add_location("Loomwood"), _add("obstacle", "Ur-Akti", "Yellow Blight")),
                Abandon=_seq(
                    _add_location("Pearlescent Marsh"), _add("obstacle", "Grain Shortage")
                ),
            ),
            "Choose Stay or Abandon.",
        ),
        starting=True,
    )
    scene(
        "Retrieve the Owner of a Thousand Horses' Horses",
        (("Wilderness",),),
        "steel",
        5,
        _epilogue(
            _seq(_add_location("Hogeltown"), _add("obstacle", "Hogel's Jealousy", "Horse Bandits")),
            "Add Hogeltown and its troubles.",
        ),
        starting=True,
    )
    scene(
        "Persuade the Satrap to Guard the North",
        (("Urban",),),
        "command",
        5,
        _epilogue(
            _seq(
                _develop("Boar's Rift"),
                _add("asset", "Delir"),
                _add("obstacle", "Allocating Funds"),
            ),
            "Develop Boar's Rift.",
        ),
        starting=True,
    )
    scene(
        "Take Second at the Amber Wine Drinking Game",
        (("Giant's Gate",),),
        "steel",
        6,
        _epilogue(
            _seq(_develop("Giant's Gate"), _add("asset", "Amber Wine")), "Develop Giant's Gate."
        ),
        starting=True,
    )
    scene(
        "Decipher Gelshah's Scroll",
        (("Urban",),),
        "lore",
        4,
        _epilogue(_add("obstacle", "Restless Dead"), "Add Restless Dead."),
        starting=True,
    )
    scene("Find the Mad Honey Supplier", (("brightdune",),), "shadow", 5, starting=True)
    scene("Feed the Lyric Stone to the Dusk Hydra", (("settled",),), "charm", 4, starting=True)
    scene("Intercept Freetrader Plans", (("Urban",),), "shadow", 4)
    scene(
        "Ambush Military Scouts",
        (("Boar's Peak",),),
        "steel",
        3,
        _epilogue(
            _seq(_develop("Boar's Peak"), _add("obstacle", "Amber Hand Raiders")),
            "Develop Boar's Peak.",
        ),
    )
    scene("Brighten Brightdune Spirits", (("brightdune",),), "command", 6)
    scene(
        "Infiltrate Guild of War",
        (("Eastkeep",),),
        "edge",
        7,
        _epilogue(_develop("Eastkeep"), "Develop Eastkeep."),
    )
    scene("Host the Tulip Festival", (("Rural",), ("Urban",)), "charm", 9, finale=True)
    scene("Assassinate Guild Leaders", (("empire",),), "shadow", 9, finale=True)
    scene(
        "Voyage into the Autarch's Mind", (("Enchanted",), ("Wilderness",)), "lore", 9, finale=True
    )
    scene("Burgle the Icon of Channeling", (("Vault",), ("Keep",)), "edge", 9, finale=True)
    scene("Call Allies to Arms", (("Hall",), ("Urban",)), "command", 9, finale=True)
    scene("Slay the Hundred-Handed Idolater", (("Fort",),), "steel", 9, finale=True)

    rs.schemes["Sow Discord in Brightdune"] = Scheme(
        "Sow Discord in Brightdune",
        (1, 1),
        (
            _every_season(_year1_season_end, "Roll a technology and an espionage onto Eastkeep."),
            _season("spring", _add("scene", "Intercept Freetrader Plans"), "Add a scene."),
            _season(
                "summer",
                _add(
                    "obstacle", "The Old Wounds", "Mole Hunt", "Grain Shortage", "Pomegranate Heist"
                ),
                "Add four obstacles.",
            ),
            _season("fall", _add("scene", "Ambush Military Scouts"), "Add a scene."),
            _effect("Success", _unlock("Amber Hand Alliance"), event="success", text="Unlock."),
            _effect(
                "Failure",
                _add("event", "Discord in Brightdune"),
                event="failure",
                text="Add Discord in Brightdune.",
            ),
        ),
    )
    rs.schemes["Mobilize War Machines"] = Scheme(
        "Mobilize War Machines",
        (2, 5),
        (
            _every_season(_put_into_play("War Machines"), "Put War Machines into play."),
            _season("spring", _add("scene", "Brighten Brightdune Spirits"), "Add a scene."),
            _season(
                "summer", _spend_or_threat("military", 6, "Fort"), "Spend 6 military or threat."
            ),
            _season("fall", _add("scene", "Infiltrate Guild of War"), "Add a scene."),
            _effect("Failure", _threat_on_every("Fort"), event="failure", text="Threat on Forts."),
        ),
    )
    rs.schemes["Achieve Apotheosis"] = Scheme(
        "Achieve Apotheosis",
        (6, 6),
        (
            _effect("Setup", _finale_setup, event="setup", text="Finale scenes; Hall of Faces."),
            _season("spring", _draw_obstacles(2), "Draw two obstacles."),
            _season("summer", _draw_obstacles(3), "Draw three obstacles."),
        ),
    )

    for name, title, psyche, body, skills in (
        ("Parin", "Speaker for the East", 5, 3, _skills(1, 1, 1, 1, 3, 2)),
        ("Kanun", "Hawkleader of the Ghost Legion", 3, 5, _skills(1, 3, 1, 1, 2, 1)),
        ("Fuscus", "Silver-Tongued Ruffian", 4, 2, _skills(1, 1, 2, 3, 1, 1)),
    ):
        rs.characters[name] = Character(name, title, True, psyche, body, skills)

    def ability(name: str, character: str | None, number: int, *effects: Effect) -> None:
        rs.abilities[name] = Ability(name, character, number, tuple(effects))

    ability("Respected Voice", "Parin", 1, _play(_set_dice_to(5), "Set dice here to 5."))
    ability("Diplomatic Relations", "Parin", 2)
    ability("Speaker for the East", "Parin", 3)
    ability("The Conciliator", "Parin", 8, _play(_progress_on(("Issue",), 3), "3 progress."))
    ability("Mostly Honest Fence", "Fuscus", 1, _play(_set_dice_to(4), "Set dice here to 4."))
    ability("Lift Your Cups!", "Fuscus", 2)
    ability("Silver-Tongued Ruffian", "Fuscus", 3)
    ability("Friend of the Forge", "Kanun", 1, _play(_set_dice_to(2), "Set dice here to 2."))
    ability("Ride Swiftly", "Kanun", 2)
    ability("The Hawkleader", "Kanun", 3)
    ability(
        "Battle Hardened",
        "Kanun",
        4,
        _play(_progress_on(("Unit", "Foe"), 3), "3 progress on a Unit or Foe."),
    )
    ability(
        "Amber Hand Alliance",
        None,
        0,
        _exhaust(_progress_on(("Stability",), 1), "A progress on a Stability obstacle."),
    )
    return rs
