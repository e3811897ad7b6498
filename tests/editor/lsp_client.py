"""A designer's editor, as the tests drive it: pygls's own client talking to ``chronicler lsp``
over stdio, on an event loop of its own thread, with the diagnostics it has been sent."""

from __future__ import annotations

import asyncio
import concurrent.futures
import shutil
import sys
import threading
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

ROOT = Path(__file__).resolve().parents[2]
SIX_WINTERS = ROOT / "rules" / "six_winters"
T = TypeVar("T")
WAIT = 60.0  # seconds: a check of a whole ruleset on a busy machine, with room to spare


def copy_of_six_winters(folder: Path) -> Path:
    """A designer's own copy of the Six Winters text and faces (found by its folder)."""
    folder.mkdir(parents=True, exist_ok=True)
    for path in SIX_WINTERS.glob("*.rules"):
        shutil.copy(path, folder / path.name)
    shutil.copytree(SIX_WINTERS / "faces", folder / "faces")
    return folder


def uri(path: Path | str) -> str:
    return from_fs_path(str(path)) or str(path)


def doc(path: Path | str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri(path))


def at(line: int, character: int) -> types.Position:
    """A position as an editor sends it: 0-based line and character."""
    return types.Position(line, character)


class Editor:
    """A running server and its client; ``diagnostics[uri]`` is the last list published."""

    def __init__(
        self,
        cwd: Path = ROOT,
        capabilities: types.ClientCapabilities | None = None,
        env: dict[str, str] | None = None,
    ):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.diagnostics: dict[str, list[types.Diagnostic]] = {}
        self.published: list[types.PublishDiagnosticsParams] = []
        self.versions: dict[str, int] = {}
        self.texts: dict[str, str] = {}
        self._changed = threading.Condition()
        self.client = LanguageClient("chronicler-tests", "1")

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: types.PublishDiagnosticsParams) -> None:
            with self._changed:
                self.diagnostics[params.uri] = list(params.diagnostics)
                self.published.append(params)
                self._changed.notify_all()

        self.run(
            self.client.start_io(sys.executable, "-m", "journal.cli", "lsp", cwd=str(cwd), env=env)
        )
        self.initialized = self.run(
            self.client.initialize_async(
                types.InitializeParams(
                    capabilities=capabilities or types.ClientCapabilities(),
                    root_uri=uri(cwd),
                )
            )
        )
        self.client.initialized(types.InitializedParams())

    def run(self, coroutine: Coroutine[Any, Any, T], timeout: float = WAIT) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def call(self, method: str, params: Any, timeout: float = WAIT) -> Any:
        """A request by its method name: the answer, or the error the server sent."""

        async def ask() -> Any:
            future = self.client.protocol.send_request(method, params)
            if isinstance(future, concurrent.futures.Future):
                return await asyncio.wrap_future(future)
            return await future

        return self.run(ask(), timeout)

    def notify(self, method: str, params: Any) -> None:
        self.loop.call_soon_threadsafe(self.client.protocol.notify, method, params)

    # ---- documents ---------------------------------------------------------------------------

    def open(self, path: Path | str, text: str | None = None) -> str:
        text = Path(path).read_text(encoding="utf-8") if text is None else text
        key = uri(path)
        self.versions[key] = 1
        self.texts[key] = text
        self.notify(
            types.TEXT_DOCUMENT_DID_OPEN,
            types.DidOpenTextDocumentParams(types.TextDocumentItem(key, "rules", 1, text)),
        )
        return key

    def change(self, path: Path | str, text: str) -> None:
        """The whole text replaced (what an editor sends with full synchronisation)."""
        key = uri(path)
        self.versions[key] = self.versions.get(key, 0) + 1
        self.texts[key] = text
        self.notify(
            types.TEXT_DOCUMENT_DID_CHANGE,
            types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(version=self.versions[key], uri=key),
                [types.TextDocumentContentChangeWholeDocument(text)],
            ),
        )

    def edit(self, path: Path | str, start: types.Position, end: types.Position, new: str) -> None:
        """A part of the text replaced (incremental synchronisation)."""
        key = uri(path)
        self.versions[key] = self.versions.get(key, 0) + 1
        self.notify(
            types.TEXT_DOCUMENT_DID_CHANGE,
            types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(version=self.versions[key], uri=key),
                [types.TextDocumentContentChangePartial(range=types.Range(start, end), text=new)],
            ),
        )

    def close(self, path: Path | str) -> None:
        self.notify(types.TEXT_DOCUMENT_DID_CLOSE, types.DidCloseTextDocumentParams(doc(path)))

    def settled(self, path: Path | str) -> None:
        """Wait until the server has checked the document as it is now (a request that needs
        the check answers only then)."""
        self.call(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL, types.DocumentSymbolParams(doc(path)))

    def wait_for(
        self, path: Path | str, holds: Any, timeout: float = WAIT
    ) -> list[types.Diagnostic]:
        """The diagnostics of ``path`` once ``holds(diagnostics)`` is true of them."""
        key = uri(path)
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                found = self.diagnostics.get(key)
                if found is not None and holds(found):
                    return found
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"diagnostics of {path} never held: {found}")
                self._changed.wait(left)

    def stop(self) -> None:
        try:
            self.call(types.SHUTDOWN, None, timeout=10)
            self.notify(types.EXIT, None)
            self.run(self.client.stop(), timeout=10)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)

    def server_alive(self) -> bool:
        server = self.client._server
        return server is not None and server.returncode is None
