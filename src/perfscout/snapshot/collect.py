"""Running collectors: live through the Runner, or over the files of a saved directory.

Nothing here fails the snapshot: a denied, missing, failing or unparsable source becomes a
:class:`Provenance` with ``ok=False`` and the reason, and its facts stay unknown.
"""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass
from pathlib import Path

from perfscout.model.errors import InputError, NotFoundError, ParseError
from perfscout.model.runs import Runner, RunRequest, RunResult
from perfscout.model.snapshot import Provenance
from perfscout.snapshot.registry import Collector, all_collectors
from perfscout.snapshot.textutil import Facts

RAW_LIMIT = 4096  # bytes of raw output kept in provenance
FILE_LIMIT = 8 * 1024 * 1024  # larger saved files are read only this far


@dataclass(frozen=True)
class Reading:
    """What one collector produced: its facts (empty when it failed) and its provenance."""

    collector: Collector
    facts: Facts
    provenance: Provenance


def _truncate(text: str) -> str:
    if len(text) <= RAW_LIMIT:
        return text
    return text[:RAW_LIMIT] + f"\n... [{len(text) - RAW_LIMIT} more characters]"


def _parse(c: Collector, text: str, source: str) -> tuple[Facts, str]:
    try:
        facts = dict(c.parse(text, source))
    except ParseError as exc:
        return {}, exc.message
    facts.update(c.marks)
    return facts, ""


def _first_line(text: str) -> str:
    for ln in text.splitlines():
        if ln.strip():
            return ln.strip()[:200]
    return ""


def _run_one(c: Collector, runner: Runner, hostname: str) -> Reading:
    if not c.argv:
        text = os.environ.get(c.env_var, "") if c.env_var else ""
        facts, why = _parse(c, text, f"${c.env_var}") if c.env_var else ({}, "no live source")
        return Reading(c, facts, Provenance(c.name, (), f"env:{c.env_var}", None,
                                            _truncate(text), not why, why))
    argv = tuple(a.replace("{hostname}", hostname) for a in c.argv)
    res: RunResult = runner.run(RunRequest(argv=argv, env=dict(c.env), timeout_s=c.timeout_s,
                                           purpose=f"snapshot:{c.name}"))
    text = res.stdout + (("\n" + res.stderr) if res.stderr else "")

    def prov(why: str) -> Provenance:
        return Provenance(c.name, argv, "live", res.exit_code, _truncate(text), not why, why,
                          res.duration_s)

    if not res.allowed:
        why = f"denied by the sandbox policy ({res.rule}): {res.reason}".rstrip(": ")
        return Reading(c, {}, prov(why))
    if res.timed_out:
        return Reading(c, {}, prov(f"timed out after {c.timeout_s:g} s"))
    if res.exit_code == 127 or (res.exit_code is None and res.reason):
        return Reading(c, {}, prov(f"{argv[0]} not found" + (f" ({res.reason})" if res.reason
                                                             else "")))
    if res.exit_code not in (0, None) and not c.parse_on_failure:
        return Reading(c, {}, prov(f"exit {res.exit_code}: "
                                   f"{_first_line(res.stderr) or _first_line(text)}"))
    facts, why = _parse(c, text, " ".join(argv))
    if why and res.exit_code not in (0, None):
        why = f"exit {res.exit_code}: {_first_line(res.stderr) or _first_line(text)}"
    return Reading(c, facts, prov(why))


def collect_live(runner: Runner) -> list[Reading]:
    """Run every collector's command through ``runner`` (one request each)."""
    host = socket.gethostname()
    return [_run_one(c, runner, host) for c in all_collectors()]


def _read(path: Path) -> str:
    with path.open("rb") as fh:
        data = fh.read(FILE_LIMIT)
    if b"\x00" in data[:8192]:
        raise ParseError(str(path), None, "a text file", "binary data")
    return data.decode("utf-8", errors="replace")


def collect_dir(directory: Path) -> list[Reading]:
    """Read the saved outputs in ``directory``: known names first, then files recognised by
    content. Raises NotFoundError/InputError when the directory is missing or holds nothing
    usable (each file's reason is in the message)."""
    if not directory.exists():
        raise NotFoundError(f"snapshot directory {directory} does not exist",
                            hint="run `perfscout snapshot collect-script` on the node, then "
                                 "pass the directory it wrote")
    if not directory.is_dir():
        raise InputError(f"{directory} is not a directory",
                         hint="--from takes a directory of saved command outputs")
    collectors = all_collectors()
    by_name = {f: c for c in collectors for f in c.files}
    files = sorted(p for p in directory.iterdir() if p.is_file())
    assigned: dict[str, tuple[Path, str]] = {}
    problems: list[str] = []
    unnamed: list[tuple[Path, str]] = []
    for p in files:  # pass 1: files under their documented names
        try:
            text = _read(p)
        except (OSError, ParseError) as exc:
            problems.append(f"{p.name}: {getattr(exc, 'message', exc)}")
            continue
        c = by_name.get(p.name)
        if c is None:
            unnamed.append((p, text))
        else:
            assigned[c.name] = (p, text)
    for p, text in unnamed:  # pass 2: recognise by content; one report may feed several
        hits = [k for k in collectors if k.sniff and k.name not in assigned and k.sniff(text)]
        if not hits:
            problems.append(f"{p.name}: not a recognised saved output")
        for k in hits:
            assigned[k.name] = (p, text)
    readings: list[Reading] = []
    for c in collectors:
        if c.name not in assigned:
            why = "no saved file (" + ", ".join(c.files) + ")" if c.files else "not saved"
            readings.append(Reading(c, {}, Provenance(c.name, c.argv, f"dir:{directory}",
                                                      ok=False, reason=why)))
            continue
        p, text = assigned[c.name]
        facts, why = _parse(c, text, str(p))
        if why:
            problems.append(f"{p.name}: {why}")
        readings.append(Reading(c, facts, Provenance(c.name, c.argv, f"file:{p}", None,
                                                     _truncate(text), not why, why)))
    if not any(r.facts for r in readings):
        detail = "; ".join(problems) if problems else "the directory is empty"
        raise InputError(f"no usable saved outputs in {directory}: {detail}",
                         hint="expected files such as lscpu.txt, numactl-hardware.txt; "
                              "`perfscout snapshot collect-script` writes them all")
    return readings
