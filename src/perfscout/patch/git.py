"""git for the patch workflow, run only through the sandbox runner it is handed.

Every git command is a :class:`RunRequest` checked against the policy's ``git`` rule (local
subcommands only, every path inside the runner's roots) and audited like any other command.
git can start programs of its own that no policy check sees: hooks, an fsmonitor, a commit
signer, and the filter, diff and merge drivers a config defines. The policy's forced environment
turns the first three off; :meth:`Git.guard` checks that it really did (a policy file without
those settings is refused) and refuses a repository whose config defines a driver, before any
command that could start one runs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from perfscout.model.errors import InputError, PolicyDenied, RunFailed
from perfscout.model.runs import Runner, RunRequest

# effective values git must run with (forced by the policy's env.force GIT_CONFIG_*)
REQUIRED = {"core.hookspath": "/dev/null", "core.fsmonitor": "false", "commit.gpgsign": "false"}
# config keys whose value is a program git would start for some files or diffs
DRIVERS = re.compile(r"^(filter\..+\.(clean|smudge|process)|diff\..+\.(command|textconv)|"
                     r"diff\.external|merge\..+\.driver|core\.alternaterefscommand)$")


OWN_UNTRACKED = ("?? .perfscout/", '?? ".perfscout/')


def repository_root(path: Path) -> Path:
    """The top of the git checkout holding ``path`` (the directory with ``.git``), resolved.

    Found without running git, so that the runner's roots can be set before git first runs.
    """
    p = Path(path).expanduser().resolve()
    for d in (p, *p.parents):
        if (d / ".git").exists():
            return d
    raise InputError(f"{path} is not inside a git repository",
                     hint="run inside the git checkout of your code, or give --repo")


@dataclass
class Git:
    """One repository's git, through ``runner`` (see :func:`perfscout.sandbox.runner.
    repository_runner`, whose roots must hold ``repo`` and every path given here)."""

    runner: Runner
    repo: Path
    guarded: bool = False

    @classmethod
    def open(cls, runner: Runner, path: Path) -> Git:
        """The repository holding ``path``; InputError when it is not a git checkout."""
        g = cls(runner, repository_root(path))
        if not g.ok("rev-parse", "--show-toplevel"):
            raise InputError(f"{path} is not a usable git repository",
                             hint="`git status` there says what is wrong")
        g.guard()
        return g

    def guard(self) -> None:
        """PolicyDenied unless hooks, fsmonitor and signing are off and no driver is defined."""
        if self.guarded:
            return
        out = self.run("config", "--list", "--null", "--includes")
        eff: dict[str, str] = {}
        drivers: list[str] = []
        for item in filter(None, out.split("\0")):
            key, _, val = item.partition("\n")
            key = key.lower()
            eff[key] = val
            if DRIVERS.match(key) and val.strip():
                drivers.append(f"{key} = {val.strip()}")
        wrong = [f"{k} is {eff.get(k, 'unset')!r}" for k, v in REQUIRED.items() if eff.get(k) != v]
        if wrong:
            raise PolicyDenied("git would run hooks, an fsmonitor or a signer outside the policy: "
                               + ", ".join(wrong),
                               hint="keep the GIT_CONFIG_* entries of env.force from "
                               "`perfscout policy show --yaml` in your policy file")
        if drivers:
            raise PolicyDenied("the git config defines programs git would start outside the "
                               "policy: " + "; ".join(drivers),
                               hint="run the patch workflow in a clone whose config defines no "
                               "filter, diff or merge drivers")
        self.guarded = True

    def run(self, *args: str, cwd: Path | None = None) -> str:
        """stdout of ``git ARGS`` run in ``cwd`` (default: the repository); raises on failure."""
        return self._run(args, cwd=cwd or self.repo)[1]

    def ok(self, *args: str, cwd: Path | None = None) -> bool:
        """Whether ``git ARGS`` exits 0 (a question, such as whether a ref exists)."""
        return self._run(args, cwd=cwd or self.repo, check=False)[0]

    def _run(self, args: Sequence[str], *, cwd: Path, check: bool = True) -> tuple[bool, str]:
        sub = args[0] if args else ""
        res = self.runner.run(RunRequest(("git", *args), cwd=str(cwd), purpose=f"patch:git {sub}"))
        if not res.allowed:
            raise PolicyDenied(f"git {sub} refused by the sandbox policy: {res.reason}",
                               hint="the patch workflow needs the shipped policy's git rule")
        if res.timed_out:
            raise RunFailed(f"git {sub} timed out", hint="check the repository is on a local disk")
        if res.exit_code != 0 and check:
            err = (res.stderr.strip().splitlines() or [f"exit code {res.exit_code}"])[-1]
            raise RunFailed(f"git {sub} failed: {err}", hint="check the repository with git status")
        return res.exit_code == 0, res.stdout

    # -- the questions and steps the workflow needs ----------------------------------------
    def head(self) -> str:
        return self.run("rev-parse", "--verify", "HEAD").strip()

    def is_dirty(self) -> bool:
        """Uncommitted changes or untracked files in the repository's working tree.

        perfscout's own untracked ``.perfscout/`` (an audit log written when the repository
        was also the workspace) is not the user's change and does not count."""
        lines = self.run("status", "--porcelain", "--untracked-files=all").splitlines()
        return any(ln.strip() and not ln.startswith(OWN_UNTRACKED) for ln in lines)

    def has_branch(self, name: str) -> bool:
        return self.ok("rev-parse", "--verify", "--quiet", f"refs/heads/{name}")

    def commits(self, base: str, tip: str) -> list[tuple[str, str]]:
        """(sha, message) of each commit in ``base..tip``."""
        out = []
        for sha in self.run("rev-list", f"{base}..{tip}").split():
            raw = self.run("cat-file", "commit", sha)
            out.append((sha, raw.split("\n\n", 1)[1] if "\n\n" in raw else ""))
        return out
