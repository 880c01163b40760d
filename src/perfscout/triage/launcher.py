"""MPI launcher mix-ups seen in what the ranks print about themselves.

A binary started by another MPI's launcher (or by ``srun`` without the library's PMI) does not
fail: every process comes up as rank 0 of a world of 1 and the job often "succeeds". The sign a
person spots is the same rank/size line printed by several processes, each claiming a world of
one. Rank/size lines are recognised in the shapes programs commonly print them.
"""

from __future__ import annotations

import re

RANK_OF = re.compile(r"\b(?:rank|I am|process|pe)\s*[=:#]?\s*(\d+)\s*(?:of|/|out of)"
                     r"\s*(\d+)\b", re.I)
SIZE = re.compile(
    r"\b(\d+)\s+(?:MPI\s+(?:processes|ranks|tasks)|ranks)\b(?!\s+(?:left|remaining))|"
    r"\b(?:nprocs|nranks|num_?procs|num_?ranks|world[ _]?size|comm[ _]?size|mpi[ _]size|"
    r"number of (?:MPI )?(?:processes|ranks))\s*[=:]?\s*(\d+)\b", re.I)


def world_size(text: str) -> int | None:
    """The MPI world size a line states, if it states one."""
    m = RANK_OF.search(text)
    if m:
        return int(m.group(2))
    m = SIZE.search(text)
    if m:
        return int(m.group(1) or m.group(2))
    return None


def singletons(lines: list[tuple[int, str]], ncpus: int | None) -> list[tuple[int, str]]:
    """The lines of processes that each believe they are alone (world size 1), when at least
    two such processes spoke and the allocation (if known) has more than one CPU; else []."""
    if ncpus is not None and ncpus < 2:
        return []
    ones = [(no, t.strip()) for no, t in lines if world_size(t) == 1]
    sizes = {world_size(t) for _, t in lines} - {None, 1}
    if len(ones) < 2 or sizes:
        return []
    return ones
