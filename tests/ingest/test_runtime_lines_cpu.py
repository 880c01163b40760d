"""The runtime-report CPU lists are read by the snapshot's one kernel-list parser."""

from __future__ import annotations

from perfscout.ingest.runtime_lines import cpu_list


def test_strided_and_blank_separated_lists_and_undecorated_parts() -> None:
    assert cpu_list("0-3,6") == {0, 1, 2, 3, 6}
    assert cpu_list("0 1 2") == {0, 1, 2}
    assert cpu_list("0-6:2") == {0, 2, 4, 6}  # a strided list was dropped before (a bug)
    assert cpu_list("x,1,5-3,2") == {1, 2}  # unreadable parts are left out, not fatal
    assert cpu_list("") == set()
