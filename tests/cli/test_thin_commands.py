"""Commands stay thin: small command modules, short functions, no command importing another.

Each ``cli/cmd_<name>.py`` parses, calls one stage or ``pipeline/`` function and renders a typed
result; what several commands share lives in ``cli/common.py``. These checks read the source
(``ast``), so they fail the moment a module grows past the limits or reaches into a sibling.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[2] / "src" / "perfscout"
MAX_COMMAND_MODULE_LINES = 120
MAX_FUNCTION_LINES = 60


def command_modules() -> list[Path]:
    return sorted((PKG / "cli").glob("cmd_*.py"))


def long_functions(path: Path, limit: int) -> list[str]:
    """``name (N lines)`` for every function (nested ones too) longer than ``limit`` lines."""
    tree = ast.parse(path.read_text())
    return [f"{node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.end_lineno is not None and node.end_lineno - node.lineno + 1 > limit]


def sibling_imports(path: Path) -> set[str]:
    """The other ``perfscout.cli.cmd_*`` modules ``path`` imports (at any depth)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names = ([node.module or ""] if isinstance(node, ast.ImportFrom)
                 else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
        if isinstance(node, ast.ImportFrom) and node.module == "perfscout.cli":
            names += [f"perfscout.cli.{a.name}" for a in node.names]
        out |= {n for n in names if n.startswith("perfscout.cli.cmd_")}
    return out - {f"perfscout.cli.{path.stem}"}


def test_there_are_command_modules() -> None:
    assert len(command_modules()) >= 20


@pytest.mark.parametrize("path", command_modules(), ids=lambda p: p.name)
def test_command_module_is_small(path: Path) -> None:
    n = len(path.read_text().splitlines())
    assert n <= MAX_COMMAND_MODULE_LINES, (
        f"{path.name} has {n} lines (limit {MAX_COMMAND_MODULE_LINES}): move rendering to a "
        "*_view.py module and the work to a stage or pipeline/ function")


def _orchestration_files() -> list[Path]:
    return [*sorted((PKG / "cli").glob("*.py")), *sorted((PKG / "pipeline").glob("*.py"))]


@pytest.mark.parametrize("path", _orchestration_files(),
                         ids=lambda p: p.relative_to(PKG).as_posix())
def test_no_long_function_in_cli_or_pipeline(path: Path) -> None:
    assert not long_functions(path, MAX_FUNCTION_LINES), (
        f"{path.relative_to(PKG)}: {long_functions(path, MAX_FUNCTION_LINES)}")


@pytest.mark.parametrize("path", command_modules(), ids=lambda p: p.name)
def test_no_command_module_imports_another(path: Path) -> None:
    assert not sibling_imports(path), (
        f"{path.name} imports {sorted(sibling_imports(path))}: shared plumbing belongs in "
        "cli/common.py")


def test_the_checks_catch_what_they_name(tmp_path: Path) -> None:
    """The checkers themselves: a long function and a sibling import are found."""
    src = tmp_path / "cmd_fake.py"
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION_LINES))
    src.write_text("from perfscout.cli.cmd_experiment import open_store\n"
                   "from perfscout.cli import cmd_tune\n"
                   f"def big() -> None:\n{body}\n")
    assert long_functions(src, MAX_FUNCTION_LINES) == [f"big ({MAX_FUNCTION_LINES + 1} lines)"]
    assert sibling_imports(src) == {"perfscout.cli.cmd_experiment", "perfscout.cli.cmd_tune"}


def test_help_texts_written_out_agree_with_the_stage() -> None:
    """Help texts name the report languages and demo kernels without importing the stages
    (a fast start); they must still be the stage's own lists."""
    from perfscout.cli.cmd_report import LANGUAGES
    from perfscout.pipeline.demo import DEMO_KERNELS
    from perfscout.report.messages import CATALOGS

    assert tuple(LANGUAGES) == tuple(CATALOGS)
    demo_help = (PKG / "cli" / "cmd_demo.py").read_text()
    assert "every demo kernel: " + ", ".join(DEMO_KERNELS) + ")" in demo_help
