"""The games, one installed app each (``matches/games/<game>/``): its pure rules, its
hand form, its API hand body, its templates, script, style and German catalogue, and a
page of its rules. ``registry`` is where the apps register; ``base`` and ``bodies`` are
what every game's Django side builds on.

Nothing is imported here: a game's pure ``rules`` module is imported on the phone too
(``matches.offline``), where there is no Django.
"""
