"""release_build on real multi-file projects whose checking words sit in the build files, not
in a variable perfscout passes: ``CPPFLAGS +=`` in a Makefile, an included ``config.mk``, a
``$(OPT)`` indirection in silent recipes, CMake's ``add_compile_options``/``add_link_options``,
``target_compile_definitions`` with an ``include()``d ``-O0``, a ``Debug`` build type whose
flags hold ``-O0``; and ``-fsanitize=`` in the
passed ``CFLAGS``/``LDFLAGS`` (the flags change). Each is built here with real make/cmake: the
build tool's own compile lines give the finding, the proposal carries a diff of exactly the
build-file lines, and the patched build compiles without the words (its real compile lines),
keeps every other flag, define and include, and prints the same output. A release build gives
no finding; a generated or outside build file is refused."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from conftest import require_tool
from perfscout.experiment.build import build_variant
from perfscout.experiment.build_files import compile_lines, locate
from perfscout.experiment.convert import to_variant
from perfscout.experiment.patching import split_files
from perfscout.experiment.spec import ExperimentSpec, Variant, resolve, spec_from_dict
from perfscout.model.checking import checking_words
from perfscout.model.runs import Runner
from perfscout.pipeline.analyze import analyze
from perfscout.pipeline.build_changes import attach_build_diff
from perfscout.pipeline.init_program import Guess, _from_cmake, _from_make
from perfscout.sandbox.runner import default_runner

DATA = Path(__file__).parent / "data" / "buildfiles"
CFG = {"experiment.repetitions": 3, "experiment.max_repetitions": 3, "experiment.warmup": 1,
       "experiment.cv_max": 10.0, "experiment.alpha": 0.05, "experiment.margin": 0.03}


def _spec(root: Path) -> ExperimentSpec:
    """The spec ``perfscout init`` guesses for the project's build (its build part)."""
    g = Guess(spec={})
    (_from_make if (root / "Makefile").is_file() else _from_cmake)(root, g)
    data: dict[str, Any] = {**g.spec, "name": root.name, "project": str(root),
                            "measure": {"regex": r"time: *([0-9.]+)"},
                            "metric": "time_s", "direction": "lower",
                            "check": {"kind": "stdout", "ignore": "^time:"}}
    return spec_from_dict(data, need_variants=False)


def _words(lines: list[str]) -> set[str]:
    """The option words of compiler lines (paths and -o targets left out)."""
    return {w for ln in lines for w in ln.split() if w.startswith("-") and w != "-o"
            and not w.startswith(("-I/", "-fopt-info"))}


def _output(runner: Runner, spec: ExperimentSpec, exe_dir: Path) -> list[str]:
    exe = exe_dir / "project" / (spec.build.exe if spec.build else "")
    # run directly: the sandbox's address-space limit leaves ASan no room for its shadow memory
    res = subprocess.run([str(exe)], cwd=exe.parent, capture_output=True, text=True,
                         timeout=300, check=True)
    return [ln for ln in res.stdout.splitlines() if not ln.startswith("time:")]


@pytest.mark.parametrize("proj,tool,removed,files", [
    ("mk_cppflags", "make", {"-D_GLIBCXX_DEBUG"}, ["Makefile"]),
    ("mk_include", "make", {"-fsanitize=address"}, ["config.mk"]),
    ("mk_var", "make", {"-O0"}, ["Makefile"]),
    ("mk_ldflags", "make", {"-fsanitize=address"}, []),
    ("cm_opts", "cmake", {"-fsanitize=address"}, ["CMakeLists.txt"]),
    ("cm_defs", "cmake", {"-D_GLIBCXX_DEBUG", "-O0"}, ["CMakeLists.txt", "cmake/flags.cmake"]),
    ("cm_type", "cmake", {"-D_GLIBCXX_ASSERTIONS", "-O0"}, ["CMakeLists.txt"]),
])
def test_release_build_removes_the_words_where_the_build_writes_them(
        proj: str, tool: str, removed: set[str], files: list[str], tmp_path: Path) -> None:
    require_tool(tool)
    require_tool("g++")
    root = tmp_path / proj
    shutil.copytree(DATA / proj, root)
    spec = _spec(root)
    runner = default_runner(tmp_path / "ws")
    exp = tmp_path / "ws" / "exp"
    base = build_variant(runner, spec, spec.baseline, exp)
    blines = compile_lines(runner, spec, spec.baseline, base.exe.parent / "project")
    assert set(checking_words(" ".join(blines).split())) == removed
    if proj in ("mk_var", "cm_opts", "cm_defs"):  # silent recipes, CMake: no echo to read
        assert checking_words(base.log.split()) == []
    log = tmp_path / "build.log"
    log.write_text("\n".join(blines) + "\n")  # the build tool's account, no echo needed
    a = analyze([log])
    assert any(f.id == "app.redundant_work" for f in a.findings)
    (p,), bad = attach_build_diff([x for x in a.proposals if x.id == "release_build"],
                                  root, spec)
    assert not bad and p.change is not None and set(p.change.remove) == removed
    got = [path[2:] for path, _ in split_files(p.change.diff)]
    assert got == files and p.kind == ("source" if files else "flags")
    v = to_variant(p)
    assert isinstance(v, Variant)
    full = resolve(dataclasses.replace(spec, variants=(v,)), CFG.__getitem__)
    rel = full.variants[0]
    built = build_variant(runner, full, rel, exp)
    vlines = compile_lines(runner, full, rel, built.exe.parent / "project")
    assert vlines and checking_words(" ".join(vlines).split()) == []
    # every other flag, define and include of the baseline's compile lines is kept; the only
    # word added is the -O2 that replaces a removed -O0
    kept = _words(blines) - removed
    assert kept <= _words(vlines)
    # (a Debug build type becomes RelWithDebInfo: CMake's -O2 -g -DNDEBUG)
    assert _words(vlines) - kept <= {"-O2", *(("-DNDEBUG",) if proj == "cm_type" else ())}
    if proj == "cm_type":
        assert "+set(CMAKE_BUILD_TYPE RelWithDebInfo)" in p.change.diff
        assert "-set(CMAKE_CXX_FLAGS_DEBUG" not in p.change.diff  # kept as written
    if tool == "cmake":  # the build-file edit, not a command-line override, removed them
        assert not removed & _words([ln for ln in vlines if "_perfscout_build" in ln])
    assert _output(runner, spec, base.exe.parent) == _output(runner, spec, built.exe.parent)


def test_a_release_build_gives_no_finding_and_no_proposal(tmp_path: Path) -> None:
    require_tool("make")
    require_tool("g++")
    root = tmp_path / "neg"
    shutil.copytree(DATA / "neg", root)
    spec = _spec(root)
    runner = default_runner(tmp_path / "ws")
    base = build_variant(runner, spec, spec.baseline, tmp_path / "ws" / "exp")
    lines = compile_lines(runner, spec, spec.baseline, base.exe.parent / "project")
    assert any("-DNDEBUG" in ln and "-DUSE_FAST" in ln for ln in lines)
    assert checking_words(" ".join(lines).split()) == []
    log = tmp_path / "build.log"
    log.write_text("\n".join(lines) + "\n")
    a = analyze([log])
    assert not any(f.id == "app.redundant_work" for f in a.findings)
    assert not any(p.id == "release_build" for p in a.proposals)
    assert locate(root, ["-O0", "-D_GLIBCXX_DEBUG"]) == []


def _release(words: tuple[str, ...]) -> Any:
    from perfscout.model.proposals import Change, Proposal
    from perfscout.model.taxonomy import Layer

    return Proposal(id="release_build", addresses=(), layer=Layer.APPLICATION, kind="flags",
                    change=Change(remove=words))


@pytest.mark.parametrize("setup,why", [
    ("generated", "generated"),
    ("outside", "outside the project"),
])
def test_a_patch_of_a_generated_or_outside_build_file_is_refused(
        setup: str, why: str, tmp_path: Path) -> None:
    root = tmp_path / "proj"
    shutil.copytree(DATA / "mk_cppflags", root)
    if setup == "generated":
        (root / "Makefile.in").write_text((root / "Makefile").read_text())
    else:
        text = (root / "Makefile").read_text().replace("CPPFLAGS += -D_GLIBCXX_DEBUG\n",
                                                       "include ../debug.mk\n")
        (root / "Makefile").write_text(text)
        (tmp_path / "debug.mk").write_text("CPPFLAGS += -D_GLIBCXX_DEBUG\n")
    spec = _spec(root)
    before = {f: f.read_text() for f in root.rglob("*") if f.is_file()}
    (p,), bad = attach_build_diff([_release(("-D_GLIBCXX_DEBUG",))], root, spec)
    assert p.kind == "flags" and p.change is not None and not p.change.diff
    assert len(bad) == 1 and why in bad[0].reason
    assert before == {f: f.read_text() for f in root.rglob("*") if f.is_file()}


def test_locate_follows_continuations_override_and_recipes(tmp_path: Path) -> None:
    """A word on a continuation line belongs to the variable assigned above; an ``override``
    assignment is never frozen by the command line; a recipe line has no variable. Only the
    passed variable's own placement is ``passed``; the diff keeps every other word."""
    (tmp_path / "Makefile").write_text(
        "CFLAGS = -O2 \\\n\t-fsanitize=address -Wall\n"
        "override CXXFLAGS += -fsanitize=address\n"
        "app: a.c\n\t$(CC) $(CFLAGS) -fsanitize=address -o app a.c\n")
    got = locate(tmp_path, ["-fsanitize=address"], ("CFLAGS", "CXXFLAGS"))
    assert [(p.line, p.var, p.passed) for p in got] == [
        (2, "CFLAGS", True), (3, "CXXFLAGS", False), (5, "", False)]
    from perfscout.experiment.build_files import release_diff

    diff, files = release_diff(tmp_path, got)
    assert files == ["Makefile"]
    assert [ln for ln in diff.splitlines() if ln[:1] in "+-" and ln[:3] not in ("---", "+++")] \
        == ["-override CXXFLAGS += -fsanitize=address",
            "-\t$(CC) $(CFLAGS) -fsanitize=address -o app a.c",
            "+\t$(CC) $(CFLAGS) -o app a.c"]


def test_a_cmake_command_left_without_arguments_is_dropped(tmp_path: Path) -> None:
    from perfscout.experiment.build_files import release_diff

    (tmp_path / "CMakeLists.txt").write_text(
        "project(p C)\nadd_executable(app a.c)\n"
        "target_compile_definitions(app PRIVATE _GLIBCXX_ASSERTIONS)\n"
        "add_definitions(-DKEEP=1 -D_GLIBCXX_ASSERTIONS)\n")
    got = locate(tmp_path, ["-D_GLIBCXX_ASSERTIONS"])
    assert [p.line for p in got] == [3, 4]
    diff, _ = release_diff(tmp_path, got)
    assert "-target_compile_definitions(app PRIVATE _GLIBCXX_ASSERTIONS)" in diff
    assert "+add_definitions(-DKEEP=1)" in diff
    assert "+target_compile_definitions" not in diff
