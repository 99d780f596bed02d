"""The WSGI application that `make run`'s server (Granian: ``scorekeeper.serve``) serves:
Django's, with requests that carry a body taking turns for all but two of a worker's
view threads (``scorekeeper.bodies``)."""

import os

from django.core.wsgi import get_wsgi_application

from scorekeeper.bodies import BodiesTakeTurns
from scorekeeper.datadir import prepare
from scorekeeper.serve import THREADS

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
prepare()  # the data directory and the key file, before the settings read them

application = BodiesTakeTurns(get_wsgi_application(), turns=THREADS - 2)
