"""Size sweeps a program prints in its own shapes (tests/ingest/data/sweep_shapes/make.sh:
src/chainfind.c): a ``|`` table with units in the header and a rule under it, blank-separated
columns headed by a size word no list holds (``clusters``), ``n=... cpu=... s`` lines, and the
same lines repeated (two runs of the sweep)."""

from __future__ import annotations

from pathlib import Path

from perfscout.ingest.registry import load

D = Path(__file__).parent / "data" / "sweep_shapes"


def _points(name: str, quantity: str) -> list[float]:
    return [m.value for m in load(D / name).metrics if m.name == quantity]


def test_a_pipe_table_with_units_in_its_header_is_a_size_sweep() -> None:
    # " clusters | cpu time [s] | wall [ms] | checksum", a rule, then "     4000 |     0.013313 |
    # 89.346 | 0" ... "    32000 |     0.847672 |  4851.909 | 0"
    assert _points("chain-pipe.txt", "scaling.size") == [4000, 8000, 16000, 32000]
    cpu = _points("chain-pipe.txt", "time.cpu")
    assert cpu[0] == 0.013313 and cpu[-1] == 0.847672
    wall = _points("chain-pipe.txt", "time.elapsed")  # the column is in ms
    assert abs(wall[0] - 0.089346) < 1e-9 and abs(wall[-1] - 4.851909) < 1e-9
    assert not _points("chain-pipe.txt", "event.checksum")  # no value of a table column


def test_blank_separated_columns_with_an_unlisted_size_word() -> None:
    # "  clusters    cpu_time(s)     wall(ms)" then "      4000       0.013217       63.506"
    assert _points("chain-spaced.txt", "scaling.size") == [4000, 8000, 16000, 32000]
    assert _points("chain-spaced.txt", "time.cpu")[1] == 0.052850
    assert abs(_points("chain-spaced.txt", "time.elapsed")[1] - 0.428733) < 1e-9


def test_repeated_sweep_lines_are_runs_of_their_own() -> None:
    # "n=4000 cpu=0.013648 s wall=40.704 ms checksum=0" ... twice over the four sizes
    sizes = _points("chain-runs.txt", "scaling.size")
    assert sizes == [4000, 8000, 16000, 32000] * 2
    assert _points("chain-runs.txt", "time.cpu")[4] == 0.013195


def test_a_sweep_timed_by_cpu_time_alone() -> None:
    # "clusters=4000 cpu_s=0.013197" ... "clusters=32000 cpu_s=0.844845": no wall time printed
    p = load(D / "chain-cpuonly.txt")
    sizes = {m.scope.name: m.value for m in p.metrics if m.name == "scaling.size"}
    cpu = {m.scope.name: m.value for m in p.metrics if m.name == "time.cpu"}
    assert sizes == {"run 1": 4000, "run 2": 8000, "run 3": 16000, "run 4": 32000}
    assert cpu["run 1"] == 0.013197 and cpu["run 4"] == 0.844845


def test_a_growth_column_with_an_empty_first_cell_and_x_ratios() -> None:
    # "       n       cpu(s)   growth" / "    4000     0.013262        -" / "... 3.97x"
    assert _points("chain-ratio.txt", "scaling.size") == [4000, 8000, 16000, 32000]
    assert _points("chain-ratio.txt", "time.cpu") == [0.013262, 0.052667, 0.211515, 0.845617]


def test_a_step_counter_column_is_no_size(tmp_path: Path) -> None:
    # "pass" is no step word: the consecutive counts 1, 2, 3, 4 say it counts passes
    f = tmp_path / "steps.txt"
    f.write_text("n=100 time=0.3 s\npass | residual | time [s]\n-----+----------+---------\n"
                 "1 | 0.5 | 0.1\n2 | 0.25 | 0.1\n3 | 0.125 | 0.1\n4 | 0.0625 | 0.1\n")
    assert [m.value for m in load(f).metrics if m.name == "scaling.size"] == [100]
    g = tmp_path / "sizes.txt"
    g.write_text(f.read_text().replace("pass |", "grid |").replace("\n1 |", "\n16 |")
                 .replace("\n2 |", "\n32 |").replace("\n3 |", "\n64 |")
                 .replace("\n4 |", "\n128 |"))
    assert sorted(m.value for m in load(g).metrics if m.name == "scaling.size") == [
        16, 32, 64, 100, 128]
