"""The binder's error: a phrase it cannot read, turned into a diagnostic by its caller. A module
of its own so that the readers the binder calls (``dsl.numbers``) can raise and catch it without
importing the binder back."""

from __future__ import annotations

from dsl.runtime import Span


class PlacedError(Exception):
    """A sentence or declaration of a form that cannot be read, and where (``span``): each form's
    reader raises its own kind, and the checker turns it into a diagnostic at that place."""

    def __init__(self, message: str, span: Span) -> None:
        super().__init__(message)
        self.message = message
        self.span = span


class BindError(Exception):
    """A phrase the binder cannot read; caught and turned into a diagnostic.

    ``others`` holds more errors found in the same phrase (each item of a list is checked).
    """

    def __init__(self, message: str, span: Span, others: list[BindError] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.span = span
        self.others = others or []

    def all(self) -> list[BindError]:
        return [self, *(e for other in self.others for e in other.all())]
