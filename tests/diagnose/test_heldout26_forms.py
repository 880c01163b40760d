"""Forms held-out set 26 brought (tests/diagnose/data/heldout26_forms/README.md): the program's
own A/B named after its fix (``./orderbook`` against ``./orderbook_hash``), which names the
layer when the rules found nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfscout.pipeline.analyze import analyze

D = Path(__file__).parent / "data" / "heldout26_forms"


@pytest.mark.parametrize(("name", "kind"), [
    ("epidemic-builds.txt", "app.redundant_work"),  # _hoist
    ("orderbook-builds.txt", "app.data_structure"),  # _hash
    ("volrender-builds.txt", "hw.cache_locality"),  # _rows
])
def test_a_build_named_after_its_fix_names_the_layer(name: str, kind: str) -> None:
    a = analyze([D / name])
    assert a.findings[0].id == kind  # (the order book's list walk is also a scan per message)
    assert "the program's own A/B" in a.findings[0].evidence[0].quote


def test_a_build_named_for_what_it_lacks_names_nothing(tmp_path: Path) -> None:
    # the slower build is the one named: the shipped program already has what it lacks
    f = tmp_path / "builds.txt"
    f.write_text((D / "orderbook-builds.txt").read_text().replace("orderbook_hash",
                                                                  "orderbook_nohash"))
    swapped = [ln for ln in f.read_text().splitlines()]
    f.write_text("\n".join(swapped[4:] + swapped[:4]) + "\n")
    assert not [x for x in analyze([f]).findings if x.id == "app.data_structure"]



def test_a_mark_after_a_phases_time_names_that_phase() -> None:
    from perfscout.ingest.derive import derive
    from perfscout.ingest.registry import load

    got = {m.name: m.value for m in derive(load(D / "genomealign-time-p.txt")).metrics
           if m.name in ("time.serial", "time.parallel")}
    assert got == {"time.serial": 0.969, "time.parallel": 0.36}
    a = analyze([D / "genomealign-time-p.txt"])
    assert a.findings[0].id == "rt.serial_fraction"
