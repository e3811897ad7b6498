"""Card text → AST: one cached LALR parser, a layout post-lexer, errors as diagnostics.

Newlines end items (a field, a declaration, an effect) unless the next line is indented deeper
than the item's first line, in which case it continues the item. Inside a card, an item that
holds a ":" or ends with "." is an effect; the post-lexer marks it before its first token is
lexed, so the contextual lexer reads its words as sentence words.
"""

from __future__ import annotations

import bisect
import codecs
import contextlib
import re
import threading
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Literal

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from dsl import ast
from dsl.diagnostics import Diagnostic, read_rules_text
from dsl.runtime import Span

GRAMMAR_PATH = Path(__file__).with_name("grammar.lark")

# Blocks whose items are data rows, never effects (a check's and a ladder's are clauses).
_DATA_BLOCKS = frozenset({"TABLE", "MAP", "KIND", "CHECK", "LADDER"})


def _line_indent(text: str, start: int) -> tuple[int, int]:
    """Indent of the line starting at ``start`` and the index of its first non-blank char."""
    i = start
    n = len(text)
    while i < n and text[i] in " \t\f":
        i += 1
    return i - start, i


_STOPS = re.compile(r'["#\n{}·:]')
_BLANK_OR_COMMENT = re.compile(r"[ \t\f\r\n]*(?:#[^\n]*)?")


_NOTE = re.compile(r"note[ \t]", re.IGNORECASE)


def _item_is_effect(
    text: str, pos: int, item_indent: int | None, in_procedure: bool = False
) -> bool:
    """Does the item starting at ``pos`` hold a ":" or end with "."? (Same layout rules.)
    In a procedure, a ``note`` line is never an effect, whatever it holds."""
    n = len(text)
    i = pos
    while i < n:  # skip blank lines and comments before the item
        j = _BLANK_OR_COMMENT.match(text, i).end()  # type: ignore[union-attr]
        if j == i:
            break
        i = j
    if i >= n or text[i] in "{}·":
        return False
    if in_procedure and _NOTE.match(text, i):
        return False
    if item_indent is None:
        item_indent = i - (text.rfind("\n", 0, i) + 1)
    last = ""
    while i < n:
        found = _STOPS.search(text, i)
        stop = found.start() if found else n
        segment = text[i:stop].rstrip()
        if segment:
            last = segment[-1]
        if found is None:
            break
        c = text[stop]
        if c == ":":
            return True
        if c in "{}·":
            break
        if c == '"':
            close = stop + 1
            while close < n and text[close] not in '"\n':
                close += 2 if text[close] == "\\" else 1
            i = close + 1
            last = '"'
            continue
        if c == "#":
            newline = text.find("\n", stop)
            i = n if newline < 0 else newline
            continue
        # a newline: the item goes on only if the next line with text is indented deeper
        j = stop + 1
        while True:
            indent, k = _line_indent(text, j)
            if k < n and text[k] == "\n":
                j = k + 1
                continue
            if k < n and text[k] == "#":
                e = text.find("\n", k)
                if e < 0:
                    return last == "."
                j = e + 1
                continue
            break
        if k >= n or indent <= item_indent:
            break
        i = k
    return last == "."


class _Layout:
    """Post-lexer: drops continuation newlines and marks effect items (see module notes)."""

    always_accept = ("_NL",)

    def __init__(self) -> None:
        self.text = ""

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        text = self.text
        at_item_start = True
        item_indent = 0
        blocks: list[bool] = []  # True for a card block (its items may be effects)
        top_first = ""
        for tok in stream:
            kind = tok.type
            if kind == "_NL":
                value = tok.value
                last_line = value[value.rfind("\n") + 1 :]
                indent = len(last_line) - len(last_line.lstrip(" \t\f"))
                if not at_item_start and indent > item_indent:
                    continue  # an indented continuation line
                at_item_start = True
                yield tok
                in_procedure = top_first == "PROCEDURE"
                if (
                    blocks
                    and blocks[-1]
                    and _item_is_effect(text, tok.end_pos or 0, None, in_procedure)
                ):
                    yield Token.new_borrow_pos("_EFFECT", "", tok)
                continue
            if at_item_start:
                at_item_start = False
                item_indent = (tok.column or 1) - 1
                if not blocks:
                    top_first = kind
            yield tok
            if kind == "LBRACE":
                blocks.append(bool(blocks[-1]) if blocks else top_first not in _DATA_BLOCKS)
                at_item_start = True
                end = tok.end_pos or 0
                line_end = text.find("\n", end)
                rest = text[end : line_end if line_end >= 0 else len(text)]
                same_line = rest.split("#", 1)[0].strip()
                in_procedure = top_first == "PROCEDURE"
                if blocks[-1] and same_line and _item_is_effect(text, end, None, in_procedure):
                    yield Token.new_borrow_pos("_EFFECT", "", tok)
            elif kind == "RBRACE":
                if blocks:
                    blocks.pop()
            elif (
                kind == "DOT_SEP"
                and blocks
                and blocks[-1]
                and _item_is_effect(text, tok.end_pos or 0, item_indent)
            ):
                yield Token.new_borrow_pos("_EFFECT", "", tok)


_LOCK = threading.Lock()

try:  # strict mode (no conflicts, no terminal collisions) needs lark's optional interegular
    import interegular  # noqa: F401

    _STRICT = True
except ImportError:  # the same grammar, checked by tests/dsl/test_01_parse.py where available
    _STRICT = False


@cache
def _parser() -> tuple[Lark, _Layout]:
    """The one LALR parser, built once per process (Lark also caches it on disk)."""
    layout = _Layout()
    parser = Lark(
        GRAMMAR_PATH.read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        postlex=layout,
        propagate_positions=True,
        maybe_placeholders=False,
        strict=_STRICT,
        cache=True,
    )
    return parser, layout


def parse_tree(text: str) -> Tree[Token]:
    """The raw Lark tree of ``text``; raises lark's ``UnexpectedInput``."""
    parser, layout = _parser()
    with _LOCK:
        layout.text = text
        return parser.parse(text)


# ---- error messages -------------------------------------------------------------------------

_TERMINAL_WORDS = {
    "_NL": "end of line",
    "$END": "end of file",
    "STRING": "a quoted name",
    "WORD": "a word",
    "NUMBER": "a number",
    "RANGE": "a range like 2-5",
    "INT_RANGE": "a range like 1..6",
    "OPEN_RANGE": "a range like 121+",
    "COMMA": '","',
    "COMMA_OR": '", or"',
    "DOT": '"." to end the sentence',
    "COLON": '":"',
    "EQUAL": '"="',
    "LBRACE": '"{"',
    "RBRACE": '"}"',
    "LPAR": '"("',
    "RPAR": '")"',
    "DOT_SEP": '"·"',
    "MINUS": '"-"',
    "VALUE_IN": '"in" and the range the engine honours ("in 1..")',
    "TRIGGER_LABEL": 'a trigger like "Play:"',
    "WHEN_LABEL": 'a trigger like "When this enters play,"',
    "OPTION_LABEL": 'a quoted option like "Stay":',
    "CHOOSE_ONE": '"Choose one:"',
    "INSTEAD_OF": '"Instead of"',
    "MAY_NOT": '"May not"',
}


def _describe_terminal(name: str) -> str | None:
    if name == "_EFFECT":
        return None
    if name in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[name]
    if name.startswith("__ANON"):
        return None
    return f'"{name.lower()}"'


def _describe_token(token: Token) -> str:
    if token.type == "_NL":
        return "end of line"
    if token.type == "$END":
        return "end of file"
    if token.type == "_EFFECT":
        return "a sentence"
    return f'"{token.value}"'


def _expected(names: set[str] | frozenset[str]) -> str:
    words = sorted({w for w in (_describe_terminal(n) for n in names) if w})
    if not words:
        return ""
    if "a word" in words and len(words) > 6:
        wanted = ("a word", "a quoted name", '"." to end the sentence', "end of line", '"}"')
        keep = [w for w in words if w in wanted]
        words = [*keep, "..."]
    if len(words) > 7:
        words = [*words[:6], "..."]
    if len(words) == 1:
        return f"; expected {words[0]}"
    return f"; expected {', '.join(words[:-1])} or {words[-1]}"


def _error_diagnostic(error: UnexpectedInput, path: str, text: str) -> Diagnostic:
    line = getattr(error, "line", 1) or 1
    column = getattr(error, "column", 1) or 1
    if isinstance(error, UnexpectedToken):
        token = error.token
        if token.type == "$END" or line < 1:
            line, column = _end_position(text)
        message = f"unexpected {_describe_token(token)}{_expected(error.expected)}"
        if "DOT" in error.expected and token.type in ("_NL", "RBRACE", "$END", "_EFFECT"):
            message = 'this sentence has no "." at its end'
            line, column = _end_of_previous_token(error, line, column)
        if token.type == "_EFFECT":
            message = f"a sentence is not allowed here{_expected(error.expected)}"
        end_col = column + max(1, len(token.value)) if token.type not in ("_NL", "$END") else column
        span = Span(path, line, column, line, end_col)
    elif isinstance(error, UnexpectedCharacters):
        char = getattr(error, "char", "?")
        if char == '"':
            message = "unterminated quoted name (a quote opens it but none closes it on this line)"
        else:
            message = f"unexpected character {char!r}"
        span = Span(path, line, column, line, column + 1)
    elif isinstance(error, UnexpectedEOF):
        line, column = _end_position(text)
        message = f"unexpected end of file{_expected(set(error.expected))}"
        span = Span(path, line, column, line, column)
    else:  # pragma: no cover - lark has no other kind
        message = str(error)
        span = Span(path, line, column, line, column)
    return Diagnostic("error", message, span)


def _end_of_previous_token(error: UnexpectedToken, line: int, column: int) -> tuple[int, int]:
    """Where the sentence stopped: just after the last word before the newline or brace."""
    state = getattr(error, "state", None)
    history = getattr(error, "token_history", None) or []
    last = history[-1] if history else None
    if last is None and state is not None:
        stack = getattr(state, "value_stack", None) or []
        for item in reversed(stack):
            if isinstance(item, Token):
                last = item
                break
            if isinstance(item, Tree):
                tokens = [t for t in item.scan_values(lambda v: isinstance(v, Token))]
                if tokens:
                    last = tokens[-1]
                    break
    if isinstance(last, Token) and last.end_line and last.end_column:
        return last.end_line, last.end_column
    return line, column


def _end_position(text: str) -> tuple[int, int]:
    lines = text.split("\n")
    return len(lines), len(lines[-1]) + 1


# ---- tree → AST ---------------------------------------------------------------------------


def _span(path: str, item: Tree[Token] | Token) -> Span:
    if isinstance(item, Token):
        return Span(
            path,
            item.line or 1,
            item.column or 1,
            item.end_line or item.line or 1,
            item.end_column or item.column or 1,
        )
    meta = item.meta
    if getattr(meta, "empty", True):
        return Span(path, 1, 1, 1, 1)
    return Span(path, meta.line, meta.column, meta.end_line, meta.end_column)


def _unquote(raw: str) -> str:
    body = raw.strip()
    if body.startswith('"'):
        body = body[1:]
    if body.endswith('"'):
        body = body[:-1]
    if "\\" not in body:
        return body
    try:
        return codecs.decode(body.replace('\\"', '"'), "unicode_escape")
    except UnicodeDecodeError:
        return body


_ATOM_KINDS: dict[str, ast.AtomKind] = {
    "WORD": "word",
    "NUMBER": "number",
    "STRING": "string",
    "RANGE": "range",
    "INT_RANGE": "int range",
    "OPEN_RANGE": "open range",
    "COMMA": "comma",
}


class _Builder:
    def __init__(self, path: str) -> None:
        self.path = path

    def span(self, item: Tree[Token] | Token) -> Span:
        return _span(self.path, item)

    def atom(self, tok: Token) -> ast.Atom:
        kind = _ATOM_KINDS.get(tok.type, "word")
        text = _unquote(tok.value) if kind == "string" else str(tok.value)
        return ast.Atom(kind, text, self.span(tok))

    def name(self, item: Tree[Token] | Token) -> ast.Name:
        tok = item.children[0] if isinstance(item, Tree) else item
        assert isinstance(tok, Token)
        if tok.type == "STRING":
            return ast.Name(_unquote(tok.value), True, self.span(tok))
        return ast.Name(str(tok.value), False, self.span(tok))

    def tokens(self, tree: Tree[Token]) -> list[Token]:
        return [c for c in tree.children if isinstance(c, Token)]

    def subtrees(self, tree: Tree[Token]) -> list[Tree[Token]]:
        return [c for c in tree.children if isinstance(c, Tree)]

    def file(self, tree: Tree[Token]) -> tuple[ast.Declaration, ...]:
        return tuple(self.form(t) for t in self.subtrees(tree))

    def form(self, t: Tree[Token]) -> ast.Declaration:
        method = getattr(self, f"build_{t.data}")
        result: ast.Declaration = method(t)
        return result

    def build_ruleset_decl(self, t: Tree[Token]) -> ast.RulesetDecl:
        strings = [c for c in self.tokens(t) if c.type == "STRING"]
        return ast.RulesetDecl(_unquote(strings[0]), _unquote(strings[1]), self.span(t))

    def build_primitives_decl(self, t: Tree[Token]) -> ast.PrimitivesDecl:
        tok = self.tokens(t)[-1]
        return ast.PrimitivesDecl(_unquote(tok.value), self.span(t))

    def build_library_decl(self, t: Tree[Token]) -> ast.LibraryDecl:
        tok = self.tokens(t)[-1]
        return ast.LibraryDecl(self.name(tok), self.span(t))

    def category_name(self, t: Tree[Token]) -> ast.Name:
        words = self.tokens(t)
        span = Span(
            self.path,
            words[0].line or 1,
            words[0].column or 1,
            words[-1].end_line or 1,
            words[-1].end_column or 1,
        )
        return ast.Name(" ".join(str(w.value) for w in words), False, span)

    def members(self, t: Tree[Token]) -> tuple[ast.Member, ...]:
        built = []
        for m in self.subtrees(t):
            name, *aliases = self.subtrees(m)
            extra = self.tokens(m)
            title = next((_unquote(c.value) for c in extra if c.type == "STRING"), None)
            number = next((int(c.value) for c in extra if c.type == "NUMBER"), None)
            said = tuple(self.name(a) for tree in aliases for a in self.subtrees(tree))
            built.append(ast.Member(self.name(name), title, number, said, self.span(m)))
        return tuple(built)

    def build_category_decl(self, t: Tree[Token]) -> ast.CategoryDecl:
        name, *rest = self.subtrees(t)
        toks = self.tokens(t)
        plural = any(c.type == "ARE" for c in toks)
        shape = tuple(self.atom(c) for c in toks if c.type not in ("IS", "ARE", "COLON"))
        listed = [r for r in rest if r.data == "members"]
        members = self.members(listed[0]) if listed else ()
        texts = tuple(
            self.item(i) for r in rest if r.data == "category_texts" for i in self.subtrees(r)
        )
        return ast.CategoryDecl(
            self.category_name(name), plural, shape, members, self.span(t), texts
        )

    def build_members_decl(self, t: Tree[Token]) -> ast.MembersDecl:
        name, members = self.subtrees(t)
        return ast.MembersDecl(self.category_name(name), self.members(members), self.span(t))

    def build_alias_decl(self, t: Tree[Token]) -> ast.AliasDecl:
        a, b = self.subtrees(t)
        return ast.AliasDecl(self.name(a), self.name(b), self.span(t))

    def build_relation_decl(self, t: Tree[Token]) -> ast.RelationDecl:
        name, source, *targets = self.subtrees(t)
        return ast.RelationDecl(
            self.name(name), self.name(source), tuple(self.name(n) for n in targets), self.span(t)
        )

    def build_verb_decl(self, t: Tree[Token]) -> ast.VerbDecl:
        (name,) = self.subtrees(t)
        function = self.tokens(t)[-1]
        return ast.VerbDecl(self.name(name), self.name(function), self.span(t))

    def build_trigger_decl(self, t: Tree[Token]) -> ast.TriggerDecl:
        label = next(c for c in self.tokens(t) if c.type == "STRING")
        use, *told = self.subtrees(t)
        words = tuple(self.name(w) for w in self.tokens(use) if w.type == "WORD")
        usage = {"activated": "activated", "played": "played", "on_event": "on"}[str(use.data)]
        once = any(w.type == "ONCE" for w in self.tokens(use))
        kinds = tuple(self.name(w) for k in told for w in self.tokens(k) if w.type == "WORD")
        return ast.TriggerDecl(self.name(label), usage, words, once, self.span(t), kinds)  # type: ignore[arg-type]

    def build_value_decl(self, t: Tree[Token]) -> ast.ValueDecl:
        words = [str(c.value) for c in self.tokens(t) if c.type == "WORD"]
        number = next(c for c in self.tokens(t) if c.type == "NUMBER")
        signs = {c.type for c in self.tokens(t)}
        value = -int(number) if "MINUS" in signs else int(number)
        low = high = None
        for bounds in self.subtrees(t):  # the range: "in 1..", "in 0..5", "in -4..-1"
            toks = self.tokens(bounds)
            at = next(k for k, c in enumerate(toks) if c.type == "INT_RANGE")
            first, _, last = str(toks[at]).partition("..")
            low = -int(first) if at > 1 else int(first)
            rest = toks[at + 1 :]
            if last:
                high = int(last)
            elif rest:
                high = -int(rest[-1]) if len(rest) == 2 else int(rest[-1])
        plus = "PLUS" in signs
        return ast.ValueDecl(" ".join(words), value, self.span(t), plus, low, high)

    def build_table_decl(self, t: Tree[Token]) -> ast.TableDecl:
        name = next(c for c in self.tokens(t) if c.type == "STRING")
        key, *rows = self.subtrees(t)
        key_toks = self.tokens(key)
        key_kind: Literal["roll", "by"] = "roll" if key.data == "roll_key" else "by"
        key_text = str(key_toks[1].value) if key.data == "roll_key" else _unquote(key_toks[1].value)
        built = []
        for row in rows:
            faces_tree = self.subtrees(row)[0]
            face = self.tokens(faces_tree)[0]
            if face.type == "RANGE":
                lo, hi = face.value.split("-")
                low, high = int(lo), int(hi)
                high_v: int | None = high
            elif face.type == "OPEN_RANGE":
                low, high_v = int(face.value[:-1]), None
            else:
                low = high_v = int(face.value)
            toks = self.tokens(row)
            kind = next((self.name(c) for c in toks if c.type == "WORD"), None)
            result = self.name(next(c for c in toks if c.type == "STRING"))
            built.append(ast.TableRow(low, high_v, kind, result, self.span(row)))
        return ast.TableDecl(
            self.name(name),
            key_kind,
            key_text,
            tuple(built),
            self.span(t),
        )

    def build_map_decl(self, t: Tree[Token]) -> ast.MapDecl:
        name = next(c for c in self.tokens(t) if c.type == "STRING")
        places = []
        for p in self.subtrees(t):
            toks = self.tokens(p)
            coords = []
            for c in self.subtrees(p):
                ctoks = self.tokens(c)
                value = int(ctoks[-1].value)
                coords.append(-value if len(ctoks) > 1 else value)
            places.append(
                ast.MapPlace(
                    self.name(toks[0]), str(toks[1].value), coords[0], coords[1], self.span(p)
                )
            )
        return ast.MapDecl(self.name(name), tuple(places), self.span(t))

    def build_kind_decl(self, t: Tree[Token]) -> ast.KindDecl:
        kind = next(c for c in self.tokens(t) if c.type == "WORD")
        fields = tuple(
            ast.KindField(tuple(self.atom(a) for a in self.tokens(f)), self.span(f))
            for f in self.subtrees(t)
        )
        return ast.KindDecl(self.name(kind), fields, self.span(t))

    def build_procedure_decl(self, t: Tree[Token]) -> ast.ProcedureDecl:
        name = next(c for c in self.tokens(t) if c.type == "STRING")
        items: list[ast.Step | ast.Note] = []
        for item in self.subtrees(t):
            if item.data == "proc_note":
                atoms = tuple(a for tok in self.tokens(item) for a in self.note_words(tok))
                items.append(ast.Note(atoms, self.span(item)))
                continue
            label_tok = next(c for c in self.tokens(item) if c.type == "TRIGGER_LABEL")
            label = ast.Label(" ".join(str(label_tok.value).split()), False, self.span(label_tok))
            body = self.step_body(self.subtrees(item)[0])
            span = Span(
                self.path,
                label.span.line,
                label.span.column,
                body.span.end_line,
                body.span.end_column,
            )
            items.append(ast.Step(label, body, span))
        return ast.ProcedureDecl(self.name(name), tuple(items), self.span(t))

    def note_words(self, tok: Token) -> list[ast.Atom]:
        """A note's text as words (any characters), each with its own position."""
        text = str(tok.value)
        skip = 4 if tok.type == "NOTE_TEXT" else 0  # the word "note"
        line, column = tok.line or 1, tok.column or 1
        start = column + skip
        return [
            ast.Atom(
                "word", m.group(), Span(self.path, line, start + m.start(), line, start + m.end())
            )
            for m in re.finditer(r"\S+", text[skip:])
        ]

    def offer(self, t: Tree[Token]) -> ast.Offer:
        toks = self.tokens(t)
        split = next((k for k, a in enumerate(toks) if a.type == "ONLY_IF"), len(toks))
        words = tuple(self.atom(a) for a in toks[:split])
        only_if = tuple(self.atom(a) for a in toks[split + 1 :])
        return ast.Offer(words, only_if, self.span(t))

    def step_body(self, t: Tree[Token]) -> ast.StepBody:
        each = None
        parts = self.subtrees(t)
        if parts and parts[0].data == "for_each":
            toks = self.tokens(parts[0])
            cut = next(k for k, a in enumerate(toks) if a.type == "IN_ORDER")
            noun = tuple(self.atom(a) for a in toks[:cut] if a.type == "WORD")
            by = tuple(self.atom(a) for a in toks[cut:] if a.type == "WORD")
            in_order = toks[cut]
            each = ast.ForEach(
                noun, "turn" in in_order.value.casefold(), self.span(parts[0]), order_of=by
            )
        span = self.span(t)
        if parts[-1].data == "sentences_step":
            sentences = tuple(self.sentence(s) for s in self.subtrees(parts[-1]))
            last = sentences[-1].span
            first = each.span if each is not None else sentences[0].span
            span = Span(self.path, first.line, first.column, last.end_line, last.end_column)
            return ast.StepBody("sentences", span, each, sentences=sentences)
        toks = [c for c in self.tokens(t)]
        action = parts[-1] if parts[-1].data != "for_each" else None
        toks = self.tokens(action) if action is not None else toks
        if action is not None and action.data == "play_phase":
            target = next(c for c in toks if c.type == "STRING")
            word = next((k for k, a in enumerate(toks) if a.type == "UNTIL"), None)
            until = tuple(self.atom(a) for a in toks[word + 1 :]) if word is not None else ()
            # "play "Turn" only if <condition>": the condition's words may hold numbers too
            cut = next((k for k, a in enumerate(toks) if a.type == "ONLY_IF"), len(toks))
            only_if = tuple(self.atom(a) for a in toks[cut + 1 :])
            times = next((self.atom(a) for a in toks[:cut] if a.type == "NUMBER"), None)
            times = times if word is None else None
            return ast.StepBody(
                "play",
                span,
                each,
                target=self.name(target),
                until=until,
                times=times,
                only_if=only_if,
            )
        if action is not None and action.data == "do_primitive":
            words = tuple(self.atom(a) for a in toks if a.type != "DO")
            return ast.StepBody("do", span, each, words=words)
        if action is not None and action.data == "offer_step":
            offers = tuple(self.offer(o) for o in self.subtrees(action))
            again = any(a.type == "AGAIN_UNTIL_DONE" for a in toks)
            required = any(a.type == "ONE_MUST_BE_TAKEN" for a in toks)
            return ast.StepBody("offer", span, each, offers=offers, again=again, required=required)
        return ast.StepBody("act", span, each)

    def build_check_decl(self, t: Tree[Token]) -> ast.CheckDecl:
        from dsl.dice.syntax import CheckBuilder

        return CheckBuilder(self).check(t)

    def build_ladder_decl(self, t: Tree[Token]) -> ast.LadderDecl:
        from dsl.dice.syntax import CheckBuilder

        return CheckBuilder(self).ladder(t)

    def build_card(self, t: Tree[Token]) -> ast.Card:
        kind_tree, *items = self.subtrees(t)
        name = next(c for c in self.tokens(t) if c.type == "STRING")
        return ast.Card(
            self.name(self.tokens(kind_tree)[0]),
            self.name(name),
            tuple(self.item(i) for i in items),
            self.span(t),
        )

    def item(self, t: Tree[Token]) -> ast.Field | ast.Block | ast.Effect:
        if t.data == "field":
            return ast.Field(tuple(self.atom(a) for a in self.tokens(t)), self.span(t))
        if t.data == "block":
            head = self.tokens(t)[0]
            return ast.Block(
                self.atom(head), tuple(self.item(i) for i in self.subtrees(t)), self.span(t)
            )
        return self.effect(t)

    def effect(self, t: Tree[Token]) -> ast.Effect:
        label = None
        parts: list[ast.Sentence | ast.Choice] = []
        for child in self.subtrees(t):
            if child.data in ("colon_label", "comma_label"):
                tok = self.tokens(child)[0]
                label = ast.Label(
                    " ".join(str(tok.value).split()), child.data == "comma_label", self.span(tok)
                )
            elif child.data == "choice":
                parts.append(self.choice(child))
            else:
                parts.append(self.sentence(child))
        # Not the tree's span: the effect marker borrows the position of the newline before it.
        first = label.span if label is not None else parts[0].span
        last = parts[-1].span
        span = Span(self.path, first.line, first.column, last.end_line, last.end_column)
        return ast.Effect(label, tuple(parts), span)

    def phrase(self, t: Tree[Token], skip: tuple[str, ...] = ()) -> ast.Phrase:
        atoms = tuple(self.atom(a) for a in self.tokens(t) if a.type not in skip)
        return ast.Phrase(atoms, self.span(t))

    def condition(self, t: Tree[Token]) -> ast.Phrase:
        toks = [a for a in self.tokens(t) if a.type not in ("IF", "COMMA")]
        atoms = tuple(self.atom(a) for a in toks)
        first, last = self.span(toks[0]), self.span(toks[-1])
        span = Span(self.path, first.line, first.column, last.end_line, last.end_column)
        return ast.Phrase(atoms, span)

    def alternatives(self, t: Tree[Token]) -> tuple[ast.Phrase, ...]:
        return tuple(self.phrase(c) for c in self.subtrees(t))

    def sentence(self, t: Tree[Token]) -> ast.Sentence:
        then = any(c.type == "THEN" for c in self.tokens(t))
        condition = None
        may = False
        mode: ast.SentenceMode = "do"
        replaced = None
        alternatives: tuple[ast.Phrase, ...] = ()
        for child in self.subtrees(t):
            if child.data == "condition":
                condition = self.condition(child)
            elif child.data == "alternatives":
                alternatives = self.alternatives(child)
            elif child.data == "replacement":
                mode = "instead"
                may = any(c.type == "MAY" for c in self.tokens(child))
                phrase_tree, alts = self.subtrees(child)
                replaced = self.phrase(phrase_tree)
                alternatives = self.alternatives(alts)
            elif child.data == "restriction":
                mode = "may not"
                alternatives = self.alternatives(self.subtrees(child)[0])
            elif child.data == "optional":
                mode = "may"
                alternatives = self.alternatives(self.subtrees(child)[0])
        return ast.Sentence(then, condition, mode, replaced, alternatives, self.span(t), may)

    def choice(self, t: Tree[Token]) -> ast.Choice:
        then = any(c.type == "THEN" for c in self.tokens(t))
        condition = None
        options = []
        for child in self.subtrees(t):
            if child.data == "condition":
                condition = self.condition(child)
            elif child.data == "option":
                label_tok = self.tokens(child)[0]
                sentences = tuple(self.sentence(s) for s in self.subtrees(child))
                options.append(ast.Option(_unquote(label_tok.value), sentences, self.span(child)))
        return ast.Choice(then, condition, tuple(options), self.span(t))


def _top_level_starts(text: str) -> list[int]:
    """Line numbers (1-based) where a top-level form may start: column 0, not a comment/brace."""
    starts = []
    for number, line in enumerate(text.split("\n"), start=1):
        if line and line[0] not in " \t\f#}\r":
            starts.append(number)
    return starts


_CARD_OPENS = re.compile(r'^(\w+)\s+("(?:\\.|[^"\\\n])*")\s*\{')


def _unclosed_card(
    error: UnexpectedInput, path: str, lines: list[str], starts: list[int], first: int
) -> Diagnostic | None:
    """A card whose ``}`` is missing runs into the next form: the error is told at the card
    left open ("relic "Glow Jar" has no closing "}""), not at the next card's ``{``."""
    line = getattr(error, "line", None)
    if isinstance(error, UnexpectedToken) and error.token.type == "$END":
        line = len(lines) + 1
    if not isinstance(line, int) or line < 1:
        return None
    if line <= len(lines) and line not in starts:
        return None  # the error is inside a form, not at the start of the next one
    opened = [s for s in starts if first <= s < line]
    if not opened:
        return None
    open_line = opened[-1]
    match = _CARD_OPENS.match(lines[open_line - 1])
    if match is None:
        return None
    body = "\n".join(_without_strings(x) for x in lines[open_line - 1 : line - 1])
    if body.count("{") <= body.count("}"):
        return None
    kind, name = match.group(1), match.group(2)
    where = f"line {line}" if line <= len(lines) else "the end of the file"
    span = Span(path, open_line, 1, open_line, match.end())
    return Diagnostic("error", f'{kind} {name} has no closing "}}": it runs on into {where}', span)


def _without_strings(line: str) -> str:
    """A line with its quoted names and comment taken out (braces there do not count)."""
    line = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)
    return line.split("#", 1)[0]


WINDOW = 32  # top-level forms the parser reads at a time


def _window_end(starts: list[int], start_line: int, window: int) -> int:
    """The line a chunk of ``window`` top-level forms from ``start_line`` stops before (0: the
    chunk runs to the end of the file). A top-level form starts at column 0 and goes on only
    inside braces, so a form cut at a chunk's end ends the chunk inside a brace: the parser
    meets the chunk's end where it expects more, and ``parse_text`` reads a longer chunk."""
    last = bisect.bisect_right(starts, start_line) + window - 1
    return starts[last] if last < len(starts) else 0


def parse_text(text: str, path: str = "<text>") -> tuple[ast.RulesFile, list[Diagnostic]]:
    """Parse one file. Never raises for bad input: errors come back as diagnostics.

    After a syntax error the parser starts again at the next top-level form, so one file can
    report several errors.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if text.startswith("\ufeff"):
        text = text[1:]
    builder = _Builder(path)
    forms: list[ast.Declaration] = []
    diagnostics: list[Diagnostic] = []
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    starts = _top_level_starts(text)
    start_line = 1
    # A few top-level forms at a time: after a syntax error only the good forms of the broken
    # chunk before it are read again (a file with an error in every card checks in about the
    # time of a clean one), and a form never spans two chunks (see ``_window_end``).
    window = WINDOW
    while True:
        end_line = _window_end(starts, start_line, window)
        end = offsets[end_line - 1] if end_line else len(text)
        chunk = "\n" * (start_line - 1) + text[offsets[start_line - 1] : end]
        try:
            forms.extend(builder.file(parse_tree(chunk)))
            if not end_line:
                break
            start_line = end_line
        except UnexpectedInput as error:
            if end_line and isinstance(error, UnexpectedToken) and error.token.type == "$END":
                window *= 2  # the window's last form runs on past it: read further
                continue
            unclosed = _unclosed_card(error, path, lines, starts, start_line)
            diagnostics.append(unclosed or _error_diagnostic(error, path, text))
            bad_line = max(getattr(error, "line", start_line) or start_line, start_line)
            if isinstance(error, UnexpectedToken) and error.token.type == "$END":
                bad_line = len(lines)
            following = bisect.bisect_right(starts, bad_line)  # the first start after it
            good_end = starts[following - 1] if following else 0  # the broken form's start
            if good_end > start_line:
                prefix = (
                    "\n" * (start_line - 1) + text[offsets[start_line - 1] : offsets[good_end - 1]]
                )
                with contextlib.suppress(UnexpectedInput):  # the part before is broken too
                    forms.extend(builder.file(parse_tree(prefix)))
            if following == len(starts):
                break
            start_line = starts[following]
            window = WINDOW
        except RecursionError:  # pragma: no cover - absurdly nested input
            diagnostics.append(
                Diagnostic("error", "text nested too deeply to read", Span(path, 1, 1, 1, 1))
            )
            break
    file_span = Span(path, 1, 1, len(lines), len(lines[-1]) + 1)
    return ast.RulesFile(path, tuple(forms), file_span), diagnostics


def parse_file(path: str | Path) -> tuple[ast.RulesFile, list[Diagnostic], str]:
    """Read and parse a ``.rules`` file; unreadable files are a diagnostic, not an exception."""
    shown = str(path)
    text, problem = read_rules_text(path)
    if text is None:
        assert problem is not None
        return ast.RulesFile(shown, (), Span(shown, 1, 1, 1, 1)), [problem], ""
    tree, diagnostics = parse_text(text, shown)
    return tree, diagnostics, text
