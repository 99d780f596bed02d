"""Skat: its pure rules (``rules``), written before its Django side (issue 35); the
folder becomes an installed app with its ``apps.py``.
"""
