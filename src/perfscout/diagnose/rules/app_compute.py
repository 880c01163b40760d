"""Application-layer compute the program need not do, judged on quantities of a profile or an
instruction mix (diag14):

- float data widened to double and narrowed back inside the loop (double literals in a float
  kernel): conversions per floating-point instruction in the hot code (``app.precision``);
- C++ exceptions thrown on the hot path: the share of a sampling profile in the unwinder and
  the C++ exception runtime (``app.redundant_work``);
- a random-number engine re-created or re-seeded per item: the share of the engine's state
  refill and seeding against the share of drawing numbers (``app.redundant_work``);
- an element-wise collective reduction moving a whole array per call: the bytes per call and
  the share of the run in the collective, from the program's own printout
  (``app.redundant_work``).

Each detector returns a finding or None; ``rules/application.py`` calls them from the rules of
their kinds. Routine families are recognised by the runtime's own symbol names (libgcc's
unwinder, libstdc++'s engines), never by a program's names.
"""

from __future__ import annotations

import re

from perfscout.diagnose.engine import Context, Located, source_kind
from perfscout.diagnose.rules.common import fmt, hotspot_shares
from perfscout.model.findings import Evidence, Finding
from perfscout.model.metrics import Hotspot, Profile, ScopeKind, SourceRef

#: evidence metric names that mark what a finding measured (the catalog builders key on them)
WIDENED = "precision.convert_ratio"
UNWIND = "exceptions.share"
RNG_SETUP = "rng.setup_share"
REDUCE_BYTES = "mpi.reduce_bytes_per_call"


# --- float data computed in double -----------------------------------------------------------
def widened_float(ctx: Context) -> Finding | None:
    """Float data widened to double (``cvtss2sd``/``cvtps2pd``) and narrowed back
    (``cvtsd2ss``/``cvtpd2ps``) in the hot code, at ``precision.convert_ratio`` or more
    conversions per floating-point arithmetic instruction and at least
    ``precision.narrow_per_widen`` narrowings per widening: the double precision is thrown
    away at the store, so it only costs (conversions, half the vector width). The classic
    cause is a double literal (``x * 0.7``) in a float kernel. A disassembly counts the
    conversions inside loop bodies; perf annotate weighs them by samples. A double sum of
    float data (widened, never narrowed in the loop) is not this."""
    lim = ctx.t("precision.convert_ratio")
    per_widen = ctx.t("precision.narrow_per_widen")
    best: tuple[float, Located, Located, Located] | None = None
    for w in ctx.all("insn.fp_widen"):
        same = [x for x in (*ctx.all("insn.fp_narrow"), *ctx.all("insn.fp_total"))
                if x.profile is w.profile and x.metric.scope == w.metric.scope]
        n = next((x for x in same if x.metric.name == "insn.fp_narrow"), None)
        t = next((x for x in same if x.metric.name == "insn.fp_total"), None)
        if n is None or t is None or t.value <= 0 or w.value <= 0:
            continue
        ratio = (w.value + n.value) / t.value
        if ratio >= lim and n.value / w.value >= per_widen and (
                best is None or ratio > best[0]):
            best = (ratio, w, n, t)
    if best is None:
        return None
    ratio, w, n, t = best
    where = w.metric.scope.name
    sampled = w.kind == "sampling"
    what = "sampled weight" if sampled else "instructions in its loops"
    ev = [ctx.ev(w, f"{where or 'the hot code'}: {fmt(w.value)} float->double and "
                 f"{fmt(n.value)} double->float conversions against {fmt(t.value)} "
                 f"floating-point arithmetic ({what}): {ratio:.2f} per operation",
                 f"conversions per fp operation >= {lim:.2f} and narrowings per widening "
                 f">= {per_widen:.2f}", metric=WIDENED, value=ratio, unit="ratio")]
    for w2 in ctx.all("insn.fp_widen"):  # another family seeing the same conversions
        if w2.kind == w.kind:
            continue
        n2 = next((x for x in ctx.all("insn.fp_narrow") if x.profile is w2.profile
                   and x.metric.scope == w2.metric.scope), None)
        t2 = next((x for x in ctx.all("insn.fp_total") if x.profile is w2.profile
                   and x.metric.scope == w2.metric.scope), None)
        if n2 is None or t2 is None or t2.value <= 0 or w2.value <= 0:
            continue
        r2 = (w2.value + n2.value) / t2.value
        if r2 >= lim and n2.value / w2.value >= per_widen:
            ev.append(ctx.ev(w2, f"{w2.kind}: {r2:.2f} float<->double conversions per "
                             "floating-point operation", f"conversions per fp operation >= "
                             f"{lim:.2f}", metric=WIDENED, value=r2, unit="ratio"))
            break
    return ctx.finding("app.precision", 0.7, "float data computed in double and narrowed back "
                       "(double literals or double math in a float kernel): conversions per "
                       "element, half the vector width", ev, scope=where if not sampled else "",
                       limits=["whether the kernel was meant to compute in double is a domain "
                               "question: the data show only that the result is stored as "
                               "float"])


# --- exceptions on the hot path --------------------------------------------------------------
def hot_exceptions(ctx: Context) -> Finding | None:
    """``app.exception_share`` or more of a profile (sampling first) in throwing, unwinding
    and catching C++ exceptions: an exception used as control flow on the hot path (a lookup
    whose miss throws, caught by the caller). Each throw allocates, searches the unwind
    tables and runs the personality routine: microseconds a status return does not cost."""
    from perfscout.diagnose.libwork import family_shares

    lim = ctx.t("app.exception_share")
    best: tuple[float, Profile, list[tuple[Hotspot, float]]] | None = None
    for p in _profiles(ctx):  # sampling first: the first profile over the line decides
        fs = family_shares(p).get("exceptions")
        if fs is not None and fs.share >= lim:
            best = (fs.share, p, list(fs.rows))
            break
    if best is None:
        return None
    share, p, rows = best
    named = sorted((x for x in rows if not x[0].name.startswith("0x")), key=lambda x: -x[1])
    top = (named or sorted(rows, key=lambda x: -x[1]))[0][0]
    ev = [Evidence(UNWIND, share, "ratio", top.source or SourceRef(p.path, None),
                   source_kind(p.format),
                   f"{share:.0%} of the run throwing and unwinding C++ exceptions: "
                   + ", ".join(f"{h.name} {s:.0%}" for h, s in named[:4])
                   + (f" and {len(rows) - len(named)} unsymbolised libgcc_s rows"
                      if len(rows) > len(named) else ""),
                   f"exception handling share >= {lim:.2f}")]
    return ctx.finding("app.redundant_work", 0.7, "C++ exceptions thrown and caught on the hot "
                       "path: every throw allocates, searches the unwind tables and unwinds",
                       ev, limits=["the profile shows where the time goes, not which throw site; "
                               "perf record -g names the caller"])


# --- random-number engines re-seeded per item ------------------------------------------------
_ENGINE = re.compile(r"(?:mersenne_twister_engine|subtract_with_carry_engine|"
                     r"linear_congruential_engine|discard_block_engine|shuffle_order_engine|"
                     r"independent_bits_engine)")


#: C and Fortran runtimes' generators: seeding (glibc's ``srandom_r`` runs the generator 310
#: times to mix its state; gfortran's ``random_seed``, GSL's ``gsl_rng_set``) and drawing
_LIB_SEED = re.compile(r"^_*(?:gi_+)?(?:srandom(?:_r)?|srand(?:48(?:_r)?)?|seed48(?:_r)?|"
                       r"initstate(?:_r)?|gfortran_random_seed(?:_i[48])?|gsl_rng_set)"
                       r"(?:@.*)?$", re.I)
_LIB_DRAW = re.compile(r"^_*(?:gi_+)?(?:random(?:_r)?|rand(?:_r)?|[dejlmn]rand48(?:_r)?|"
                       r"drand48_iterate|gfortran_a?random_r[48]|gsl_rng_(?:uniform\w*|get))"
                       r"(?:@.*)?$", re.I)


def _engine_part(h: Hotspot) -> str:
    """``refill`` (the engine regenerating its state: ``_M_gen_rand``), ``seed``, ``draw``
    (``operator()``) for a libstdc++ random engine's row (demangled or mangled), or ``seed``
    / ``draw`` for a C or Fortran runtime's generator (``srandom``/``random``), else ""."""
    name = h.name
    plain = name.split("(")[0].strip().replace("@plt", "")
    if _LIB_SEED.match(plain):
        return "seed"
    if _LIB_DRAW.match(plain):
        return "draw"
    if not _ENGINE.search(name):
        return ""
    if "_M_gen_rand" in name:
        return "refill"
    if "::seed" in name or "4seed" in name:
        return "seed"
    if "::operator()" in name or "clEv" in name:
        return "draw"
    return ""


_STATE_WORDS = re.compile(r"mersenne_twister_engine<[^,]+,\s*\d+u?l*,\s*(?P<n>\d+)u?l*,")


def _state_words(name: str) -> int | None:
    """The words one refill of a Mersenne Twister produces (its template's state size ``n``:
    312 for mt19937_64, 624 for mt19937), read from a demangled name, else None."""
    m = _STATE_WORDS.search(name)
    return int(m["n"]) if m else None


def reseeded_engine(ctx: Context) -> Finding | None:
    """A random engine's state refill and seeding hold ``rng.setup_share`` or more of a
    profile and the refills serve far fewer draws than they produce: the engine is
    constructed or seeded per item (per Monte Carlo path) and most of each refill is thrown
    away. Judged on call counts where the profile has them (gprof: draws per refill under
    ``rng.draws_per_refill`` of the state size, 312 numbers per refill for mt19937_64), else
    on sampled shares (the refill and seeding at ``rng.refill_per_draw`` times the drawing
    share or more; with the draw routine inlined, a seeding routine of its own at
    ``rng.seed_share`` stands in)."""
    lim = ctx.t("rng.setup_share")
    for p in _profiles(ctx):
        parts: dict[str, float] = {}
        calls: dict[str, float] = {}
        top: dict[str, Hotspot] = {}
        for h, s in hotspot_shares(p):
            part = _engine_part(h)
            if part:
                parts[part] = parts.get(part, 0.0) + s
                if h.calls:
                    calls[part] = calls.get(part, 0.0) + h.calls
                top.setdefault(part, h)
        setup = parts.get("refill", 0.0) + parts.get("seed", 0.0)
        if setup < lim or ("refill" not in top and "seed" not in top):
            continue
        h = top.get("seed") or top["refill"]
        why = _reseeding(ctx, parts, calls, top)
        if why is None:
            continue
        quote, rule_text = why
        ev = [Evidence(RNG_SETUP, setup, "ratio", h.source or SourceRef(p.path, None),
                       source_kind(p.format),
                       f"{setup:.0%} of the run refilling and seeding the random engine's "
                       f"state ({quote}): the state is rebuilt far more often than its "
                       "numbers are used", f"setup share >= {lim:.2f} and {rule_text}")]
        return ctx.finding("app.redundant_work", 0.65, "a random-number engine seeded per "
                           "item: each seeding rebuilds the whole state for a few draws", ev,
                           limits=["independent streams per item can also come from one "
                                   "engine per thread with discard()/jump-ahead or a "
                                   "counter-based generator"])
    return None


def _reseeding(ctx: Context, parts: dict[str, float], calls: dict[str, float],
               top: dict[str, Hotspot]) -> tuple[str, str] | None:
    """(what was measured, the rule) when the refills serve far fewer draws than they make."""
    words = _state_words(top.get("refill", top.get("seed", Hotspot(""))).name) or 312
    if calls.get("refill") and calls.get("draw"):
        per = calls["draw"] / calls["refill"]
        lim = ctx.t("rng.draws_per_refill") * words
        if per >= lim:
            return None
        return (f"{fmt(calls['draw'])} draws over {fmt(calls['refill'])} refills: {per:.1f} "
                f"numbers used of the {words} each refill makes",
                f"draws per refill < {lim:g}")
    setup = parts.get("refill", 0.0) + parts.get("seed", 0.0)
    draw = parts.get("draw", 0.0)
    per_draw = ctx.t("rng.refill_per_draw")
    if draw > 0:
        if setup / draw < per_draw:
            return None
        return f"{setup / draw:.0f}x the {draw:.1%} of drawing numbers", \
            f"setup/draw >= {per_draw:g}"
    seed = ctx.t("rng.seed_share")
    if parts.get("seed", 0.0) < seed:
        return None  # the draws may be inlined into the caller: nothing to compare with
    return "the draws inlined; the seeding routine itself holds " \
        f"{parts['seed']:.0%}", f"seed share >= {seed:.2f}"


# --- a whole array reduced to get one value --------------------------------------------------
_REDUCE_KEY = re.compile(r"(?:all)?reduce", re.I)
_BYTES_KEY = re.compile(r"bytes|size|volume", re.I)


def bulk_reduction(ctx: Context) -> Finding | None:
    """Each reduction call moves a whole array: at ``mpi.reduce_bytes_per_call`` or more
    per call, from the program's own printout (``allreduce_bytes=16777216``) or from Open
    MPI's monitoring (all-to-all collective bytes over their count), while the reduction (the
    program's printed time) or MPI as a whole (a profile's share) holds ``mpi.reduce_share``
    or more of the run. When the program needs one value of the result (a maximum residual),
    reducing locally first and then one scalar removes nearly all of it; whether it needs
    the whole array the data cannot say."""
    lim_s = ctx.t("mpi.reduce_share")
    printed = _printed_reduce_bytes(ctx)
    # all-to-all in the monitoring is a reduction's pattern, and an alltoall's: a program
    # naming its MPI time for something else (``transpose_s``) and never a reduce says which
    named = {m.metric.raw_name for m in ctx.all("mpi.time") if m.metric.raw_name}
    other = bool(named) and not any(_REDUCE_KEY.search(n) for n in named)
    sizes = [e for e in (printed, None if other else _monitored_coll_bytes(ctx)) if e]
    if not sizes:
        return None
    spent = _printed_reduce_share(ctx)
    if spent is None:
        from perfscout.diagnose.rules.runtime import mpi_shares

        share, share_ev, _w, _wev = mpi_shares(ctx)
        if share_ev and share >= lim_s:
            spent = Evidence("mpi.time_share", share, "ratio", share_ev[0].source,
                             share_ev[0].source_kind, share_ev[0].quote,
                             f"MPI share >= {lim_s:.2f}")
    if spent is None or spent.value is None or spent.value < lim_s:
        return None
    return ctx.finding("app.redundant_work", 0.4, "a whole array reduced across ranks per "
                       "call: when one value is wanted, reduce locally, then one scalar",
                       [*sizes, spent],
                       limits=["whether the program uses every element of the reduced "
                               "array (a global sum of a field) or one value (a maximum "
                               "residual) is read from the source, not the data"])


def _printed_reduce_bytes(ctx: Context) -> Evidence | None:
    """The bytes per reduction call a program printed: a key naming a reduce and bytes
    (``allreduce_bytes=16777216``), or a reduce key with a size unit (``allreduce volume:
    16.8 MB per call``)."""
    from perfscout.ingest.adapters.program_output import BYTE_UNITS

    lim_b = ctx.t("mpi.reduce_bytes_per_call")
    for p in {id(x.profile): x.profile for x in ctx.all("time.elapsed")}.values():
        for m in p.metrics:
            key = m.raw_name or m.name
            if not m.name.startswith("event.") or not _REDUCE_KEY.search(key):
                continue
            unit = m.unit.lower()
            if unit in BYTE_UNITS:
                size = m.value * BYTE_UNITS[unit]
            elif not unit and _BYTES_KEY.search(key):
                size = m.value
            else:
                continue
            if size >= lim_b:
                return ctx.ev(Located(m, p), f"{key}={fmt(m.value)}{m.unit and ' ' + m.unit}: "
                              f"{size / 2**20:.1f} MiB per reduction call",
                              f"bytes per call >= {lim_b:g}", metric=REDUCE_BYTES,
                              value=size, unit="B")
    return None


def _monitored_coll_bytes(ctx: Context) -> Evidence | None:
    """The largest bytes per all-to-all collective call of any rank and communicator in Open
    MPI's monitoring (an allreduce is all-to-all), at ``mpi.reduce_bytes_per_call`` or more."""
    lim_b = ctx.t("mpi.reduce_bytes_per_call")
    best: tuple[float, Located, float] | None = None
    for b in ctx.all("mpi.coll_bytes", (ScopeKind.CALLSITE,)):
        if not b.metric.scope.name.startswith("A2A@"):
            continue
        n = ctx.beside(b, "mpi.coll_calls", (ScopeKind.CALLSITE,))
        if n is None or n.value <= 0:
            continue
        per = b.value / n.value
        if per >= lim_b and (best is None or per > best[0]):
            best = (per, b, n.value)
    if best is None:
        return None
    per, b, calls = best
    return ctx.ev(b, f"{b.metric.scope.parent} sent {fmt(b.value)} bytes in {calls:.0f} "
                  f"all-to-all collectives on {b.metric.scope.name.split('@', 1)[1]}: "
                  f"{per / 2**20:.1f} MiB per call", f"bytes per call >= {lim_b:g}",
                  metric=REDUCE_BYTES, value=per, unit="B")


def _printed_reduce_share(ctx: Context) -> Evidence | None:
    """The share of its run a program printed for its reduction (a reduce key with seconds)."""
    for p in {id(x.profile): x.profile for x in ctx.all("time.elapsed")}.values():
        run = max((m for m in p.metrics if m.name == "time.elapsed"), key=lambda m: m.value,
                  default=None)
        spent = next((m for m in p.metrics if m.name.startswith("event.")
                      and _REDUCE_KEY.search(m.raw_name or m.name) and m.unit == "s"), None)
        if run is None or spent is None or run.value <= 0 or spent.value > run.value:
            continue
        share = spent.value / run.value
        return ctx.ev(Located(spent, p), f"{spent.raw_name}={spent.value:.3g} s of a "
                      f"{run.value:.3g} s run ({share:.0%})",
                      f"reduction share >= {ctx.t('mpi.reduce_share'):.2f}",
                      metric="mpi.time_share", value=share, unit="ratio")
    return None


def _profiles(ctx: Context) -> list[Profile]:
    """The profiles with hotspots, sampling ones first."""
    return sorted({id(p): p for _, p in ctx.hotspots()}.values(),
                  key=lambda p: source_kind(p.format) != "sampling")
