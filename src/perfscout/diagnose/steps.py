"""The time of equal units of work a program prints (``step 1000: time=0.02 s``): when the same
work per step suddenly takes several times longer, either the run lost its CPU (other jobs) or
each step now costs more CPU (floating-point assists on subnormal operands, growing data).

The run's CPU share (perf stat ``CPUs utilized``, user+sys over elapsed) bounds how much of a
slowdown waiting can explain; the rest is CPU time per step that grew. Values the program prints
beside its steps that fall below the smallest normal double (2.2e-308) say why.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from itertools import pairwise

from perfscout.diagnose.engine import Context, Located
from perfscout.model.metrics import ScopeKind

#: the smallest positive normal double: nonzero values below it are subnormal
DBL_MIN = sys.float_info.min
_STEP = re.compile(r"(\d+)\s*$")


@dataclass(frozen=True)
class StepJump:
    """A printed step-time series whose later steps are ``jump`` times slower than its early
    ones."""

    fast: tuple[tuple[int, float], ...]  # (step number, seconds per step) of the fast steps
    slow: tuple[tuple[int, float], ...]
    first_slow: Located  # the printed time of the first slow step
    jump: float  # median slow / median fast time per step

    @property
    def onset(self) -> int:
        return self.slow[0][0]

    @property
    def wall(self) -> tuple[float, float]:
        """Seconds spent in the fast steps and in the slow steps."""
        return self._secs(self.fast), self._secs(self.slow)

    def _secs(self, part: tuple[tuple[int, float], ...]) -> float:
        steps = dict(self.fast + self.slow)
        nums = sorted(steps)
        out = 0.0
        for n, per in part:
            i = nums.index(n)
            width = n - nums[i - 1] if i > 0 else (nums[1] - nums[0] if len(nums) > 1 else 1)
            out += per * width
        return out


def _median(xs: list[float]) -> float:
    s = sorted(xs)
    return s[len(s) // 2] if len(s) % 2 else (s[len(s) // 2 - 1] + s[len(s) // 2]) / 2


def _series(locs: list[Located]) -> list[tuple[int, float, Located]]:
    """(step number, seconds per step, located) of one printout, in step order; a printed
    running total (never decreasing, ``elapsed=``) becomes the time of each interval."""
    pts = []
    for loc in locs:
        m = _STEP.search(loc.metric.scope.name)
        if m:
            pts.append((int(m.group(1)), loc.value, loc))
    pts.sort(key=lambda x: x[0])
    if len(pts) < 4:
        return []
    vals = [v for _, v, _ in pts]
    cumulative = all(b >= a for a, b in pairwise(vals)) and vals[-1] > 3 * vals[0] and (
        "elapsed" in pts[0][2].metric.raw_name.lower()
        or "total" in pts[0][2].metric.raw_name.lower())
    out = []
    prev_n, prev_v = 0, 0.0
    for n, v, loc in pts:
        width = n - prev_n if n > prev_n else 1
        dt = v - prev_v if cumulative else v
        out.append((n, dt / width, loc))
        prev_n, prev_v = n, v
    return out


def step_jump(ctx: Context, factor: float) -> StepJump | None:
    """The widest break in a printed step-time series (equal work per step): the steps after
    it are at least ``factor`` times slower (median against median), with two steps or more
    on each side, and all of them after the fast ones (a phase, not scattered noise)."""
    best: StepJump | None = None
    by: dict[int, list[Located]] = {}
    for loc in ctx.all("time.step", (ScopeKind.INTERVAL,)):
        by.setdefault(id(loc.profile), []).append(loc)
    for locs in by.values():
        pts = _series(locs)
        if not pts or any(p <= 0 for _, p, _ in pts):
            continue
        order = sorted(range(len(pts)), key=lambda i: pts[i][1])
        # the break is the widest gap between consecutive step times (sorted)
        cuts = sorted(range(2, len(pts) - 1),
                      key=lambda c: -pts[order[c]][1] / pts[order[c - 1]][1])
        for cut in cuts[:1]:
            fast_i, slow_i = set(order[:cut]), set(order[cut:])
            # the slow steps must follow the fast ones (a phase, not scattered noise)
            if min(slow_i) < max(fast_i) - 1 or len(slow_i) < 2:
                continue
            fast = [pts[i][1] for i in sorted(fast_i)]
            slow = [pts[i][1] for i in sorted(slow_i)]
            jump = _median(slow) / _median(fast)
            if jump >= factor and (best is None or jump > best.jump):
                first = pts[min(slow_i)]
                best = StepJump(tuple((pts[i][0], pts[i][1]) for i in sorted(fast_i)),
                                tuple((pts[i][0], pts[i][1]) for i in sorted(slow_i)),
                                first[2], jump)
    return best


def cpu_growth(sj: StepJump, cpu_share: float) -> float:
    """How many times more CPU time a slow step took than a fast one at least, when the whole
    run got ``cpu_share`` of a CPU: the fast steps had at most their wall time of CPU, so the
    slow ones had the rest."""
    wf, ws = sj.wall
    nf, ns = len(sj.fast), len(sj.slow)
    if wf <= 0 or nf == 0 or ns == 0:
        return 0.0
    cpu_slow = max(0.0, cpu_share * (wf + ws) - wf)
    return (cpu_slow / ns) / (wf / nf)


def subnormal_values(ctx: Context, sj: StepJump) -> list[Located]:
    """Values the same printout gives for its steps that are nonzero and below the smallest
    normal double, from one step before the slowdown on."""
    prof = sj.first_slow.profile
    out = []
    for m in prof.metrics:
        if m.name == "time.step" or m.scope.kind != ScopeKind.INTERVAL:
            continue
        k = _STEP.search(m.scope.name)
        if k is None or not 0 < abs(m.value) < DBL_MIN:
            continue
        steps = sorted(n for n, _ in sj.fast + sj.slow)
        i = steps.index(sj.onset)
        if int(k.group(1)) >= steps[max(0, i - 1)]:
            out.append(Located(m, prof))
    return out
