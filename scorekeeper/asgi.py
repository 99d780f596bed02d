"""The app as gunicorn's asyncio worker serves it (`make run`: ``scorekeeper.gunicorn_conf``).

The worker reads each request in its event loop; asgiref's ``WsgiToAsgi`` (Django's own
dependency) then reads the whole body too, and only then hands the request to Django's
WSGI handler in a thread: a client that sends slowly holds a socket, never a thread.

The threads are a fixed pool per worker process (``THREADS``, 8), as gunicorn's threaded
workers had, rather than Django's ASGI handler, which starts a new thread for every
request: that cost several times a trivial request's own time, and a new thread cannot
keep its database connection for the next request. (Measured: bench/bench.py.)
"""

import os
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import sync_to_async
from asgiref.wsgi import WsgiToAsgi, WsgiToAsgiInstance
from django.core.wsgi import get_wsgi_application

from scorekeeper.datadir import prepare

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
prepare()  # the data directory and the key file, before the settings read them

THREADS = int(os.environ.get("THREADS") or 8)
# Made in each worker process as it loads the app (gunicorn does not preload it).
views = ThreadPoolExecutor(THREADS, thread_name_prefix="view")


class PooledRequest(WsgiToAsgiInstance):
    """One request: ``WsgiToAsgi``'s, run in a thread of ``views``. (asgiref's own runs
    every request of a process in one and the same thread.)"""

    run_wsgi_app = sync_to_async(
        WsgiToAsgiInstance.__dict__["run_wsgi_app"].func, thread_sensitive=False, executor=views
    )


class PooledWsgiToAsgi(WsgiToAsgi):
    async def __call__(self, scope, receive, send):
        request = PooledRequest(self.wsgi_application, self.duplicate_header_limit)
        await request(scope, receive, send)


application = PooledWsgiToAsgi(get_wsgi_application())
