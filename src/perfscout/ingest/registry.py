"""The adapter registry: declarative registration, content sniffing, and ``load``."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from typing import TypeVar

from perfscout.ingest.base import SNIFF_BYTES, Adapter
from perfscout.model.errors import InputError, NotFoundError
from perfscout.model.metrics import Profile

_REGISTRY: dict[str, Adapter] = {}
_LOADED = False

A = TypeVar("A", bound=type[Adapter])


def register_adapter(cls: A) -> A:
    """Class decorator: register one instance of ``cls`` under ``cls.name`` (unique)."""
    if not cls.name:
        raise ValueError(f"{cls.__name__} has no name")
    if cls.name in _REGISTRY:
        raise ValueError(f"adapter {cls.name!r} registered twice")
    _REGISTRY[cls.name] = cls()
    return cls


def _load_all() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    import perfscout.ingest.adapters as pkg

    for mod in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        importlib.import_module(f"perfscout.ingest.adapters.{mod.name}")


def adapters() -> dict[str, Adapter]:
    """All registered adapters by name."""
    _load_all()
    return dict(_REGISTRY)


def get_adapter(name: str) -> Adapter:
    regs = adapters()
    try:
        return regs[name]
    except KeyError:
        raise InputError(
            f"unknown format {name!r}", hint="valid formats: " + ", ".join(sorted(regs))
        ) from None


def _head(path: Path) -> str:
    if path.is_dir():
        return ""
    with path.open("rb") as fh:
        data = fh.read(SNIFF_BYTES)
    return data.decode("utf-8", errors="replace")


def detect(path: str | Path) -> Adapter:
    """The adapter that recognises ``path`` by content; InputError lists the formats tried."""
    p = Path(path)
    if not p.exists():
        raise NotFoundError(f"{p}: no such file or directory")
    head = _head(p)
    scored: list[tuple[float, str]] = []
    for name, ad in adapters().items():
        try:
            score = ad.sniff(head, p)
        except Exception:  # a sniffer must never break detection of the others
            score = 0.0
        if score > 0:
            scored.append((score, name))
    if not scored:
        if not head.strip() and not p.is_dir():
            raise InputError(f"{p}: file is empty", hint="give a non-empty profiler output")
        _refuse_snapshot_input(p, head)
        raise InputError(
            f"{p}: matches no known format",
            hint="formats tried: " + ", ".join(sorted(adapters())),
        )
    scored.sort(key=lambda t: (-t[0], t[1]))
    return _REGISTRY[scored[0][1]]


def _refuse_snapshot_input(p: Path, head: str) -> None:
    """Raise InputError when ``head`` is a machine-topology output (likwid-topology, lscpu,
    numactl, hwloc): that is snapshot input, so say so and name the command that reads it."""
    from perfscout.snapshot.registry import all_collectors

    for c in all_collectors():
        try:
            hit = c.sniff is not None and c.sniff(head)
        except Exception:  # a sniffer must never break the error report
            hit = False
        if hit:
            usual = c.files[0] if c.files else c.name
            raise InputError(
                f"{p}: {c.name} output (machine topology), not a profile",
                hint="it is snapshot input: copy it into a directory and run "
                     f"`perfscout snapshot --from DIR` (any file name; {usual} is the usual one)")


def load(path: str | Path, fmt: str | None = None) -> Profile:
    """Parse ``path`` with the named adapter, or with the one its content matches."""
    p = Path(path)
    ad = get_adapter(fmt) if fmt else detect(p)
    if not p.exists():
        raise NotFoundError(f"{p}: no such file or directory")
    return ad.parse(p)
