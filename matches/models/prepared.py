"""Prepared lookups: the queries every request makes, compiled by the ORM once per process.

Building the SQL of a query costs Django's ORM several times what SQLite takes to run it:
a match read by its id costs about 0.5 ms with ``Match.objects.get`` and 0.1 ms when the
SQL and the column converters the ORM made for it the first time are used again
(measured with ``bench/profile_write.py``). The match read starts every match page, JSON
read and write, the user read every logged-in page and the API key's user every API call,
so those few lookups are prepared.

What runs is what the ORM's own ``ModelIterable`` does with a compiled query: the SQL, each
column through the backend's converters (JSON, dates, booleans), ``Model.from_db`` with
every field, annotations as attributes. ``tests/core/test_prepared.py`` holds it to the
ORM's answer field by field, so that a Django upgrade that changes the compiler shows.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import connections, models

M = TypeVar("M", bound=models.Model)


@dataclass(frozen=True)
class _Compiled:
    compiler: Any  # the SQLCompiler that wrote the SQL: it applies the converters
    sql: str
    model: type[models.Model]
    using: str
    fields: list[str]  # the model's attnames, in the order of the first columns
    annotations: dict[str, int]  # attribute -> column
    converters: dict[int, Any]


class Prepared(Generic[M]):
    """``build()`` makes the queryset, with stand-in values where the parameters go (one
    per parameter, in the order the SQL takes them); ``first(*params)`` runs its SQL with
    the real ones and returns the first object, or None. For lookups by a unique key: the
    queryset must not order, slice or ``select_related``."""

    def __init__(self, build: Callable[[], models.QuerySet[M]]):
        self.build = build
        self.compiled: _Compiled | None = None
        self.lock = threading.Lock()

    def first(self, *params: Any) -> M | None:
        compiled = self.compiled or self.compile(len(params))
        with connections[compiled.using].cursor() as cursor:
            cursor.execute(compiled.sql, params)
            row = cursor.fetchone()
        if row is None:
            return None
        if compiled.converters:
            row = next(iter(compiled.compiler.apply_converters([row], compiled.converters)))
        count = len(compiled.fields)
        found = compiled.model.from_db(compiled.using, compiled.fields, row[:count])
        for name, column in compiled.annotations.items():
            setattr(found, name, row[column])
        return found

    def compile(self, count: int) -> _Compiled:
        with self.lock:
            if self.compiled is None:
                queryset = self.build().order_by()
                compiler = queryset.query.get_compiler(using=queryset.db)
                sql, stand_ins = compiler.as_sql()
                if len(stand_ins) != count:
                    raise TypeError(f"The query takes {len(stand_ins)} parameters: {sql}")
                info = compiler.klass_info
                if info.get("related_klass_infos"):
                    raise TypeError("A prepared lookup reads one model (no select_related).")
                start, end = info["select_fields"][0], info["select_fields"][-1] + 1
                if start != 0:
                    raise TypeError(f"The model's columns must come first: {sql}")
                self.compiled = _Compiled(
                    compiler=compiler,
                    sql=sql,
                    model=info["model"],
                    using=queryset.db,
                    fields=[column[0].target.attname for column in compiler.select[start:end]],
                    annotations=dict(compiler.annotation_col_map or {}),
                    converters=compiler.get_converters([column[0] for column in compiler.select]),
                )
        return self.compiled
