"""``chronicler lsp``: the language server an editor starts (docs/editors.md)."""

from __future__ import annotations

import typer

LSP_HELP = """Run the card language's server for an editor, on stdin and stdout.

Diagnostics as you type (those of chronicler check), completion, hover, go to definition, \
references, renaming a card, formatting, the outline, quick fixes, semantic colouring and a \
card preview, for every .rules file; a file is checked with the other files of its folder. \
An editor starts it; docs/editors.md has the setup for VS Code, Neovim and Helix.

Example: chronicler lsp
"""


def register(app: typer.Typer) -> None:
    app.command("lsp", help=LSP_HELP)(lsp_command)


def lsp_command() -> None:
    from journal.editor.server import serve

    serve()
