"""A game written wholly in text, as Chronicler plays, prints and journals it: the world engine's
part of the ruleset contract (``plugin.py``), given to any folder of text with no engine of its
own."""
