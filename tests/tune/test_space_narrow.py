"""Search spaces and evidence-driven narrowing."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfscout.model.errors import InputError, NotFoundError
from perfscout.model.findings import Finding, Status
from perfscout.model.snapshot import CacheLevel, Compiler, CpuInfo, PlatformSnapshot
from perfscout.model.taxonomy import layer_of
from perfscout.tune import narrow
from perfscout.tune.space import Param, Space, load_space, space_from_dict
from perfscout.tune.study import matmul_space


def finding(fid: str) -> Finding:
    return Finding(fid, layer_of(fid), Status.HYPOTHESIS, 0.7, fid)


def snap(isa: tuple[str, ...] = ("avx2", "avx512f"), arch: str = "x86_64",
         vendor: str = "gnu") -> PlatformSnapshot:
    return PlatformSnapshot(
        cpu=CpuInfo(arch=arch, isa=isa, sockets=1, cores_per_socket=2, threads_per_core=1,
                    online_cpus=2,
                    caches=(CacheLevel(1, "data", 48 * 1024), CacheLevel(2, "unified",
                                                                         2 * 1024 * 1024))),
        compilers=(Compiler("gcc", vendor, "12.2.0"),))


def triad_space() -> Space:
    return Space("triad", (
        Param("threads", "threads", "int", low=1, high=8),
        Param("bind", "binding", "categorical", ("false", "close", "spread")),
        Param("simd", "simd_width", "categorical", ("128", "256", "512")),
        Param("flags", "compiler_flags", "categorical", ("-O2", "-O3")),
    ))


def test_bandwidth_bound_tunes_threads_and_binding_not_simd() -> None:
    s = narrow([finding("hw.memory_bandwidth")], snap(), triad_space())
    assert {p.name for p in s.params} == {"threads", "bind"}
    fixed = {f.name: f for f in s.fixed}
    assert set(fixed) == {"simd", "flags"}
    assert "no finding points at simd_width" in fixed["simd"].reason
    threads = s.param("threads")
    assert threads.high == 2 and "at most 2 cores" in threads.reason
    assert "hw.memory_bandwidth" in threads.reason


def test_cache_locality_tunes_order_and_cache_derived_tiles() -> None:
    s = narrow([finding("hw.cache_locality")], snap(), matmul_space(512))
    assert {p.name for p in s.params} == {"order", "tile"}
    tile = s.param("tile")
    # 3 x T x T doubles fit 2 MiB L2 -> T <= 256 (floor pow2 of 295); > L1/4 -> T >= 16
    assert tile.choices() == (16, 32, 64, 128, 256)
    assert "fit L2 (2048 KiB)" in tile.reason
    # C[i*n+j] += A[i*n+k] * B[k*n+j]: only orders with j innermost stay
    order = s.param("order")
    assert order.choices() == ("ikj", "kij")
    assert "innermost loop is 'j'" in order.reason
    assert {f.name for f in s.fixed} == {"flags", "threads", "binding"}
    fixed = {f.name: f for f in s.fixed}
    assert fixed["threads"].value == 2 and "all 2 cores" in fixed["threads"].reason
    assert fixed["binding"].value == "false"  # the baseline setting (first value) is kept


def test_loop_orders_kept_without_a_contiguous_index() -> None:
    space = Space("m", (Param("order", "loop_order", "categorical", ("ijk", "ikj", "kij")),))
    s = narrow([finding("hw.cache_locality")], snap(), space)
    assert s.param("order").choices() == ("ijk", "ikj", "kij")
    assert "no contiguous index given" in s.param("order").reason
    # without a cache-locality finding the order is not narrowed by layout
    space = Space("m", (Param("order", "loop_order", "categorical", ("ijk", "ikj"),
                              contiguous="j"), Param("f", "compiler_flags", "categorical",
                                                     ("-O2", "-O3"))))
    s = narrow([finding("hw.vectorization")], snap(), space)
    assert s.fixed_values()["order"] == "ijk"


def test_threads_without_a_snapshot_keep_the_baseline() -> None:
    s = narrow([finding("hw.cache_locality")], None, matmul_space(512))
    assert s.fixed_values()["threads"] == 1
    with pytest.raises(InputError, match="loop_order only"):
        space_from_dict({"params": {"t": {"role": "tile", "values": [8], "contiguous": "j"}}})
    yaml_space = space_from_dict({"params": {"o": {"role": "loop_order",
                                                   "values": ["ijk", "ikj"],
                                                   "contiguous": "j"}}})
    assert yaml_space.param("o").contiguous == "j"


def test_mpi_wait_tunes_ranks_threads_with_core_constraint() -> None:
    sp = Space("halo", (
        Param("ranks", "ranks", "categorical", (1, 2, 4)),
        Param("threads", "threads", "categorical", (1, 2, 4)),
        Param("px", "decomposition", "categorical", ("1x4", "2x2")),
        Param("tile", "tile", "categorical", (32, 64)),
    ))
    s = narrow([finding("rt.mpi_wait"), finding("alg.load_imbalance")], snap(), sp)
    assert {p.name for p in s.params} == {"ranks", "threads", "px"}
    cons = [c for c in s.constraints if c.kind == "product_le"]
    assert cons and cons[0].value == 2
    assert not s.feasible({"ranks": 2, "threads": 2, "px": "2x2"})
    assert s.feasible({"ranks": 2, "threads": 1, "px": "2x2"})


def test_flags_limited_to_what_compiler_and_cpu_accept() -> None:
    sp = Space("v", (Param("flags", "compiler_flags", "categorical",
                           ("-O3 -xHost", "-O3 -mavx512f", "-O3 -march=native", "-O2")),
                     Param("u", "unroll", "categorical", (1, 2, 4))))
    arm = snap(isa=("neon", "sve"), arch="aarch64")
    s = narrow([finding("hw.vectorization")], arm, sp)
    assert "flags" not in {p.name for p in s.params}  # one value left: fixed
    assert s.fixed_values()["flags"] == "-O2"
    x86 = narrow([finding("hw.vectorization")], snap(isa=("avx2",)), sp)
    # -xHost (no Intel compiler) and -mavx512f (no avx512f) are refused, -O2 does not vectorize:
    # one flag set is left, so it is fixed, with every reason
    fixed = {f.name: f for f in x86.fixed}
    assert fixed["flags"].value == "-O3 -march=native"
    assert "Intel-compiler-only" in fixed["flags"].reason and "AVX-512" in fixed["flags"].reason
    assert "dropped '-O2'" in fixed["flags"].reason


def test_no_mapped_finding_keeps_full_space() -> None:
    s = narrow([finding("app.precision")], snap(), triad_space())
    assert len(s.params) == 4 and any("full space" in n for n in s.notes)


def test_widen_brings_back_fixed_parameters() -> None:
    full = triad_space()
    s = narrow([finding("hw.memory_bandwidth")], snap(), full).widen(full)
    assert {p.name for p in s.params} == {"threads", "bind", "simd", "flags"}
    assert not s.fixed


def test_yaml_space_roundtrip_and_errors(tmp_path: Path) -> None:
    f = tmp_path / "s.yaml"
    f.write_text("name: t\nparams:\n  tile: {role: tile, kind: pow2, low: 8, high: 64}\n"
                 "  order: {role: loop_order, values: [ijk, ikj]}\n"
                 "constraints:\n  - {kind: divides, param: tile, value: 96}\n")
    s = load_space(f)
    assert s.param("tile").choices() == (8, 16, 32, 64)
    assert s.feasible({"tile": 32}) and not s.feasible({"tile": 64})
    with pytest.raises(InputError, match="unknown role"):
        space_from_dict({"params": {"x": {"role": "nonsense", "values": [1]}}})
    with pytest.raises(InputError, match="powers of two"):
        space_from_dict({"params": {"x": {"role": "tile", "kind": "pow2", "low": 3, "high": 8}}})
    with pytest.raises(NotFoundError, match=r"space file .* does not exist"):
        load_space(tmp_path / "missing.yaml")
    (tmp_path / "bad.yaml").write_text("params: [unclosed\n")
    with pytest.raises(InputError, match="not valid YAML"):
        load_space(tmp_path / "bad.yaml")


def test_vectorization_finding_keeps_flag_sets_that_vectorize() -> None:
    s = narrow([finding("hw.vectorization")], snap(), matmul_space(512))
    flags = s.param("flags")
    # -O2 alone runs gcc's vectorizer at most in its very-cheap mode: the finding saw it fail
    assert flags.choices() == ("-O3", "-O2 -march=native", "-O3 -march=native")
    assert "dropped '-O2'" in flags.reason
    # a bandwidth finding does not narrow flag sets this way (flags are not its role)
    s = narrow([finding("hw.compute_bound")], snap(), matmul_space(512))
    assert "-O2" in s.param("flags").choices()
