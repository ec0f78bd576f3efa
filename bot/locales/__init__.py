"""String tables, one module per language."""
