"""The rules' messages the offline page carries are read once per process, by one thread:
CPython 3.11's parser fails when two threads parse at once, and a fresh worker's first
pages come together (the bench met 500s on the match page's first requests)."""

import threading

from matches import offline


def test_the_first_pages_at_once_read_the_rules_once():
    offline._rule_messages.cache_clear()
    start = threading.Barrier(8)
    answers, errors = [], []

    def page():
        start.wait()
        try:
            answers.append(offline.rule_messages())
        except Exception as error:  # what a page would have answered with a 500
            errors.append(error)

    threads = [threading.Thread(target=page) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert not errors
    assert offline._rule_messages.cache_info().misses == 1
    assert len(set(answers)) == 1 and answers[0]
    assert "Enter a whole number." in answers[0]
