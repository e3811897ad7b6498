"""The ``chronicler`` command line: one Typer app; each package registers its own verbs.

``dsl.commands`` adds check, fmt, cards and test; ``journal.play`` adds play;
``journal.commands`` adds the verbs of every campaign (campaign, use, history, undo, export,
import, publish, demo); ``journal.printing.command`` adds print; ``journal.editor.command`` lsp;
``journal.playtest.commands`` simulate; ``journal.companion`` roll and odds;
``journal.six_winters.commands`` Six Winters' table (year, scene, chronicle, setup);
``journal.tags_and_tracks.commands`` the verbs of a game a GM runs.
``--help`` lists them by who uses them: the designer, each ruleset's table (the verbs its
contract names), the chronicler. Errors a user can cause are
``ChroniclerError``s: printed on stderr in one line, exit code 1 (2 for bad usage, which says
where the verb's help is), no traceback unless ``--debug`` is given; so is whatever the file
system refuses (an ``OSError``: 2 for a name too long, else 1). At a terminal, an option a
verb needs and was not given is asked rather than refused. A Tab in the shell runs the program
with ``_CHRONICLER_COMPLETE`` set: ``journal.completion`` answers it.
"""

from __future__ import annotations

import errno
import importlib
import os
import sys

import typer
from rich.console import Console
from rich.markup import escape
from typer.models import CommandInfo, TyperInfo

from dsl.errors import ChroniclerError

err_console = Console(stderr=True, highlight=False, soft_wrap=True)
COMPLETE_VAR = "_CHRONICLER_COMPLETE"  # set by the completion script the shell runs on a Tab

app = typer.Typer(
    name="chronicler",
    help=(
        "Write board-game cards as text, let bots play them, and keep each campaign's journal.\n\n"
        "Exit codes: 0 done; 1 refused (by the rules, or a file or journal that cannot be "
        "used); 2 the words are wrong (the message names the verb's --help). The verbs a "
        "script reads take --json. Shell completion: --install-completion.\n\n"
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
    "journal.six_winters.commands",
    "journal.tags_and_tracks.commands",
    "journal.delve.commands",
    "journal.editor.command",
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
    ctx: typer.Context,
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
    from journal.rulesets import CommandLineRulesets

    _state["debug"] = debug
    ctx.obj = CommandLineRulesets()  # the rulesets every verb reaches (dsl.contract.Rulesets)


def _register_commands() -> None:
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as missing:
            if missing.name == name:
                continue
            raise
        module.register(app)


# Who uses each verb: the panels of ``chronicler --help`` and of docs/cli.md. A ruleset's table
# verbs are listed under its own heading, from its contract (``journal.verbs``); the rest of the
# verbs are every campaign's, the chronicler's.
DESIGNER = "Designer: write, check, print and playtest the text"
CHRONICLER = "Chronicler: campaigns of every game, their history and their site"
DESIGNER_VERBS = ("check", "fmt", "cards", "test", "print", "play", "simulate", "odds", "lsp")


def _table_panels() -> dict[tuple[str, ...], str]:
    """Each ruleset's table verbs (their paths) under its table's heading."""
    from rules import registry

    panels: dict[tuple[str, ...], str] = {}
    try:
        rulesets = registry.games()
    except ChroniclerError:  # not installed: no ruleset registered; the verbs still run
        return panels
    for ruleset in rulesets.values():
        for verb in ruleset.journal.verbs:
            panels.setdefault(verb.path, ruleset.journal.table)
    return panels


def _panel(path: tuple[str, ...], tables: dict[tuple[str, ...], str]) -> str:
    if path[0] in DESIGNER_VERBS:
        return DESIGNER
    for verb, panel in tables.items():
        if path[: len(verb)] == verb:  # the verb, or a verb of its group ("track add")
            return panel
    under = [panel for verb, panel in tables.items() if verb[: len(path)] == path]
    under = under or [panel for verb, panel in tables.items() if verb[0] == path[0]]
    return max(sorted(set(under)), key=under.count) if under else CHRONICLER


def _group_commands() -> None:
    """Put every verb (and every verb of a group) under the heading of who uses it."""
    tables = _table_panels()
    for command in app.registered_commands:
        if command.name:
            command.rich_help_panel = _panel((command.name,), tables)
    for group in app.registered_groups:
        if not isinstance(group.name, str) or group.typer_instance is None:
            continue
        group.rich_help_panel = _panel((group.name,), tables)
        for command in group.typer_instance.registered_commands:
            if command.name:
                command.rich_help_panel = _panel((group.name, command.name), tables)
    # the headings in this order: the designer's, the chronicler's, then each table's
    order = [DESIGNER, CHRONICLER, *dict.fromkeys(tables.values())]

    def rank(info: CommandInfo | TyperInfo) -> int:
        panel = info.rich_help_panel
        return order.index(panel) if isinstance(panel, str) and panel in order else len(order)

    app.registered_commands.sort(key=rank)
    app.registered_groups.sort(key=rank)


_register_commands()
_group_commands()


def command_path(args: list[str]) -> str:
    """The verb the words name, as its help is asked: "chronicler year start" for
    ``year start --campaign X`` (as far as the words name one)."""
    command = typer.main.get_command(app)
    words = ["chronicler"]
    for arg in args:
        verbs = getattr(command, "commands", None)
        if verbs is None:  # a verb, not a group of verbs: its help is found
            break
        if arg.startswith("-"):  # an option of the group (--debug): the verb comes later
            continue
        if arg not in verbs:
            break
        words.append(arg)
        command = verbs[arg]
    return " ".join(words)


def _see_help(args: list[str]) -> str:
    return f" (see '{command_path(args)} --help')"


def _prompted(usage: Exception, args: list[str]) -> list[str] | None:
    """At a terminal, the words with what a missing option or argument asks typed in; None
    elsewhere (a script is told what is missing)."""
    from journal.prompting import ask, interactive

    param = getattr(usage, "param", None)
    if param is None or not interactive() or type(usage).__name__ != "MissingParameter":
        return None
    name = max(param.opts, key=len) if param.param_type_name == "option" else param.name
    what = getattr(param, "help", None) or ""
    while True:
        answer = ask(f"{name} ({what.rstrip('.')})" if what else name).strip()
        if answer:
            break
    return [*args, name, answer] if param.param_type_name == "option" else [*args, answer]


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
    """Run the app; turn a ChroniclerError into a one-line message and an exit code (1 when
    something is refused, 2 for bad usage, which says where the verb's help is)."""
    args = sys.argv[1:] if argv is None else argv
    debug = "--debug" in args
    if os.environ.get(COMPLETE_VAR):  # the shell asks what completes a word: answer, quickly
        from journal.completion import complete

        return complete(app)
    while True:
        try:
            # Without standalone mode, click returns a typer.Exit's code instead of raising it.
            result = app(args=args, prog_name="chronicler", standalone_mode=False)
            if isinstance(result, int) and result:
                return result
        except ChroniclerError as error:
            if debug:
                raise
            message = error.message
            if error.exit_code == 2:
                message += _see_help(args)
            err_console.print(f"[bold red]error:[/] {escape(one_line(message))}", markup=True)
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
            message = one_line(os_message(error))
            err_console.print(f"[bold red]error:[/] {escape(message)}", markup=True)
            return 2 if error.errno == errno.ENAMETOOLONG else 1
        except typer.TyperException as usage:  # click's usage errors, vendored by Typer
            if type(usage).__name__ == "NoArgsIsHelpError":
                typer.echo(usage.format_message())
                return 0
            if debug:
                raise
            asked = _prompted(usage, args)
            if asked is not None:
                args = asked
                continue
            message = one_line(usage.format_message())
            err_console.print(
                f"[bold red]error:[/] {escape(message)}{escape(_see_help(args))}", markup=True
            )
            return int(getattr(usage, "exit_code", 2))
        return 0


if __name__ == "__main__":
    sys.exit(main())
