"""The card language: grammar, parser, checker, compiler, runtime, formatter and printer.

Game-agnostic: every game word comes from a ruleset's own declarations.

``import dsl`` (and ``dsl.errors``, which every command imports) stays light: the loader,
and with it the checker, parser and Lark, is imported on first use of one of its names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dsl import compiled as _compiled

_compiled.install()  # the hot modules' compiled files, when built from their current source

if TYPE_CHECKING:
    from dsl.loader import check_ruleset, load_ruleset, load_text

__all__ = ["check_ruleset", "load_ruleset", "load_text"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from dsl import loader

        return getattr(loader, name)
    raise AttributeError(f"module 'dsl' has no attribute {name!r}")
