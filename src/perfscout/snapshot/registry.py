"""The collector plugin family and its one registry.

A collector names the command it runs live, the saved-file names ``--from DIR`` reads, an
optional content sniffer for files saved under other names, and ONE parser used for both.
Register with :func:`collector`; names are unique (:class:`~perfscout.registry.DuplicateName`),
and :func:`get_collector` raises :class:`~perfscout.registry.UnknownName` listing the valid names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from perfscout.registry import Registry
from perfscout.snapshot.textutil import Facts

Parser = Callable[[str, str], Facts]
Sniffer = Callable[[str], bool]


@dataclass(frozen=True)
class Collector:
    """One source of platform facts.

    ``argv`` may contain ``{hostname}``; an empty ``argv`` means the text comes from the
    environment variable ``env_var`` instead of a command. Lower ``priority`` wins when two
    collectors report the same field. ``provides`` lists the field paths it can fill, so an
    unknown field can say which collector failed and why.
    """

    name: str
    parse: Parser
    argv: tuple[str, ...] = ()
    files: tuple[str, ...] = ()
    sniff: Sniffer | None = None
    priority: int = 50
    timeout_s: float = 20.0
    env: Mapping[str, str] = field(default_factory=dict)
    provides: tuple[str, ...] = ()
    env_var: str = ""
    parse_on_failure: bool = False  # parse output even when the command exits non-zero
    marks: Mapping[str, Any] = field(default_factory=dict)  # facts added when parsing succeeds


_REGISTRY: Registry[Collector] = Registry("snapshot collector")


def collector(name: str, **kwargs: Any) -> Callable[[Parser], Parser]:
    """Decorator registering ``fn`` as the parser of a new collector called ``name``."""

    def wrap(fn: Parser) -> Parser:
        register(Collector(name=name, parse=fn, **kwargs))
        return fn

    return wrap


def register(c: Collector) -> None:
    """Add ``c``; a second collector with the same name is a programming error."""
    _REGISTRY.register(c.name, c)


def get_collector(name: str) -> Collector:
    """The collector called ``name``; UnknownName (a NotFoundError) naming the valid ones."""
    return _REGISTRY[name]


def all_collectors() -> list[Collector]:
    """Every registered collector, highest priority (lowest number) first, then by name."""
    from perfscout.snapshot import collectors as _  # noqa: F401  (registers the built-ins)

    return sorted(_REGISTRY.values(), key=lambda c: (c.priority, c.name))
