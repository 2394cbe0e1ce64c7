"""The table's error, in a module of its own so the tower's rush (which `Table` runs) can raise
it without importing the table."""

from flick.errors import FlickError


class TableError(FlickError):
    """An illegal table operation (unknown id or kind, bad numbers); nothing was changed."""
