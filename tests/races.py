"""Requests that race: threads released together, each with its own database connection.

On PostgreSQL they really run side by side (row locks decide); on SQLite the writer
queue lets one write at a time (``matches.services.base.writing``), so there the same
test shows that the queue keeps the guarantee too. A test that uses them needs
``@pytest.mark.django_db(transaction=True)``: each thread must see what the others
committed.
"""

import threading

from django.db import connection

THREADS = 4


def at_once(job, count=THREADS):
    """Run ``job(index)`` in ``count`` threads released together; their results in order.

    An exception in a thread is returned as its result, so the test sees it.
    """
    barrier = threading.Barrier(count, timeout=30)
    results = [None] * count

    def run(index):
        try:
            barrier.wait()
            results[index] = job(index)
        except Exception as error:  # handed to the test to assert on
            results[index] = error
        finally:
            connection.close()  # each thread opened its own connection

    threads = [threading.Thread(target=run, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads), "a thread hung"
    return results
