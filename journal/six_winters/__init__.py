"""Six Winters' part of the journal: the tables it keeps beside the one ledger
(``models.py``), its table verbs (``commands.py``) and what they do (``table.py``, with the rules
they check in ``table_rules.py``), recording a year the engine played (``recording.py``), and
its keeper (``keeper.py``: what the rest of the journal asks of a Six Winters campaign)."""
