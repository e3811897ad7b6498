"""The table companion of a game a GM runs: its ledger, verbs and published site."""
