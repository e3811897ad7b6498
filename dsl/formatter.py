"""One canonical layout for ``.rules`` text, from the AST, with every comment kept.

Rules: two-space indents; one space between words; fields that shared a line keep sharing it,
joined by `` · ``; sentences wrap at 100 columns, continuation lines aligned after the label;
each option of a choice on its own line; at most one blank line between forms (kept where the
source had one). A comment on its own line stays before the form or item that follows it; a
comment after code goes to the end of that form's or item's last line. ``format(format(x)) ==
format(x)``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dsl import ast
from dsl.diagnostics import Diagnostic
from dsl.parser import parse_text

WIDTH = 100
INDENT = "  "
_CLAUSE_WORDS = re.compile(r'"(?:\\.|[^"\\])*"\S*|\S+')  # words, a quoted name kept whole


@dataclass(frozen=True, slots=True)
class Comment:
    line: int
    text: str
    standalone: bool


def scan_comments(text: str) -> list[Comment]:
    """Every ``#`` comment outside a quoted name, with its line and whether it stands alone."""
    comments = []
    for number, line in enumerate(text.split("\n"), start=1):
        in_string = False
        k = 0
        while k < len(line):
            c = line[k]
            if c == "\\" and in_string:
                k += 2
                continue
            if c == '"':
                in_string = not in_string
            elif c == "#" and not in_string:
                comments.append(Comment(number, line[k:].rstrip(), not line[:k].strip()))
                break
            k += 1
    return comments


class _Comments:
    def __init__(self, comments: list[Comment]) -> None:
        self.pending = sorted(comments, key=lambda c: c.line)

    def leading_comments(self, before_line: int) -> list[Comment]:
        """Standalone comments above ``before_line`` not yet written."""
        out = []
        while self.pending and self.pending[0].line < before_line:
            out.append(self.pending.pop(0))
        return out

    def trailing(self, first: int, last: int) -> str:
        """Comments after code on lines ``first..last``, joined."""
        found = [c for c in self.pending if first <= c.line <= last and not c.standalone]
        for c in found:
            self.pending.remove(c)
        return "  ".join(c.text for c in found)

    def rest(self) -> list[str]:
        out = [c.text for c in self.pending]
        self.pending = []
        return out


def _wrap(first_prefix: str, words: list[str], continuation: str) -> list[str]:
    lines: list[str] = []
    current = first_prefix
    fresh = True
    for word in words:
        candidate = current + ("" if fresh else " ") + word
        if len(candidate) > WIDTH and not fresh:
            lines.append(current)
            current = continuation + word
        else:
            current = candidate
        fresh = False
    lines.append(current)
    return lines


def _sentences_wrapped(
    first_prefix: str, sentences: list[list[str]], continuation: str
) -> list[str]:
    """Sentences flowed as one paragraph when they fit on the first line; otherwise each starts
    a line of its own under the first (a long text reads as its list of sentences)."""
    words = [word for sentence in sentences for word in sentence]
    flowed = _wrap(first_prefix, words, continuation)
    if len(flowed) == 1 or len(sentences) < 2:
        return flowed
    lines: list[str] = []
    for n, sentence in enumerate(sentences):
        lines += _wrap(first_prefix if n == 0 else continuation, sentence, continuation)
    return lines


def _flowed(first_prefix: str, sentences: list[list[str]], continuation: str) -> list[str]:
    """Sentences flowed as one paragraph."""
    return _wrap(first_prefix, [word for sentence in sentences for word in sentence], continuation)


def _chunks(atoms: tuple[ast.Atom, ...] | list[ast.Atom]) -> list[str]:
    """Atoms as words to wrap: commas stay on the word before them."""
    words: list[str] = []
    glue = False
    for atom in atoms:
        if atom.kind == "comma":
            if words:
                words[-1] += ","
            else:
                words.append(",")
            glue = False
            continue
        if atom.kind == "string" and words and glue:
            words[-1] += " " + ast.quote(atom.text)  # keep a kind word with its card's name
        else:
            words.append(ast.quote(atom.text) if atom.kind == "string" else atom.text)
        glue = atom.kind == "word"
    return words


def _note_words(atoms: tuple[ast.Atom, ...] | list[ast.Atom]) -> list[str]:
    """A note's words to wrap: a word a note's next line may not start with (a quoted name)
    stays on the line before it, so the wrapped note reads back as the same note."""
    words: list[str] = []
    for word in _chunks(atoms):
        if words and word[:1] in ('"', "#", "}"):
            words[-1] += " " + word
        else:
            words.append(word)
    return words


def _rows(indent: str, words: list[str]) -> list[str]:
    """A field written row by row (a dice grid: ``path row ..., row ...``), one row a line;
    ``[]`` for any other field."""
    starts = [k for k, word in enumerate(words) if word.casefold() == "row"]
    if len(starts) < 2 or any(words[k - 1].endswith(",") for k in starts[1:]):
        return []
    lines: list[str] = []
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(words)
        head = words[:end] if n == 0 else words[start:end]
        lines += _wrap(indent if n == 0 else indent + INDENT, head, indent + INDENT * 2)
    return lines


def _sentence_words(s: ast.Sentence) -> list[str]:
    words: list[str] = []
    if s.then:
        words.append("Then")
    if s.condition is not None:
        words.append("If" if not words else "if")
        words.extend(_chunks(s.condition.atoms))
        words[-1] += ","
    if s.mode == "instead" and s.replaced is not None:
        words.extend(["Instead", "of"] if not words else ["instead", "of"])
        words.extend(_chunks(s.replaced.atoms))
        words[-1] += ","
        if s.may:
            words.append("may")
    elif s.mode == "may":
        words.append("May" if not words else "may")
    elif s.mode == "may not":
        words.extend(["May", "not"] if not words else ["may", "not"])
    for k, alternative in enumerate(s.alternatives):
        if k:
            words[-1] += ","
            words.append("or")
        words.extend(_chunks(alternative.atoms))
    words[-1] += "."
    return words


def _step_words(body: ast.StepBody) -> list[list[str]]:
    """A procedure step's body as words to wrap, a list a sentence (one list for a body of
    other forms)."""
    words: list[str] = []
    if body.each is not None:
        order = ["turn", "order,"] if body.each.turn_order else ["order,"]
        if body.each.order_of:
            order = ["order", "of", *_chunks(body.each.order_of)]
            order[-1] += ","
        words += ["for", "each", *_chunks(body.each.noun), "in", *order]
    if body.form == "play" and body.target is not None:
        words.append(f"play {ast.quote(body.target.text)}")  # never wrapped apart
        if body.until:
            words += ["until", *_chunks(body.until)]
        if body.times is not None:
            words += [body.times.text, "times"]
        if body.only_if:
            words += ["only", "if", *_chunks(body.only_if)]
    elif body.form == "act":
        words += ["players", "act", "in", "any", "order", "until", "all", "pass"]
    elif body.form == "do":
        words += ["do", *_chunks(body.words)]
    elif body.form == "offer":
        words.append("offer")
        for k, offer in enumerate(body.offers):
            if k:
                words[-1] += ","
                words.append("or")
            words += _chunks(offer.words)
            if offer.only_if:
                words += ["only", "if", *_chunks(offer.only_if)]
        if body.again:
            words[-1] += ","
            words.append("again until done")  # one chunk: never wrapped apart
        if body.required:
            words[-1] += ","
            words.append("one must be taken")
    else:
        sentences = [_sentence_words(sentence) for sentence in body.sentences]
        return [words + sentences[0], *sentences[1:]] if sentences else [words]
    return [words]


def _choice_head(c: ast.Choice) -> list[str]:
    words: list[str] = []
    if c.then:
        words.append("Then")
    if c.condition is not None:
        words.append("If" if not words else "if")
        words.extend(_chunks(c.condition.atoms))
        words[-1] += ","
    words.extend(["Choose", "one:"] if not words else ["choose", "one:"])
    return words


class _Formatter:
    def __init__(self, comments: list[Comment], source_lines: list[str]) -> None:
        self.c = _Comments(comments)
        self.source = source_lines
        self.out: list[str] = []
        self.last_line = 0  # the source line of what was written last

    def emit(self, line: str) -> None:
        self.out.append(line.rstrip())

    def gap(self, line: int) -> None:
        """One blank line where the source had at least one, except just inside braces."""
        if not self.out or not self.out[-1] or self.out[-1].endswith("{"):
            return
        if any(not self.source[n - 1].strip() for n in range(self.last_line + 1, line)):
            self.emit("")

    def emit_with_trailing(self, lines: list[str], span_first: int, span_last: int) -> None:
        trailing = self.c.trailing(span_first, span_last)
        if trailing:
            lines = [*lines[:-1], lines[-1] + "  " + trailing]
        for line in lines:
            self.emit(line)
        self.last_line = max(self.last_line, span_last)

    def leading(self, line: int, indent: str, closing: bool = False) -> None:
        """Comments above ``line``, then a blank line if the source had one (not before "}")."""
        for comment in self.c.leading_comments(line):
            self.gap(comment.line)
            self.emit(indent + comment.text)
            self.last_line = comment.line
        if not closing:
            self.gap(line)

    def file(self, tree: ast.RulesFile) -> str:
        for form in tree.forms:
            self.leading(form.span.line, "")
            self.form(form)
        tail = self.c.rest()
        if tail:
            if self.out:
                self.emit("")
            for text in tail:
                self.emit(text)
        while self.out and not self.out[-1]:
            self.out.pop()
        return "\n".join(self.out) + "\n" if self.out else ""

    def form(self, form: ast.Declaration) -> None:
        first = form.span.line
        last = form.span.end_line
        if isinstance(form, ast.Card):
            self.emit_with_trailing(
                [f"{form.kind.text} {ast.quote(form.name.text)} {{"], first, first
            )
            self.items(form.items, INDENT)
            self.leading(last, INDENT, closing=True)
            self.emit_with_trailing(["}"], last, last)
            return
        if isinstance(form, ast.TableDecl):
            key = form.key_text if form.key == "roll" else ast.quote(form.key_text)
            self.emit_with_trailing(
                [f"table {ast.quote(form.name.text)} {form.key} {key} {{"], first, first
            )
            for row in form.rows:
                self.leading(row.span.line, INDENT)
                if row.high is None:
                    faces = f"{row.low}+"
                elif row.high == row.low:
                    faces = str(row.low)
                else:
                    faces = f"{row.low}-{row.high}"
                kind = f"{row.kind.text} " if row.kind else ""
                self.emit_with_trailing(
                    [f"{INDENT}{faces}: {kind}{ast.quote(row.result.text)}"],
                    row.span.line,
                    row.span.end_line,
                )
            self.leading(last, INDENT, closing=True)
            self.emit_with_trailing(["}"], last, last)
            return
        if isinstance(form, ast.MapDecl):
            self.emit_with_trailing([f"map {ast.quote(form.name.text)} {{"], first, first)
            for place in form.places:
                self.leading(place.span.line, INDENT)
                line = (
                    f"{INDENT}{ast.quote(place.card.text)} {place.preposition} {place.x}, {place.y}"
                )
                self.emit_with_trailing([line], place.span.line, place.span.end_line)
            self.leading(last, INDENT, closing=True)
            self.emit_with_trailing(["}"], last, last)
            return
        if isinstance(form, ast.ProcedureDecl):
            self.emit_with_trailing([f"procedure {ast.quote(form.name.text)} {{"], first, first)
            for item in form.items:
                self.leading(item.span.line, INDENT)
                if isinstance(item, ast.Note):
                    lines = _wrap(INDENT + "note ", _note_words(item.atoms), INDENT * 2)
                else:
                    prefix = f"{INDENT}{item.title.text}: "
                    lines = _sentences_wrapped(prefix, _step_words(item.body), " " * len(prefix))
                self.emit_with_trailing(lines, item.span.line, item.span.end_line)
            self.leading(last, INDENT, closing=True)
            self.emit_with_trailing(["}"], last, last)
            return
        if isinstance(form, ast.CheckDecl | ast.LadderDecl):
            self.check(form)
            return
        if isinstance(form, ast.CategoryDecl) and form.texts:  # a number and its texts
            head = self.declaration(form)
            self.emit_with_trailing([*head[:-1], head[-1] + " {"], first, first)
            self.items(form.texts, INDENT)
            self.leading(last, INDENT, closing=True)
            self.emit_with_trailing(["}"], last, last)
            return
        if isinstance(form, ast.KindDecl):
            self.emit_with_trailing([f"kind {form.kind.text} {{"], first, first)
            for kf in form.fields:
                self.leading(kf.span.line, INDENT)
                line = INDENT + " ".join(a.text for a in kf.words)
                self.emit_with_trailing([line], kf.span.line, kf.span.end_line)
            self.leading(last, INDENT, closing=True)
            self.emit_with_trailing(["}"], last, last)
            return
        self.emit_with_trailing(self.declaration(form), first, last)

    def check(self, form: ast.CheckDecl | ast.LadderDecl) -> None:
        """A check's or a ladder's block: one clause a line (dsl.dice.wording), wrapped with
        its continuation lines indented."""
        from dsl.dice.wording import clause_text, step_text

        first, last = form.span.line, form.span.end_line
        head = "check" if isinstance(form, ast.CheckDecl) else "ladder"
        self.emit_with_trailing([f"{head} {ast.quote(form.name.text)} {{"], first, first)
        items = form.clauses if isinstance(form, ast.CheckDecl) else form.steps
        for item in items:
            self.leading(item.span.line, INDENT)
            if isinstance(item, ast.Note):
                lines = _wrap(INDENT + "note ", _note_words(item.atoms), INDENT * 2)
            else:
                text = step_text(item) if isinstance(item, ast.LadderStep) else clause_text(item)
                lines = _wrap(INDENT, _CLAUSE_WORDS.findall(text), INDENT * 2)
            self.emit_with_trailing(lines, item.span.line, item.span.end_line)
        self.leading(last, INDENT, closing=True)
        self.emit_with_trailing(["}"], last, last)

    def declaration(self, form: ast.Declaration) -> list[str]:
        def name(n: ast.Name) -> str:
            return ast.quote(n.text) if n.quoted else n.text

        def listed(head: str, items: list[str]) -> list[str]:
            words = [f"{item}," for item in items[:-1]] + items[-1:]
            return _wrap(head + " ", words, " " * (len(head) + 1))

        if isinstance(form, ast.RulesetDecl):
            return [f"ruleset {ast.quote(form.name)} version {ast.quote(form.version)}"]
        if isinstance(form, ast.PrimitivesDecl):
            return [f"primitives {ast.quote(form.module)}"]

        def member(m: ast.Member) -> str:
            words = name(m.name)
            if m.title is not None:
                words += f" {ast.quote(m.title)}"
            if m.number is not None:
                words += f" {m.number}"
            if m.aliases:
                words += f" (alias {', '.join(name(a) for a in m.aliases)})"
            return words

        if isinstance(form, ast.LibraryDecl):
            return [f"library {ast.quote(form.name.text)}"]
        if isinstance(form, ast.CategoryDecl):
            head = (
                f"{form.name.text} {'are' if form.plural else 'is'} {ast.phrase_text(form.shape)}"
            )
            if not form.members:
                return [head]
            return listed(head + ":", [member(m) for m in form.members])
        if isinstance(form, ast.MembersDecl):
            return listed(form.name.text + ":", [member(m) for m in form.members])
        if isinstance(form, ast.AliasDecl):
            return [f"alias {name(form.alias)} = {name(form.target)}"]
        if isinstance(form, ast.RelationDecl):
            head = f"relation {name(form.name)}: {name(form.source)} ->"
            return listed(head, [name(n) for n in form.targets])
        if isinstance(form, ast.VerbDecl):
            return [f"verb {name(form.words)} -> {form.function.text}"]
        if isinstance(form, ast.TriggerDecl):
            if form.usage == "activated":
                use = "activated" + (" once per turn" if form.once_per_turn else "")
            elif form.usage == "played":
                use = "played"
            else:
                use = "on " + " ".join(w.text for w in form.words)
            if form.kinds:
                use += " for " + ", ".join(k.text for k in form.kinds)
            return [f"trigger {ast.quote(form.label.text)} {use}"]
        if isinstance(form, ast.ValueDecl):
            sign = "+" if form.plus else ""
            bounds = ""
            if form.low is not None:
                bounds = f" in {form.low}..{'' if form.high is None else form.high}"
            return [f"value {form.name} = {sign}{form.value}{bounds}"]
        raise TypeError(f"cannot format {type(form).__name__}")  # pragma: no cover

    def items(self, items: tuple[ast.Field | ast.Block | ast.Effect, ...], indent: str) -> None:
        k = 0
        while k < len(items):
            item = items[k]
            self.leading(item.span.line, indent)
            if isinstance(item, ast.Field):
                group = [item]
                while (
                    k + 1 < len(items)
                    and isinstance(items[k + 1], ast.Field)
                    and items[k + 1].span.line == group[-1].span.end_line
                ):
                    k += 1
                    next_item = items[k]
                    assert isinstance(next_item, ast.Field)
                    group.append(next_item)
                words: list[str] = []
                for n, f in enumerate(group):
                    chunks = _chunks(f.atoms)
                    if n:
                        words.append("·")
                    words.extend(chunks)
                lines = _rows(indent, words) or _wrap(indent, words, indent + INDENT)
                self.emit_with_trailing(lines, group[0].span.line, group[-1].span.end_line)
            elif isinstance(item, ast.Block):
                self.emit_with_trailing(
                    [f"{indent}{item.name.text} {{"], item.span.line, item.span.line
                )
                self.items(item.items, indent + INDENT)
                self.leading(item.span.end_line, indent + INDENT, closing=True)
                self.emit_with_trailing([f"{indent}}}"], item.span.end_line, item.span.end_line)
            else:
                lines = self.effect(item, indent)
                self.emit_with_trailing(lines, item.span.line, item.span.end_line)
            k += 1

    def effect(self, effect: ast.Effect, indent: str) -> list[str]:
        prefix = indent
        continuation = indent + INDENT
        if effect.label is not None:
            mark = "," if effect.label.comma else ":"
            prefix = f"{indent}{effect.label.text}{mark} "
            if not effect.label.comma:
                continuation = " " * len(prefix)
        # A text under a label (``Take: ...``) of several sentences too long for one line puts
        # each sentence on a line of its own; an unlabelled effect's text flows.
        wrap = _sentences_wrapped if effect.label and not effect.label.comma else _flowed
        lines: list[str] = []
        sentences: list[list[str]] = []
        for part in effect.sentences:
            words = _sentence_words(part) if isinstance(part, ast.Sentence) else _choice_head(part)
            keyword = words[0].casefold() in ("if", "then", "may", "instead", "choose")
            if effect.label and effect.label.comma and part is effect.sentences[0] and keyword:
                words[0] = words[0][:1].lower() + words[0][1:]  # "When ..., if ..."
            sentences.append(words)
            if isinstance(part, ast.Sentence):
                continue
            lines.extend(wrap(prefix, sentences, continuation))
            sentences = []
            option_indent = indent + INDENT
            for option in part.options:
                head = f"{option_indent}{ast.quote(option.label)}: "
                option_words = [_sentence_words(s) for s in option.sentences]
                lines.extend(wrap(head, option_words, " " * len(head)))
            prefix = continuation
        if sentences:
            lines.extend(wrap(prefix, sentences, continuation))
        return lines


def format_text(text: str, path: str = "<text>") -> tuple[str, list[Diagnostic]]:
    """The canonical layout of ``text``; with syntax errors, the text unchanged and the errors."""
    normal = text.replace("\r\n", "\n").replace("\r", "\n")
    tree, diagnostics = parse_text(normal, path)
    if diagnostics:
        return text, diagnostics
    formatter = _Formatter(scan_comments(normal), normal.split("\n"))
    return formatter.file(tree), []
