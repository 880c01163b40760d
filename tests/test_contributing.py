"""The developer pages name only what exists: every repository path, test and ``perfscout.*``
name that docs/DEVELOPING.md and docs/contributing.md quote is found in the tree, so a rename
that leaves the guide behind fails here."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PAGES = [REPO / "docs" / "DEVELOPING.md", REPO / "docs" / "contributing.md"]
_PATH = re.compile(r"\b((?:src|tests|docs|benches)/[\w./-]+?)(?:::(\w+))?(?=[`\s),]|$)")
_NAME = re.compile(r"`(perfscout(?:\.\w+)+)")


def _quoted(page: Path) -> list[str]:
    return re.findall(r"`([^`]+)`", page.read_text())


def _functions(path: Path) -> set[str]:
    return {n.name for n in ast.walk(ast.parse(path.read_text()))
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_quoted_path_and_test_exists(page: Path) -> None:
    missing = []
    seen = 0
    for text in _quoted(page):
        for rel, test in _PATH.findall(text):
            if "<" in rel:  # a placeholder such as tests/<area>/
                continue
            seen += 1
            target = REPO / rel.rstrip(".")
            if not target.exists():
                missing.append(rel)
            elif test and test not in _functions(target):
                missing.append(f"{rel}::{test}")
    assert seen >= 3, f"{page.name}: the pattern found almost nothing ({seen})"
    assert not missing, f"{page.name} names what does not exist: {missing}"


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_quoted_perfscout_name_resolves(page: Path) -> None:
    missing = []
    names = {n for n in _NAME.findall(page.read_text())}
    assert names, page.name
    for dotted in sorted(names):
        parts = dotted.split(".")
        for cut in range(len(parts), 0, -1):
            try:
                obj: object = importlib.import_module(".".join(parts[:cut]))
            except ModuleNotFoundError:
                continue
            try:
                for attr in parts[cut:]:
                    obj = getattr(obj, attr)
            except AttributeError:
                missing.append(dotted)
            break
        else:
            missing.append(dotted)
    assert not missing, f"{page.name} names what does not exist: {missing}"
