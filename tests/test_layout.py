"""The layout rules of DESIGN.md, checked by walking imports.

model/ imports nothing else of the package; each stage imports only model/, top-level helpers
(config, files, registry) and stages before it; only cli/, agent/ and pipeline orchestrate.
"""

from __future__ import annotations

import ast
from pathlib import Path

PKG = Path(__file__).resolve().parents[1] / "src" / "perfscout"
ORDER = ["model", "snapshot", "ingest", "transform", "diagnose", "triage", "advise", "sandbox",
         "experiment", "tune", "patch", "kb", "report", "export"]
ORCHESTRATORS = {"cli", "agent", "pipeline"}  # pipeline/ is a package
HELPERS = {"config", "files", "registry"}  # top-level modules any stage may import


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return {m for m in out if m == "perfscout" or m.startswith("perfscout.")}


def _stage(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_model_imports_nothing_else() -> None:
    for f in (PKG / "model").rglob("*.py"):
        bad = {m for m in _imports(f) if _stage(m) != "model"}
        assert not bad, f"{f.relative_to(PKG)} imports {bad}"


def test_stages_import_only_earlier_stages() -> None:
    violations = []
    for stage in ORDER[1:]:
        allowed = set(ORDER[: ORDER.index(stage) + 1]) | HELPERS | {""}
        for f in (PKG / stage).rglob("*.py"):
            for m in _imports(f):
                s = _stage(m)
                if s in ORCHESTRATORS or (s in ORDER and s not in allowed):
                    violations.append(f"{f.relative_to(PKG)} -> {m}")
    assert not violations, "layout violations:\n" + "\n".join(violations)


def test_every_stage_folder_exists() -> None:
    for stage in [*ORDER, "cli", "agent"]:
        assert (PKG / stage / "__init__.py").is_file(), stage


def test_helpers_import_only_model() -> None:
    for name in sorted(HELPERS):
        bad = {m for m in _imports(PKG / f"{name}.py") if _stage(m) not in {"model", *HELPERS}}
        assert not bad, f"{name}.py imports {bad}"
