"""The Optuna bridge: ask/tell over a :class:`Space`, each trial evaluated by a callback.

The callback is normally :class:`perfscout.tune.evaluate.ExperimentEvaluator` (the experiment
runner with its repetitions, correctness gate and validity gate). A trial whose evaluation fails
or is judged invalid is told as FAIL with the reason in its user attributes: it is never scored
as fast. Studies live in a storage (``sqlite:///...`` for one machine, ``journal:PATH`` for
Optuna's journal file on a shared filesystem, or any RDB URL), so a study resumes after a crash
and several workers can share it: trials a dead worker left RUNNING are failed as stale and their
parameters queued again; a configuration already measured is not measured twice.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import signal
import socket
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol

import optuna
import optuna.storages.journal
from optuna.distributions import (
    BaseDistribution,
    CategoricalDistribution,
    FloatDistribution,
    IntDistribution,
)
from optuna.trial import TrialState

from perfscout.model.errors import InputError
from perfscout.tune.samplers import make_sampler
from perfscout.tune.space import Space

optuna.logging.set_verbosity(optuna.logging.WARNING)


@dataclass(frozen=True)
class Evaluation:
    """What evaluating one configuration gave: a value, or a failure with its reason."""

    value: float | None
    ok: bool
    reason: str = ""
    attrs: Mapping[str, Any] = field(default_factory=dict)


Evaluate = Callable[[dict[str, Any]], Evaluation]
Progress = Callable[[dict[str, Any]], None]


def distributions(space: Space) -> dict[str, BaseDistribution]:
    out: dict[str, BaseDistribution] = {}
    for p in space.params:
        if p.kind in ("categorical", "ordinal", "pow2"):
            out[p.name] = CategoricalDistribution(list(p.choices()))
        elif p.kind == "int":
            assert p.low is not None and p.high is not None
            out[p.name] = IntDistribution(int(p.low), int(p.high))
        else:
            assert p.low is not None and p.high is not None
            out[p.name] = FloatDistribution(p.low, p.high)
    return out


def open_storage(url: str | None, home: Path) -> optuna.storages.BaseStorage:
    """``journal:PATH`` -> Optuna journal file storage; an RDB URL; None -> home's SQLite.

    Use this, not a bare URL, wherever a study is opened: several processes may open a fresh
    database at the same moment (``--workers``, a second user's run, a reader polling a study),
    and the one that loses the schema-creation race must wait and load, not crash.
    """
    if not url:
        home.mkdir(parents=True, exist_ok=True)
        url = f"sqlite:///{home / 'studies.db'}"
    if url.startswith("journal:"):
        path = Path(url.removeprefix("journal:")).expanduser()
        path.parent.mkdir(parents=True, exist_ok=True)
        backend = optuna.storages.journal.JournalFileBackend(str(path))
        return optuna.storages.journal.JournalStorage(backend)
    return _rdb(url)


def _rdb(url: str, attempts: int = 8) -> optuna.storages.RDBStorage:
    """An RDB storage that survives another process creating the same schema concurrently."""
    import sqlalchemy.exc

    kwargs: dict[str, Any] = {}
    if url.startswith("sqlite"):  # wait for a busy writer instead of failing at once
        kwargs = {"connect_args": {"timeout": 30}}
    hint = "give sqlite:///FILE, journal:PATH or a reachable RDB URL with its driver installed"
    for i in range(attempts):
        try:
            return optuna.storages.RDBStorage(url, engine_kwargs=kwargs)
        except (sqlalchemy.exc.ArgumentError, ImportError) as exc:
            raise InputError(f"cannot use the study storage {url}: {exc}", hint=hint) from None
        except (sqlalchemy.exc.IntegrityError, sqlalchemy.exc.OperationalError) as exc:
            racing = isinstance(exc, sqlalchemy.exc.IntegrityError) or any(
                w in str(exc.orig) for w in ("already exists", "locked"))
            if not racing or i == attempts - 1:
                raise InputError(f"cannot open the study storage {url}: {exc.orig}",
                                 hint=hint) from None
            time.sleep(0.1 * (i + 1))
    raise AssertionError("unreachable")


def load_or_create(name: str, storage: optuna.storages.BaseStorage, direction: str,
                   sampler: str = "tpe", seed: int | None = None) -> optuna.Study:
    return optuna.create_study(study_name=name, storage=storage, load_if_exists=True,
                               direction=direction_literal(direction),
                               sampler=make_sampler(sampler, seed))


def direction_literal(d: str) -> Literal["minimize", "maximize"]:
    if d not in ("minimize", "maximize"):
        raise InputError(f"direction must be minimize or maximize, not {d!r}")
    return "minimize" if d == "minimize" else "maximize"


def _alive(attrs: Mapping[str, Any]) -> bool:
    """Whether the worker that asked a trial still runs. A trial with no host/pid was asked
    by a worker killed before it could say who it was (or by an old version): dead."""
    host = attrs.get("host")
    if host is None:
        return False
    if host != socket.gethostname():
        return True  # another node's worker: cannot tell, leave it
    pid = attrs.get("pid")
    if not isinstance(pid, int):
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _owner() -> dict[str, Any]:
    return {"host": socket.gethostname(), "pid": os.getpid()}


def recover_stale(study: optuna.Study) -> int:
    """Fail RUNNING trials whose worker is gone and queue their parameters again.

    A trial killed anywhere (inside ``study.ask``, in the build, in a run) is RUNNING with its
    asker's host/pid (set before the ask, see :func:`ask_owned`): once that process is gone it
    is failed as stale and its point queued again."""
    n = 0
    for t in study.get_trials(deepcopy=False, states=(TrialState.RUNNING,)):
        if _alive(t.user_attrs):
            continue
        study._storage.set_trial_user_attr(t._trial_id, "stale", True)
        study.tell(t.number, state=TrialState.FAIL, skip_if_finished=True)
        if t.params and not _covered(study, t.params, t.number):
            # not Optuna's skip_if_exists: it counts the stale trial itself as a repeat
            study.enqueue_trial(dict(t.params), user_attrs={**_owner(),
                                                            "requeued_from": t.number})
        n += 1
    return n


def _covered(study: optuna.Study, params: Mapping[str, Any], number: int) -> bool:
    """Another trial already has (or will have) these parameters measured."""
    key = _key(params)
    for t in study.get_trials(deepcopy=False):
        if t.number == number or t.user_attrs.get("stale"):
            continue
        got = t.system_attrs.get("fixed_params", t.params) if t.state == TrialState.WAITING \
            else t.params
        if _key(got) == key:
            return True
    return False


def ask_owned(study: optuna.Study, dists: Mapping[str, BaseDistribution],
              point: Mapping[str, Any] | None = None) -> optuna.Trial:
    """``study.ask`` whose trial carries this process's host/pid from the moment it exists.

    Optuna creates the trial inside ``ask`` and samples afterwards; a process killed in
    between left a RUNNING trial nobody could tell was dead. Here the trial is enqueued first
    (WAITING, with the owner attributes and ``point``'s parameters if given) and ``ask`` pops
    it; the attributes are written again after the ask, in case another worker's queued trial
    was popped instead."""
    study.enqueue_trial(dict(point or {}), user_attrs=_owner())
    trial = study.ask(dict(dists))
    for k, v in _owner().items():
        study._storage.set_trial_user_attr(trial._trial_id, k, v)
    return trial


def _key(params: Mapping[str, Any]) -> str:
    return json.dumps(dict(sorted(params.items())), sort_keys=True, default=str)


@contextlib.contextmanager
def core_lock(path: Path | None) -> Iterator[None]:
    """Hold the node's timing lock so two workers never time trials on the same cores."""
    if path is None:
        yield
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def finished(study: optuna.Study) -> list[optuna.trial.FrozenTrial]:
    return [t for t in study.get_trials(deepcopy=False)
            if t.state == TrialState.COMPLETE
            or (t.state == TrialState.FAIL and not t.user_attrs.get("stale"))]


def optimize(study: optuna.Study, space: Space, evaluate: Evaluate, budget: int, *,
             lock: Path | None = None, progress: Progress | None = None,
             max_asks: int | None = None, guide: Guide | None = None) -> None:
    """Ask/tell until ``budget`` trials are finished in the (possibly shared) study.

    With a ``guide`` (:class:`perfscout.tune.design.DesignProposer`), its points are asked
    first (enqueued), each trial recording the phase that chose it; the study's sampler
    proposes the rest over the full space."""
    if not space.params:
        raise InputError("the space has no free parameters to tune",
                         hint="widen the space or tune without --from-analysis")
    dists = distributions(space)
    fixed = space.fixed_values()
    recover_stale(study)
    _install_ask_hook(study)
    if guide is not None:
        for t in finished(study):
            guide.observe({**fixed, **t.params},
                          t.value if t.state == TrialState.COMPLETE else None)
    asks = 0
    limit = max_asks if max_asks is not None else budget * 20
    exhausted = False
    while len(finished(study)) < budget and asks < limit and not exhausted:
        asks += 1
        got = guide.propose() if guide is not None else None
        trial = ask_owned(study, dists, {n: got[0][n] for n in dists} if got else None)
        if got:
            trial.set_user_attr("proposed_by", got[1])
        params = dict(trial.params)
        point = {**fixed, **params}
        if not space.feasible(point):
            trial.set_user_attr("reason", "violates a constraint")
            exhausted = _tell(study, trial, state=TrialState.PRUNED)
            continue
        if _claimed(study, params, trial.number):
            trial.set_user_attr("reason", "being evaluated by another worker")
            exhausted = _tell(study, trial, state=TrialState.PRUNED)
            continue
        prior = _measured(study, params, trial.number)
        if prior is not None:
            trial.set_user_attr("cached_from", prior.number)
            trial.set_user_attr("reason", f"same configuration as trial {prior.number}")
            if prior.state == TrialState.COMPLETE:
                exhausted = _tell(study, trial, prior.value)
            else:  # a configuration that failed is not measured again
                exhausted = _tell(study, trial, state=TrialState.FAIL)
            if guide is not None:
                guide.observe(point, prior.value if prior.state == TrialState.COMPLETE
                              else None)
            _report(progress, study, trial.number, params, prior.value, True, cached=True)
            continue
        with core_lock(lock):
            ev = evaluate(point)
        for k, v in ev.attrs.items():
            trial.set_user_attr(k, v)
        if ev.ok and ev.value is not None:
            exhausted = _tell(study, trial, ev.value)
        else:
            trial.set_user_attr("reason", ev.reason or "evaluation failed")
            exhausted = _tell(study, trial, state=TrialState.FAIL)
        if guide is not None:
            guide.observe(point, ev.value if ev.ok else None)
        _report(progress, study, trial.number, params, ev.value, ev.ok, reason=ev.reason)


def _tell(study: optuna.Study, trial: optuna.Trial, value: float | None = None,
          state: TrialState | None = None) -> bool:
    """``study.tell``; True when the sampler says the space is exhausted.

    A sampler that has proposed every point (``bruteforce``) calls ``study.stop()`` after the
    last tell, which Optuna only allows inside ``study.optimize`` (RuntimeError here, after the
    trial's state is stored): that is the end of the search, not an error."""
    try:
        if state is None:
            study.tell(trial, value)
        else:
            study.tell(trial, state=state)
    except RuntimeError as exc:
        if "Study.stop" not in str(exc):
            raise
        return True
    return False


class Guide(Protocol):
    """What :func:`optimize` needs of an evidence guide (see :mod:`perfscout.tune.prior`)."""

    def propose(self) -> tuple[dict[str, Any], str] | None: ...

    def observe(self, point: Mapping[str, Any], value: float | None) -> None: ...


ASK_HOOK = "PERFSCOUT_TUNE_ASK_HOOK"


class _AskHook(optuna.samplers.BaseSampler):
    """Fault injection for tests: ``PERFSCOUT_TUNE_ASK_HOOK=N:FIFO`` makes the N-th ask of
    this process write its trial number to FIFO and then wait forever, inside ``study.ask``
    (the trial exists, RUNNING, not yet sampled), so a test can kill the process in exactly
    that state on an explicit signal."""

    def __init__(self, inner: optuna.samplers.BaseSampler, nth: int, fifo: str) -> None:
        self.inner, self.nth, self.fifo, self.count = inner, nth, fifo, 0

    def infer_relative_search_space(self, study: optuna.Study, trial: Any) -> Any:
        return self.inner.infer_relative_search_space(study, trial)

    def sample_relative(self, study: optuna.Study, trial: Any, space: Any) -> Any:
        return self.inner.sample_relative(study, trial, space)

    def sample_independent(self, study: optuna.Study, trial: Any, name: str,
                           dist: BaseDistribution) -> Any:
        return self.inner.sample_independent(study, trial, name, dist)

    def before_trial(self, study: optuna.Study, trial: Any) -> None:
        self.inner.before_trial(study, trial)
        self.count += 1
        if self.count == self.nth:
            with open(self.fifo, "w") as fh:
                fh.write(f"{trial.number}\n")
            signal.pause()
            while True:  # pragma: no cover - only a signal ends this
                signal.pause()

    def after_trial(self, study: optuna.Study, trial: Any, state: Any, values: Any) -> None:
        self.inner.after_trial(study, trial, state, values)


def _install_ask_hook(study: optuna.Study) -> None:
    spec = os.environ.get(ASK_HOOK, "")
    if spec and ":" in spec and not isinstance(study.sampler, _AskHook):
        nth, fifo = spec.split(":", 1)
        study.sampler = _AskHook(study.sampler, int(nth), fifo)


def _measured(study: optuna.Study, params: Mapping[str, Any], number: int
              ) -> optuna.trial.FrozenTrial | None:
    key = _key(params)
    for t in study.get_trials(deepcopy=False, states=(TrialState.COMPLETE, TrialState.FAIL)):
        if t.number != number and not t.user_attrs.get("stale") \
                and "cached_from" not in t.user_attrs and _key(t.params) == key:
            return t
    return None


def _claimed(study: optuna.Study, params: Mapping[str, Any], number: int) -> bool:
    key = _key(params)
    return any(t.number != number and _key(t.params) == key and _alive(t.user_attrs)
               for t in study.get_trials(deepcopy=False, states=(TrialState.RUNNING,)))


def _report(progress: Progress | None, study: optuna.Study, number: int, params: Mapping[str, Any],
            value: float | None, ok: bool, cached: bool = False, reason: str = "") -> None:
    if progress is None:
        return
    fin = finished(study)
    done = [t for t in fin if t.state == TrialState.COMPLETE]
    best = study.best_trial if done else None
    progress({"trial": number, "params": dict(params), "value": value, "ok": ok,
              "cached": cached, "reason": reason, "done": len(fin),
              "failed": len(fin) - len(done),
              "best_value": best.value if best else None,
              "best_params": dict(best.params) if best else None})


def summary(study: optuna.Study, space: Space) -> dict[str, Any]:
    """best_params, best_value, n_trials, n_failed and the searched space (for --json)."""
    fin = finished(study)
    done = [t for t in fin if t.state == TrialState.COMPLETE]
    best = study.best_trial if done else None
    importances: dict[str, float] = {}
    if len({_key(t.params) for t in done}) >= 4 and len(space.params) >= 2:
        try:
            importances = {k: float(v) for k, v in
                           optuna.importance.get_param_importances(study).items()}
        except (RuntimeError, ValueError, ZeroDivisionError):
            importances = {}
    return {
        "study": study.study_name,
        "direction": study.direction.name.lower(),
        "best_params": {**space.fixed_values(), **(best.params if best else {})},
        "best_value": best.value if best else None,
        "best_trial": best.number if best else None,
        "top": [{**space.fixed_values(), **t.params} for t in
                sorted(done, key=lambda t: t.value or 0.0,
                       reverse=study.direction.name.lower() == "maximize")[:10]],
        "n_trials": len(fin),
        "n_failed": len(fin) - len(done),
        "n_cached": sum(1 for t in fin if "cached_from" in t.user_attrs),
        # the evaluations it took: trials actually measured (not answered from the study)
        "n_evaluated": sum(1 for t in fin if "cached_from" not in t.user_attrs),
        "failures": [{"trial": t.number, "reason": t.user_attrs.get("reason", "")}
                     for t in fin if t.state == TrialState.FAIL][:20],
        "importances": importances,
        "space": space.describe(),
    }
