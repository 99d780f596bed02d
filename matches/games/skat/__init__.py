"""Skat on the ISkO list with Seeger-Fabian: an installed app (``apps``). Its pure rules
are ``rules``, its Django side ``game`` with ``forms`` and ``schema``; its templates,
script and German catalogue are in ``templates/``, ``static/`` and ``locale/``, its rules
in the project's words in ``rules.md``.

Nothing is imported here: the phone imports ``rules`` without Django.
"""
