"""The runtime-report CPU lists are read by the snapshot's one kernel-list parser."""

from __future__ import annotations

from perfscout.ingest.runtime_lines import cpu_list


def test_strided_and_blank_separated_lists_and_undecorated_parts() -> None:
    assert cpu_list("0-3,6") == {0, 1, 2, 3, 6}
    assert cpu_list("0 1 2") == {0, 1, 2}
    assert cpu_list("0-6:2") == {0, 2, 4, 6}  # a strided list was dropped before (a bug)
    assert cpu_list("x,1,5-3,2") == {1, 2}  # unreadable parts are left out, not fatal
    assert cpu_list("") == set()


def test_srun_binding_lines_with_a_bind_type_in_the_key() -> None:
    # srun --cpu-bind=cores,verbose -n 4 --overcommit on this 2-CPU VM (heldout4
    # sys4-srun-overcommit): Slurm names the bind type in the key and puts every task on CPU 0
    from perfscout.ingest.runtime_lines import Placement, read_runtime_line

    pl = Placement()
    for i in range(4):
        assert read_runtime_line(f"cpu-bind-cores=MASK - vm, task  {i}  {i} [412{i}]: "
                                 "mask 0x1 set", i + 1, pl)
    assert {r: c for r, (c, _no) in pl.ranks.items()} == {i: {0} for i in range(4)}
