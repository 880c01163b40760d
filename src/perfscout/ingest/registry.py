"""The adapter registry: declarative registration, content sniffing, and ``load``."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from perfscout.ingest.base import SNIFF_BYTES, Adapter
from perfscout.model.errors import (
    BinaryInputError,
    InputError,
    NotFoundError,
    ParseError,
    PerfscoutError,
)
from perfscout.model.metrics import Profile, Skipped
from perfscout.registry import Registry

if TYPE_CHECKING:
    from perfscout.snapshot.registry import Collector

_REGISTRY: Registry[Adapter] = Registry("input format")
_LOADED = False

A = TypeVar("A", bound=type[Adapter])
_T = TypeVar("_T")


def register_adapter(cls: A) -> A:
    """Class decorator: register one instance of ``cls`` under ``cls.name``; a taken name is
    refused with :class:`~perfscout.registry.DuplicateName`."""
    if not cls.name:
        raise ValueError(f"{cls.__name__} has no name")
    _REGISTRY.register(cls.name, cls())
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
    """The adapter called ``name`` (``--format``); :class:`~perfscout.registry.UnknownName`
    lists the valid formats on a miss."""
    _load_all()
    return _REGISTRY[name]


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
        if not p.is_dir():
            from perfscout.ingest.binary_inputs import check_binary

            check_binary(p)
        from perfscout.ingest.metric_lines import no_measurement

        raise InputError(
            f"{p}: matches no known format" + no_measurement(head),
            hint=COLLECT_INSTEAD + "; formats tried: " + ", ".join(sorted(adapters())),
        )
    scored.sort(key=lambda t: (-t[0], t[1]))
    return _REGISTRY[scored[0][1]]


#: what to collect when the only input is a file no adapter reads (a user's notes, a log
#: without a measured quantity): the data that decides
COLLECT_INSTEAD = ("collect instead: the program's timed output at 1 and N threads "
                   "(its printed times), `perf stat -d -- CMD`, and `perf record -g -- CMD` "
                   "then `perf report --stdio`")


def topology_collector(head: str) -> Collector | None:
    """The snapshot collector whose sniffer recognises ``head`` as a machine-topology output
    (lscpu, likwid-topology, numactl --hardware, hwloc), else None."""
    from perfscout.snapshot.registry import all_collectors

    for c in all_collectors():
        try:
            if c.sniff is not None and c.sniff(head):
                return c
        except Exception:  # a sniffer must never break the others
            continue
    return None


def is_topology(head: str) -> bool:
    """``head`` is a machine-topology output: snapshot input (read by the machine-topology
    adapter), which a generic reader must not take for a program's printout."""
    return topology_collector(head) is not None


#: gzip's magic bytes: a tool output compressed as users keep big ones (``callgrind.out.gz``)
GZIP_MAGIC = b"\x1f\x8b"
#: the most a compressed input may unpack to (a bomb is refused, not unpacked)
GUNZIP_LIMIT = 1 << 30


def load(path: str | Path, fmt: str | None = None) -> Profile:
    """Parse ``path`` with the named adapter, or with the one its content matches. A
    gzip-compressed file is read as what it holds (unpacked into a scratch file, up to
    ``GUNZIP_LIMIT`` bytes); its profile names the compressed file."""
    p = Path(path)
    if p.is_file():
        with p.open("rb") as fh:
            packed = fh.read(2) == GZIP_MAGIC
        if packed:
            try:
                return _load_gzip(p, fmt)
            except _Damaged as bad:  # an adapter that reads its own .gz says what is wrong
                try:
                    ad = get_adapter(fmt) if fmt else detect(p)
                except InputError:
                    raise bad.error from None
                return ad.parse(p)
    ad = get_adapter(fmt) if fmt else detect(p)
    if not p.exists():
        raise NotFoundError(f"{p}: no such file or directory")
    return ad.parse(p)


class _Damaged(Exception):
    """A gzip file that does not unpack: the error to give when no adapter reads it as is."""

    def __init__(self, error: InputError) -> None:
        super().__init__(error.message)
        self.error = error


def _load_gzip(p: Path, fmt: str | None) -> Profile:
    import gzip
    import shutil
    import tempfile
    import zlib

    with tempfile.TemporaryDirectory(prefix="perfscout-gunzip-") as tmp:
        inner = Path(tmp) / (p.name[:-3] if p.name.endswith(".gz") else p.name)
        try:
            with gzip.open(p, "rb") as src, inner.open("wb") as dst:
                while chunk := src.read(1 << 20):
                    if dst.tell() + len(chunk) > GUNZIP_LIMIT:
                        raise InputError(f"{p}: unpacks to more than {GUNZIP_LIMIT >> 20} MiB",
                                         hint="unpack it yourself and give the part that "
                                              "holds the profile")
                    dst.write(chunk)
        except (OSError, EOFError, zlib.error) as exc:
            raise _Damaged(InputError(f"{p}: a damaged gzip file ({exc})",
                                      hint="give the uncompressed output")) from None
        shutil.copystat(p, inner)
        try:
            prof = load(inner, fmt)
        except PerfscoutError as err:  # the cause names the compressed file, not the scratch
            err.message = err.message.replace(str(inner), str(p))
            err.args = (err.message, *err.args[1:])
            raise
        return _repath(prof, str(inner), str(p))


def _repath(obj: _T, old: str, new: str) -> _T:
    """``obj`` (a profile and everything in it) with every path ``old`` replaced by ``new``."""
    import dataclasses

    if isinstance(obj, str):
        return new if obj == old else obj  # type: ignore[return-value]
    if isinstance(obj, tuple):
        return tuple(_repath(x, old, new) for x in obj)  # type: ignore[return-value]
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        changes = {f.name: _repath(getattr(obj, f.name), old, new)
                   for f in dataclasses.fields(obj) if f.init}
        return dataclasses.replace(obj, **changes)
    return obj


@dataclass(frozen=True)
class LoadedSet:
    """What :func:`load_set` could read, and each input it could not (with the reason)."""

    profiles: tuple[Profile, ...]
    skipped: tuple[Skipped, ...]


def _expand(paths: Sequence[str | Path], fmt: str | None) -> list[tuple[Path, bool]]:
    """Each input path, with directories that no adapter reads as a whole (an HPCToolkit
    database is one input) replaced by the files in them (sorted, recursively). The flag says
    whether the path was named by the user (True) or found inside a directory (False)."""
    out: list[tuple[Path, bool]] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir() and fmt is None and not _is_format_dir(p):
            out.extend((f, False) for f in _files_under(p))
        else:
            out.append((p, True))
    return out


def _is_format_dir(p: Path) -> bool:
    for ad in adapters().values():
        try:
            if ad.sniff("", p) > 0:
                return True
        except Exception:  # a sniffer must never break the others
            continue
    return False


def _files_under(d: Path) -> list[Path]:
    found: list[Path] = []
    for child in sorted(d.iterdir()):
        if child.name.startswith("."):
            continue
        if child.is_dir():
            found.extend([child] if _is_format_dir(child) else _files_under(child))
        else:
            found.append(child)
    return found


def _reason(err: PerfscoutError, p: Path) -> tuple[str, tuple[str, ...]]:
    """The skip reason and the formats that were tried, from the error one input raised."""
    msg = err.message
    if isinstance(err, NotFoundError):
        return "not_found", ()
    if isinstance(err, ParseError):
        return "parse_error", ()
    if msg.endswith("file is empty"):
        return "empty", ()
    if isinstance(err, BinaryInputError):
        return "binary", (err.reads_as,)
    if "machine topology" in msg:
        return "topology", ()
    if "matches no known format" in msg:
        return "unknown_format", tuple(sorted(adapters()))
    return "parse_error", ()


def load_set(paths: Sequence[str | Path], fmt: str | None = None) -> LoadedSet:
    """Read every input that can be read; list the others as :class:`Skipped`.

    Use this when a user hands over a set of outputs: one file perfscout cannot read must not
    refuse the others. A directory means every file in it. When nothing at all could be read,
    the error of a single named input is raised as :func:`load` would raise it; of several
    inputs, when one is a known tool's binary output (``gmon.out``, ``perf.data``) the set
    comes back empty with its skips, whose conversion commands the diagnosis turns into data
    requests, and otherwise an InputError lists why each was skipped."""
    profiles: list[Profile] = []
    skipped: list[Skipped] = []
    errors: list[PerfscoutError] = []
    if fmt:
        get_adapter(fmt)  # a wrong --format is the user's one error, not a skip per file
    items = _expand(paths, fmt)
    for p, _named in items:
        if p.exists() and not p.is_file() and not p.is_dir():
            e0 = InputError(f"{p}: not a regular file (a pipe, socket or device)",
                            hint="save the output to a file first")
            errors.append(e0)
            skipped.append(Skipped(str(p), "unreadable", (), e0.message))
            continue
        try:
            prof = load(p, fmt)
        except PerfscoutError as err:
            errors.append(err)
            reason, tried = _reason(err, p)
            if reason == "parse_error" and not isinstance(err, ParseError):
                tried = (fmt,) if fmt else tried
            elif reason == "parse_error":
                tried = (fmt or _detected_name(p),)
            convert = err.command if isinstance(err, BinaryInputError) else ()
            skipped.append(Skipped(str(p), reason, tried, err.message, convert))
            continue
        except (OSError, UnicodeError, ValueError) as err:
            e2 = InputError(f"{p}: cannot be read ({type(err).__name__}: {err})")
            errors.append(e2)
            skipped.append(Skipped(str(p), "unreadable", (fmt or _detected_name(p),), e2.message))
            continue
        profiles.append(prof)
    if not profiles:
        if len(items) == 1 and len(paths) == 1 and errors:
            raise errors[0]
        if not items:
            raise InputError(f"{', '.join(str(p) for p in paths)}: no files to read",
                             hint="give profiler outputs or a directory holding them")
        if any(s.convert for s in skipped):
            # a known tool's binary output among several inputs: nothing is measured yet, but
            # what to run is known, and the diagnosis asks for it (a data request)
            return LoadedSet((), tuple(skipped))
        raise InputError(
            f"none of the {len(items)} inputs could be read",
            hint="; ".join(f"{s.file}: {s.reason}" for s in skipped[:8]))
    from perfscout.ingest.program_name import name_the_program

    return LoadedSet(name_the_program(profiles), tuple(skipped))


def _detected_name(p: Path) -> str:
    try:
        return detect(p).name
    except Exception:  # the name is for the report only
        return ""


def skipped_line(skipped: Sequence[Skipped]) -> str:
    """The one human line that says which inputs were not read (empty when none)."""
    if not skipped:
        return ""
    parts = [f"{Path(s.file).name} ({s.reason.replace('_', ' ')}"
             + (f": `{' '.join(s.convert)}` turns it into text)" if s.convert else ")")
             for s in skipped[:6]]
    more = f" and {len(skipped) - 6} more" if len(skipped) > 6 else ""
    return f"skipped {len(skipped)} input(s) not read: " + ", ".join(parts) + more
