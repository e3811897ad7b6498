"""The card language: grammar, parser, checker, compiler, runtime, formatter and printer.

Game-agnostic: every game word comes from a ruleset's own declarations.
"""

from dsl.loader import check_ruleset, load_ruleset, load_text

__all__ = ["check_ruleset", "load_ruleset", "load_text"]
