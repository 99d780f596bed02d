"""Mini Tricks: a trick-taking game that lives in this folder alone (issue 22), to prove
that a game is one folder and one ``INSTALLED_APPS`` line: its pure rules (``rules``), its
plugin (``game``) with its hand form (``forms``) and API hand body (``schema``), its
templates (``templates/``) and its script (``static/``); ``apps`` registers it. The tests
install it for a test (tests/conftest.py's ``mini``).

Nothing is imported here: the phone imports ``rules`` without Django.
"""
