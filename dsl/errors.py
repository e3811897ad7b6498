"""The one error type every stage raises for a user's mistake; the command line prints it."""

from __future__ import annotations


class ChroniclerError(Exception):
    """A user's mistake or a failed piece of work, told in one message without a traceback.

    ``exit_code`` is 1 for failed work and 2 for bad usage (a wrong argument or option).
    """

    exit_code = 1

    def __init__(self, message: str, *, exit_code: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        if exit_code is not None:
            self.exit_code = exit_code


class UsageError(ChroniclerError):
    """A wrong argument or option: exit code 2."""

    exit_code = 2
