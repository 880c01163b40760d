"""Policy evaluation: decide whether an argv may run, naming the rule that decided.

:func:`evaluate` is pure (it reads the filesystem only to resolve executables and paths) and is
shared by every runner (local, Slurm) and by ``perfscout policy check``. Wrappers such as
``perf stat``, ``mpirun``, ``numactl``, ``valgrind``, ``time`` and ``taskset`` have their wrapped
program checked recursively by the same policy.
"""

from __future__ import annotations

import fnmatch
import functools
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from perfscout.model.runs import PolicyDecision
from perfscout.sandbox.paths import confine, inside, looks_like_path, resolve, roots_text
from perfscout.sandbox.policy import ArgRule, Limits, Policy, ValueSpec

# Refused anywhere in an argument: without a shell they would be literal, so their presence
# means the caller expected a shell to interpret them.
METACHARS = (";", "|", "&", "<", ">", "`", "$(", "${", "\n", "\r", "\x00")
MAX_DEPTH = 6

TokenCheck = Callable[[str | None, str, Sequence[str]], bool]  # token, scope, argv


@dataclass(frozen=True)
class Verdict:
    """A :class:`PolicyDecision` plus what the runner needs to enforce it."""

    decision: PolicyDecision
    limits: Limits = field(default_factory=Limits)
    network: bool = False
    timeout_s: float | None = None
    approval_scope: str | None = None

    @property
    def allowed(self) -> bool:
        return self.decision.allowed


class _Deny(Exception):
    def __init__(self, rule: str, reason: str, suggestion: str = "") -> None:
        super().__init__(reason)
        self.rule, self.reason, self.suggestion = rule, reason, suggestion


@dataclass
class _Acc:
    rules: list[str] = field(default_factory=list)
    limits: Limits | None = None
    network: bool = False
    timeout_s: float | None = None
    approval: str | None = None
    argv: list[str] = field(default_factory=list)


@functools.lru_cache(maxsize=256)
def _override(base: Limits, rule: Limits) -> Limits:
    return base.override(rule)


@functools.lru_cache(maxsize=256)
def _widest(a: Limits, b: Limits) -> Limits:
    return a.widest(b)


def _glob_any(arg: str, patterns: Sequence[str]) -> bool:
    return any(fnmatch.fnmatchcase(arg, p) for p in patterns)


def _deny_match(arg: str, deny: dict[str, str] | object) -> tuple[str, str] | None:
    assert isinstance(deny, dict)
    name = arg.split("=", 1)[0]
    for pat, why in deny.items():
        if fnmatch.fnmatchcase(arg, pat) or fnmatch.fnmatchcase(name, pat):
            return pat, why
    return None


class Evaluator:
    """Checks argv lists against one policy, workspace and approval checker."""

    def __init__(self, policy: Policy, workspace: Path,
                 token_ok: TokenCheck | None = None, extra_roots: Sequence[Path] = ()) -> None:
        self.policy = policy
        self.workspace = Path(os.path.realpath(workspace))
        # paths and working directories may also lie here; programs still only in the workspace
        self.roots = (self.workspace, *(Path(os.path.realpath(r)) for r in extra_roots))
        self.token_ok = token_ok or (lambda token, scope, argv: False)

    # -- entry point ---------------------------------------------------------------------
    def evaluate(self, argv: Sequence[str], *, cwd: Path | None = None,
                 approval_token: str | None = None) -> Verdict:
        """The verdict on ``argv`` run from ``cwd`` (default: the workspace)."""
        argv = tuple(argv)
        here = Path(os.path.realpath(cwd)) if cwd else self.workspace
        try:
            if not argv:
                raise _Deny("deny:empty", "no command given")
            if not any(inside(here, r) for r in self.roots):
                raise _Deny("deny:cwd-outside-workspace",
                            f"working directory {here} is outside {roots_text(self.roots)}",
                            "run from inside the workspace (--workspace sets it)")
            for a in argv:
                for m in METACHARS:
                    if m in a:
                        raise _Deny("deny:shell-metachar",
                                    f"argument {a!r} contains the shell metacharacter {m!r}; "
                                    "commands run without a shell",
                                    "pass each argument literally, without shell syntax")
            acc = _Acc()
            self._check(list(argv), here, acc, 0)
            if acc.approval is not None and not self.token_ok(approval_token, acc.approval, argv):
                given = "an invalid or expired token" if approval_token else "no token"
                raise _Deny(f"approval:{acc.approval}",
                            f"{acc.rules[0]} needs an approval token of scope "
                            f"{acc.approval!r}; {given} was given",
                            f"perfscout approve grant --scope {acc.approval}, then pass the "
                            "token (--approval TOKEN / RunRequest.approval_token)")
        except _Deny as d:
            return Verdict(PolicyDecision(False, d.rule, d.reason, d.suggestion))
        limits = acc.limits or self.policy.limits
        return Verdict(
            PolicyDecision(True, " > ".join(acc.rules), "", "", tuple(acc.argv)),
            limits=limits, network=acc.network or self.policy.network,
            timeout_s=acc.timeout_s, approval_scope=acc.approval,
        )

    # -- one executable ----------------------------------------------------------------------
    def _check(self, argv: list[str], cwd: Path, acc: _Acc, depth: int) -> None:
        if depth > MAX_DEPTH:
            raise _Deny("deny:nesting", f"wrappers nested deeper than {MAX_DEPTH} levels")
        exe_arg, args = argv[0], argv[1:]
        path, rule, subs = self._resolve(exe_arg, cwd)
        acc.argv.append(path)
        rest = list(args)
        # options before a subcommand belong to the top-level rule
        if subs:
            i = 0
            while i < len(rest) and rest[i].startswith("-"):
                i += 1
            if i < len(rest) and rest[i] in subs:
                head = rest[:i]
                self._check_args(rule, head, cwd, acc, depth, allow_positionals=False)
                acc.argv.append(rest[i])  # the subcommand
                rule, rest = subs[rest[i]], rest[i + 1:]
        self._note(rule, acc)
        self._check_args(rule, rest, cwd, acc, depth)

    def _note(self, rule: ArgRule, acc: _Acc) -> None:
        acc.rules.append(rule.name)
        eff = _override(self.policy.limits, rule.limits)
        acc.limits = eff if acc.limits is None else _widest(acc.limits, eff)
        acc.network = acc.network or rule.network
        if rule.timeout_s is not None:
            acc.timeout_s = max(acc.timeout_s or 0.0, rule.timeout_s)
        if rule.approval and acc.approval is None:
            acc.approval = rule.approval

    def _resolve(self, exe_arg: str, cwd: Path) -> tuple[str, ArgRule, dict[str, ArgRule]]:
        pol = self.policy
        name = os.path.basename(exe_arg)
        if name in pol.denied:
            raise _Deny(f"deny:exe:{name}", f"{name} is never allowed: {pol.denied[name]}",
                        "run the program directly; the policy checks each program")
        if "/" in exe_arg:
            real = resolve(exe_arg, cwd)
            if inside(real, self.workspace):
                return self._workspace_program(exe_arg, real)
            parent = Path(os.path.realpath(os.path.dirname(resolve_dir(exe_arg, cwd))))
            if str(parent) not in {os.path.realpath(d) for d in pol.search_path}:
                raise _Deny("deny:exe-outside-search-path",
                            f"{exe_arg} is neither in the workspace nor in a trusted directory "
                            f"({', '.join(pol.search_path)})",
                            "build the program inside the workspace or name a system tool")
            path = os.path.join(str(parent), name)
            if not os.access(path, os.X_OK):
                raise _Deny("deny:exe-missing", f"{exe_arg} does not exist or is not executable")
        else:
            path = ""
            for d in pol.search_path:
                cand = os.path.join(d, name)
                if os.path.isfile(cand) and os.access(cand, os.X_OK):
                    path = cand
                    break
        exe = pol.by_name(name)
        if exe is None:
            raise _Deny("deny:unknown-executable",
                        f"{name} is not an allowed executable",
                        "add an entry for it under 'executables:' in a policy file "
                        "(--policy / the 'policy' config key); see perfscout policy show")
        if not path:
            raise _Deny(f"{exe.rule.name}:missing",
                        f"{name} is allowed but not installed in {', '.join(pol.search_path)}",
                        "install it (scripts/install-system.sh)")
        return path, exe.rule, dict(exe.subcommands)

    def _workspace_program(self, exe_arg: str, real: Path) -> tuple[str, ArgRule,
                                                                      dict[str, ArgRule]]:
        rule = self.policy.workspace_programs
        if not real.is_file() or not os.access(real, os.X_OK):
            raise _Deny(f"{rule.name}:not-executable",
                        f"{exe_arg} is not an executable file inside the workspace")
        if not self.policy.allow_scripts:
            try:
                with open(real, "rb") as fh:
                    magic = fh.read(4)
            except OSError as exc:
                raise _Deny(f"{rule.name}:unreadable", f"{exe_arg}: {exc.strerror}") from None
            if magic != b"\x7fELF" and magic[:2] != b"#!":
                raise _Deny(f"{rule.name}:not-a-program",
                            f"{exe_arg} is not an ELF program (a file without a '#!' line "
                            "would be run by /bin/sh)",
                            "compile the program inside the workspace")
            if magic[:2] == b"#!":
                raise _Deny(f"{rule.name}:script",
                            f"{exe_arg} is a '#!' script; scripts would run an interpreter the "
                            "policy does not check",
                            "compile the program, or set workspace_programs.allow_scripts in a "
                            "policy file")
        return str(real), rule, {}

    # -- arguments ---------------------------------------------------------------------------
    def _check_args(self, rule: ArgRule, args: list[str], cwd: Path, acc: _Acc, depth: int,
                    allow_positionals: bool = True) -> None:
        positionals: list[str] = []
        i = 0
        while i < len(args):
            a = args[i]
            if a == "--" and rule.positionals == "program":
                positionals.extend(args[i + 1:i + 2])
                i += 1
                break
            if a == "--" and rule.positionals != "program" and "--" not in rule.flags:
                positionals.extend(args[i + 1:])  # end of options: the rest are arguments
                i = len(args)
                break
            if a.startswith("-") and a != "-":
                # an option after an argument is still an option (git, getopt permute them);
                # a wrapper's program and its arguments were split off above
                i = self._option(rule, args, i, cwd)
                continue
            if rule.positionals == "program":
                break
            positionals.append(a)
            i += 1
        if rule.positionals == "program":
            wrapped = args[i:] if i < len(args) else []
            if ":" in wrapped[1:]:
                raise _Deny(f"{rule.name}:mpmd",
                            f"{rule.name} would start a second program after ':' (MPMD "
                            "syntax) that the policy never checks",
                            "run one program per launcher call")
            acc.argv.extend(args[:i])
            if wrapped:
                self._check(wrapped, cwd, acc, depth + 1)
            return
        acc.argv.extend(args)
        if positionals and not allow_positionals:
            raise _Deny(f"{rule.name}:positional", f"unexpected argument {positionals[0]!r}")
        self._positionals(rule, positionals, cwd)

    def _option(self, rule: ArgRule, args: list[str], i: int, cwd: Path) -> int:
        a = args[i]
        hit = _deny_match(a, dict(rule.deny))
        if hit:
            raise _Deny(f"{rule.name}:deny:{hit[0]}", f"option {a!r} is denied: {hit[1]}",
                        self._allowed_hint(rule))
        if a in rule.keyvalue:
            if i + 2 >= len(args):
                raise _Deny(f"{rule.name}:option", f"option {a} needs a KEY and a VALUE")
            key = args[i + 1]
            for pat in rule.keyvalue[a]:
                if fnmatch.fnmatchcase(key, pat):
                    raise _Deny(f"{rule.name}:deny:{a} {pat}",
                                f"{a} {key} is denied: it changes how processes are launched",
                                "use the default local launcher")
            val = args[i + 2]
            if looks_like_path(val):
                self._path(rule, val, cwd, "read")
            return i + 3
        if a in rule.values:
            if i + 1 >= len(args):
                raise _Deny(f"{rule.name}:option", f"option {a} needs a value")
            self._value(rule, a, rule.values[a], args[i + 1], cwd)
            return i + 2
        if "=" in a:
            name, val = a.split("=", 1)
            if name in rule.values:
                self._value(rule, name, rule.values[name], val, cwd)
                return i + 1
        if len(a) > 2 and not a.startswith("--") and a[:2] in rule.values:
            self._value(rule, a[:2], rule.values[a[:2]], a[2:], cwd)
            return i + 1
        if _glob_any(a, rule.flags):
            if "=" in a:
                val = a.split("=", 1)[1]
                if looks_like_path(val):
                    self._path(rule, val, cwd, "write")
            return i + 1
        raise _Deny(f"{rule.name}:option", f"option {a!r} is not allowed by {rule.name}",
                    self._allowed_hint(rule))

    def _value(self, rule: ArgRule, opt: str, spec: ValueSpec, val: str, cwd: Path) -> None:
        if spec.kind == "choices":
            if val not in spec.choices:
                raise _Deny(f"{rule.name}:value", f"{opt} {val!r} is not allowed",
                            f"{rule.name} allows {opt} " + "|".join(spec.choices))
        elif spec.kind in ("read", "write"):
            self._path(rule, val, cwd, spec.kind)
        elif spec.kind == "workspace":
            self._path(rule, val, cwd, "write")
        elif spec.kind == "env":
            name = val.split("=", 1)[0]
            if not self.policy.env.passes(name):
                raise _Deny(f"{rule.name}:env", f"{opt} {name} would pass a variable the env "
                            "allowlist drops", "only allowlisted variables may be exported")
        elif looks_like_path(val):
            self._path(rule, val, cwd, "read")

    def _path(self, rule: ArgRule, val: str, cwd: Path, mode: str) -> None:
        why = confine(val, cwd, self.roots, mode, self.policy.read_only)
        if why:
            raise _Deny(f"{rule.name}:path", why,
                        f"use a path inside {roots_text(self.roots)}"
                        + (" or on the read-only allowlist" if mode == "read" else ""))

    def _positionals(self, rule: ArgRule, pos: list[str], cwd: Path) -> None:
        if len(pos) < rule.min_positionals:
            raise _Deny(f"{rule.name}:positional",
                        f"{rule.name} needs at least {rule.min_positionals} argument(s)")
        if rule.positionals == "none" and pos:
            raise _Deny(f"{rule.name}:positional",
                        f"{rule.name} takes no arguments, got {pos[0]!r}",
                        self._allowed_hint(rule))
        if rule.max_positionals is not None and len(pos) > rule.max_positionals:
            raise _Deny(f"{rule.name}:positional",
                        f"{rule.name} takes at most {rule.max_positionals} argument(s)")
        for p in pos:
            hit = _deny_match(p, dict(rule.deny_positionals))
            if hit:
                raise _Deny(f"{rule.name}:deny:{hit[0]}", f"argument {p!r} is denied: {hit[1]}")
            kind = rule.positionals
            if kind == "choices" and p not in rule.choices:
                raise _Deny(f"{rule.name}:positional", f"{p!r} is not one of "
                            + ", ".join(rule.choices))
            if kind in ("read", "write", "workspace"):
                self._path(rule, p, cwd, "read" if kind == "read" else "write")
            elif kind == "any" and looks_like_path(p.split("=", 1)[-1]):
                self._path(rule, p.split("=", 1)[-1], cwd, "read")

    @staticmethod
    def _allowed_hint(rule: ArgRule) -> str:
        opts = [*rule.flags, *rule.values, *rule.keyvalue]
        shown = ", ".join(opts[:14]) + (", ..." if len(opts) > 14 else "")
        return f"{rule.name} allows: {shown}" if opts else f"{rule.name} takes no options"


def resolve_dir(exe_arg: str, cwd: Path) -> str:
    """``exe_arg`` made absolute (without resolving its final component)."""
    return os.path.normpath(os.path.join(cwd, exe_arg))
