"""One declaration per finding kind, one metric name per quantity, every threshold read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import perfscout
from perfscout.advise.catalog.registry import CATALOG
from perfscout.diagnose.chains import EXPLAINS
from perfscout.diagnose.crossval import own_bound
from perfscout.diagnose.engine import rules
from perfscout.diagnose.kinds import KINDS, Kind, explains, missing_parts
from perfscout.diagnose.thresholds import DEFAULTS
from perfscout.model.metric_names import CANONICAL
from perfscout.model.taxonomy import FINDING_IDS, Layer

SRC = Path(perfscout.__file__).parent


def test_every_finding_kind_is_declared_with_every_part() -> None:
    assert set(KINDS) == set(FINDING_IDS)
    incomplete = {k.id: missing_parts(k) for k in KINDS.values() if missing_parts(k)}
    assert not incomplete, incomplete


def test_the_completeness_check_fails_when_a_part_is_missing() -> None:
    k = KINDS["app.redundant_work"]
    assert missing_parts(Kind(k.id, k.explains, k.settles, (), k.confirms)) == [
        "proposals (none addresses it)"]
    assert missing_parts(Kind(k.id, ("hw.nope",), "no_such_request", k.proposals,
                              k.confirms)) == [
        "explains (unknown ids ['hw.nope'])", "settles (no data request 'no_such_request')"]


def test_catalog_addresses_are_derived_from_the_declarations() -> None:
    import perfscout.advise  # noqa: F401  (registers the catalog)

    for k in KINDS.values():
        missing = set(k.proposals) - set(CATALOG.names())
        assert not missing, f"{k.id} names proposals the catalog lacks: {missing}"
        by_catalog = {c.id for c in CATALOG.values() if k.id in c.addresses}
        assert by_catalog == set(k.proposals), k.id


def test_a_catalog_entry_that_no_kind_names_is_refused_at_declaration() -> None:
    from perfscout.advise.catalog.registry import proposal

    with pytest.raises(ValueError, match="no finding kind"):
        proposal("no_kind_names_me", layer=Layer.HARDWARE, kind="flags")


def test_cause_chains_are_derived_from_the_declarations() -> None:
    assert explains() == EXPLAINS and ("hw.cache_locality", "hw.vectorization") in EXPLAINS


def _ingest_source() -> str:
    return "\n".join(p.read_text() for p in (SRC / "ingest").rglob("*.py"))


def test_every_metric_a_rule_reads_is_canonical_and_produced_by_an_adapter() -> None:
    text = _ingest_source()
    read = {alt for r in rules().values() for need in r.needs for alt in need.split("|")
            if not alt.startswith("@")}
    assert read <= set(CANONICAL), read - set(CANONICAL)
    # produced: the name is written by an adapter or by derive (a quoted literal in ingest/)
    produced = {n for n in read if f'"{n}"' in text}
    assert produced == read, f"read by rules but no adapter writes: {read - produced}"


def test_one_name_per_quantity() -> None:
    # the duplicates the issue named are gone or kept apart on purpose
    # minor faults have one name whichever tool counted them (perf stat, time -v, pidstat)
    assert "mem.page_faults.minor" not in CANONICAL and "page_faults.minor" in CANONICAL
    meanings = [m for _u, m in CANONICAL.values()]
    assert len(meanings) == len(set(meanings))


def test_every_threshold_is_read_by_a_rule() -> None:
    diag = "\n".join(p.read_text() for p in (SRC / "diagnose").rglob("*.py")
                     if p.name != "thresholds.py")
    # a kind's confirming pair may bound its family's value by a threshold (crossval reads it)
    bounds = {b[2] for k in KINDS.values() for c in k.confirms
              if (b := own_bound(c.partition(":")[2])) is not None}
    unread = [n for n in DEFAULTS if not re.search(rf'"{re.escape(n)}"', diag)
              and n not in bounds]
    assert not unread, unread


def test_each_kind_declares_which_families_confirm_it_with_quantities_adapters_write() -> None:
    from perfscout.diagnose.crossval import own_bound
    from perfscout.diagnose.kinds import ONE_FAMILY
    from perfscout.ingest.registry import adapters
    from perfscout.model.metrics import FAMILIES

    text = _ingest_source()
    have = {a.family for a in adapters().values()}
    for k in KINDS.values():
        fams = {c.partition(":")[0] for c in k.confirms}
        assert fams <= set(FAMILIES) and fams <= have, (k.id, fams - have)
        assert len(fams) >= 2 or k.id in ONE_FAMILY, k.id
        for c in k.confirms:
            q = c.partition(":")[2]
            q = (own_bound(q) or (q,))[0]  # "cpu.utilized<=serial.busy_cpus": the quantity
            assert q.startswith("@") or f'"{q}"' in text, (k.id, q)  # an adapter writes it
    # the check fails on a kind two families cannot confirm, or on a made-up quantity
    k = KINDS["app.redundant_work"]
    assert missing_parts(Kind(k.id, k.explains, k.settles, k.proposals, ("sampling:samples",))) \
        == ["confirms (fewer than two evidence families)"]
    assert missing_parts(Kind(k.id, k.explains, k.settles, k.proposals,
                              ("sampling:nope", "oracle:samples"))) == [
        "confirms (fewer than two evidence families)", "confirms (unknown families ['oracle'])",
        "confirms (unknown quantities ['nope'])"]
    # a family's own bound names a threshold that exists, or a number
    assert missing_parts(Kind(k.id, k.explains, k.settles, k.proposals,
                              ("sampling:@hotspots", "os_accounting:cpu.utilized<=no.such"))) \
        == ["confirms (unknown bounds ['no.such'])"]
