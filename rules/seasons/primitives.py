"""What Seasons' text cannot say yet, in Python: the verbs that choose among units and tiles,
and the events whose rules walk the whole map. Each piece names the rule it serves; STATUS.md
lists the language forms that would replace it. Everything changes the game through the world
engine's operations (``game.ops``), so every change is told as an event.

Our readings where the fragment is silent are marked "our reading".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dsl.runtime import Context, DecisionKind, NothingToActOn, creates
from dsl.world.words import world_words

if TYPE_CHECKING:
    from dsl.world.game import WorldGame

UNITS = ("peasant", "warrior")
TOKENS = ("plague", "fire", "bandit", "monster")
COMBAT_AREA = "Combat Area"  # each player's warriors there are their combat power
LAND_OF = {"capital": 1, "farm": 2, "mine": 3}  # a combat die's row names a land by its value


def _game(ctx: Context) -> WorldGame:
    game: WorldGame = ctx.host.game  # type: ignore[attr-defined]
    return game


def value(game: WorldGame, name: str) -> int:
    return int(game.ruleset.values[name])


def field(game: WorldGame, card: str, name: str) -> int:
    return int(game.card_fields(card).get(name) or 0)


def tiles(game: WorldGame) -> list[str]:
    return list(game.world.places)


def seat(game: WorldGame, player: str) -> int:
    return game.state.players.index(player) + 1


def lands(game: WorldGame, player: str) -> list[str]:
    """A player's lands: the tiles of their seat's arm."""
    return [t for t in tiles(game) if field(game, t, "seat") == seat(game, player)]


def landlord(game: WorldGame, tile: str) -> str | None:
    at = field(game, tile, "seat")
    return game.state.players[at - 1] if 0 < at <= len(game.state.players) else None


def capital(game: WorldGame, player: str) -> str:
    return next(t for t in lands(game, player) if field(game, t, "land") == 1)


def units_on(game: WorldGame, tile: str, player: str | None = None) -> int:
    return sum(game.ops.count(tile, u, player) for u in UNITS)


def building_on(game: WorldGame, tile: str) -> str | None:
    return next((c for c, i in game.state.cards.items() if i.get("at") == tile), None)


def _unplace(game: WorldGame, building: str, why: str) -> None:
    """A building destroyed or replaced goes back to the supply (our reading)."""
    game.state.cards[building]["owner"] = None
    game.ops.move_card(building, zone="supply", why=why)


def _ask(ctx: Context, options: list[str], prompt: str) -> str:
    if not options:
        raise NothingToActOn(f"nothing to {prompt}", ctx.span)
    return str(ctx.decide(DecisionKind.CHOOSE_OPTION, options, prompt, ctx.actor))


def _kill_one(game: WorldGame, tile: str, order: tuple[str, ...]) -> str | None:
    """Take the first piece of ``order`` off the tile (any owner); which one it was."""
    for piece in order:
        if game.ops.count(tile, piece) and game.ops.remove(tile, piece):
            return piece
    return None


def bandit_appears(game: WorldGame, tile: str) -> None:
    """A bandit placed where a warrior stands: both leave the board; the warrior's owner gains
    the kill reward in happiness."""
    for player in game.state.players:
        if game.ops.count(tile, "warrior", player):
            game.ops.remove(tile, "warrior", 1, player)
            game.ops.change(player, "happiness", value(game, "bounty"), why="a bandit killed")
            return
    game.ops.place(tile, "bandit")


def leading_number(row: Any) -> int:
    """The figure a table row's words start with ("2 monsters", "1 gold"); 1 if none."""
    first = (row.result if row is not None else "").split(" ", 1)[0]
    return int(first) if first.isdigit() else 1


def invade(game: WorldGame, times: int) -> None:
    """Monster invasion: the monster die says how many, the location die where."""
    for _ in range(times):
        _face, row = game.ops.roll("monster die")
        count = leading_number(row)
        face, _ = game.ops.roll("location die")
        tile = next((t for t in tiles(game) if field(game, t, "face") == face), None)
        if tile is not None:
            game.ops.place(tile, "monster", count)


# ---- setup ------------------------------------------------------------------------------------


def found_the_capitals(game: WorldGame) -> None:
    """Each player: a warrior, a peasant and the starting building on their capital."""
    for player in game.state.players:
        home = capital(game, player)
        for unit in UNITS:
            game.ops.place(home, unit, 1, player)
        hall = next(c for c in game.state.zones["supply"] if c.startswith("Town Hall"))
        game.ops.move_card(hall, at=home, owner=player, why="the starting building")
    for card in list(game.state.zones.get("artifact deck", [])):
        game.ops.move_card(card, zone="market", why="the market opens")


def monsters_invade_at_setup(game: WorldGame) -> None:
    invade(game, value(game, "setup invasions"))


def a_monster_invades(game: WorldGame) -> None:
    invade(game, value(game, "invasions per event"))


# ---- the events -------------------------------------------------------------------------------


def age_the_units(game: WorldGame) -> None:
    """Winter Solstice: each player's aging marker moves up once per unit they have; at its
    top the number's text ("Wither a unit.") runs."""
    for player in game.state.players:
        count = sum(units_on(game, t, player) for t in [*tiles(game), COMBAT_AREA])
        for _ in range(count):
            game.ops.change(player, "aging", 1, why="aging")


def the_fires_spread(game: WorldGame) -> None:
    """Summer Solstice: for each fire, a building on its tile burns and another fire is put
    there."""
    for tile in tiles(game):
        for _ in range(game.ops.count(tile, "fire")):
            building = building_on(game, tile)
            if building is not None:
                _unplace(game, building, "burnt")
            game.ops.place(tile, "fire", value(game, "fire growth"))


def gather_the_harvest(game: WorldGame) -> None:
    """Harvest: each peasant gathers its land's value in gold for its owner, except on tiles
    with fire or bandits."""
    for tile in tiles(game):
        if game.ops.count(tile, "fire") or game.ops.count(tile, "bandit"):
            continue
        for player in game.state.players:
            workers = game.ops.count(tile, "peasant", player)
            if workers:
                game.ops.change(player, "gold", workers * field(game, tile, "land"), why="harvest")


def the_plague_spreads(game: WorldGame) -> None:
    """For each plague: a unit (bandits count) on its tile dies and the plague die may spread it
    to an adjacent tile (our reading: on the spread value or more); a plague that kills no one is
    removed."""
    for tile in [t for t in tiles(game) if game.ops.count(t, "plague")]:
        for _ in range(game.ops.count(tile, "plague")):
            if _kill_one(game, tile, ("bandit", "peasant", "warrior")) is None:
                game.ops.remove(tile, "plague")
                continue
            face, _ = game.ops.roll("plague die")
            near = game.world.neighbours.get(tile, ())
            if face >= value(game, "spread on") and near:
                game.ops.place(near[face % len(near)], "plague")


def the_bandits_raid(game: WorldGame) -> None:
    """Each bandit does the first it can: burn a building on its tile, kill a worker there, or
    destroy 1 gold of the tile's owner."""
    for tile in tiles(game):
        for _ in range(game.ops.count(tile, "bandit")):
            building = building_on(game, tile)
            if building is not None:
                _unplace(game, building, "a bandit raid")
            elif _kill_one(game, tile, ("peasant",)) is None:
                owner = landlord(game, tile)
                if owner is not None:
                    game.ops.change(owner, "gold", -value(game, "bandit toll"), why="a bandit raid")


def unrest_lowers_happiness(game: WorldGame) -> None:
    """Each player loses 1 happiness for each plague, fire, bandit and monster on their lands."""
    for player in game.state.players:
        count = sum(game.ops.count(t, k) for t in lands(game, player) for k in TOKENS)
        game.ops.change(player, "happiness", -count * value(game, "unrest"), why="unrest")


def the_monsters_prey(game: WorldGame) -> None:
    """Monster effects (our choice): each monster takes 1 gold from the owner of its land."""
    for tile in tiles(game):
        owner = landlord(game, tile)
        if owner is not None and game.ops.count(tile, "monster"):
            toll = game.ops.count(tile, "monster") * value(game, "monster toll")
            game.ops.change(owner, "gold", -toll, why="monsters")


def combat_power(game: WorldGame, player: str) -> int:
    """Our reading: the warriors a player has in the combat area."""
    return game.ops.count(COMBAT_AREA, "warrior", player)


def fight(game: WorldGame) -> None:
    """Combat: for each player with a higher combat power, the weaker rolls the difference in
    combat dice and a bandit lands on each land rolled; the stronger player's Combat texts run
    that many times."""
    power = {p: combat_power(game, p) for p in game.state.players}
    for weak in game.state.players:
        for strong in game.state.players:
            gap = power[strong] - power[weak]
            if gap <= 0:
                continue
            for nth in range(gap):
                _face, row = game.ops.roll("combat die", by=weak, nth=(nth + 1, gap))
                land = LAND_OF.get(row.result if row is not None else "", 1)
                tile = next(t for t in lands(game, weak) if field(game, t, "land") == land)
                bandit_appears(game, tile)
            owned = [*game.state.zones.get(f"treasure@{strong}", [])]
            owned += game.state.zones.get(f"research@{strong}", [])  # combat technologies
            for card in owned:
                if game.compiled_card(card).abilities_for("combat"):
                    for _ in range(gap):
                        game.push_run("use", player=strong, card=card, label="Combat")


def count_the_final_scores(game: WorldGame) -> None:
    """Buildings, artifact sets (the table by set size), warriors and happiness; minus the
    number of artifact types less one."""
    sets = game.world.tables["artifact sets"]
    for player in game.state.players:
        built = sum(
            1
            for c, i in game.state.cards.items()
            if i.get("at") and i.get("owner") == player and i["kind"] == "building"
        )
        warriors = sum(game.ops.count(t, "warrior", player) for t in [*tiles(game), COMBAT_AREA])
        types: dict[str, int] = {}
        for card in game.state.zones.get(f"treasure@{player}", []):
            for tag in game.card_fields(card).get("tags") or ():
                types[tag] = types.get(tag, 0) + 1
        ops = game.ops
        ops.set(player, "building points", built * value(game, "building points each"))
        ops.set(player, "artifact points", sum(int(sets.lookup(n).result) for n in types.values()))
        ops.set(player, "warrior points", warriors * value(game, "warrior points each"))
        ops.set(player, "happiness points", ops.value(player, "happiness"))
        ops.set(player, "artifact penalty", max(0, len(types) - 1))


def the_last_year_ends(game: WorldGame) -> bool:
    return game.state.round >= value(game, "years")


# ---- verbs the text uses ----------------------------------------------------------------------


@creates("object")  # the verb picks what it acts on itself
def suffer(ctx: Context, object: Any = None) -> None:
    """At the bottom of happiness: the curse die's row, done."""
    game, player = _game(ctx), str(ctx.actor)
    _face, row = game.ops.roll("curse die", by=player)
    result = row.result if row is not None else ""
    if "gold" in result:
        game.ops.change(player, "gold", -value(game, "curse cost"), why="a curse")
    elif "plague" in result:
        game.ops.place(capital(game, player), "plague")
    else:
        game.ops.place(capital(game, player), "fire")


def _your_units(game: WorldGame, player: str) -> list[str]:
    return [
        f"{unit} on {tile}"
        for tile in [*tiles(game), COMBAT_AREA]
        for unit in UNITS
        if game.ops.count(tile, unit, player)
    ]


@creates("object")  # the verb picks what it acts on itself
def sacrifice(ctx: Context, object: Any = None) -> None:
    """The Great Sacrifice: the player gives up a unit of their choice."""
    game, player = _game(ctx), str(ctx.actor)
    unit, _, tile = _ask(ctx, _your_units(game, player), "sacrifice").partition(" on ")
    game.ops.remove(tile, unit, 1, player)


@creates("object")  # the verb picks what it acts on itself
def wither(ctx: Context, object: Any = None) -> None:
    """Aging at its top: the aging die picks one of the player's lands (1-2 capital, 3-4 farm,
    5-6 mine: our reading); a unit there dies (a peasant first), else one in the combat area,
    else the die is rolled again."""
    game, player = _game(ctx), str(ctx.actor)
    if not _your_units(game, player):
        return
    for _ in range(20):  # a bound on re-rolls: the player has units somewhere
        _face, row = game.ops.roll("aging die", by=player)
        land = LAND_OF.get(row.result if row is not None else "", 1)
        tile = next(t for t in lands(game, player) if field(game, t, "land") == land)
        for where in (tile, COMBAT_AREA):
            for unit in UNITS:
                if game.ops.count(where, unit, player):
                    game.ops.remove(where, unit, 1, player)
                    return


@creates("object")  # the verb picks what it acts on itself
def douse(ctx: Context, object: Any = None) -> None:
    """Work: take a fire off one of your lands."""
    game, player = _game(ctx), str(ctx.actor)
    tile = _ask(ctx, [t for t in lands(game, player) if game.ops.count(t, "fire")], "douse")
    game.ops.remove(tile, "fire")


@creates("object")  # the verb picks what it acts on itself
def build(ctx: Context, object: Any = None) -> None:
    """Work: construct a building on one of your lands, each point of effort left taking 1
    gold off its cost; a building already there is replaced (a rebuild)."""
    game, player = _game(ctx), str(ctx.actor)
    effort, gold = game.ops.value(player, "effort"), game.ops.value(player, "gold")
    names: dict[str, str] = {}
    for card in game.state.zones.get("supply", []):
        names.setdefault(game.state.cards[card]["name"], card)
    options = [
        f"{name} on {tile}"
        for name, card in names.items()
        for tile in lands(game, player)
        if max(0, field(game, card, "cost") - effort) <= gold
        and not game.ops.count(tile, "fire")
        and (
            building_on(game, tile) is None
            or game.state.cards[building_on(game, tile) or ""]["name"] != name
        )
    ]
    name, _, tile = _ask(ctx, options, "build").partition(" on ")
    card = names[name]
    game.ops.change(player, "gold", -max(0, field(game, card, "cost") - effort), why="building")
    game.ops.set(player, "effort", 0, why="building")
    old = building_on(game, tile)
    if old is not None:
        _unplace(game, old, "rebuilt")
    game.ops.move_card(card, at=tile, owner=player, why="built")


def _room(game: WorldGame, tile: str) -> bool:
    return units_on(game, tile) < value(game, "unit limit")


@creates("object")  # the verb picks what it acts on itself
def recruit(ctx: Context, object: Any = None) -> None:
    """Recruit: a peasant (free) on your capital or a tile with your building; a warrior (1
    gold) on your capital, or at a building that recruits once you have revealed a technology
    that allows it (our reading of 'an appropriate building according to the revealed
    technologies')."""
    game, player = _game(ctx), str(ctx.actor)
    options = []
    for tile in tiles(game):
        building = building_on(game, tile)
        ours = building is not None and game.state.cards[building].get("owner") == player
        if not (tile == capital(game, player) or ours) or not _room(game, tile):
            continue
        if game.ops.value(player, "gold") >= value(game, "peasant cost"):
            options.append(f"peasant on {tile}")
        warriors = tile == capital(game, player) or (
            ours and game.card_fields(building or "").get("recruits") and drilled(game, player)
        )
        if warriors and game.ops.value(player, "gold") >= value(game, "warrior cost"):
            options.append(f"warrior on {tile}")
    unit, _, tile = _ask(ctx, options, "recruit").partition(" on ")
    game.ops.change(player, "gold", -value(game, f"{unit} cost"), why="recruiting")
    game.ops.place(tile, unit, 1, player)


def drilled(game: WorldGame, player: str) -> bool:
    """Whether the player has revealed a technology that lets warriors be recruited at a
    building (our reading of "according to the revealed technologies")."""
    return any(
        game.card_fields(c).get("recruits") for c in game.state.zones.get(f"research@{player}", [])
    )


@creates("object")  # the verb picks what it acts on itself
def march(ctx: Context, object: Any = None) -> None:
    """Move: one unit one step to an adjacent tile with room (our reading: a step an effort),
    or a warrior to or from the combat area (from it, home to the capital). A warrior entering a
    tile with a bandit: both leave the board."""
    game, player = _game(ctx), str(ctx.actor)
    options = []
    for tile in tiles(game):
        for unit in UNITS:
            if not game.ops.count(tile, unit, player):
                continue
            options += [
                f"{unit} from {tile} to {t}"
                for t in game.world.neighbours.get(tile, ())
                if _room(game, t)
            ]
            if unit == "warrior":
                options.append(f"warrior from {tile} to {COMBAT_AREA}")
    if game.ops.count(COMBAT_AREA, "warrior", player) and _room(game, capital(game, player)):
        options.append(f"warrior from {COMBAT_AREA} to {capital(game, player)}")
    move, _, to = _ask(ctx, options, "move").partition(" to ")
    unit, _, source = move.partition(" from ")
    game.ops.remove(source, unit, 1, player)
    if unit == "warrior" and game.ops.count(to, "bandit"):
        game.ops.remove(to, "bandit")
        game.ops.change(player, "happiness", value(game, "bounty"), why="a bandit killed")
        return
    game.ops.place(to, unit, 1, player)


@creates("object")  # the verb picks what it acts on itself
def hunt(ctx: Context, object: Any = None) -> None:
    """Move: kill a monster on a tile where you have a warrior, gain the bounty in happiness,
    and roll the loot die."""
    game, player = _game(ctx), str(ctx.actor)
    found = [
        t
        for t in tiles(game)
        if game.ops.count(t, "monster") and game.ops.count(t, "warrior", player)
    ]
    tile = _ask(ctx, found, "hunt")
    game.ops.remove(tile, "monster")
    game.ops.change(player, "happiness", value(game, "bounty"), why="a monster killed")
    _face, row = game.ops.roll("loot die", by=player)
    result = row.result if row is not None else ""
    market = game.state.zones.get("market", [])
    if result.startswith("an artifact") and market:
        game.ops.move_card(market[0], zone="treasure", owner=player, why="loot")
    else:
        game.ops.change(player, "gold", leading_number(row), why="loot")


@creates("object")  # the verb picks what it acts on itself
def steal(ctx: Context, object: Any = None) -> None:
    """Steal: 1 gold from an opponent of your choice who has some."""
    game, player = _game(ctx), str(ctx.actor)
    rich = [p for p in game.state.players if p != player and game.ops.value(p, "gold") > 0]
    victim = _ask(ctx, rich, "steal from")
    game.ops.change(victim, "gold", -1, why=f"stolen by {player}")
    game.ops.change(player, "gold", 1, why=f"stolen from {victim}")


STEPS = {
    "found the capitals": found_the_capitals,
    "monsters invade at setup": monsters_invade_at_setup,
    "a monster invades": a_monster_invades,
    "age the units": age_the_units,
    "the fires spread": the_fires_spread,
    "gather the harvest": gather_the_harvest,
    "the plague spreads": the_plague_spreads,
    "the bandits raid": the_bandits_raid,
    "unrest lowers happiness": unrest_lowers_happiness,
    "the monsters prey": the_monsters_prey,
    "fight": fight,
    "count the final scores": count_the_final_scores,
}
procedure_words = world_words(steps=STEPS, until={"the last year ends": the_last_year_ends})
