"""MPI launcher mix-ups seen in what the ranks print about themselves.

A binary started by another MPI's launcher (or by ``srun`` without the library's PMI) does not
fail: every process comes up as rank 0 of a world of 1 and the job often "succeeds". The sign a
person spots is the same rank/size line printed by several processes, each claiming a world of
one. Rank/size lines are recognised in the shapes programs commonly print them.
"""

from __future__ import annotations

import re

from perfscout.triage.logtext import LineIndex

RANK_OF = re.compile(r"\b(?:rank|I am|process)\s*[=:#]?\s*(\d+)\s*(?:of|/|out of)\s*(\d+)\b",
                     re.I)
SIZE_MPI = re.compile(r"\b(\d+)\s+(?:MPI\s+(?:processes|ranks|tasks)|ranks)\b"
                      r"(?!\s+(?:left|remaining))", re.I)
SIZE_NAMED = re.compile(
    r"\b(?:nprocs|nranks|num_?procs|num_?ranks|world[ _]?size|comm[ _]?size|mpi[ _]size|"
    r"number of (?:MPI )?(?:processes|ranks))\s*[=:]?\s*(\d+)\b", re.I)
# each regex runs only on a log holding one of its words (lower case)
_SCANS = ((RANK_OF, ("rank", "i am", "process")), (SIZE_MPI, ("mpi", "ranks")),
          (SIZE_NAMED, ("procs", "ranks", "size", "number of")))


def world_size(text: str) -> int | None:
    """The MPI world size a line states, if it states one."""
    m = RANK_OF.search(text)
    if m:
        return int(m.group(2))
    m = SIZE_MPI.search(text) or SIZE_NAMED.search(text)
    return int(m.group(1)) if m else None


def singletons(text: LineIndex, ncpus: int | None) -> list[tuple[int, str]]:
    """The lines of processes that each believe they are alone (world size 1), when at least
    two such processes spoke and the allocation (if known) has more than one CPU; else []."""
    if ncpus is not None and ncpus < 2:
        return []
    idx = sorted({i for rx, words in _SCANS if any(w in text.lower for w in words)
                  for i in text.hits(rx)})
    sized = [(text.lines[i], world_size(text.lines[i][1])) for i in idx]
    ones = [(no, t.strip()) for (no, t), size in sized if size == 1]
    if len(ones) < 2 or any(size not in (None, 1) for _, size in sized):
        return []
    return ones
