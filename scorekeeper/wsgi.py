"""The WSGI application that `make run`'s server (Granian: ``scorekeeper.serve``) serves."""

import os

from django.core.wsgi import get_wsgi_application

from scorekeeper.datadir import prepare

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
prepare()  # the data directory and the key file, before the settings read them

application = get_wsgi_application()
