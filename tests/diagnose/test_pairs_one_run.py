"""One printed run that examines every pair of its items (``pairs`` = n(n-1)/2 for
``points`` = n) for a result a hundredth of that or less (``links``) is ``alg.complexity``:
the all-pairs search itself, from one size. A run that counts its pairs but whose result is
not few of them (every pair contributes, as in a direct N-body sum), or whose pair count is
not the items' pairs, gives no such finding. Fixture: ``data/pairs_one_run/make.sh`` (real
gcc)."""

from __future__ import annotations

from pathlib import Path

from perfscout.pipeline.analyze import analyze

D = Path(__file__).parent / "data" / "pairs_one_run"


def test_every_pair_examined_for_few_links_is_the_algorithm() -> None:
    a = analyze([D / "run.txt"])
    top = a.findings[0]
    assert top.id == "alg.complexity", [f.id for f in a.findings]
    assert any("pairs = 7,998,000 = n(n-1)/2 for points = 4,000" in e.quote
               for e in top.evidence), [e.quote for e in top.evidence]


def test_pairs_that_all_count_or_a_count_that_is_not_the_pairs_decide_nothing(
        tmp_path: Path) -> None:
    f = tmp_path / "run.txt"
    f.write_text("$ ./nbody 4000\nnbody points=4000 pairs=7998000 forces=7998000 "
                 "seconds=0.400\n")
    assert "alg.complexity" not in {x.id for x in analyze([f]).findings}
    f.write_text("$ ./grid 4000\ngrid points=4000 pairs=120000 links=300 seconds=0.400\n")
    assert "alg.complexity" not in {x.id for x in analyze([f]).findings}
