"""``chronicler lsp``: the card language's server, on pygls, over stdio.

Each document belongs to the folder ``chronicler check`` would check it with (a lone buffer is
checked by itself). A change starts a check of that folder on one worker thread; changes made
while it runs are taken together by the next one, and only the newest result is kept.
Diagnostics are published for every file of the folder whose diagnostics changed (a card renamed
in one file is an error in another). Requests about names and sentences wait for the check of
the text as it is; completion answers at once from the last check and the line as typed.

No request or notification may stop the server: each feature's failure is logged and answered
as "nothing here".
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from journal.editor import completion, diagnostics, edits, hover, navigation, preview, tokens
from journal.editor.analysis import Analyser, Analysis, DiskFiles, group_of, normal_text, snapshot
from journal.editor.positions import from_position

log = logging.getLogger("chronicler.lsp")
NAME = "chronicler"
PREVIEW = "chronicler.preview"
T = TypeVar("T")


@dataclass
class Group:
    """The files checked together: a folder, or one buffer with no folder (``folder`` None)."""

    key: str
    folder: str | None
    wanted: int = 0
    done: int = 0
    latest: Analysis | None = None
    task: asyncio.Task[None] | None = None
    waiting: list[tuple[int, asyncio.Future[None]]] = field(default_factory=list)
    published: set[str] = field(default_factory=set)


class RulesServer(LanguageServer):
    def __init__(self) -> None:
        from journal.cli import _package_version

        super().__init__(NAME, _package_version())
        self.analyser = Analyser()
        self.disk = DiskFiles()
        self.groups: dict[str, Group] = {}
        self.shown: dict[str, list[types.Diagnostic]] = {}  # uri -> last published
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="chronicler-check")

    # ---- documents and groups ---------------------------------------------------------------

    @property
    def encoding(self) -> str:
        chosen = self.workspace.position_encoding
        return str(chosen) if chosen else types.PositionEncodingKind.Utf16

    def path_of(self, uri: str) -> str:
        """The file a document is (its URI itself when it is not a file)."""
        return (to_fs_path(uri) if uri.startswith("file:") else None) or uri

    def uri_of(self, path: str) -> str:
        for document in self.workspace.text_documents.values():
            if self.path_of(document.uri) == path:
                return document.uri
        return from_fs_path(path) or path

    def open_texts(self) -> dict[str, str]:
        return {self.path_of(doc.uri): doc.source for doc in self.workspace.text_documents.values()}

    def group(self, uri: str) -> Group:
        path = self.path_of(uri)
        folder = group_of(path)
        key = folder or path
        if key not in self.groups:
            self.groups[key] = Group(key, folder)
        return self.groups[key]

    def changed(self, uri: str) -> None:
        """Something the group of ``uri`` reads changed: check it again."""
        group = self.group(uri)
        group.wanted += 1
        if group.task is None or group.task.done():
            group.task = asyncio.ensure_future(self._check(group))

    async def _check(self, group: Group) -> None:
        loop = asyncio.get_running_loop()
        while group.done < group.wanted:
            version = group.wanted
            texts = self.open_texts()
            try:
                snap = await loop.run_in_executor(
                    self.worker, snapshot, group.folder, texts, self.disk, group.key
                )
                result: Analysis | None = await loop.run_in_executor(
                    self.worker, self.analyser.analyse, snap
                )
            except Exception:  # a failure of the checker on some text: keep the last result
                log.exception("checking %s failed", group.key)
                result = None
            group.done = version
            if result is not None:
                group.latest = result
                self.publish(group, result)
            still = []
            for wanted, future in group.waiting:
                if wanted <= group.done:
                    if not future.done():
                        future.set_result(None)
                else:
                    still.append((wanted, future))
            group.waiting = still

    async def analysis(self, uri: str, fresh: bool = True) -> Analysis | None:
        """The check of the group of ``uri``: of the text as it is now (``fresh``), else the
        last one made (waiting only when there is none)."""
        group = self.group(uri)
        if group.wanted == 0:
            self.changed(uri)
        if group.latest is None or (fresh and group.done < group.wanted):
            future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            group.waiting.append((group.wanted, future))
            await future
        return group.latest

    def publish(self, group: Group, result: Analysis) -> None:
        header = next(iter(result.texts), "")
        found: dict[str, list[Any]] = {path: list(d) for path, d in result.diagnostics.items()}
        nameless = found.pop("", [])
        if nameless and header:
            found.setdefault(header, []).extend(
                diagnostics.on_first_line(d, header) for d in nameless
            )
        for path in group.published - set(found):
            found[path] = []  # a file gone from the folder: its diagnostics go too
        group.published = {path for path, items in found.items() if items}
        for path, items in found.items():
            lines = result.lines(path)
            shown = [diagnostics.to_lsp(d, lines, self.encoding) for d in items]
            uri = self.uri_of(path)
            if self.shown.get(uri) == shown:
                continue
            self.shown[uri] = shown
            self.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=uri, diagnostics=shown)
            )

    # ---- answering requests -----------------------------------------------------------------

    def lines(self, uri: str) -> list[str]:
        try:
            return normal_text(self.workspace.get_text_document(uri).source).split("\n")
        except Exception:
            return [""]

    async def answer(
        self,
        uri: str,
        where: types.Position | None,
        feature: Callable[..., T],
        empty: T,
        fresh: bool = True,
    ) -> T:
        """Run ``feature(analysis, path, lines, line, column)`` (1-based, characters) for a
        request; any failure is logged and answered with ``empty``."""
        try:
            result = await self.analysis(uri, fresh)
            if result is None:
                return empty
            lines = self.lines(uri)
            line, column = from_position(lines, where, self.encoding) if where else (1, 1)
            return feature(result, self.path_of(uri), lines, line, column)
        except Exception:
            log.exception("answering about %s failed", uri)
            return empty


def make_server() -> RulesServer:
    server = RulesServer()
    _follow_documents(server)
    _answer_questions(server)
    _answer_edits(server)
    _answer_commands(server)
    return server


def _follow_documents(server: RulesServer) -> None:
    """A document opened, changed, saved or closed, or a file changed on disk: analysed
    again."""

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: RulesServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.changed(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: RulesServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.changed(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: RulesServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.changed(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: RulesServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.changed(params.text_document.uri)

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def files_changed(ls: RulesServer, params: types.DidChangeWatchedFilesParams) -> None:
        for change in params.changes:
            if change.uri.endswith(".rules"):
                ls.changed(change.uri)


def _answer_questions(server: RulesServer) -> None:
    """What the editor asks about a place in a document: completion, hover, definition,
    references, renaming, the document's symbols."""

    @server.feature(
        types.TEXT_DOCUMENT_COMPLETION,
        types.CompletionOptions(trigger_characters=['"', " "]),
    )
    async def complete(
        ls: RulesServer, params: types.CompletionParams
    ) -> types.CompletionList | None:
        def run(a: Analysis, path: str, lines: list[str], line: int, column: int) -> Any:
            return completion.complete(a, lines, line, column, ls.encoding)

        return await ls.answer(params.text_document.uri, params.position, run, None, fresh=False)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover_at(ls: RulesServer, params: types.HoverParams) -> types.Hover | None:
        def run(a: Analysis, path: str, lines: list[str], line: int, column: int) -> Any:
            return hover.hover(a, path, lines, line, column, ls.encoding)

        return await ls.answer(params.text_document.uri, params.position, run, None)

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    async def definition(
        ls: RulesServer, params: types.DefinitionParams
    ) -> list[types.Location] | None:
        def run(a: Analysis, path: str, lines: list[str], line: int, column: int) -> Any:
            return navigation.definition(a, path, line, column, ls.encoding, ls.uri_of)

        return await ls.answer(params.text_document.uri, params.position, run, None)

    @server.feature(types.TEXT_DOCUMENT_REFERENCES)
    async def references(
        ls: RulesServer, params: types.ReferenceParams
    ) -> list[types.Location] | None:
        def run(a: Analysis, path: str, lines: list[str], line: int, column: int) -> Any:
            declaration = params.context.include_declaration
            return navigation.references(a, path, line, column, ls.encoding, ls.uri_of, declaration)

        return await ls.answer(params.text_document.uri, params.position, run, None)

    @server.feature(types.TEXT_DOCUMENT_PREPARE_RENAME)
    async def prepare_rename(
        ls: RulesServer, params: types.PrepareRenameParams
    ) -> types.Range | None:
        def run(a: Analysis, path: str, lines: list[str], line: int, column: int) -> Any:
            return navigation.prepare_rename(a, path, line, column, ls.encoding)

        return await ls.answer(params.text_document.uri, params.position, run, None)

    @server.feature(types.TEXT_DOCUMENT_RENAME)
    async def rename(ls: RulesServer, params: types.RenameParams) -> types.WorkspaceEdit | None:
        def run(a: Analysis, path: str, lines: list[str], line: int, column: int) -> Any:
            return navigation.rename(a, path, line, column, params.new_name, ls.encoding, ls.uri_of)

        return await ls.answer(params.text_document.uri, params.position, run, None)

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    async def symbols(
        ls: RulesServer, params: types.DocumentSymbolParams
    ) -> list[types.DocumentSymbol] | None:
        def run(a: Analysis, path: str, lines: list[str], line: int, column: int) -> Any:
            return navigation.symbols(a, path, ls.encoding)

        return await ls.answer(params.text_document.uri, None, run, None)


def _answer_edits(server: RulesServer) -> None:
    """Formatting, quick fixes and the colours of the words."""
    legend = types.SemanticTokensLegend(
        token_types=list(tokens.TOKEN_TYPES), token_modifiers=list(tokens.TOKEN_MODIFIERS)
    )

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    def formatting(
        ls: RulesServer, params: types.DocumentFormattingParams
    ) -> list[types.TextEdit] | None:
        try:
            document = ls.workspace.get_text_document(params.text_document.uri)
            return edits.formatting(document.source, ls.path_of(document.uri), ls.encoding)
        except Exception:
            log.exception("formatting failed")
            return None

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]),
    )
    async def code_actions(
        ls: RulesServer, params: types.CodeActionParams
    ) -> list[types.CodeAction] | None:
        uri = params.text_document.uri

        def run(a: Analysis, path: str, lines: list[str], line: int, column: int) -> Any:
            return edits.did_you_mean(a, path, lines, uri, params.range, ls.encoding)

        return await ls.answer(uri, None, run, None)

    @server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, legend)
    async def semantic_tokens(
        ls: RulesServer, params: types.SemanticTokensParams
    ) -> types.SemanticTokens | None:
        def run(a: Analysis, path: str, lines: list[str], line: int, column: int) -> Any:
            return types.SemanticTokens(data=tokens.encode(a, lines, ls.encoding))

        return await ls.answer(params.text_document.uri, None, run, None, fresh=False)


def _answer_commands(server: RulesServer) -> None:
    """The commands the editor's extension runs (a card's preview), and the end of a
    session."""

    @server.command(PREVIEW)
    async def preview_card(ls: RulesServer, *args: Any) -> dict[str, Any]:
        """Arguments: the document's URI and a position ``{"line": L, "character": C}``;
        answers ``{"path": PNG, "card": name, "kind": kind}`` or ``{"error": why}``."""
        try:
            uri = str(args[0])
            where = types.Position(int(args[1]["line"]), int(args[1]["character"]))
        except (IndexError, KeyError, TypeError, ValueError):
            return {"error": "preview takes a document and a position"}

        def run(a: Analysis, path: str, lines: list[str], line: int, column: int) -> Any:
            return preview.render(a, path, line)

        return await ls.answer(uri, where, run, {"error": "no card here"})

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: RulesServer, params: Any) -> None:
        ls.worker.shutdown(wait=False, cancel_futures=True)

    @server.feature(types.EXIT)
    def exit_now(ls: RulesServer, params: Any) -> None:
        """Exit at once: pygls would wait for its thread reading stdin, which the editor may
        keep open (code 0 after a shutdown request, 1 without, as the protocol says)."""
        sys.stdout.flush()
        os._exit(0 if getattr(ls.protocol, "_shutdown", False) else 1)


def serve() -> None:
    """Run the server on stdin and stdout until the editor stops it."""
    logging.basicConfig(level=logging.WARNING, format="chronicler lsp: %(message)s")
    make_server().start_io()
