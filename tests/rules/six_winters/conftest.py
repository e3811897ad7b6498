from six_winters_table import ruleset

__all__ = ["ruleset"]
