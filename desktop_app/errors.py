"""Errors every face of the app shares; a light module so the CLI can catch them without the engine."""

from __future__ import annotations


class UsageError(Exception):
    """Bad options from the user: the CLI prints one line and exits 2."""


class HistoryError(Exception):
    """The history could not be read or written; the message is one line for the user."""
