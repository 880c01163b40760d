"""One registry for every plugin family: named items, no duplicates, one error on a miss.

Use a :class:`Registry` wherever code declares a family of named plugins (snapshot collectors,
proposal catalog entries, advise preconditions, ...) so that all of them behave the same way:

* :meth:`Registry.register` refuses a second item under a taken name with
  :class:`DuplicateName` (a programming error, a :class:`ValueError`);
* ``registry[name]`` on a miss raises :class:`UnknownName`, whose hint lists every valid name.
  It is a :class:`~perfscout.model.errors.NotFoundError` (the CLI prints one line and exits 4)
  and a :class:`KeyError`, so a :class:`Registry` is a read-only :class:`~collections.abc.Mapping`:
  ``in``, iteration (registration order), ``items()`` and ``get(name, default)`` work as on a
  dict, and ``get`` answers the default instead of raising;
* :meth:`Registry.names` gives the sorted names, for messages and listings.

The registry is a top-level helper like ``config`` and ``files``: it imports only ``model``, and
any stage may use it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Generic, TypeVar

from perfscout.model.errors import NotFoundError

T = TypeVar("T")


class UnknownName(NotFoundError, KeyError):
    """A registry was asked for a name nothing registered; the hint lists the valid names."""

    def __init__(self, kind: str, name: str, valid: tuple[str, ...]) -> None:
        super().__init__(f"unknown {kind} {name!r}", hint="valid: " + ", ".join(valid))
        self.kind = kind
        self.name = name
        self.valid = valid

    def __str__(self) -> str:  # KeyError would quote the message; keep it readable
        return f"{self.message}; {self.hint}"


class DuplicateName(ValueError):
    """A second item was registered under a name already taken (a programming error)."""

    def __init__(self, kind: str, name: str) -> None:
        super().__init__(f"{kind} {name!r} registered twice: the name is already registered")
        self.kind = kind
        self.name = name


class Registry(Mapping[str, T], Generic[T]):
    """Named items of one plugin family, in registration order.

    ``kind`` names the family in messages ("snapshot collector", "proposal id", ...).
    """

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._items: dict[str, T] = {}

    def register(self, name: str, item: T) -> T:
        """Add ``item`` under ``name`` and return it; :class:`DuplicateName` if taken."""
        if name in self._items:
            raise DuplicateName(self.kind, name)
        self._items[name] = item
        return item

    def names(self) -> tuple[str, ...]:
        """Every registered name, sorted."""
        return tuple(sorted(self._items))

    def __getitem__(self, name: str) -> T:
        try:
            return self._items[name]
        except KeyError:
            raise UnknownName(self.kind, name, self.names()) from None

    def __contains__(self, name: object) -> bool:
        return name in self._items

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return f"Registry({self.kind!r}, {list(self._items)})"
