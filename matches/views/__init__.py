"""Pages, by subject: ``play`` (matches), ``accounts``; ``common`` is shared."""
