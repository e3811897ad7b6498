"""Six Winters v19.7, the designer's earlier edition, as text the world engine reads."""
