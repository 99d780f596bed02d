"""The only writer, by subject (``play``, ``accounts``), and the reads (``selectors``).

Every write runs in one transaction (``base.writing``) and leaves an audit entry.
"""
