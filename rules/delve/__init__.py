"""Delve: the dungeon expeditions of seed 004, as text (``*.rules`` here); ``plugin.py`` names
the folder for the registry."""
