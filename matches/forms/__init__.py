"""HTML forms, by subject (``play``, ``accounts``, ``players``, ``tournaments``; ``fields``
is shared): they parse what a person typed; the rules and the services decide whether it
is valid."""
