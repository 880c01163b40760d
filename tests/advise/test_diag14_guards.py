"""Vector, arch and -O3 changes are hazards on code whose arithmetic is a software decimal
type: the finding measured on a real perf report of _Decimal64 code
(tests/diagnose/data/diag14) rejects them, with the measured share in the reason."""

from __future__ import annotations

from pathlib import Path

from tests.advise.conftest import good_proposal

from perfscout.advise import check_proposals
from perfscout.diagnose.engine import diagnose
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load

D = Path(__file__).parents[1] / "diagnose" / "data" / "diag14"


def test_vector_arch_and_o3_are_refused_for_decimal64_code(live, policy) -> None:  # type: ignore[no-untyped-def]
    d = diagnose([derive(load(D / "perf-report-decimal.txt"))])
    assert d.findings[0].id == "app.precision"
    for p in (good_proposal(id="llm.arch", addresses=["app.precision"],
                            change={"flags": ["-O3", "-march=native"], "description": "isa"}),
              good_proposal(id="omp_simd", addresses=["app.precision"], kind="source",
                            change={"description": "add #pragma omp simd"})):
        ok, rej = check_proposals([p], live, list(d.findings), [], policy_check=policy)
        assert not ok
        assert rej[0].guard == "soft_float_code" and "96%" in rej[0].reason
        assert "_Decimal64" in rej[0].reason
