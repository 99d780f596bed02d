"""The app as gunicorn's asyncio worker serves it (`make run`: ``scorekeeper.gunicorn_conf``).

The worker reads each request in its event loop; asgiref's ``WsgiToAsgi`` (Django's own
dependency) then reads the whole body too, and only then hands the request to Django's
WSGI handler in a thread: a client that sends slowly holds a socket, never a thread.

The threads are a fixed pool per worker process (``THREADS``, 8), as gunicorn's threaded
workers had, rather than Django's ASGI handler, which starts a new thread for every
request: that cost several times a trivial request's own time, and a new thread cannot
keep its database connection for the next request. (Measured: bench/bench.py.)
"""

import asyncio
import os
from concurrent.futures import ThreadPoolExecutor
from tempfile import SpooledTemporaryFile

from asgiref.sync import AsyncToSync, sync_to_async
from asgiref.wsgi import WsgiToAsgi, WsgiToAsgiInstance
from django.conf import settings
from django.core.wsgi import get_wsgi_application

from matches.logs import ANSWER, Answer
from scorekeeper.asgi_worker import API_TARGET, api_error
from scorekeeper.datadir import prepare

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
prepare()  # the data directory and the key file, before the settings read them

THREADS = int(os.environ.get("THREADS") or 8)
# Made in each worker process as it loads the app (gunicorn does not preload it).
views = ThreadPoolExecutor(THREADS, thread_name_prefix="view")


class PooledRequest(WsgiToAsgiInstance):
    """One request: ``WsgiToAsgi``'s, run in a thread of ``views``. (asgiref's own runs
    every request of a process in one and the same thread.)"""

    async def __call__(self, scope, receive, send):
        """asgiref's, except that a body is read no further than Django would take it
        (``DATA_UPLOAD_MAX_MEMORY_SIZE``: Django then refuses the request by its
        Content-Length; the rest is never read, and gunicorn closes the connection), that
        a client gone before the end of its body is no error, and that what is answered
        is noted for the access log (``matches.logs.Answer``: a client that left before
        its answer was complete is not logged as a 500)."""
        if scope["type"] != "http":
            raise ValueError("WSGI wrapper received a non-HTTP scope")
        self.scope = scope
        answer = Answer(scope["method"])
        ANSWER.set(answer)  # in this request's task, which also writes its access log line
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        with SpooledTemporaryFile(max_size=65536) as body:
            while True:
                message = await receive()
                if message["type"] != "http.request":
                    # http.disconnect: the client left, or its body stopped arriving for
                    # gunicorn's ``timeout`` (30 s) and it is told so; to a client that
                    # left, gunicorn writes nothing (and the access log says so).
                    await answer_too_slow(scope, noting(send, answer))
                    return
                body.write(message.get("body", b""))
                if not message.get("more_body") or (limit and body.tell() > limit):
                    break
            body.seek(0)
            self.sync_send = AsyncToSync(noting(send, answer))
            try:
                await self.run_wsgi_app(body)
            except asyncio.CancelledError:
                # gunicorn cancels a request some seconds after its client left (or as it
                # stops); the view's thread finishes on its own.
                answer.cancelled = True
                raise

    run_wsgi_app = sync_to_async(
        WsgiToAsgiInstance.__dict__["run_wsgi_app"].func, thread_sensitive=False, executor=views
    )


async def answer_too_slow(scope, send) -> None:
    """408 Request Timeout: under /api/ in the API's error shape, as gunicorn's own
    refusals are (``scorekeeper.asgi_worker``), elsewhere in gunicorn's plain text."""
    if API_TARGET.match(scope.get("raw_path") or scope["path"].encode()):
        body, kind = api_error(408), b"application/json"
    else:
        body, kind = b"Request Timeout", b"text/plain"
    headers = [
        (b"content-type", kind),
        (b"content-length", str(len(body)).encode()),
        (b"x-content-type-options", b"nosniff"),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": 408, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def noting(send, answer: Answer):
    """``send``, noting in ``answer`` the status and the body handed to the server (once
    taken: a header gunicorn refuses is its 500, not the app's answer)."""

    async def noted(message):
        await send(message)
        if message["type"] == "http.response.start":
            answer.status = message["status"]
        elif message["type"] == "http.response.body":
            answer.body += len(message.get("body", b""))

    return noted


class PooledWsgiToAsgi(WsgiToAsgi):
    async def __call__(self, scope, receive, send):
        request = PooledRequest(self.wsgi_application, self.duplicate_header_limit)
        await request(scope, receive, send)


def closing(wsgi_application):
    """``wsgi_application`` whose response is closed once sent, in the thread that sent
    it. asgiref's adapter never calls ``close()`` (PEP 3333 asks it to), and Django's
    ``close()`` is what sends ``request_finished``: the database connection's end of
    request, a static file's file closed."""

    def application(environ, start_response):
        response = wsgi_application(environ, start_response)
        try:
            yield from response
        finally:
            # Also when the adapter stops early (at Content-Length, or when the client
            # is gone): the generator is then closed as the adapter lets go of it.
            if hasattr(response, "close"):
                response.close()

    return application


application = PooledWsgiToAsgi(closing(get_wsgi_application()))
