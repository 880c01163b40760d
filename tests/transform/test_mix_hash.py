"""mix_hash: a composite key's hand-written hash that only XORs (or adds, or XORs shifted)
its members' ``std::hash`` is rewritten to mix them. Two programs of our own, built with g++:
a mesh edge table keyed by node pairs (a functor in a header, named through a ``using``
alias: the two ints are packed exactly) and a sparse grid keyed by (i, j, k) cells (a
``std::hash<Cell>`` specialisation: a boost-style fold); each prints the same after the change
(only order-independent results). A hash that already mixes, a member that is neither an
integer nor hashable, a functor called elsewhere, a hash defined nowhere in the project and a
key with the library's own hash are refused, each with its reason."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from conftest import require_tool
from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of

DATA = Path(__file__).resolve().parent / "data" / "mixhash"


def _mesh(tmp_path: Path) -> Path:
    work = tmp_path / "mesh"
    shutil.copytree(DATA / "mesh", work)
    return work


def _make_run(work: Path) -> str:
    require_tool("make")
    subprocess.run(["make", "-s", "clean"], cwd=work, check=True, capture_output=True)
    subprocess.run(["make", "-s", "N=60"], cwd=work, check=True, capture_output=True,
                   timeout=300)
    return subprocess.run(["./mesh"], cwd=work, check=True, capture_output=True, text=True,
                          timeout=300).stdout


def _gen(work: Path, rel: str, needle: str, text: str | None = None) -> Generated | Refusal:
    body = text if text is not None else (work / rel).read_text()
    return generate("mix_hash", body, rel, line_of(body, needle), root=work)


def test_mesh_edge_hash_packs_the_node_pair(tmp_path: Path) -> None:
    require_tool("g++")
    work = _mesh(tmp_path)
    before = _make_run(work)
    got = _gen(work, "edges.cpp", "HOT")
    assert isinstance(got, Generated), got
    assert got.path == "edges.cpp" and [k for k, _ in got.others] == ["edges.hpp"]
    header = dict(got.others)["edges.hpp"]
    assert "static_cast<std::uint32_t>(e.first)) << 32 |" in header
    assert "h1 ^ h2" not in header and "#include <cstdint>" in header
    assert "EdgeHash::operator() at edges.hpp:10 combined first, second with ^ only" in got.note
    assert "packs the two 32-bit members" in got.note
    assert "+++ b/edges.hpp" in got.diff
    (work / "edges.hpp").write_text(header)
    assert _make_run(work) == before


def test_grid_cell_hash_gets_a_boost_style_fold(tmp_path: Path) -> None:
    text = (DATA / "grid" / "grid.cpp").read_text()
    src = tmp_path / "grid.cpp"
    src.write_text(text)
    before = build_run(src, ["-DPARTICLES=100000"])
    got = generate("mix_hash", text, "grid.cpp", line_of(text, "HOT"))
    assert isinstance(got, Generated), got
    assert "std::hash<Cell>::operator() at grid.cpp:14 combined i, j, k with << ^" in got.note
    for m in ("i", "j", "k"):
        assert f"h ^= std::hash<int>{{}}(c.{m}) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);" \
            in got.new_text
    assert "h1 ^ (h2 << 1)" not in got.new_text
    src.write_text(got.new_text)
    assert build_run(src, ["-DPARTICLES=100000"]) == before


GRID = (DATA / "grid" / "grid.cpp").read_text()
COMBINE = "return h1 ^ (h2 << 1) ^ (h3 << 2);"


def _grid_refusal(text: str) -> str:
    got = generate("mix_hash", text, "grid.cpp", line_of(text, "HOT"))
    assert isinstance(got, Refusal), got
    return got.reason


def test_a_hash_that_already_mixes_is_refused() -> None:
    why = _grid_refusal(GRID.replace(COMBINE, "return (h1 * 73856093u) ^ (h2 * 19349663u) ^ "
                                              "(h3 * 83492791u);"))
    assert "std::hash<Cell>::operator() at grid.cpp:14: it already mixes" in why
    assert "uses *" in why


def test_a_member_neither_integer_nor_hashable_is_refused() -> None:
    text = GRID.replace("struct Cell {", "struct Tag {\n    int t;\n};\n\nstruct Cell {") \
        .replace("    int i, j, k;", "    int i, j, k;\n    Tag tag;") \
        .replace("size_t h3 = hash<int>()(c.k);", "size_t h3 = hash<int>()(c.k);\n"
                 "        size_t h4 = c.tag;") \
        .replace(COMBINE, "return h1 ^ (h2 << 1) ^ (h3 << 2) ^ h4;")
    why = _grid_refusal(text)
    assert "the member tag is a Tag, neither an integer nor a type with a standard hash" in why


def test_a_functor_called_elsewhere_is_refused(tmp_path: Path) -> None:
    work = _mesh(tmp_path)
    main = (work / "mesh.cpp").read_text().replace(
        "    long boundary = 0, keysum = 0;",
        "    long shard = (long)(EdgeHash{}({1, 2}) % 8);  // a shard number from the hash\n"
        "    long boundary = shard - shard, keysum = 0;")
    (work / "mesh.cpp").write_text(main)
    got = _gen(work, "edges.cpp", "HOT")
    assert isinstance(got, Refusal), got
    assert "EdgeHash is called at mesh.cpp:" in got.reason
    assert "its values are used beyond the hash table" in got.reason


def test_a_hash_defined_nowhere_in_the_project_is_refused(tmp_path: Path) -> None:
    work = _mesh(tmp_path)
    hdr = (work / "edges.hpp").read_text().replace("EdgeHash>;", "PairHasher>;")
    (work / "edges.hpp").write_text(hdr)
    got = _gen(work, "edges.cpp", "HOT")
    assert isinstance(got, Refusal), got
    assert "edges's hash PairHasher is not defined in the project" in got.reason


def test_a_key_with_the_library_hash_is_refused() -> None:
    text = GRID.replace("std::unordered_map<Cell, double>& grid, int n",
                        "std::unordered_map<long, double>& grid, int n") \
        .replace("grid[Cell{i, j, k}] += w;", "grid[i + 32L * j + 1024L * k] += w;")
    why = _grid_refusal(text)
    assert "grid uses the library's std::hash<long> (no hand-written hash in the project)" in why


def test_a_hot_line_in_the_hash_itself_finds_its_table(tmp_path: Path) -> None:
    """A profile that does not inline the hash puts the hot line in its operator(): the
    functor is the one to rewrite when a table of the project uses it."""
    got = generate("mix_hash", GRID, "grid.cpp", line_of(GRID, COMBINE))
    assert isinstance(got, Generated), got
    assert "std::hash<Cell>::operator() at grid.cpp:14" in got.note
    work = _mesh(tmp_path)
    hdr = (work / "edges.hpp").read_text()
    got = generate("mix_hash", hdr, "edges.hpp", line_of(hdr, "return h1 ^ h2;"), root=work)
    assert isinstance(got, Generated), got
    assert got.path == "edges.hpp" and "<< 32 |" in got.new_text
    unused = hdr.replace("EdgeHash>;", "std::hash<long>>;")
    got = generate("mix_hash", unused, "edges.hpp", line_of(unused, "return h1 ^ h2;"))
    assert isinstance(got, Refusal), got


PAIRS_CPP = """#include <cstdio>
#include <functional>
#include <unordered_set>
#include <utility>

struct PairSum {
    std::size_t operator()(const std::pair<long, long>& p) const
    {
        return std::hash<long>{}(p.first) + std::hash<long>{}(p.second);
    }
};

int main()
{
    std::unordered_set<std::pair<long, long>, PairSum> seen;
    long x = 1;
    for (int i = 0; i < 20000; i++) {
        x = (x * 48271) % 2147483647;
        seen.insert({x % 300, (x / 300) % 300});  // HOT
    }
    long s = 0;
    for (const auto& p : seen) s += p.first * 1000 + p.second;
    std::printf("%zu %ld\\n", seen.size(), s);
    return 0;
}
"""


def test_a_sum_of_64_bit_members_gets_the_fold(tmp_path: Path) -> None:
    """Members wider than 32 bits cannot be packed: each is folded in, and the program (an
    unordered_set keyed by pairs of longs) prints the same."""
    src = tmp_path / "pairs.cpp"
    src.write_text(PAIRS_CPP)
    before = build_run(src)
    got = generate("mix_hash", PAIRS_CPP, "pairs.cpp", line_of(PAIRS_CPP, "HOT"))
    assert isinstance(got, Generated), got
    assert "PairSum::operator() at pairs.cpp:7 combined first, second with + only" in got.note
    assert "h ^= std::hash<long>{}(p.second) + 0x9e3779b97f4a7c15ULL" in got.new_text
    src.write_text(got.new_text)
    assert build_run(src) == before
