"""Source transformations of a hot loop, generated from the parsed source.

Given a file (C, C++ or Fortran, parsed with tree-sitter), the hot line a profile names and a
source proposal id, :func:`generate` returns the unified diff that implements the proposal on the
loop nest holding that line (:class:`Generated`), or a :class:`Refusal` naming the dependence or
construct that forbids it. Legality comes from dependence tests on the array subscripts
(:mod:`.depend`), never from the loop's look. This stage reads only text: it builds nothing and
runs nothing; the experiment runner verifies what it generates.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from perfscout.transform.accessors import accessor_methods
from perfscout.transform.assumedshape import assumed_shape
from perfscout.transform.bisect import bisect_search
from perfscout.transform.blas import blas
from perfscout.transform.caller import caller_parallel
from perfscout.transform.cholesky import use_lapack
from perfscout.transform.constref import const_ref
from perfscout.transform.cutoff import cutoff_bounds
from perfscout.transform.cyclic import cyclic
from perfscout.transform.devirt import template_callable
from perfscout.transform.exccode import error_code_path
from perfscout.transform.flushes import unflush
from perfscout.transform.growth import geometric_growth
from perfscout.transform.hashmap import unordered_map
from perfscout.transform.hoistcall import hoist_call
from perfscout.transform.intpow import integer_pow
from perfscout.transform.invtable import invariant_table
from perfscout.transform.macros import Macros, ProjectHeaders, project_headers
from perfscout.transform.mathtable import math_table
from perfscout.transform.mixhash import mix_hash
from perfscout.transform.mpipack import pack_messages
from perfscout.transform.ompouter import omp_outer_loop
from perfscout.transform.ompreduce import omp_reduction
from perfscout.transform.openonce import open_once
from perfscout.transform.pragmas import parallel, simd, unroll
from perfscout.transform.precision import quad_literal_errors_only, reduce_precision
from perfscout.transform.reorder import interchange, tiling
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.rows import restrict_rows
from perfscout.transform.schedule import dynamic_schedule, static_schedule
from perfscout.transform.scratch import hoist_allocation
from perfscout.transform.source import Code, language_of
from perfscout.transform.tallies import private_tallies
from perfscout.transform.unclamp import interior_path

Maker = Callable[[Code, int, str, Mapping[str, Any]], Generated | Refusal]


def _first_of(*makers: Callable[[], Generated | Refusal]) -> Generated | Refusal:
    """The first generated change of several forms of one proposal; when every form refuses,
    one refusal naming each form's reason."""
    refused: list[Refusal] = []
    for make in makers:
        got = make()
        if isinstance(got, Generated):
            return got
        refused.append(got)
    return Refusal(refused[0].transform, "; ".join(dict.fromkeys(r.reason for r in refused)))

#: proposal id -> generator (the catalog's source proposals this stage can write)
GENERATORS: dict[str, Maker] = {
    "loop_interchange": lambda c, ln, rel, p: interchange(c, ln, rel),
    "loop_tiling": lambda c, ln, rel, p: tiling(c, ln, rel, int(p.get("tile", 64))),
    "omp_simd": lambda c, ln, rel, p: simd(c, ln, rel),
    "parallelize_omp": lambda c, ln, rel, p: parallel(c, ln, rel),
    "loop_unroll": lambda c, ln, rel, p: unroll(c, ln, rel, int(p.get("unroll", 4))),
    "use_blas": lambda c, ln, rel, p: blas(c, ln, rel, p.get("headers")),
    "hoist_math": lambda c, ln, rel, p: math_table(c, ln, rel),
    "integer_pow": lambda c, ln, rel, p: integer_pow(c, ln, rel),
    "restrict_rows": lambda c, ln, rel, p: restrict_rows(c, ln, rel),
    "parallelize_caller": lambda c, ln, rel, p: caller_parallel(
        c, ln, rel, getattr(p.get("headers"), "root", None)),
    "use_lapack": lambda c, ln, rel, p: use_lapack(c, ln, rel, getattr(p.get("headers"), "root",
                                                                   None)),
    "rebalance_decomposition": lambda c, ln, rel, p: cyclic(c, ln, rel),
    "bisect_search": lambda c, ln, rel, p: bisect_search(c, ln, rel, p.get("headers")),
    "cutoff_bounds": lambda c, ln, rel, p: cutoff_bounds(c, ln, rel),
    "interior_path": lambda c, ln, rel, p: interior_path(c, ln, rel),
    "omp_reduction": lambda c, ln, rel, p: omp_reduction(c, ln, rel, p.get("headers")),
    "unordered_map": lambda c, ln, rel, p: unordered_map(c, ln, rel),
    "omp_outer_loop": lambda c, ln, rel, p: omp_outer_loop(
        c, ln, rel, getattr(p.get("headers"), "root", None)),
    "mpi_aggregate_messages": lambda c, ln, rel, p: pack_messages(c, ln, rel),
    "const_ref": lambda c, ln, rel, p: const_ref(c, ln, rel, getattr(p.get("headers"), "root",
                                                                     None), p.get("current")),
    "open_once": lambda c, ln, rel, p: open_once(c, ln, rel, getattr(p.get("headers"), "root",
                                                                     None)),
    "omp_static_schedule": lambda c, ln, rel, p: static_schedule(c, ln, rel),
    "omp_dynamic_schedule": lambda c, ln, rel, p: dynamic_schedule(c, ln, rel),
    "io_buffering": lambda c, ln, rel, p: unflush(c, ln, rel),
    "assumed_shape_dummy": lambda c, ln, rel, p: assumed_shape(
        c, ln, rel, getattr(p.get("headers"), "root", None)),
    "private_tallies": lambda c, ln, rel, p: private_tallies(c, ln, rel, p.get("headers")),
    "hoist_invariant": lambda c, ln, rel, p: _first_of(
        lambda: hoist_call(c, ln, rel, getattr(p.get("headers"), "root", None)),
        lambda: invariant_table(c, ln, rel)),
    "hoist_allocation": lambda c, ln, rel, p: hoist_allocation(
        c, ln, rel, getattr(p.get("headers"), "root", None)),
    "geometric_growth": lambda c, ln, rel, p: geometric_growth(c, ln, rel),
    "template_callable": lambda c, ln, rel, p: template_callable(
        c, ln, rel, getattr(p.get("headers"), "root", None), p.get("current")),
    "reduce_precision": lambda c, ln, rel, p: reduce_precision(
        c, ln, rel, getattr(p.get("headers"), "root", None)),
    "error_code_path": lambda c, ln, rel, p: error_code_path(
        c, ln, rel, getattr(p.get("headers"), "root", None), p.get("current")),
    "mix_hash": lambda c, ln, rel, p: mix_hash(c, ln, rel, getattr(p.get("headers"), "root",
                                                                   None), p.get("current")),
}


#: generators of C++ changes only: a ``.h`` file is parsed as C++ for them
CPP_ONLY = frozenset({"const_ref", "template_callable", "error_code_path", "mix_hash"})


def generate(proposal_id: str, text: str, rel_path: str, line: int,
             params: Mapping[str, Any] | None = None, root: Path | None = None,
             headers: ProjectHeaders | None = None) -> Generated | Refusal:
    """The diff implementing ``proposal_id`` on the loop nest at ``rel_path:line`` of
    ``text``; a Refusal (never an exception) when it does not apply, saying why.

    ``params``: ``tile`` (loop_tiling, default 64), ``unroll`` (loop_unroll, default 4),
    ``current`` (relative path -> text of the project's files as earlier changes left them:
    const_ref, template_callable and error_code_path read the headers they rewrite or
    follow from there first; mix_hash the file defining the hash).
    ``root``: the project directory ``rel_path`` is in; its local headers are read for the
    macros a declaration goes through (use_blas). ``headers``: the project's header reader
    with the build's defines and include folders (:class:`ProjectHeaders`, one per project,
    reused across calls); made from ``root`` when not given."""
    make = GENERATORS.get(proposal_id)
    if make is None:
        return Refusal(proposal_id, f"no generator for {proposal_id}; generated: "
                                    + ", ".join(GENERATORS))
    if language_of(rel_path) is None:
        return Refusal(proposal_id, f"{rel_path} is not a C, C++ or Fortran source")
    # a .h header holds C++ as often as C: const_ref (C++ only) reads it as C++
    code = Code(text, rel_path, "cpp" if proposal_id in CPP_ONLY and
                Path(rel_path).suffix == ".h" else None)
    if not 0 < line <= len(code.lines):
        return Refusal(proposal_id, f"{rel_path} has {len(code.lines)} lines, not line {line}")
    at = code.node_at_line(line)
    scope = code.function_of(at) if at is not None else None
    broken = code.syntax_error(scope or code.tree.root_node)
    # GCC's __float128 literals (1.0Q) are no C the grammar knows: reduce_precision reads them
    if broken and not (proposal_id == "reduce_precision" and
                       quad_literal_errors_only(code, scope or code.tree.root_node)):
        return Refusal(proposal_id, f"{rel_path} does not parse in "
                                    f"{code.function_name(scope)} near line {broken} (a syntax "
                                    "error, or a macro the parser cannot see through)")
    try:
        if headers is None and root is not None:
            headers = project_headers(root)
        if code.lang == "cpp":
            code.accessors = accessor_methods(code, headers)
        if not code.fortran:
            macros = Macros.of(code, headers)
            code.pure_macros, code.expand = macros.call_free(), macros.expand
            code.expand_calls = lambda s: macros.expand(s, objects=False)
        extra = {"headers": headers} if headers is not None else {}
        return make(code, line, rel_path, {**(params or {}), **extra})
    except (ValueError, TypeError) as exc:
        return Refusal(proposal_id, f"bad parameter: {exc}")


def loop_nest(text: str, rel_path: str, line: int) -> list[tuple[str, int]]:
    """The loops enclosing ``rel_path:line``, outermost first, as (induction variable or the
    loop kind, header line): what a report shows next to the hot line. Empty when the file is
    not C/C++/Fortran or the line is in no loop."""
    if language_of(rel_path) is None:
        return []
    code = Code(text, rel_path)
    out = []
    for n in reversed(code.loops_at(line)):
        lp = code.loop(n)
        out.append((lp.var or n.type.replace("_", " "), lp.line))
    return out


__all__ = ["GENERATORS", "Generated", "ProjectHeaders", "Refusal", "generate", "loop_nest",
           "project_headers"]
