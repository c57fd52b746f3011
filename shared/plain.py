"""Game states as plain data: ``copy``, ``to_json`` and ``from_json`` derived once from a state
dataclass's field types, so no game writes them by hand.

The JSON form is the fields by name; tuples become lists and come back as tuples, nested dataclasses
come back as themselves, and ``Any`` holds JSON data (copied deeply). ``from_json(to_json(s)) == s``.
A field missing from older data takes its default.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, Literal, TypeVar, Union

T = TypeVar("T", bound="Plain")
Convert = Callable[[Any], Any]
SCALARS = (int, float, str, bool, type(None))


class Plain:
    """A dataclass of plain data (see the module): it copies itself and turns into JSON and back."""

    def copy(self: T) -> T:
        """An independent copy: a move changes its copy, never the state it was given."""
        return _codec(type(self)).copy(self)

    def to_json(self) -> dict[str, Any]:
        """The whole value as JSON-safe data."""
        return _codec(type(self)).dump(self)

    @classmethod
    def from_json(cls: type[T], data: dict[str, Any]) -> T:
        """The value ``to_json`` made ``data`` from."""
        return _codec(cls).load(data)


def json_copy(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, tuples and scalars), kinds kept."""
    if isinstance(value, dict):
        return {key: json_copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [json_copy(item) for item in value]
    if isinstance(value, tuple):
        return tuple(json_copy(item) for item in value)
    return value


def json_dump(value: Any) -> Any:
    """JSON-like data with its tuples as lists."""
    if isinstance(value, dict):
        return {key: json_dump(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [json_dump(item) for item in value]
    return value


def _same(value: Any) -> Any:
    return value


@dataclasses.dataclass(frozen=True)
class Codec:
    """How one type is copied, dumped to JSON and loaded back."""

    copy: Convert
    dump: Convert
    load: Convert
    frozen: bool = False  # values of the type never change (copies may share them)


SAME = Codec(_same, _same, _same, frozen=True)
JSON = Codec(json_copy, json_dump, json_copy)


def _optional(codec: Codec) -> Codec:
    if codec.frozen:
        return codec

    def wrap(convert: Convert) -> Convert:
        return lambda value: None if value is None else convert(value)

    return Codec(wrap(codec.copy), wrap(codec.dump), wrap(codec.load))


def _sequence(item: Codec, build: type) -> Codec:
    copy = (_same if build is tuple else list) if item.frozen else \
        (lambda value: build(item.copy(part) for part in value))
    return Codec(copy, lambda value: [item.dump(part) for part in value],
                 lambda value: build(item.load(part) for part in value), frozen=build is tuple and item.frozen)


def _fixed_tuple(items: list[Codec]) -> Codec:
    if all(item.frozen for item in items):
        return Codec(_same, list, tuple, frozen=True)
    return Codec(lambda value: tuple(item.copy(part) for item, part in zip(items, value, strict=True)),
                 lambda value: [item.dump(part) for item, part in zip(items, value, strict=True)],
                 lambda value: tuple(item.load(part) for item, part in zip(items, value, strict=True)))


def _mapping(item: Codec) -> Codec:
    copy = dict if item.frozen else (lambda value: {key: item.copy(part) for key, part in value.items()})
    return Codec(copy, lambda value: {key: item.dump(part) for key, part in value.items()},
                 lambda value: {key: item.load(part) for key, part in value.items()})


def _record(cls: type) -> Codec:
    hints = typing.get_type_hints(cls)
    fields = [(field.name, codec_of(hints[field.name]), field) for field in dataclasses.fields(cls)]

    def copy(value: Any) -> Any:
        return cls(**{name: codec.copy(getattr(value, name)) for name, codec, _field in fields})

    def dump(value: Any) -> dict[str, Any]:
        return {name: codec.dump(getattr(value, name)) for name, codec, _field in fields}

    def load(data: dict[str, Any]) -> Any:
        return cls(**{name: codec.load(data[name]) for name, codec, field in fields
                      if name in data or not _has_default(field)})

    return Codec(copy, dump, load)


def _has_default(field: dataclasses.Field) -> bool:
    return field.default is not dataclasses.MISSING or field.default_factory is not dataclasses.MISSING


@cache
def codec_of(hint: Any) -> Codec:
    """The codec of one field type."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return JSON
    if hint in SCALARS or origin is Literal:
        return SAME
    if origin in (Union, types.UnionType):
        arms = [codec_of(arm) for arm in args if arm is not type(None)]
        if all(arm.frozen for arm in arms):
            return SAME
        if len(arms) == 1:
            return _optional(arms[0])
        raise TypeError(f"a plain field cannot be any of {hint}")
    if origin is list:
        return _sequence(codec_of(args[0]), list)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _sequence(codec_of(args[0]), tuple)
        return _fixed_tuple([codec_of(arg) for arg in args])
    if origin is dict:
        if args[0] is not str:
            raise TypeError(f"JSON object keys are text, not {args[0]}")
        return _mapping(codec_of(args[1]))
    if dataclasses.is_dataclass(hint):
        return _codec(hint)
    raise TypeError(f"a plain field cannot be a {hint}")


@cache
def _codec(cls: type) -> Codec:
    return _record(cls)
