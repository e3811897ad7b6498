"""The campaign website: Markdown pages from the ledger, built by MkDocs with Material."""
