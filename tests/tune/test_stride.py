"""The unit-stride loop index read from a loop body, and loop-order narrowing that uses it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from perfscout.model.errors import InputError, NotFoundError
from perfscout.model.findings import Finding, Status
from perfscout.model.taxonomy import layer_of
from perfscout.tune import narrow
from perfscout.tune.evaluate import LOOP_ORDERS, tunable_matmul_source
from perfscout.tune.replay import table_from_dict
from perfscout.tune.space import load_space, space_from_dict
from perfscout.tune.stride import unit_stride_index
from perfscout.tune.study import matmul_space

LOCALITY = [Finding("hw.cache_locality", layer_of("hw.cache_locality"), Status.HYPOTHESIS, 0.7,
                    "strided inner loop")]


@pytest.mark.parametrize(("body", "indices", "want"), [
    # row-major matmul, linearised and 2-D: C and B walk j, A walks k
    ("C[i * n + j] += A[i * n + k] * B[k * n + j]", "ijk", "j"),
    ("C[i][j] += A[i][k] * B[k][j];", "ijk", "j"),
    # B transposed: A and B walk k, only C walks j
    ("C[i][j] += A[i][k] * B[j][k];", "ijk", "k"),
    # matrix-vector: A and x walk j, y walks i
    ("y[i] += A[i*n + j] * x[j];", "ij", "j"),
    # a 5-point stencil: offsets keep the index bare
    ("a[i][j] = 0.25 * (b[i-1][j] + b[i+1][j] + b[i][j-1] + b[i][j+1]);", "ij", "j"),
    # column access of a row-major array: i is the last subscript
    ("s += A[j][i];", "ij", "i"),
])
def test_index_with_unit_stride(body: str, indices: str, want: str) -> None:
    got, why = unit_stride_index(body, indices)
    assert got == want, why
    assert why.startswith("unit stride by access")


def test_strided_gathered_and_tied_bodies_decide_nothing() -> None:
    got, why = unit_stride_index("v[2*i] = w[i*n];", "ij")  # stride 2 and stride n: no vote
    assert got is None and "no access has a bare loop index" in why
    got, why = unit_stride_index("C[i] = A[j];", "ij")
    assert got is None and "tied" in why and "i: C" in why and "j: A" in why
    # a gather: A[idx[i]] does not vote, the index array idx itself is walked by i
    got, why = unit_stride_index("s += A[idx[i]] * w[j] * z[j]", "ij")
    assert got == "j" and "i: idx" in why
    with pytest.raises(InputError, match="no array access"):
        unit_stride_index("s += x * y;", "ij")
    with pytest.raises(InputError, match="unbalanced"):
        unit_stride_index("C[i[j] = 0", "ij")


def test_bundled_matmul_space_reads_its_kernel_body() -> None:
    order = matmul_space(256).param("order")
    line = next(n for n, t in enumerate(tunable_matmul_source().read_text().splitlines(), 1)
                if t.startswith("#define BODY"))
    assert order.contiguous == "j"
    assert order.contiguous_from.startswith(f"read from matmul_tunable.c:{line}: ")
    assert "j: C, B" in order.contiguous_from and "k: A" in order.contiguous_from


def test_space_yaml_source_line_narrows_to_the_bodys_inner_index(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "mm.c").write_text(
        "void mm(long n, double *A, double *B, double *C) {\n"
        "  LOOPS C[i][j] += A[i][k] * B[j][k];\n"  # B transposed: unit stride in k
        "}\n")
    (tmp_path / "space.yaml").write_text(
        "name: mmT\nparams:\n"
        "  order: {role: loop_order, values: [ijk, ikj, jik, jki, kij, kji],"
        " source: src/mm.c:2}\n")
    space = load_space(tmp_path / "space.yaml")  # relative to the space file, not the cwd
    assert space.param("order").contiguous == "k"
    d = space.describe()["params"][0]
    assert d["contiguous"] == "k" and d["contiguous_from"].startswith("read from mm.c:2")
    s = narrow(LOCALITY, None, space)
    assert s.param("order").choices() == ("ijk", "jik")
    assert "innermost loop is 'k'" in s.param("order").reason
    assert "read from mm.c:2" in s.param("order").reason


def test_body_that_decides_nothing_keeps_all_orders_and_says_why() -> None:
    space = space_from_dict({"params": {"order": {"role": "loop_order",
                                                  "values": list(LOOP_ORDERS),
                                                  "body": "C[i] = A[j] + B[k*n]"}}})
    s = narrow(LOCALITY, None, space)
    assert s.param("order").choices() == LOOP_ORDERS
    assert "no unit-stride index" in s.param("order").reason
    assert "tied" in s.param("order").reason


def test_bad_body_specs_are_one_line_errors(tmp_path: Path) -> None:
    def order(**kw: object) -> dict[str, object]:
        return {"params": {"o": {"role": "loop_order", "values": ["ij", "ji"], **kw}}}

    with pytest.raises(InputError, match="give one of"):
        space_from_dict(order(contiguous="j", body="C[i][j] = 0"))
    with pytest.raises(InputError, match="loop_order only"):
        space_from_dict({"params": {"t": {"role": "tile", "values": [8], "body": "A[i] = 0"}}})
    with pytest.raises(InputError, match="not FILE:LINE"):
        space_from_dict(order(source="mm.c"), base=tmp_path)
    with pytest.raises(NotFoundError, match="not found"):
        space_from_dict(order(source="missing.c:3"), base=tmp_path)
    (tmp_path / "k.c").write_text("A[i][j] = 0;\n")
    with pytest.raises(InputError, match="has 1 lines"):
        space_from_dict(order(source="k.c:9"), base=tmp_path)
    assert space_from_dict(order(source="k.c:1"), base=tmp_path).param("o").contiguous == "j"


def test_replay_table_body_narrows_loop_orders() -> None:
    rows = [{"order": o, "t": 1.0 + n} for n, o in enumerate(LOOP_ORDERS)]
    data = {"objective": "t", "params": {"order": {
        "role": "loop_order", "values": list(LOOP_ORDERS),
        "body": "C[i*n + j] += A[i*n + k] * B[k*n + j]"}}, "rows": rows}
    table = table_from_dict(json.loads(json.dumps(data)))
    assert table.space.param("order").contiguous == "j"
    s = narrow(LOCALITY, None, table.space)
    assert s.param("order").choices() == ("ikj", "kij")
    with pytest.raises(InputError, match="not `source`"):
        table_from_dict(dict(data, params={"order": {"role": "loop_order",
                                                     "values": list(LOOP_ORDERS),
                                                     "source": "mm.c:2"}}))
