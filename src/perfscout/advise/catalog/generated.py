"""Catalog entries for source changes outside the loop nest, offered only where the transform
stage generates them on a hot line of the user's code: a linear scan over a sorted array
(``bisect_search``), every grid point tested against a distance cutoff (``cutoff_bounds``),
threads taking turns on an ``omp atomic``/``critical`` update
(``omp_reduction``), an ordered ``std::map`` used only as a dictionary (``unordered_map``), a
hash table whose hand-written hash only XORs or adds its key's members (``mix_hash``).

Each entry runs its generator on the hottest source lines of the line profile, with the
project's folder as the root (the legality proofs read the other files: where the array is
filled, where the map is iterated); no generated change, no proposal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from perfscout.advise.catalog.common import (
    amdahl,
    conf,
    gain_on_share,
    generated_at_hot_line,
    refs,
    source_hot_lines,
    verify,
)
from perfscout.advise.catalog.registry import proposal
from perfscout.advise.facts import Facts, project_root_of
from perfscout.diagnose.rules.contention import hash_share, tree_share
from perfscout.ingest.source_paths import library_source
from perfscout.model.findings import Finding
from perfscout.model.message import Text
from perfscout.model.proposals import Change, Confidence, ExpectedGain, Proposal, Risk
from perfscout.model.taxonomy import Layer
from perfscout.transform import Generated, generate

#: the tree code's share (with its key compares) below which a hash table is not proposed
MIN_TREE_SHARE = 0.10
#: the hash table's lookup share below which a mixing hash is not proposed
MIN_HASH_SHARE = 0.10


@proposal("bisect_search", layer=Layer.ALGORITHM, kind="source",
          preconditions=("share_of_time >= 5%",))
def bisect_search(facts: Facts, f: Finding) -> Proposal | None:
    """The hot line is a linear scan over an array the program itself fills in increasing
    order (or sorts): a bisection finds the same position in log2(n) probes."""
    found = generated_at_hot_line(facts, "bisect_search")
    if found is None:
        return None
    scope, g = found
    return Proposal(
        id="bisect_search", addresses=(f.id,), layer=Layer.ALGORITHM, kind="source",
        title=f"Find the position by bisection instead of a linear scan ({scope})",
        change=Change(description=f"the hot loop scans a sorted array from its start; {g.note}"),
        evidence=(*refs(f, facts), f"hot line {scope}: {g.note}"),
        verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 2.0, 8.0, 0.5,
                                    Text("gain.what.bisection")),
        risk=Risk("low", "same position for every key (sortedness proved from the sources)"),
        confidence=Confidence(conf(f, 0.6), "a scan over an array proved sorted"),
        invalid_when=("the array is changed through a path the sources do not show",),
        rollback="revert the patch commit", scope=scope,
    )


@proposal("cutoff_bounds", layer=Layer.ALGORITHM, kind="source",
          preconditions=("share_of_time >= 5%",))
def cutoff_bounds(facts: Facts, f: Finding) -> Proposal | None:
    """The hot loop nest visits every grid point and keeps those within a distance cutoff:
    loop bounds from the cutoff's bounding box skip the points the test would reject."""
    found = generated_at_hot_line(facts, "cutoff_bounds")
    if found is None:
        return None
    scope, g = found
    return Proposal(
        id="cutoff_bounds", addresses=(f.id,), layer=Layer.ALGORITHM, kind="source",
        title=f"Visit only the grid points within the cutoff ({scope})",
        change=Change(description=f"every point is tested against the cutoff; {g.note}"),
        evidence=(*refs(f, facts), f"hot line {scope}: {g.note}"),
        verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 2.0, 20.0, 0.5,
                                    Text("gain.what.cutoff_box")),
        risk=Risk("low", "the same points do the same work in the same order; one grid step "
                  "of margin covers the bounds' rounding"),
        confidence=Confidence(conf(f, 0.6), "a sum of squares of terms linear in the loop "
                              "indices, tested against an invariant cutoff"),
        invalid_when=("the cutoff test is rarely false (the grid fits within the cutoff)",),
        rollback="revert the patch commit", scope=scope,
    )


@proposal("omp_reduction", layer=Layer.RUNTIME, kind="source",
          preconditions=("share_of_time >= 5%",))
def omp_reduction(facts: Facts, f: Finding) -> Proposal | None:
    """The hot line is an ``omp atomic``/``critical`` update inside a ``parallel for``: every
    update is a locked instruction on a line the threads pass back and forth; a private copy
    per thread merged once removes both."""
    found = generated_at_hot_line(facts, "omp_reduction")
    if found is None:
        return None
    scope, g = found
    return Proposal(
        id="omp_reduction", addresses=(f.id,), layer=Layer.RUNTIME, kind="source",
        title=f"Give each thread its own copy instead of an atomic update ({scope})",
        change=Change(flags=g.flags, description="the threads take turns on an atomic "
                      f"(or critical) update in the parallel loop; {g.note}"),
        evidence=(*refs(f, facts), f"hot line {scope}: {g.note}"),
        verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 1.5, 8.0, 0.6, Text("gain.what.private_copies")),
        risk=Risk("low", "integer updates give identical results; floating-point sums change "
                  "order (checked with a tolerance)"),
        confidence=Confidence(conf(f, 0.6), "an atomic update on the hot line of a parallel "
                              "loop"),
        invalid_when=("the machine is so oversubscribed that the parallel loop's barrier "
                      "costs more than the updates",),
        rollback="revert the patch commit", scope=scope,
    )


def project_lines(facts: Facts, limit: int = 60) -> list[tuple[str, int, str]]:
    """The line profile's source lines in the program's own files (not the system's headers:
    a container's code is inlined from them, and attributed to them), hottest first."""
    return [(p, ln, t) for p, ln, t in source_hot_lines(facts, limit)
            if not p.startswith(("/usr/", "/opt/"))]


def relative_scope(path: str, line: int) -> str:
    """``path:line`` with the path relative to its project (the folder with the build)."""
    f = Path(path)
    root = project_root_of(f)
    return f"{f.relative_to(root).as_posix() if f.is_relative_to(root) else path}:{line}"


def finding_lines(facts: Facts, f: Finding) -> list[tuple[str, int, str]]:
    """The program's hot lines, then the user's line that calls the finding's routine (a
    library routine: perf's call chains or callgrind's call lines name it): where a
    generator is tried for a finding whose time is spent below the user's code."""
    out = project_lines(facts)
    site = facts.target_line(f.scope).where if f.scope else None
    if site and ":" in site:
        path, _, line = site.rpartition(":")
        if library_source(path):  # a header's inlined line is not the user's call site
            return out
        try:
            if line.isdigit() and all((p, int(line)) != (path, n) for p, n, _t in out):
                out.append((path, int(line), Path(path).read_text(errors="replace")))
        except OSError:
            pass
    return out


#: hot lines whose related sites are tried (each try parses the project's sources)
MAX_HOT_LINES = 5


def first_generated(facts: Facts, f: Finding, pid: str,
                    rank: Callable[[Generated], int] | None = None
                    ) -> tuple[str, Generated] | None:
    """(``path:line``, the change) at the first of :func:`finding_lines` where generator
    ``pid`` produces a change; None when it refuses everywhere. With ``rank``, the change
    ranked highest among the first ``MAX_HOT_LINES`` lines instead (the first on a tie): a
    change reaching more code from a line further down."""
    lines = finding_lines(facts, f)
    best: tuple[str, Generated] | None = None
    for path, line, text in lines if rank is None else lines[:MAX_HOT_LINES]:
        got = generate(pid, text, path, line, root=project_root_of(Path(path)))
        if not isinstance(got, Generated):
            continue
        if rank is None:
            return relative_scope(path, line), got
        if best is None or rank(got) > rank(best[1]):
            best = relative_scope(path, line), got
    return best


#: the sites a hot line leads to: (path, relative to the project or absolute; line)
Related = Callable[[str, str, int, Path], Iterable[tuple[str, int]]]


def generated_near(facts: Facts, f: Finding, pid: str,
                   related: Related) -> tuple[str, Generated] | None:
    """(``path:line``, the change) at the first hot line, or a site it leads to (a call in
    its loop, the function it calls: ``related`` names them, possibly in another file), where
    generator ``pid`` produces a change; None when it is generated nowhere."""
    tried: set[tuple[str, int]] = set()
    for path, line, text in finding_lines(facts, f)[:MAX_HOT_LINES]:
        root = project_root_of(Path(path))
        sites = [(path, line, text)]
        for rel, ln in related(text, path, line, root):
            p = rel if Path(rel).is_absolute() or rel == path else str(root / rel)
            if library_source(p):
                continue
            try:
                sites.append((p, ln, text if p == path else Path(p).read_text(
                    errors="replace")))
            except OSError:
                continue
        for p, ln, t in sites:
            if (p, ln) in tried:
                continue
            tried.add((p, ln))
            got = generate(pid, t, p, ln, root=root)
            if isinstance(got, Generated):
                return relative_scope(p, ln), got
    return None


def _tree_basis(facts: Facts) -> float | None:
    """The tree container's code and its key compares: the share the gain rests on (the
    program's own line holds almost none of it)."""
    shares = tree_share(facts.profiles)
    return shares[1] if shares is not None else None


@proposal("unordered_map", layer=Layer.APPLICATION, kind="source", basis=_tree_basis)
def unordered_map(facts: Facts, f: Finding) -> Proposal | None:
    """An ordered tree container and its key compares are the hot code (libstdc++'s
    red-black tree, inlined into the program's lines) and a ``std::map`` of the program's own
    lines is used only as a dictionary: each access walks log n nodes; a hash table does one
    hash and about one compare. The expected gain is on the tree's measured share (the
    program's line itself holds almost none of it: the code is attributed to the headers)."""
    shares = tree_share(facts.profiles)
    if shares is None or shares[1] < MIN_TREE_SHARE:
        return None
    for path, line, text in project_lines(facts):
        got = generate("unordered_map", text, path, line, root=project_root_of(Path(path)))
        if isinstance(got, Generated):
            break
    else:
        return None
    scope = relative_scope(path, line)
    low, high = amdahl(shares[1], 1.5, 5.0)
    return Proposal(
        id="unordered_map", addresses=(f.id,), layer=Layer.APPLICATION, kind="source",
        title=f"Use a hash table for the dictionary at {scope} (std::unordered_map)",
        change=Change(description=f"the ordered map's tree walk and key compares take "
                      f"{shares[1]:.0%} of the run, and nothing needs the order; {got.note}"),
        evidence=(*refs(f, facts), f"ordered tree code {shares[0]:.0%}, with its key compares "
                  f"{shares[1]:.0%} of the profile", f"{scope}: {got.note}"),
        verification=verify(facts),
        expected_gain=ExpectedGain(low, high, Text(
            "gain.share_measured", share=f"{shares[1]:.0%}", scope=Text("gain.tree_code"),
            what=Text("gain.what.hash_table"), low="1.5", high="5")),
        risk=Risk("low", "every use was checked not to depend on the key order"),
        confidence=Confidence(conf(f, 0.55), "an ordered map used only as a dictionary, its "
                              "tree code hot"),
        invalid_when=("keys hash badly (many collisions)",),
        rollback="revert the patch commit", scope=scope,
    )


def _hash_basis(facts: Facts) -> float | None:
    """The hash table's lookup code: the share the gain rests on."""
    return hash_share(facts.profiles)


@proposal("mix_hash", layer=Layer.APPLICATION, kind="source", basis=_hash_basis)
def mix_hash(facts: Facts, f: Finding) -> Proposal | None:
    """A hash table's lookup code (libstdc++'s ``_Hashtable`` chain walk) is the hot code and
    the project's hash of the table's composite key only XORs or adds its members' hashes:
    ``std::hash`` of an integer is the integer, so neighbouring keys share a few buckets and
    every lookup walks a long chain. A hash that mixes the members (exact packing of two
    32-bit integers) gives about one node per bucket. The gain is on the lookup code's
    measured share."""
    share = hash_share(facts.profiles)
    if share is None or share < MIN_HASH_SHARE:
        return None
    found = first_generated(facts, f, "mix_hash")
    if found is None:
        return None
    scope, got = found
    low, high = amdahl(share, 2.0, 100.0)  # a chain of n nodes becomes about one
    return Proposal(
        id="mix_hash", addresses=(f.id,), layer=Layer.APPLICATION, kind="source",
        title=f"Make the hash of the table's key mix its members ({scope})",
        change=Change(description=f"the hash table's lookups take {share:.0%} of the run "
                      f"walking bucket chains; {got.note}"),
        evidence=(*refs(f, facts), f"hash table lookup code {share:.0%} of the profile",
                  f"{scope}: {got.note}"),
        verification=verify(facts),
        expected_gain=ExpectedGain(low, high, Text(
            "gain.share_measured", share=f"{share:.0%}", scope=Text("gain.hash_code"),
            what=Text("gain.what.mixed_hash"), low="2", high="100")),
        risk=Risk("low", "the same keys and values; only the buckets (and so the iteration "
                  "order of the table) change"),
        confidence=Confidence(conf(f, 0.6), "a member-wise XOR/sum hash of integers with the "
                              "table's lookup code hot"),
        invalid_when=("the program's output depends on the table's iteration order",),
        rollback="revert the patch commit", scope=scope,
    )
