from tags_and_tracks_table import ruleset

__all__ = ["ruleset"]
