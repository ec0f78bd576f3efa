"""Procedurally drawn card art for the Lóra bot (see README.md)."""
