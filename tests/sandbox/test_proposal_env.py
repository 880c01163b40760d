"""The env a proposal may set (model/taxonomy.py PROPOSAL_ENV) is the env the sandbox passes:
every variable a catalog proposal sets reaches the confined program, and every name the
declaration allows passes the shipped policy's filter (a declared name the policy dropped
would make the proposal measure nothing: the huge_pages proposal's GLIBC_TUNABLES did)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from perfscout.model.runs import RunRequest
from perfscout.model.taxonomy import PROPOSAL_ENV
from perfscout.sandbox.local_runner import build_env
from sandbox.sbox import Box, policy

CATALOG = Path(__file__).resolve().parents[2] / "src" / "perfscout" / "advise" / "catalog"


def _catalog_env_names() -> set[str]:
    """Every env variable name a catalog proposal's change sets (the keys of its dicts)."""
    names = set()
    for f in CATALOG.glob("*.py"):
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.Dict):
                names |= {k.value for k in node.keys if isinstance(k, ast.Constant)
                          and isinstance(k.value, str)
                          and re.fullmatch(r"[A-Z][A-Z0-9_]+", k.value)}
    return names


def _declared_examples() -> set[str]:
    """Each declared name, a glob filled in (``OMPI_MCA_coll_tuned_*`` -> ``..._X``)."""
    return {p.replace("*", "X") for pats in PROPOSAL_ENV.values() for p in pats}


def test_the_catalog_sets_known_variables() -> None:
    names = _catalog_env_names()
    assert {"GLIBC_TUNABLES", "OMP_NUM_THREADS", "I_MPI_ADJUST_ALLREDUCE"} <= names


def test_every_declared_name_passes_the_shipped_policy() -> None:
    names = _declared_examples() | _catalog_env_names()
    env = {n: "1" for n in names}
    passed, dropped = build_env(policy().env, {}, env)
    assert dropped == [] and names <= passed.keys(), dropped


def test_every_catalog_variable_reaches_the_confined_program(box: Box) -> None:
    names = sorted(_catalog_env_names())
    env = {n: f"v-{i}" for i, n in enumerate(names)}
    res = box.runner().run(RunRequest((box.prog("printenv"), *names), env=env))
    assert res.ok, res
    for n in names:
        assert f"{n}={env[n]}" in res.stdout, res.stdout
