"""The local runner: policy check, confined spawn, capped capture, whole-tree kill, audit.

:class:`LocalRunner` implements :class:`perfscout.model.runs.Runner`. Its pieces (the
:class:`~perfscout.sandbox.evaluate.Evaluator`, :class:`~perfscout.sandbox.audit.AuditLog`,
:func:`~perfscout.sandbox.containment.rlimit_plan`, :func:`build_env`) are public so the Slurm
runner enforces the same policy and writes the same log.

A command is spawned with vfork through the exec wrapper (cgroup join and limits before the
program starts), inside the runner's network namespace unless its rule asks for the network;
its exit is noticed through a pidfd, so nothing polls. Overhead per command is measured by
``benches/bench_sandbox.py``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import os
import resource
import selectors
import signal
import subprocess
import threading
import time
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from perfscout.model.clock import utc_now
from perfscout.model.runs import PolicyDecision, RunRequest, RunResult
from perfscout.model.serialize import to_jsonable
from perfscout.sandbox import confine, containment
from perfscout.sandbox.approval import check_token
from perfscout.sandbox.audit import AuditLog, default_log, secret_paths
from perfscout.sandbox.containment import (
    MARKER_VAR,
    CgroupPool,
    IsolatedNetns,
    RunGroup,
    child_setup,
    wrapper_argv,
)
from perfscout.sandbox.evaluate import Evaluator, Verdict
from perfscout.sandbox.execwrap import Wrapper, exec_wrapper
from perfscout.sandbox.policy import EnvPolicy, Limits, Policy, timeout_problem

TRUNCATION_MARKER = "\n[perfscout: output truncated after {cap} bytes; {total} bytes in all]\n"
KILL_GRACE_S = 0.5


class EnvFilter:
    """The child's environment from an env policy: which names pass
    (:meth:`EnvPolicy.passes`), which are dropped, and the forced ones."""

    def __init__(self, env_policy: EnvPolicy) -> None:
        self.policy = env_policy

    def denied(self, name: str) -> bool:
        return self.policy.denied(name)

    def allowed(self, name: str) -> bool:
        return self.policy.passes(name)

    def build(self, base: Mapping[str, str],
              extra: Mapping[str, str]) -> tuple[dict[str, str], list[str]]:
        """See :func:`build_env`."""
        out: dict[str, str] = {}
        dropped: list[str] = []
        for src in (base, extra):
            for k, v in src.items():
                if self.allowed(k):
                    out[k] = v
                elif src is extra or self.denied(k):
                    dropped.append(k)
        out.update(self.policy.force)
        return out, sorted(set(dropped))


def build_env(env_policy: EnvPolicy, base: Mapping[str, str],
              extra: Mapping[str, str]) -> tuple[dict[str, str], list[str]]:
    """The child's environment: allowlisted names from ``base`` and ``extra``, then forced ones.

    Returns the environment and the names that were dropped (for the audit log): every denied
    name, and any name of ``extra`` that is not allowlisted.
    """
    return EnvFilter(env_policy).build(base, extra)



def _own_peak_kb(ru: Any, spawner_peak_kb: int) -> int | None:
    """The program's peak RSS, or None when it cannot be told apart from ours.

    Linux keeps a process's peak RSS across exec, and a child spawned by fork or vfork starts
    with the spawner's: a tiny program started from a 400 MB Python process reports 400 MB.
    A peak above the spawner's own is the program's; one at or below it may be inherited, and
    is reported as unknown rather than as a wrong number."""
    if ru is None or ru.ru_maxrss <= spawner_peak_kb:
        return None
    return int(ru.ru_maxrss)

@dataclass
class _Stream:
    cap: int
    data: bytearray
    total: int = 0

    def feed(self, chunk: bytes) -> None:
        self.total += len(chunk)
        room = self.cap - len(self.data)
        if room > 0:
            self.data += chunk[:room]

    @property
    def truncated(self) -> bool:
        return self.total > self.cap

    def text(self) -> str:
        s = self.data.decode("utf-8", errors="replace")
        if self.truncated:
            s += TRUNCATION_MARKER.format(cap=self.cap, total=self.total)
        return s


class LocalRunner:
    """Runs commands on this machine under ``policy``, confined to ``workspace``.

    ``home`` is where approval tokens live (PERFSCOUT_HOME). Denials are results, not
    exceptions. The total time budget is shared by every command this runner runs.
    ``extra_roots`` are further directories that paths and working directories may name
    (programs still run only from the workspace or the trusted system directories).

    Every allowed command runs inside a bubblewrap view (:mod:`perfscout.sandbox.confine`):
    only the workspace and the extra roots writable, perfscout's home, audit log, key and
    approvals invisible, no capabilities, its own network and pid namespaces. Where bwrap is
    missing every command is refused, unless ``unconfined`` is set (``--unconfined``; each
    record then says ``confined: none``).
    """

    def __init__(self, policy: Policy, workspace: Path, home: Path,
                 audit_log: Path | None = None, base_env: Mapping[str, str] | None = None,
                 use_exec_wrapper: bool = True, extra_roots: Sequence[Path] = (),
                 unconfined: bool = False) -> None:
        self.policy = policy
        self.workspace = Path(os.path.realpath(workspace))
        self.home = home
        self.extra_roots = tuple(Path(os.path.realpath(r)) for r in extra_roots)
        self.evaluator = Evaluator(policy, self.workspace, self._token_ok,
                                   extra_roots=extra_roots)
        self.audit = AuditLog(audit_log or default_log(self.workspace), home)
        self.unconfined = unconfined
        self._views: dict[bool, confine.View] = {}
        self.base_env = dict(os.environ if base_env is None else base_env)
        self.env_filter = EnvFilter(policy.env)
        self._base_clean, self._base_dropped = self.env_filter.build(self.base_env, {})
        self.use_exec_wrapper = use_exec_wrapper
        self._wrapper: Wrapper | None = None
        self._netns: IsolatedNetns | None = None
        self._cgroups = CgroupPool()
        self._memory_cgroups = CgroupPool("memory")
        weakref.finalize(self, self._cgroups.close)
        weakref.finalize(self, self._memory_cgroups.close)
        self.spent_s = 0.0
        self._lock = threading.Lock()

    # -- Runner protocol ----------------------------------------------------------------------
    def check(self, argv: tuple[str, ...], *, approval_token: str | None = None) -> PolicyDecision:
        """Decide on ``argv`` run from the workspace, without running it (not audited)."""
        return self.evaluator.evaluate(argv, approval_token=approval_token).decision

    def verdict(self, request: RunRequest) -> Verdict:
        """The full verdict (decision, limits, network, timeout) for ``request``."""
        cwd = Path(request.cwd) if request.cwd else None
        if cwd is not None and not cwd.is_absolute():
            cwd = self.workspace / cwd
        return self.evaluator.evaluate(request.argv, cwd=cwd,
                                       approval_token=request.approval_token)

    def run(self, request: RunRequest) -> RunResult:
        """Run ``request`` if allowed; every request, allowed or not, is audited."""
        v = self.verdict(request)
        base: dict[str, Any] = {"purpose": request.purpose, "argv": list(request.argv),
                                "cwd": self._cwd(request), "rule": v.decision.rule,
                                "allowed": v.allowed}
        if not v.allowed:
            res = RunResult(request.argv, False, v.decision.rule,
                            reason=_denial_text(v.decision))
            self._log(base | {"reason": v.decision.reason,
                              "suggestion": v.decision.suggestion}, res)
            return res
        cap = v.timeout_s or self.policy.timeout_s
        bad = timeout_problem(request.timeout_s, cap)
        if bad:
            res = RunResult(request.argv, False, "deny:timeout", reason=bad)
            self._log(base | {"allowed": False, "rule": "deny:timeout", "reason": bad}, res)
            return res
        timeout = request.timeout_s or cap
        if self.policy.total_budget_s is not None:
            left = self.policy.total_budget_s - self.spent_s
            if left <= 0:
                res = RunResult(request.argv, False, "deny:total-budget",
                                reason=f"the runner's total time budget of "
                                f"{self.policy.total_budget_s:g} s is spent")
                self._log(base | {"allowed": False, "rule": "deny:total-budget"}, res)
                return res
            timeout = min(timeout, left)
        bwrap = self.confinement()
        if bwrap is None and not self.unconfined:
            res = RunResult(request.argv, False, "deny:no-confinement",
                            reason=confine.missing_text())
            self._log(base | {"allowed": False, "rule": "deny:no-confinement",
                              "reason": res.reason}, res)
            return res
        netns = None if v.network or bwrap else self.network_namespace()
        res, extra = self._spawn(request, v, timeout, netns, bwrap)
        self.spent_s += res.duration_s
        self._log(base | {"resolved_argv": list(v.decision.resolved_argv),
                          "limits": dict(_limits_json(v.limits)), "timeout_s": timeout,
                          "network_requested": v.network} | extra, res)
        return res

    def record_denial(self, command: str, rule: str, reason: str, purpose: str = "") -> None:
        """Audit a request refused before it became an argv (a shell string, say)."""
        res = RunResult((command,), False, rule, reason=reason)
        self._log({"purpose": purpose, "argv": [command], "cwd": str(self.workspace),
                   "rule": rule, "allowed": False, "reason": reason}, res)

    def _token_ok(self, token: str | None, scope: str, argv: Sequence[str]) -> bool:
        return check_token(self.home, token, scope, argv=argv)

    def confinement(self) -> str | None:
        """The bwrap binary commands run under, or None (then only ``unconfined`` runs)."""
        return confine.bwrap_path(self.policy.search_path)

    def view(self, network: bool) -> confine.View:
        """The mount/namespace view of this runner's commands (made once per network mode)."""
        if network not in self._views:
            self.audit.touch()  # exists before any command runs, so it is hidden, not creatable
            hidden = tuple(dict.fromkeys((*secret_paths(self.home), self.audit.path,
                                          *self.audit.private_paths())))
            self._views[network] = confine.View((self.workspace, *self.extra_roots), hidden,
                                                network)
        return self._views[network]

    def network_namespace(self) -> IsolatedNetns | None:
        """This runner's isolated namespace (made on first use), or None where there can be none.

        One namespace serves every isolated command of the runner: none sees a host interface;
        commands running at the same time share its loopback.
        """
        if self._netns is None and containment.netns_available():
            with self._lock:
                if self._netns is None:
                    try:
                        self._netns = IsolatedNetns()
                    except OSError:
                        return None
        return self._netns if containment.netns_available() else None

    def wrapper(self) -> Wrapper:
        """The exec wrapper this runner spawns through (built on first use), or why none."""
        if self._wrapper is None:
            self._wrapper = (exec_wrapper(self.home, self.policy.search_path)
                             if self.use_exec_wrapper else Wrapper(None, "disabled"))
        return self._wrapper

    # -- internals ----------------------------------------------------------------------------
    def _cwd(self, request: RunRequest) -> str:
        if not request.cwd:
            return str(self.workspace)
        return str(self.workspace / request.cwd)

    def _env(self, request: RunRequest) -> tuple[dict[str, str], list[str]]:
        if not request.env:
            return dict(self._base_clean), list(self._base_dropped)
        extra, dropped = self.env_filter.build({}, request.env)
        env = self._base_clean | {k: v for k, v in extra.items()
                                  if k not in self.policy.env.force}
        return env, sorted(set(self._base_dropped) | set(dropped))

    def _spawn(self, request: RunRequest, v: Verdict, timeout: float,
               netns: IsolatedNetns | None,
               bwrap: str | None) -> tuple[RunResult, dict[str, Any]]:
        isolate = netns is not None or (bwrap is not None and not v.network)
        env, dropped = self._env(request)
        group = RunGroup(v.limits.nproc, self._cgroups, v.limits.memory_mb, self._memory_cgroups)
        if group.memory_error:
            group.close()
            return (RunResult(request.argv, True, v.decision.rule, exit_code=126, reason=(
                f"not run: its {v.limits.memory_mb} MB memory limit needs a per-run memory "
                f"cgroup, and none could be made: {group.memory_error}; retry, or set "
                "limits.memory_mb to null in the sandbox policy to rely on RLIMIT_AS alone")),
                {"memory_cgroup_error": group.memory_error})
        env[MARKER_VAR] = group.marker
        cap = self.policy.output_cap_bytes
        out, err = _Stream(cap, bytearray()), _Stream(cap, bytearray())
        wrapper = self.wrapper().path
        argv = list(v.decision.resolved_argv)
        limits = v.limits
        if bwrap is not None:
            argv = [*self.view(v.network).argv(bwrap, Path(self._cwd(request)), wrapper), *argv]
            if group.cgroup is not None:
                # without capabilities RLIMIT_NPROC would count every uid-0 process of the
                # machine; the pids cgroup bounds this command's tree instead
                limits = dataclasses.replace(limits, nproc=None)
        if wrapper is not None:
            argv = wrapper_argv(wrapper, limits, group.join_files, argv)
        extra: dict[str, Any] = {"env_dropped": dropped,
                                 "spawn": "exec-wrapper" if wrapper else "preexec",
                                 "confined": "bwrap" if bwrap else "none (--unconfined)"}
        spawner_peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        t0 = time.monotonic()
        try:
            with netns.entered() if netns is not None else contextlib.nullcontext():
                proc = subprocess.Popen(
                    argv, cwd=self._cwd(request), env=env,
                    stdin=subprocess.PIPE if request.stdin is not None else subprocess.DEVNULL,
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, close_fds=True,
                    start_new_session=True,
                    preexec_fn=None if wrapper else child_setup(limits, group.join_files),
                )
        except (OSError, subprocess.SubprocessError) as exc:
            group.close()
            return (RunResult(request.argv, True, v.decision.rule,
                              reason=f"could not start: {exc}", exit_code=127,
                              network_isolated=isolate), extra)
        group.attach(proc.pid)
        timed_out, status, ru, run_delay = self._pump(proc, request.stdin, out, err,
                                                      t0 + timeout, group)
        duration = time.monotonic() - t0
        leftovers = group.kill_all()
        contained_by = group.contained_by
        memory = group.memory()
        group.close()
        exit_code = sig = None
        if status is not None:
            if os.WIFSIGNALED(status):
                sig = os.WTERMSIG(status)
            else:
                exit_code = os.waitstatus_to_exitcode(status)
                if bwrap is not None and (inner := confine.signal_of(exit_code)) is not None:
                    exit_code, sig = None, inner
        reason = ""
        if timed_out:
            reason = f"timed out after {timeout:g} s; the whole process tree was killed"
        elif sig is not None:
            reason = f"killed by signal {signal.Signals(sig).name}"
            if memory is not None and memory.oom_kills:
                reason += (f" (its process tree reached the memory limit of "
                           f"{v.limits.memory_mb} MB)")
        elif exit_code in (126, 127) and wrapper and out.total == 0 \
                and err.data.startswith(b"perfscout-exec: "):
            reason = "could not start: " + err.data.decode(errors="replace").strip()[16:]
        elif exit_code in (1, 126, 127) and bwrap and out.total == 0 \
                and err.data.startswith(b"bwrap: "):
            reason = "could not start: " + err.data.decode(errors="replace").strip()[7:]
            exit_code = 127
        elif exit_code:
            reason = f"exited with status {exit_code}"
        res = RunResult(
            request.argv, True, v.decision.rule, reason=reason, exit_code=exit_code, signal=sig,
            timed_out=timed_out, stdout=out.text(), stderr=err.text(),
            stdout_truncated=out.truncated, stderr_truncated=err.truncated,
            duration_s=duration, user_s=ru.ru_utime if ru else None,
            sys_s=ru.ru_stime if ru else None, max_rss_kb=_own_peak_kb(ru, spawner_peak_kb),
            run_delay_s=run_delay, nivcsw=ru.ru_nivcsw if ru else None,
            network_isolated=isolate,
        )
        extra |= {"contained_by": contained_by, "memory_cgroup": (
                      None if memory is None else {"limit_mb": v.limits.memory_mb}
                      | dataclasses.asdict(memory)),
                  "leftover_processes_killed": leftovers,
                  "stdout_total_bytes": out.total, "stderr_total_bytes": err.total}
        return res, extra

    def _pump(self, proc: subprocess.Popen[bytes], stdin: str | None, out: _Stream,
              err: _Stream, deadline: float,
              group: RunGroup) -> tuple[bool, int | None, Any, float | None]:
        """Read both pipes until EOF and the child is reaped, or the deadline passes.

        The child's exit wakes the selector through a pidfd (Linux 5.3+); without one the loop
        polls with a short, growing sleep.
        """
        if proc.stdin is not None:
            try:
                proc.stdin.write((stdin or "").encode())
            except BrokenPipeError:
                pass
            finally:
                proc.stdin.close()
        sel = selectors.DefaultSelector()
        assert proc.stdout is not None and proc.stderr is not None
        sel.register(proc.stdout, selectors.EVENT_READ, out)
        sel.register(proc.stderr, selectors.EVENT_READ, err)
        pidfd = _pidfd(proc.pid)
        if pidfd is not None:
            sel.register(pidfd, selectors.EVENT_READ, None)
        pipes = 2
        timed_out = False
        status: int | None = None
        ru: Any = None
        run_delay: float | None = None
        reaped_at: float | None = None
        nap = 0.0002
        check_exit = True
        try:
            while True:
                if status is None and check_exit:
                    exited = _exited_run_delay(proc.pid)
                    pid, st, r = os.wait4(proc.pid, os.WNOHANG)
                    if pid:
                        run_delay = exited
                        status, ru, reaped_at = st, r, time.monotonic()
                        proc.returncode = os.waitstatus_to_exitcode(st)
                        if pidfd is not None:
                            sel.unregister(pidfd)
                check_exit = pidfd is None
                now = time.monotonic()
                if pipes == 0:
                    if status is not None:
                        break
                    if now >= deadline:
                        timed_out = True
                        break
                    if pidfd is None:
                        time.sleep(min(deadline - now, nap))
                        nap = min(nap * 2, 0.02)
                        continue
                if now >= deadline:
                    timed_out = True
                    break
                if reaped_at is not None and now - reaped_at > 0.2:
                    group.kill_all()  # descendants hold the pipes open: the command is over
                    reaped_at = now
                wait = deadline - now
                if reaped_at is not None or pidfd is None:
                    wait = min(wait, 0.05)
                for key, _ in sel.select(timeout=wait):
                    if key.data is None:  # the pidfd: the child exited
                        check_exit = True
                        continue
                    chunk = os.read(key.fd, 65536)
                    if chunk:
                        key.data.feed(chunk)
                    else:
                        sel.unregister(key.fileobj)
                        pipes -= 1
                if pipes == 0 and status is None:
                    check_exit = True
        finally:
            if timed_out:
                # bwrap itself is spared the SIGTERM: it would die at once and report it
                group.kill_all(grace_s=KILL_GRACE_S, spare=frozenset({proc.pid}))
                if status is None:
                    _, status, ru = os.wait4(proc.pid, 0)
                    proc.returncode = os.waitstatus_to_exitcode(status)
            for key in list(sel.get_map().values()):
                if key.data is not None:
                    _drain(key.fd, key.data)
                sel.unregister(key.fileobj)
            sel.close()
            if pidfd is not None:
                os.close(pidfd)
            assert proc.stdout is not None and proc.stderr is not None
            proc.stdout.close()
            proc.stderr.close()
        return timed_out, status, ru, run_delay

    def _log(self, base: dict[str, Any], res: RunResult) -> None:
        rec = base | {
            "exit_code": res.exit_code, "signal": res.signal, "timed_out": res.timed_out,
            "duration_s": round(res.duration_s, 6), "reason": base.get("reason", res.reason),
            "stdout_bytes": len(res.stdout.encode()), "stderr_bytes": len(res.stderr.encode()),
            "stdout_sha256": hashlib.sha256(res.stdout.encode()).hexdigest(),
            "stderr_sha256": hashlib.sha256(res.stderr.encode()).hexdigest(),
            "stdout_truncated": res.stdout_truncated, "stderr_truncated": res.stderr_truncated,
            "user_s": res.user_s, "sys_s": res.sys_s, "max_rss_kb": res.max_rss_kb,
            "network_isolated": res.network_isolated,
            "time": utc_now(),
        }
        with self._lock:
            self.audit.append(rec)


def _exited_run_delay(pid: int) -> float | None:
    """Seconds ``pid`` waited runnable for a CPU, read from its zombie before it is reaped
    (``waitid(WNOWAIT)`` leaves it in place); None while it runs or where schedstat is absent."""
    try:
        if os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None:
            return None
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return None


@functools.lru_cache(maxsize=64)
def _limits_json(limits: Limits) -> dict[str, Any]:
    return dict(to_jsonable(limits))


def _pidfd(pid: int) -> int | None:
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None


def _drain(fd: int, stream: _Stream) -> None:
    os.set_blocking(fd, False)
    try:
        while True:
            chunk = os.read(fd, 65536)
            if not chunk:
                return
            stream.feed(chunk)
    except (BlockingIOError, OSError):
        return


def _denial_text(d: PolicyDecision) -> str:
    return d.reason + (f" (to allow: {d.suggestion})" if d.suggestion else "")
