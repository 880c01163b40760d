"""The do-not list names functions, never a workspace path or ``???``, once per function: the
same hotspot seen by two profilers (perf with an unresolved symbol shown as its binary, gprof,
callgrind's ``???``) is one entry with its larger share."""

from __future__ import annotations

from perfscout.advise.donot import display_name, do_not_list
from perfscout.advise.facts import Facts
from perfscout.model.metrics import Hotspot, Profile

WS = "/home/u/.perfscout/workspace/experiments/demo-triad-screen-1a2b/baseline"


def _topics(*profiles: Profile) -> list[str]:
    return [d.topic for d in do_not_list(Facts.build([], None, list(profiles)))
            if d.topic.startswith("optimise ")]


def test_names_not_paths_nor_question_marks_and_one_entry_per_function() -> None:
    perf = Profile("perf_report", "perf.txt", hotspots=(
        Hotspot("triad", self_share=0.90),
        Hotspot(f"{WS}/kernel", self_share=0.02),            # unresolved: the binary's path
        Hotspot(f"{WS}/kernel", self_share=0.01),            # ... again, another address
        Hotspot("???", self_share=0.03),
        Hotspot("[unknown]", self_share=0.02),
        Hotspot("0x00007f3a2b1c", self_share=0.01),
        Hotspot("init_arrays", self_share=0.02)))
    gprof = Profile("gprof", "gprof.txt", hotspots=(
        Hotspot("init_arrays", self_share=0.04),             # the same function, larger share
        Hotspot(f"{WS}/triad.c:41", self_share=0.01)))       # a hot line, in the workspace
    topics = _topics(perf, gprof)
    assert sorted(topics) == ["optimise init_arrays", "optimise kernel",
                              "optimise triad.c:41"], topics
    reasons = {d.topic: d.reason for d in do_not_list(Facts.build([], None, [perf, gprof]))}
    assert reasons["optimise init_arrays"].startswith("init_arrays takes 4.0% of the time")
    assert all("/" not in t and "???" not in t for t in reasons)


def test_a_function_big_in_one_profile_is_not_listed_as_small() -> None:
    a = Profile("perf_report", "a", hotspots=(Hotspot("solve", self_share=0.6),))
    b = Profile("gprof", "b", hotspots=(Hotspot("solve", self_share=0.01),))
    assert _topics(a, b) == []


def test_display_name() -> None:
    assert display_name(Hotspot("std::vector<int>::push_back(int const&)")) == \
        "std::vector<int>::push_back(int const&)"
    assert display_name(Hotspot("/usr/lib/x86_64-linux-gnu/libc.so.6")) == "libc.so.6"
    for unnamed in ("???", "[unknown]", "0xdeadbeef", "", "/tmp/ws/???"):
        assert display_name(Hotspot(unnamed)) is None, unnamed
