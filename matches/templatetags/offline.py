"""``{% offline_worker_url %}``: the address of the worker that runs the rules on a table's
phone (issue 24), with the rules' version, so that a phone picks up new rules."""

from django import template

from ..views import offline

register = template.Library()


@register.simple_tag
def offline_worker_url() -> str:
    return offline.worker_url()
