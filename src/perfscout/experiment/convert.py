"""Turn advise's :class:`Proposal` objects into experiment variants.

env -> variant env; launch -> launcher prefix; flags -> extra compiler flags and defines;
param -> threads/ranks (``params["threads"]``, ``params["ranks"]``) or defines; source -> the
proposal's own diff, else the bundled transformation for (kernel, proposal id). A proposal that
cannot become a variant is returned with the reason, never silently dropped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from perfscout.experiment import transforms
from perfscout.experiment.spec import Variant
from perfscout.model.message import Text
from perfscout.model.proposals import Proposal


@dataclass(frozen=True)
class Unconvertible:
    proposal_id: str
    reason: str


def to_variant(p: Proposal, kernel_name: str = "") -> Variant | Unconvertible:
    """The variant testing ``p`` on ``kernel_name`` (a bundled kernel or "")."""
    ch = p.change
    if ch is None:
        return Unconvertible(p.id, "proposal has no change to apply")
    if p.kind == "system":
        return Unconvertible(p.id, "system changes (kernel/BIOS settings) are not experiments")
    params = dict(ch.params)
    threads = params.pop("threads", None)
    ranks = params.pop("ranks", None)
    # a parameter becomes a -D define only when it is a plain value: a command line such as
    # bind_threads' "likwid-pin -c M0:0-1" would split into compiler words
    defines = {**{str(k): str(v) for k, v in ch.defines.items()},
               **{str(k).upper(): str(v) for k, v in params.items()
                  if isinstance(v, (int, float)) or (isinstance(v, str)
                                                     and re.fullmatch(r"[\w.+-]+", v))}}
    patch: str = ch.diff
    # a proposal names libraries among its flags (use_blas: -lopenblas); they go after the
    # sources and objects, where the linker takes them (LDLIBS, the end of the compile line)
    libs: tuple[str, ...] = tuple(f for f in ch.flags if f.startswith("-l"))
    flags = tuple(f for f in ch.flags if not f.startswith("-l"))
    if p.kind == "source" and not patch:
        t = transforms.find(kernel_name, [p.id])
        if t is None:
            return Unconvertible(p.id, f"no diff given and no bundled transformation of "
                                       f"{kernel_name or 'this program'} for {p.id}")
        patch, libs = transforms.diff_for(t), tuple(dict.fromkeys((*t.libs, *libs)))
    return Variant(
        name=p.id.replace("/", "_"), extra_flags=flags, defines=defines,
        env=dict(ch.env), launcher=tuple(ch.launcher),
        threads=int(threads) if threads is not None else None,
        ranks=int(ranks) if ranks is not None else None, patch=patch, libs=libs,
        remove_flags=tuple(ch.remove), proposal_id=p.id, note=p.title or ch.description,
    )


#: flags that change floating-point rounding: a variant with one is compared with a tolerance
FP_RELAXING = ("-ffast-math", "-Ofast", "-fassociative-math", "-funsafe-math-optimizations",
               "-freciprocal-math")
#: checks that compare within a tolerance (every other kind is exact or compares nothing)
TOLERANT_CHECKS = ("tolerance", "file")


def fp_check_refusal(v: Variant, check_kind: str) -> str | None:
    """Why ``v`` may not be measured under a ``check_kind`` check: a flag that changes
    floating-point rounding needs a tolerance check (an exact or byte-identical check would
    fail a right result; none would let a wrong one through). None when it may."""
    relaxing = [f for f in (*(v.flags or ()), *v.extra_flags) if f in FP_RELAXING]
    if relaxing and check_kind not in TOLERANT_CHECKS:
        return Text("guard.fp_needs_tolerance", flags=" ".join(relaxing), kind=check_kind)
    return None


def to_variants(proposals: Sequence[Proposal], kernel_name: str = "",
                check_kind: str | None = None) -> tuple[list[Variant], list[Unconvertible]]:
    """The variants of ``proposals`` and the ones that cannot run, with why; with the
    program's ``check_kind``, a floating-point-relaxing variant is refused unless the check
    has a tolerance (:func:`fp_check_refusal`)."""
    ok: list[Variant] = []
    bad: list[Unconvertible] = []
    for p in proposals:
        v = to_variant(p, kernel_name)
        why = fp_check_refusal(v, check_kind) if isinstance(v, Variant) and check_kind \
            else None
        if why:
            v = Unconvertible(p.id, why)
        (ok if isinstance(v, Variant) else bad).append(v)  # type: ignore[arg-type]
    return ok, bad


def combine(variants: Sequence[Variant], kernel_name: str = "", patch: str | None = None
            ) -> Variant | Unconvertible:
    """One variant applying all of ``variants`` together (the matrix's combination step).

    Flags, env, defines and libs are merged; a launcher or thread count must agree; at most one
    source patch, unless a bundled combined transformation exists for the set, or the caller
    passes ``patch``: the variants' source changes already composed into one diff (a
    session regenerates the second change on the result of the first)."""
    ids = [v.proposal_id or v.name for v in variants]
    patches = [v for v in variants if v.patch]
    libs = tuple(lib for v in variants for lib in v.libs)
    if patch is not None:
        pass
    elif len(patches) <= 1:
        patch = patches[0].patch if patches else ""
    else:
        t = transforms.find(kernel_name, [v.proposal_id for v in patches])
        if t is None:
            return Unconvertible(transforms.key(ids),
                                 "two source patches with no bundled combined transformation")
        patch = transforms.diff_for(t)
        libs = tuple(t.libs) + tuple(lib for v in variants if not v.patch for lib in v.libs)
    launchers = {v.launcher for v in variants if v.launcher}
    threads = {v.threads for v in variants if v.threads}
    if len(launchers) > 1 or len(threads) > 1:
        return Unconvertible(transforms.key(ids), "conflicting launchers or thread counts")
    env: dict[str, str] = {}
    defines: dict[str, str] = {}
    for v in variants:
        env.update(v.env)
        defines.update(v.defines)
    return Variant(
        name="combo_" + "_".join(sorted(ids)),
        extra_flags=tuple(dict.fromkeys(f for v in variants for f in v.extra_flags)),
        defines=defines, env=env, launcher=next(iter(launchers), ()),
        threads=next(iter(threads), None), patch=patch, libs=tuple(dict.fromkeys(libs)),
        remove_flags=tuple(dict.fromkeys(f for v in variants for f in v.remove_flags)),
        proposal_id=transforms.key(ids), note="combination of " + ", ".join(sorted(ids)),
    )
