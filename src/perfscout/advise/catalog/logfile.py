"""Catalog entry for a log file opened once per line (``open_once``).

The I/O finding says the program makes an open and a close system call per small write
(``strace -c``: as many ``openat`` as ``write``); this finds where, in the project's sources:
a function that opens a file for appending, writes and closes it on every call, where the
transform stage's ``open_once`` generator accepts the change (the file name the same on every
call, nothing else reading the file). No generated change, no proposal: the general
``io_buffering`` advice stays for the rest.
"""

from __future__ import annotations

from pathlib import Path

from perfscout.advise.catalog.common import conf, gain_on_share, refs, source_hot_lines, verify
from perfscout.advise.catalog.registry import proposal
from perfscout.advise.facts import Facts, project_root_of
from perfscout.model.findings import Finding
from perfscout.model.message import Text
from perfscout.model.proposals import Change, Confidence, Proposal, Risk
from perfscout.model.taxonomy import Layer
from perfscout.transform import Generated, generate
from perfscout.transform.openonce import per_call_appends
from perfscout.transform.source import Code, language_of

#: at most this many source files of a project are read looking for the per-call open
MAX_FILES = 200
#: share of the run assumed in the per-line open/close when no trace times it
DEFAULT_SHARE = 0.5


def reopened_logs(facts: Facts) -> tuple[str, Generated] | list[str]:
    """(``path:line`` of a per-call appending open the generator changes, the change) in the
    projects the line profile's files are in; else the refusals met (empty when none)."""
    roots: list[Path] = []
    for path, _line, _text in source_hot_lines(facts):
        r = project_root_of(Path(path))
        if r not in roots:
            roots.append(r)
    why: list[str] = []
    for root in roots:
        files = [f for f in sorted(root.rglob("*"))[:MAX_FILES]
                 if f.is_file() and language_of(f.name) is not None]
        for f in files:
            text = f.read_text(errors="replace")
            rel = f.relative_to(root).as_posix()
            if "fopen" not in text and "append" not in text.lower():
                continue
            for line in per_call_appends(Code(text, rel)):
                got = generate("open_once", text, rel, line, root=root)
                if isinstance(got, Generated):
                    return f"{f}:{line}", got
                why.append(f"{rel}:{line}: {got.reason}")
    return why


@proposal("open_once", layer=Layer.APPLICATION, kind="source")
def open_once(facts: Facts, f: Finding) -> Proposal | None:
    """An I/O finding (opens and closes made per write, I/O functions hot), and a function of
    the project opens its log for appending on every call: keep that file open."""
    found = reopened_logs(facts)
    if isinstance(found, list):
        return None
    scope, g = found
    return Proposal(
        id="open_once", addresses=(f.id,), layer=Layer.APPLICATION, kind="source",
        title=f"Open the log once instead of once per line ({scope})",
        change=Change(description=f"the file is opened, written and closed per line; {g.note}"),
        evidence=(*refs(f, facts), f"per-call open {scope}: {g.note}"),
        verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 2.0, 20.0, DEFAULT_SHARE,
                                    Text("gain.what.buffered")),
        risk=Risk("low", "the same bytes once the program has ended (the output file is "
                  "compared); lines reach the file when the buffer fills, not line by line"),
        confidence=Confidence(conf(f, 0.7), "as many opens as writes, and the per-call open "
                              "found and changed in the sources"),
        invalid_when=("another process reads the file while the program runs",
                      "the program is killed and its last lines must be in the file"),
        rollback="revert the patch commit", scope=scope,
    )
