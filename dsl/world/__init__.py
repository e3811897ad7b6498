"""The world engine: games written wholly in text, played (``docs/design/floor.md``, part 2).

- ``model``: what a ruleset declares of its table (players, numbers, zones, pieces, dice, map);
- ``state``: the game's state as plain data; ``ops``: the only code that changes it;
- ``host``: what a phrase finds and what a number reads; ``verbs``: the core verbs;
- ``game``: the machine walking the procedure; ``words``: the procedure's own words.
"""
