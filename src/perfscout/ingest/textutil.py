"""Streaming text helpers shared by the text adapters.

Use :func:`iter_lines` to read a file line by line with 1-based line numbers (ANSI colour codes
stripped, undecodable bytes replaced), :func:`detect_decimal` to decide once per file whether
numbers use a decimal comma (German-style ``3.642.649,33``) or a decimal point, and
:func:`parse_number` to turn one token into a float under that convention.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from perfscout.model.errors import ParseError

_ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")
_DOT_GROUPED = re.compile(r"^\d{1,3}(\.\d{3}){2,}(,\d+)?$")  # 3.642.649.330
_COMMA_GROUPED = re.compile(r"^\d{1,3}(,\d{3}){2,}(\.\d+)?$")  # 2,004,300,771
_COMMA_DEC = re.compile(r"^\d+,(\d{1,2}|\d{4,})$")  # 1,10  0,999 is ambiguous; 1,101976138 not
_DOT_DEC = re.compile(r"^\d+\.(\d{1,2}|\d{4,})$")
_TOKEN = re.compile(r"\d[\d.,]*\d|\d")
_NUM = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")


def strip_ansi(text: str) -> str:
    """``text`` without ANSI escape sequences (colour output of perf and likwid)."""
    return _ANSI.sub("", text) if "\x1b" in text else text


def iter_lines(path: Path) -> Iterator[tuple[int, str]]:
    """The one line reader of the text adapters: ``(line_number, text)`` for each line of
    ``path``, 1-based, without its line end.

    Streams (constant memory), decodes UTF-8 replacing bad bytes (a stray byte never aborts a
    parse), strips ANSI colour codes; a directory or an unreadable file raises
    :class:`ParseError` naming it.
    """
    try:
        fh = path.open("r", encoding="utf-8", errors="replace", newline="")
    except OSError as exc:
        raise ParseError(str(path), None, "a readable text file", str(exc)) from None
    with fh:
        for no, line in enumerate(fh, 1):
            yield no, clean_line(line)


def clean_line(line: str) -> str:
    """A line as read from a text file, without its line end and ANSI colour codes (what
    :func:`iter_lines` yields; for adapters that iterate the file themselves)."""
    line = line.rstrip("\r\n")
    return _ANSI.sub("", line) if "\x1b" in line else line


def detect_decimal(lines: Iterable[str]) -> str:
    """``","`` when the numbers in ``lines`` use a decimal comma, else ``"."``.

    Looks for unambiguous tokens: ``1.101.976`` (dot grouping) or ``1,10`` / ``0,68`` /
    ``1,101976138`` (comma followed by other than three digits) mean a decimal comma;
    ``2,004,300,771`` or ``377.06`` mean a decimal point. The first decisive token wins.
    """
    for line in lines:
        for tok in _TOKEN.findall(line):
            if _DOT_GROUPED.match(tok) or _COMMA_DEC.match(tok):
                return ","
            if _COMMA_GROUPED.match(tok) or _DOT_DEC.match(tok):
                return "."
            if tok.startswith("0,") and "." not in tok:
                return ","
    return "."


def parse_number(token: str, decimal: str = ".") -> float | None:
    """``token`` as a float under the ``decimal`` convention, or None when it is not a number.

    Thousands separators (the other of ``.``/``,``, and spaces) are dropped; ``1.5e-06``,
    ``-3`` and a trailing ``%`` are accepted.
    """
    t = token.strip().rstrip("%").strip()
    if not t:
        return None
    t = t.replace(".", "").replace(",", ".") if decimal == "," else t.replace(",", "")
    t = t.replace(" ", "").replace("\u202f", "").replace("'", "")
    if not _NUM.match(t):
        return None
    try:
        return float(t)
    except ValueError:  # pragma: no cover - the regex already checked
        return None


class Unparsed:
    """Counts lines an adapter did not understand and keeps the first line numbers.

    Feed it with :meth:`add`; put :attr:`count` and :attr:`examples` into the Profile's
    ``unparsed_lines`` / ``unparsed_examples`` so nothing is dropped silently.
    """

    MAX_EXAMPLES = 10

    def __init__(self) -> None:
        self.count = 0
        self._examples: list[int] = []

    def add(self, line_no: int) -> None:
        self.count += 1
        if len(self._examples) < self.MAX_EXAMPLES:
            self._examples.append(line_no)

    @property
    def examples(self) -> tuple[int, ...]:
        return tuple(self._examples)

    def as_fields(self) -> dict[str, object]:
        """Keyword arguments for :class:`perfscout.model.metrics.Profile`."""
        return {"unparsed_lines": self.count, "unparsed_examples": self.examples}


def summary_rows(path: Path, head: re.Pattern[str], row: re.Pattern[str],
                 unparsed: Unparsed) -> Iterator[tuple[int, re.Match[str]]]:
    """(line number, match) of each row of a ``% time  seconds  usecs/call  calls  NAME``
    summary (strace -c, ltrace -c): the lines matching ``row`` after one matching ``head``;
    blank and dashed separator lines skipped, every other line counted in ``unparsed``.
    Yields nothing when no header line is found."""
    header = False
    for no, line in iter_lines(path):
        if head.match(line):
            header = True
            continue
        s = line.strip()
        if not s or set(s) <= {"-", " "}:
            continue
        m = row.match(line)
        if header and m:
            yield no, m
        else:
            unparsed.add(no)


def read_capped(path: Path, limit: int) -> str:
    """The first ``limit`` bytes of a text input, undecodable bytes replaced: for adapters of
    outputs that are small by nature (topology dumps, fact sheets), read whole up to a cap.
    An unreadable file is a ParseError naming it."""
    try:
        with path.open("rb") as fh:
            return fh.read(limit).decode("utf-8", errors="replace")
    except OSError as exc:
        raise ParseError(str(path), None, "a readable text file", str(exc)) from None


_ARG_NUMBER = re.compile(r"^\d+(?:\.\d+)?(?:[eE]\d+)?$")


#: launcher and runtime options whose value counts ranks, tasks, threads or CPUs: a value
#: after one of them that differs between runs is the run's parallelism, never its size
COUNT_OPTIONS = frozenset({"--threads", "--nthreads", "--num-threads", "-j", "--jobs"})
#: a launcher's own options that count ranks, tasks or CPUs (``mpirun -np 4``, ``srun -n 4``):
#: read as counts only before the program, where the launcher owns them (``./a -n 4000``'s
#: ``-n`` is the program's, often its size)
LAUNCHER_COUNT_OPTIONS = frozenset({"-np", "-n", "--np", "-N", "--ntasks", "--nodes", "-c",
                                    "--cpus-per-task", "--ntasks-per-node", "-ppn", "--ppn"})
LAUNCHERS = frozenset({"mpirun", "mpiexec", "srun", "prterun", "orterun", "aprun", "jsrun",
                       "mpiexec.hydra"})


def _counts_parallelism(cmd: list[str], at: int) -> bool:
    """Whether ``cmd[at]`` is an option whose value counts ranks, threads or tasks: one of
    :data:`COUNT_OPTIONS`, or a launcher's count option after the launcher's name and before
    the program (:func:`~perfscout.ingest.program_name.program_at`)."""
    from perfscout.ingest.program_name import program_at

    opt = cmd[at]
    if opt in COUNT_OPTIONS:
        return True
    if opt not in LAUNCHER_COUNT_OPTIONS or not any(
            w.rsplit("/", 1)[-1] in LAUNCHERS for w in cmd[:at]):
        return False
    prog = program_at(cmd)
    return prog is None or at < prog


def size_argument(commands: list[list[str]]) -> int | None:
    """The position of the size in command lines of one program run with its numeric
    arguments changed (``./qs 5000 5`` and ``./qs 10000 5``): the one numeric argument that
    differs, or the first of several that all change by one factor (``./cl 4000 4000`` and
    ``./cl 8000 8000``: rows and columns of one size); None when the commands differ in
    shape or in anything else, or their numeric arguments change independently, or the one
    that changes is the value of a count option (``mpirun -np 2``, ``--threads 4``). Used where a
    file or a set of files holds several runs of one program (callgrind runs, a ``perf stat``
    log of a size sweep) so that the command line names each run's size."""
    if len(commands) < 2 or len({len(c) for c in commands}) != 1:
        return None
    shape = {tuple("#" if _ARG_NUMBER.match(t) else t for t in c) for c in commands}
    if len(shape) != 1:
        return None
    varying = [i for i in range(len(commands[0])) if len({c[i] for c in commands}) > 1]
    if not varying or any(not _ARG_NUMBER.match(commands[0][i]) for i in varying):
        return None
    first = varying[0]
    if first > 0 and _counts_parallelism(commands[0], first - 1):
        return None  # "mpirun -np 2" and "-np 6": a rank or thread count, not the size
    for i in varying[1:]:
        ratios = {round(float(c[i]) / float(c[first]), 9) for c in commands if float(c[first])}
        if len(ratios) != 1:
            return None
    return first


_GZIP_MAGIC = b"\x1f\x8b"


def load_json(path: Path, limit: int, what: str) -> Any:
    """The JSON document in ``path``, gzip-compressed or not (a tool's ``.json.gz`` record),
    read up to ``limit`` bytes decompressed; ParseError naming ``what`` was expected when the
    file is no such document, cut, or larger (never an internal error)."""
    import gzip
    import json
    import zlib

    try:
        with path.open("rb") as fh:
            raw = fh.read(limit + 1)
        if raw[:2] == _GZIP_MAGIC:
            d = zlib.decompressobj(16 + zlib.MAX_WBITS)
            raw = d.decompress(raw, limit + 1)
        if len(raw) > limit:
            raise ParseError(str(path), None, f"{what} under {limit >> 20} MB decompressed",
                             "larger")
        return json.loads(raw.decode("utf-8", errors="replace"))
    except (OSError, EOFError, zlib.error, gzip.BadGzipFile, ValueError) as exc:
        raise ParseError(str(path), None, what, f"{type(exc).__name__}: {exc}") from None
