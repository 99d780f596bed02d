"""The rules' values as JSON, and back: what a match's row stores of its state and a
hand's row of its derived facts.

A match's row holds its state without the hands (``state_to_json``): everything the
next hand is played on (totals, the coming hand, the game's running figures, the ending
and winners). Hands are stored one per row, each with its derived facts
(``detail_to_json`` for the game's ``Detail``). ``state_from_json`` turns the row back
into a ``MatchState`` whose ``hands`` are empty; ``rules.play`` needs no more.

Generic over the frozen dataclasses of ``base`` and the games' ``Detail`` subclasses: a
dataclass is written as an object of its fields, tuples as arrays, and a ``Detail``
carries its class's name (``"kind"``), by which it is read back. Reading follows the
fields' type hints, so a game's new ``Detail`` needs nothing here. A state that cannot be
read (a renamed class, a field gone) raises ``ValueError``; whoever stored it rebuilds it
from the hands.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Mapping
from typing import Any

from .base import Detail, Ending, Hand, MatchState, NextHand

# Bumped when the shape written here changes in a way ``state_from_json`` cannot read.
FORMAT = 1


def state_to_json(state: MatchState) -> dict[str, Any]:
    """The state but its hands, as JSON values (``hand_count`` for people and queries)."""
    return {
        "format": FORMAT,
        "players": list(state.players),
        "hand_count": state.hand_count,
        "totals": list(state.totals),
        "next_hand": to_json(state.next_hand),
        "winners": list(state.winners),
        "detail": to_json(state.detail),
        "ending": to_json(state.ending),
    }


def state_from_json(data: Mapping[str, Any], hands: tuple[Hand, ...] = ()) -> MatchState:
    """The state ``state_to_json`` wrote, with ``hands`` (none: the state a write plays
    on). ValueError when ``data`` is not such a state."""
    try:
        if data["format"] != FORMAT:
            raise ValueError(f"A stored state of format {data['format']!r}.")
        state = MatchState(
            players=from_json(tuple[str, ...], data["players"]),
            hands=hands,
            totals=from_json(tuple[int, ...], data["totals"]),
            next_hand=from_json(NextHand | None, data["next_hand"]),
            winners=from_json(tuple[int, ...], data["winners"]),
            detail=from_json(Detail, data["detail"]),
            ending=from_json(Ending | None, data["ending"]),
        )
    except (KeyError, TypeError) as error:
        raise ValueError(f"Not a stored state: {error}") from error
    if state.hand_count != data["hand_count"]:
        raise ValueError("A stored state whose hand count disagrees with its coming hand.")
    return state


def detail_to_json(detail: Detail) -> dict[str, Any]:
    return to_json(detail)


def detail_from_json(data: Mapping[str, Any]) -> Detail:
    try:
        return from_json(Detail, data)
    except (KeyError, TypeError) as error:
        raise ValueError(f"Not a stored detail: {error}") from error


# -- the generic part ---------------------------------------------------------------------


def to_json(value: Any) -> Any:
    """``value`` as JSON values: dataclasses as objects (a ``Detail`` with its kind),
    tuples and lists as lists, mappings as objects."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {
            field.name: to_json(getattr(value, field.name)) for field in dataclasses.fields(value)
        }
        if isinstance(value, Detail):
            return {"kind": type(value).__name__, **fields}
        return fields
    if isinstance(value, tuple | list):
        return [to_json(item) for item in value]
    if isinstance(value, Mapping):
        return {key: to_json(item) for key, item in value.items()}
    if value is None or isinstance(value, bool | int | str):
        return value
    raise TypeError(f"Cannot store {type(value).__name__} {value!r}.")


def from_json(hint: Any, data: Any) -> Any:
    """``data`` read as ``hint`` says: the inverse of ``to_json`` for the rules' types."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(hint)
        if data is None and type(None) in options:
            return None
        (kind,) = [option for option in options if option is not type(None)]
        return from_json(kind, data)
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_json(args[0], item) for item in _list(data))
        return tuple(from_json(arg, item) for arg, item in zip(args, _list(data), strict=True))
    if origin is not None and issubclass(origin, Mapping):
        if not isinstance(data, dict):
            raise TypeError(f"Expected an object, not {data!r}.")
        return data
    if hint is Any:
        return data
    if isinstance(hint, type) and issubclass(hint, Detail):
        if not isinstance(data, dict):
            raise TypeError(f"Expected a detail, not {data!r}.")
        data = dict(data)
        kind = _detail_kind(data.pop("kind", None))
        if kind is None or not issubclass(kind, hint):
            raise TypeError(f"An unknown kind of detail: {data!r}.")
        return _dataclass(kind, data)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass(hint, data)
    if hint in (int, str, bool):
        if type(data) is not hint:
            raise TypeError(f"Expected {hint.__name__}, not {data!r}.")
        return data
    raise TypeError(f"Cannot read {hint!r}.")


def _dataclass(kind: type, data: Any) -> Any:
    if not isinstance(data, dict):
        raise TypeError(f"Expected an object for {kind.__name__}, not {data!r}.")
    hints = _hints(kind)
    unknown = set(data) - set(hints)
    if unknown:
        raise TypeError(f"{kind.__name__} has no field {sorted(unknown)[0]}.")
    return kind(**{name: from_json(hints[name], value) for name, value in data.items()})


def _list(data: Any) -> list[Any]:
    if not isinstance(data, list):
        raise TypeError(f"Expected a list, not {data!r}.")
    return data


@functools.cache
def _hints(kind: type) -> dict[str, Any]:
    """The type of each field of the dataclass ``kind`` (its annotations resolved)."""
    names = {field.name for field in dataclasses.fields(kind)}
    return {name: hint for name, hint in typing.get_type_hints(kind).items() if name in names}


def _detail_kind(name: Any) -> type[Detail] | None:
    """The ``Detail`` class of this name: looked for again when it is not known yet (a
    game defines its own as it is imported)."""
    if name not in _KINDS:
        pending = [Detail]
        while pending:
            kind = pending.pop()
            _KINDS[kind.__name__] = kind
            pending.extend(kind.__subclasses__())
    return _KINDS.get(name)


_KINDS: dict[str, type[Detail]] = {}
