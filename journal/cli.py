"""The ``chronicler`` command line: one Typer app; each package registers its own verbs.

``dsl.commands`` adds check, fmt and cards; ``journal.play`` adds play; ``journal.commands``
adds the campaign, scene, setup, publish, export and demo verbs; ``journal.printing.command``
adds print. Errors a user can cause are
``ChroniclerError``s: printed on stderr in one line, exit code 1 (2 for bad usage), no traceback
unless ``--debug`` is given; so is whatever the file system refuses (an ``OSError``: 2 for a name
too long, else 1).
"""

from __future__ import annotations

import errno
import importlib
import sys

import typer
from rich.console import Console
from rich.markup import escape

from dsl.errors import ChroniclerError

err_console = Console(stderr=True, highlight=False, soft_wrap=True)

app = typer.Typer(
    name="chronicler",
    help=(
        "Write board-game cards as text, let bots play them, and keep each campaign's journal.\n\n"
        "Example: chronicler check rules/six_winters"
    ),
    no_args_is_help=True,
    add_completion=True,  # --install-completion: campaign, scene, card, character names
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
)

_state = {"debug": False}

# Packages that add verbs; each module has ``register(app)``. A missing module is a package
# not written yet, so its verbs are simply absent.
COMMAND_MODULES = (
    "dsl.commands",
    "journal.play",
    "journal.commands",
    "journal.printing.command",
    "journal.playtest.commands",
    "journal.companion",
    "journal.tables.commands",
)


def _package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version  # only --version pays for it

    try:
        return version("chronicler")
    except PackageNotFoundError:  # running from a checkout without install
        return "0+unknown"


def _version_callback(value: bool) -> None:
    if value:
        typer.echo(f"chronicler {_package_version()}")
        raise typer.Exit()


@app.callback()
def root(
    version_: bool = typer.Option(
        False,
        "--version",
        callback=_version_callback,
        is_eager=True,
        help="Print the version and exit.",
    ),
    debug: bool = typer.Option(False, "--debug", help="Show the Python traceback of an error."),
) -> None:
    """Write board-game cards as text, let bots play them, and keep each campaign's journal."""
    _state["debug"] = debug


def _register_commands() -> None:
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as missing:
            if missing.name == name:
                continue
            raise
        module.register(app)


_register_commands()


_CONTROL = {code: f"\\x{code:02x}" for code in (*range(0x20), 0x7F) if code != 0x09}
_CONTROL.update({0x0A: "\\n", 0x0D: "\\r"})


def one_line(message: str) -> str:
    """An error as one line, whatever the value it quotes holds: a line break a user typed
    into an option is shown as ``\\n``, any other control character as ``\\xNN``."""
    return message.translate(_CONTROL)


def os_message(error: OSError) -> str:
    """An ``OSError`` in words: what the system said, and about which file."""
    said = error.strerror or str(error) or type(error).__name__
    if error.errno == errno.ENAMETOOLONG:
        said = "a name in the path is longer than the file system allows"
    if error.filename is None:
        return said
    return f"{error.filename}: {said}" + (f" ({error.filename2})" if error.filename2 else "")


def main(argv: list[str] | None = None) -> int:
    """Run the app; turn a ChroniclerError into a one-line message and an exit code."""
    args = sys.argv[1:] if argv is None else argv
    debug = "--debug" in args
    try:
        # Without standalone mode, click returns a typer.Exit's code instead of raising it.
        result = app(args=args, prog_name="chronicler", standalone_mode=False)
        if isinstance(result, int) and result:
            return result
    except ChroniclerError as error:
        if debug:
            raise
        err_console.print(f"[bold red]error:[/] {escape(one_line(error.message))}", markup=True)
        return error.exit_code
    except typer.Exit as done:
        return done.exit_code
    except typer.Abort:
        err_console.print("[bold red]error:[/] aborted", markup=True)
        return 1
    except KeyboardInterrupt:
        err_console.print("[bold red]error:[/] interrupted", markup=True)
        return 130
    except OSError as error:  # what the file system refused, wherever it was asked
        if debug:
            raise
        err_console.print(f"[bold red]error:[/] {escape(one_line(os_message(error)))}", markup=True)
        return 2 if error.errno == errno.ENAMETOOLONG else 1
    except typer.TyperException as usage:  # click's usage errors, vendored by Typer
        if type(usage).__name__ == "NoArgsIsHelpError":
            typer.echo(usage.format_message())
            return 0
        if debug:
            raise
        message = one_line(usage.format_message())
        err_console.print(
            f"[bold red]error:[/] {escape(message)} (see 'chronicler --help')", markup=True
        )
        return int(getattr(usage, "exit_code", 2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
