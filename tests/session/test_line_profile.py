"""The hot project line a source proposal targets: line-level hotspots of a build in a
workspace copy mapped back to project-relative paths; a scope the diagnosis already set on a
project line is kept (made relative), an empty or foreign one is filled."""

from __future__ import annotations

from pathlib import Path

from perfscout.model.metrics import Hotspot, Profile, SourceRef
from perfscout.model.proposals import Change, Proposal
from perfscout.pipeline.line_profile import hot_lines, target_hot_line


def _project(tmp: Path) -> Path:
    proj = tmp / "proj"
    (proj / "src").mkdir(parents=True)
    for f in ("src/kernel.c", "src/main.c"):
        (proj / f).write_text("int x;\n" * 20)
    return proj


def test_hot_lines_map_the_workspace_copy_back_to_the_project(tmp_path: Path) -> None:
    proj = _project(tmp_path)
    copy = tmp_path / "ws" / "profile" / "s1" / "profile" / "project"
    prof = Profile(format="perf-report", path="r.txt", hotspots=(
        Hotspot(name=f"{copy}/src/main.c:4", self_share=0.1),
        Hotspot(name=f"{copy}/src/kernel.c:8", self_share=0.7),
        Hotspot(name="./elf/../sysdeps/x86/dl-cacheinfo.h:158", self_share=0.2),
        Hotspot(name="clear_page_erms+7", self_share=0.3),
        Hotspot(name="kernel.c:8", self_share=0.4, kind="line",
                location=SourceRef(f"{copy}/src/kernel.c", 9)),
    ))
    got = hot_lines([prof], proj)
    assert [(h.path, h.line) for h in got] == [("src/kernel.c", 8), ("src/kernel.c", 9),
                                               ("src/main.c", 4)]
    assert got[0].scope == "src/kernel.c:8" and got[0].share == 0.7


def test_target_hot_line_fills_only_what_names_no_project_line(tmp_path: Path) -> None:
    proj = _project(tmp_path)
    hot = hot_lines([Profile(format="perf-report", path="r", hotspots=(
        Hotspot(name=f"{proj}/src/kernel.c:8", self_share=0.9),))], proj)

    def p(pid: str, scope: str, kind: str = "source") -> Proposal:
        return Proposal(pid, kind=kind, title=pid, change=Change(), scope=scope)

    props = [p("loop_interchange", ""), p("omp_simd", "matvec"),
             p("loop_tiling", f"{tmp_path}/ws/copy/project/src/main.c:3"),
             p("use_blas", "/elsewhere/lib.c:3"), p("compiler_opt_level", "", "flags"),
             p("inline_hot", "")]
    got = {x.id: x.scope for x in target_hot_line(props, hot, proj)}
    assert got == {"loop_interchange": "src/kernel.c:8", "omp_simd": "src/kernel.c:8",
                   "loop_tiling": "src/main.c:3", "use_blas": "src/kernel.c:8",
                   "compiler_opt_level": "", "inline_hot": ""}
    # no line-level profile: nothing is invented
    assert [x.scope for x in target_hot_line(props, [], proj)][:2] == ["", "matvec"]


def test_a_workspace_path_in_any_proposal_is_named_relative_to_the_project(
        tmp_path: Path) -> None:
    """The catalog wrote the profile's path (perfscout's build copy in the workspace) into
    the scope and the title; the user sees the project's own file, for every kind."""
    proj = _project(tmp_path)
    copy = tmp_path / "ws" / "profile" / "s1" / "profile" / "project"
    props = [Proposal("loop_tiling", kind="source", title=f"Tile {copy}/src/kernel.c:8",
                      change=Change(), scope=f"{copy}/src/kernel.c:8"),
             Proposal("io_buffering", kind="source",
                      title=f"Write in blocks: no flush per line in the loop at "
                            f"{copy}/src/main.c:3", change=Change(),
                      scope=f"{copy}/src/main.c:3")]
    got = target_hot_line(props, [], proj, skip=tmp_path / "ws")
    assert [(x.scope, x.title) for x in got] == [
        ("src/kernel.c:8", "Tile src/kernel.c:8"),
        ("src/main.c:3", "Write in blocks: no flush per line in the loop at src/main.c:3")]


def test_a_library_sources_line_is_no_target(tmp_path: Path) -> None:
    """The unwinder's hot line in libc's own build path ('elf/dl-find_object.h:NN', relative
    like a project file but no file of the project) was kept as the scope of error_code_path,
    which then stayed without a diff ('not a readable file'): any source proposal scoped
    there goes to the program's hot line; without a line profile it is left as it was."""
    proj = _project(tmp_path)
    hot = hot_lines([Profile(format="perf-report", path="r", hotspots=(
        Hotspot(name=f"{proj}/src/kernel.c:8", self_share=0.9),))], proj)
    props = [Proposal("error_code_path", kind="source", title="t", change=Change(),
                      scope="elf/dl-find_object.h:89"),
             Proposal("hoist_invariant", kind="source", title="t", change=Change(),
                      scope="src/main.c:3")]
    got = [x.scope for x in target_hot_line(props, hot, proj)]
    assert got == ["src/kernel.c:8", "src/main.c:3"]
    assert next(x.scope for x in target_hot_line(props, [], proj)) == "elf/dl-find_object.h:89"
