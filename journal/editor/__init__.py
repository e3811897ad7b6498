"""The card language in a designer's editor: ``chronicler lsp``, a language server on pygls.

One stage a module: ``analysis`` checks a ruleset folder as the editor holds it (the open
documents over the files on disk) with the checker ``chronicler check`` runs; ``index`` finds the
names in it (cards, declared values, procedure phases) and ``scan`` reads a line as typed; each
feature is a module of plain functions over those (``diagnostics``, ``completion``, ``hover``,
``navigation``, ``tokens``, ``edits``, ``preview``); ``server`` wires them to the protocol.
``rules.tmLanguage.json`` and ``lexer`` colour the language outside the server.
"""
