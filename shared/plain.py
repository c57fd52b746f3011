"""Game states as plain data: ``copy``, ``to_json`` and ``from_json`` derived once from a state
dataclass's field types, so no game writes them by hand.

The JSON form is the fields by name; tuples become lists and come back as tuples, nested dataclasses
come back as themselves, and ``Any`` holds JSON data (copied deeply). ``from_json(to_json(s)) == s``.
A field missing from older data takes its default. ``Annotated[X, FROZEN]`` marks JSON data that is
never changed once made (a logged event): copies share it.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Annotated, Any, Literal, TypeVar, Union

T = TypeVar("T", bound="Plain")
Convert = Callable[[Any], Any]
SCALARS = (int, float, str, bool, type(None))
FROZEN = "frozen"  # Annotated[X, FROZEN]: JSON data never changed once made, shared by copies


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


Template = Callable[
    [str, int], str
]  # the source of an expression copying the value named, at a nesting depth


@dataclasses.dataclass(frozen=True)
class Codec:
    """How one type is copied, dumped to JSON and loaded back. ``template``, when there is one,
    writes the copy as inline source (a record's copy is compiled from its fields' templates)."""

    copy: Convert
    dump: Convert
    load: Convert
    frozen: bool = False  # values of the type never change (copies may share them)
    template: Template | None = None


SAME = Codec(_same, _same, _same, frozen=True, template=lambda name, depth: name)
JSON = Codec(json_copy, json_dump, json_copy)


def _optional(codec: Codec) -> Codec:
    if codec.frozen:
        return codec

    def wrap(convert: Convert) -> Convert:
        return lambda value: None if value is None else convert(value)

    inner = codec.template
    template = (
        None if inner is None else (lambda name, depth: f"(None if {name} is None else {inner(name, depth)})")
    )
    return Codec(wrap(codec.copy), wrap(codec.dump), wrap(codec.load), template=template)


def _sequence(item: Codec, build: type) -> Codec:
    copy = (
        (_same if build is tuple else list)
        if item.frozen
        else (lambda value: build(item.copy(part) for part in value))
    )
    inner = item.template
    if item.frozen:
        template: Template | None = (
            (lambda name, depth: name) if build is tuple else (lambda name, depth: f"{name}[:]")
        )
    elif inner is not None and build is list:
        template = lambda name, depth: f"[{inner(f'i{depth}', depth + 1)} for i{depth} in {name}]"  # noqa: E731
    else:
        template = None
    return Codec(
        copy,
        lambda value: [item.dump(part) for part in value],
        lambda value: build(item.load(part) for part in value),
        frozen=build is tuple and item.frozen,
        template=template,
    )


def _fixed_tuple(items: list[Codec]) -> Codec:
    if all(item.frozen for item in items):
        return Codec(_same, list, tuple, frozen=True, template=SAME.template)
    return Codec(
        lambda value: tuple(item.copy(part) for item, part in zip(items, value, strict=True)),
        lambda value: [item.dump(part) for item, part in zip(items, value, strict=True)],
        lambda value: tuple(item.load(part) for item, part in zip(items, value, strict=True)),
    )


def _mapping(item: Codec) -> Codec:
    copy = dict if item.frozen else (lambda value: {key: item.copy(part) for key, part in value.items()})
    return Codec(
        copy,
        lambda value: {key: item.dump(part) for key, part in value.items()},
        lambda value: {key: item.load(part) for key, part in value.items()},
        template=(lambda name, depth: f"dict({name})") if item.frozen else None,
    )


def _record(cls: type) -> Codec:
    hints = typing.get_type_hints(cls, include_extras=True)
    fields = [(field.name, codec_of(hints[field.name]), field) for field in dataclasses.fields(cls)]
    copy = _compiled_copy(cls, [(name, codec) for name, codec, _field in fields])

    def dump(value: Any) -> dict[str, Any]:
        return {name: codec.dump(getattr(value, name)) for name, codec, _field in fields}

    def load(data: dict[str, Any]) -> Any:
        return cls(
            **{
                name: codec.load(data[name])
                for name, codec, field in fields
                if name in data or not _has_default(field)
            }
        )

    return Codec(copy, dump, load)


def _compiled_copy(cls: type, fields: list[tuple[str, Codec]]) -> Convert:
    """The record's copy as one compiled function of its fields' copies, as a hand-written one is."""
    namespace: dict[str, Any] = {"cls": cls}
    parts = []
    for index, (name, codec) in enumerate(fields):
        if codec.template is not None:
            parts.append(codec.template(f"value.{name}", 0))
        else:
            namespace[f"copy_{index}"] = codec.copy
            parts.append(f"copy_{index}(value.{name})")
    exec(f"def copy(value):\n    return cls({', '.join(parts)})", namespace)  # noqa: S102 - source made above
    return namespace["copy"]


def _has_default(field: dataclasses.Field) -> bool:
    return field.default is not dataclasses.MISSING or field.default_factory is not dataclasses.MISSING


@cache
def codec_of(hint: Any) -> Codec:
    """The codec of one field type."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Annotated:
        return SAME if FROZEN in hint.__metadata__ else codec_of(args[0])
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
