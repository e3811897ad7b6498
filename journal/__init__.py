"""The campaign journal: a ledger of each campaign in SQLite, and its website.

Reading order, one stage a module:

- ``models``     the typed rows (SQLModel); ``migrations/`` the Alembic history of their schema
- ``db``         opening a journal: refuse what is not one, back up and migrate an old one
- ``ledger``     the named operations that write rows
- ``catalogue``  card names and facts from the compiled ruleset, to check what people type
- ``campaign``   reading the engine's campaign state; fate and score
- ``recording``  the engine's events -> rows, as a session is played
- ``table``      what the table verbs do (people -> rows)
- ``bundle``     export and import (JSON, lossless; Markdown)
- ``website/``   pages, SVG pictures, sanitising, and the MkDocs build
- ``commands``   the verbs on the ``chronicler`` command line; ``demo`` the bots' campaign
"""
