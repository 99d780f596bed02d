"""ASGI entry point for gunicorn's asyncio worker (`make run`: ``scorekeeper.gunicorn_conf``).

The worker reads each request in its event loop, headers and body; only a complete
request reaches Django, which runs the (synchronous) views in a thread of their own, so a
client that sends slowly holds no thread meanwhile.
"""

import os

from django.core.asgi import get_asgi_application

from scorekeeper.datadir import prepare

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
prepare()  # the data directory and the key file, before the settings read them

application = get_asgi_application()
