"""Printing a ruleset's cards: faces from the compiled card, sheets, decks and merge files.

Game-agnostic: everything Six Winters looks like lives in ``rules/six_winters/faces/``. The
stages, one a module: ``text`` (measure, wrap, fit), ``faces`` (a card through its kind's
template), ``raster`` (SVG to PNG), ``selection`` (which cards and copies), ``sheets`` (the
print-and-play PDF), ``tts`` (Tabletop Simulator decks), ``merge`` (the data-merge CSV),
``output`` (safe file names under ``--out``), ``command`` (``chronicler print``).
"""
