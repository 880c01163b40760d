"""likwid-topology inside the likwid corpus is snapshot input: the snapshot reads it, and
``summarize`` reads it as the measured machine's CPU counts (pointing at ``snapshot --from``)
instead of 'no format'."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from tests.conftest import run_cli

from perfscout.ingest.registry import detect
from perfscout.model.errors import InputError
from perfscout.snapshot import snapshot_from_dir

TOPO = "likwid/topology-g-c-and-perfctr-a-i-zen2-ryzen3700x.txt"


@pytest.fixture()
def topo_dir(corpus: Path, tmp_path: Path) -> Path:
    d = tmp_path / "node"
    d.mkdir()
    shutil.copy(corpus / TOPO, d / "saved-under-another-name.txt")  # found by content
    return d


def test_snapshot_reads_the_likwid_topology_part(topo_dir: Path) -> None:
    snap = snapshot_from_dir(topo_dir)
    cpu = snap.cpu
    # "CPU name:	AMD Ryzen 7 3700X 8-Core Processor" (trailing blanks dropped)
    assert cpu.model_name == "AMD Ryzen 7 3700X 8-Core Processor"
    # "Sockets:		1" / "Cores per socket:	8" / "Threads per core:	2"
    assert (cpu.sockets, cpu.cores_per_socket, cpu.threads_per_core) == (1, 8, 2)
    # 16 rows "N  T  C  0  0  *" under "HWThread Thread Core Die Socket Available"
    assert (cpu.total_cpus, cpu.online_cpus) == (16, 16)
    caches = {c.level: c for c in cpu.caches}
    # "Level: 1 / Size: 32 kB / Type: Data cache / Cache groups: ( 0 8 ) ( 1 9 ) ... 8 groups"
    assert (caches[1].size_bytes, caches[1].kind, caches[1].instances,
            caches[1].shared_by_cpus) == (32 * 1024, "data", 8, 2)
    # "Level: 2 / Size: 512 kB"
    assert (caches[2].size_bytes, caches[2].instances) == (512 * 1024, 8)
    # "Level: 3 / Size: 16 MB / Cache groups: ( 0 8 1 9 2 10 3 11 ) ( 4 12 5 13 6 14 7 15 )"
    assert (caches[3].size_bytes, caches[3].instances, caches[3].shared_by_cpus) == (
        16 * 1024**2, 2, 8)
    # "NUMA domains: 1" / "Total memory: 15927.8 MB"
    assert snap.numa.count == 1 and snap.numa.nodes[0].memory_mb == 15927
    assert len(snap.numa.nodes[0].cpus) == 16


def test_snapshot_cli_from_dir(topo_dir: Path, ps_home: Path) -> None:
    r = run_cli("snapshot", "--from", str(topo_dir), "--json")
    env = json.loads(r.stdout)
    assert env["exit_code"] == 0, r.stderr
    cpu = env["data"]["cpu"]
    assert (cpu["sockets"], cpu["cores_per_socket"], cpu["threads_per_core"]) == (1, 8, 2)
    assert cpu["model_name"].startswith("AMD Ryzen 7 3700X")


def test_summarize_reads_topology_as_the_measured_machine(corpus: Path) -> None:
    # topology handed over with the profiles describes the machine they were measured on: it is
    # read (machine-topology, with the snapshot's parser) and still points at snapshot --from
    ad = detect(corpus / TOPO)
    assert ad.name == "machine-topology"
    prof = ad.parse(corpus / TOPO)
    # "Sockets: 1" x "Cores per socket: 8"; 16 HWThreads available; "NUMA domains: 1"
    assert {m.name: m.value for m in prof.metrics} == {"cpu.online": 16, "cpu.cores": 8,
                                                       "numa.nodes": 1}
    assert any("snapshot --from" in n for n in prof.notes)
    r = run_cli("summarize", str(corpus / TOPO), "--json")
    assert r.returncode == 0, r.stdout + r.stderr


def test_unknown_text_still_lists_formats_tried(tmp_path: Path) -> None:
    f = tmp_path / "notes.txt"
    f.write_text("just some notes\nnothing measured here\n")
    with pytest.raises(InputError, match="matches no known format") as e:
        detect(f)
    assert "scorep-score" in e.value.hint and "likwid-perfctr" in e.value.hint
