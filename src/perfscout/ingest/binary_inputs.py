"""Binary tool outputs a user drops in with the text ones: gprof's ``gmon.out``, ``perf.data``,
an executable or object file. Ingest reads text and runs no tool, so each is named with the
exact command that turns it into text perfscout reads (a :class:`BinaryInputError`, skip
reason ``binary``); the diagnosis turns that command into a data request.
"""

from __future__ import annotations

import os
from pathlib import Path

from perfscout.model.errors import BinaryInputError

_ELF = b"\x7fELF"


def _is_elf(p: Path) -> bool:
    try:
        with p.open("rb") as fh:
            return fh.read(4) == _ELF
    except OSError:
        return False


def _program_beside(p: Path) -> str:
    """The executable in the same folder (gprof needs the program that wrote gmon.out), else
    the placeholder ``./PROGRAM``."""
    try:
        cands = sorted(c for c in p.parent.iterdir()
                       if c.is_file() and c != p and os.access(c, os.X_OK) and _is_elf(c))
    except OSError:
        cands = []
    return str(cands[0]) if len(cands) == 1 else "./PROGRAM"


def check_binary(p: Path) -> None:
    """Raise :class:`BinaryInputError` when ``p`` is a binary output of a known tool, with the
    command that turns it into text; return quietly otherwise."""
    try:
        with p.open("rb") as fh:
            magic = fh.read(8)
    except OSError:
        return
    if magic[:4] == b"gmon":
        raise BinaryInputError(
            f"{p}: gprof's binary profile data (gmon.out)",
            ("gprof", "-b", _program_beside(p), str(p)), "gprof")
    if magic == b"PERFILE2":
        raise BinaryInputError(f"{p}: perf's binary recording (perf.data)",
                               ("perf", "report", "-i", str(p), "--stdio"), "perf-report")
    if magic[:4] == _ELF:
        raise BinaryInputError(f"{p}: an executable or object file",
                               ("objdump", "-d", "--no-show-raw-insn", str(p)), "objdump")
