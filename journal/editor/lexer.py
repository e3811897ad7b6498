"""A Pygments lexer for card text, so ```` ```rules ```` blocks in the docs and on the
published site are in colour (registered as the ``rules`` lexer by the ``pygments.lexers``
entry point in ``pyproject.toml``). It reads the same shapes as the TextMate grammar beside it
(``rules.tmLanguage.json``): a declaration's leading word, a card's kind and name, a trigger
before its colon, the sentence and procedure keywords, quoted names, numbers, comments."""

from __future__ import annotations

from typing import Any, ClassVar

from pygments.lexer import RegexLexer, bygroups, include
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Text

_STRING = r'"(?:\\.|[^"\\\n])*"'
_LABEL = r"(?![Cc]hoose\s+one\b)[^\W\d_][\w'’\- ]*"


class RulesLexer(RegexLexer):
    """Chronicler's card language (``.rules`` files)."""

    name = "Chronicler rules"
    aliases: ClassVar[list[str]] = ["rules", "chronicler"]
    filenames: ClassVar[list[str]] = ["*.rules"]
    url = "https://github.com/"

    tokens: ClassVar[dict[str, list[Any]]] = {
        "common": [
            (r"#.*$", Comment.Single),
            (rf"^([ \t]+)({_LABEL})(:)", bygroups(Text, Name.Function, Punctuation)),
            (rf"(·[ \t]*)({_LABEL})(:)", bygroups(Punctuation, Name.Function, Punctuation)),
            (r"^([ \t]+)([Ww]hen\b[^,:.\"\n]*)(,)", bygroups(Text, Name.Function, Punctuation)),
            (rf"^([ \t]+)({_STRING})([ \t]*)(:)", bygroups(Text, String.Symbol, Text, Punctuation)),
            (r"(?i)\b(?:if|then|may\s+not|may|instead\s+of|choose\s+one)\b", Keyword),
            (_STRING, String.Double),
            (r"\b\d+(?:\.\.\d*|-\d+|\+)?", Number),
            (r"->|=", Operator),
            (r"[{}(),.:·]", Punctuation),
            (r"[^\W\d_][\w'’-]*", Text),
            (r"\n", Text),
            (r"[ \t]+", Text),
            (r".", Text),
        ],
        "root": [
            (r"#.*$", Comment.Single),
            (
                rf"^(procedure)([ \t]+)({_STRING})",
                bygroups(Keyword, Text, Name.Namespace),
                "procedure",
            ),
            (
                rf"^([^\W\d_][\w-]*)([ \t]+)({_STRING})(?=[ \t]*(?:\{{|$))",
                bygroups(Keyword.Type, Text, Name.Class),
            ),
            (
                r"^(value)([ \t]+)([^=#\n]+?)([ \t]*)(=)",
                bygroups(Keyword, Text, Name.Constant, Text, Operator),
            ),
            (r"^(location|card)([ \t]+)(tags|kinds)\b", bygroups(Keyword, Text, Keyword)),
            (r"^[^\W\d_][\w-]*\b", Keyword),
            include("common"),
        ],
        "procedure": [
            (r"^\}", Punctuation, "#pop"),
            (r"^([ \t]+)(note\b)([^#}\n]*)", bygroups(Text, Keyword, Comment.Special)),
            (rf"\b(play)([ \t]+)({_STRING})", bygroups(Keyword.Pseudo, Text, Name.Namespace)),
            (
                r"(?i)\b(?:players\s+act\s+in\s+any\s+order\s+until\s+all\s+pass|again\s+until\s+"
                r"done|one\s+must\s+be\s+taken|only\s+if|for\s+each|in\s+(?:turn\s+)?order|"
                r"until|times|do|offer)\b",
                Keyword.Pseudo,
            ),
            include("common"),
        ],
    }
