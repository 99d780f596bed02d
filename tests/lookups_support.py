"""What the tests of ``models.lookups`` (the written SQL on a cursor) compare: a row as its
model holds it, to check against the ORM's own query."""


def fields(instance):
    """Every concrete field of ``instance`` by its attribute name (``owner_id``, not the
    owner), as the ORM converted it."""
    return {field.attname: getattr(instance, field.attname) for field in instance._meta.fields}
