"""A tool output kept gzip-compressed (``callgrind.out.gz``, as users keep big profiles) is read
as what it holds: the same profile as the plain file, naming the compressed file everywhere it
cites a source. One that unpacks beyond the limit, or a damaged one, is refused with its
cause in one line."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from perfscout.ingest import registry
from perfscout.ingest.registry import load
from perfscout.model.errors import InputError

PLAIN = Path(__file__).parents[1] / "diagnose" / "heldout" / "hw-matmul-ijk-callgrind" / "data" \
    / "callgrind.out"


def _sources(obj: object) -> set[str]:
    import dataclasses

    out: set[str] = set()
    if isinstance(obj, tuple):
        for x in obj:
            out |= _sources(x)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            v = getattr(obj, f.name)
            if f.name == "path" and isinstance(v, str):
                out.add(v)
            else:
                out |= _sources(v)
    return out


def test_a_compressed_profile_reads_as_the_plain_one(tmp_path: Path) -> None:
    packed = tmp_path / "callgrind.out.gz"
    packed.write_bytes(gzip.compress(PLAIN.read_bytes()))
    plain, got = load(PLAIN), load(packed)
    assert got.format == plain.format == "callgrind_out"
    assert [(h.name, h.self_share) for h in got.hotspots] == \
        [(h.name, h.self_share) for h in plain.hotspots]
    assert got.path == str(packed)
    assert _sources(got) == {str(packed)}, _sources(got)  # no scratch file is cited


def test_a_bomb_and_a_damaged_file_are_refused(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    big = tmp_path / "big.txt.gz"
    big.write_bytes(gzip.compress(b"time=1.0 s\n" * 200_000))
    monkeypatch.setattr(registry, "GUNZIP_LIMIT", 1 << 20)
    with pytest.raises(InputError, match="unpacks to more than 1 MiB"):
        load(big)
    bad = tmp_path / "cut.out.gz"
    bad.write_bytes(gzip.compress(PLAIN.read_bytes())[:200])
    with pytest.raises(InputError, match="a damaged gzip file"):
        load(bad)


def test_a_compressed_file_of_no_known_format_is_named_as_given(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt.gz"
    notes.write_bytes(gzip.compress(b"the run felt slow after the update\n"))
    with pytest.raises(InputError) as err:
        load(notes)
    assert str(notes) in err.value.message and "perfscout-gunzip" not in err.value.message
