"""Catalog entry for a program built in a debug or checking configuration: build the variant
without exactly the checking flags and defines the build log showed (``-D_GLIBCXX_DEBUG``,
``-fsanitize=``, ``-fcheck=``, ``-O0``...), everything else of the baseline inherited. Offered
only when the finding's evidence holds those words (``build.checking_flags``): a profile's
share in checking code alone names no flag to remove."""

from __future__ import annotations

from perfscout.advise.catalog.common import conf, refs, verify
from perfscout.advise.catalog.registry import proposal
from perfscout.advise.facts import Facts
from perfscout.diagnose.rules.checking_build import FLAGS, SHARE
from perfscout.model.checking import DEBUG_LEVELS
from perfscout.model.findings import Finding
from perfscout.model.proposals import Change, Confidence, ExpectedGain, Proposal, Risk
from perfscout.model.taxonomy import Layer

APP = Layer.APPLICATION


def checking_words(facts: Facts) -> tuple[str, ...]:
    """The checking words the build logs among the facts' profiles recorded, in order."""
    words = [w for p in facts.profiles for w in p.meta.get("checking", "").split()]
    return tuple(dict.fromkeys(words))


@proposal("release_build", layer=APP, kind="flags")
def release_build(facts: Facts, f: Finding) -> Proposal | None:
    """Remove the debug/checking flags and defines from the variant's build; an ``-O0``/``-Og``
    removed is replaced by ``-O2`` (without a level the compiler does not optimise)."""
    if not any(e.metric == FLAGS for e in f.evidence):
        return None
    words = checking_words(facts)
    if not words:
        return None
    share = next((e.value for e in f.evidence if e.metric == SHARE and e.value), None)
    level = ("-O2",) if any(w in DEBUG_LEVELS for w in words) else ()
    said = " ".join(words)
    return Proposal(
        id="release_build", addresses=(f.id,), layer=APP, kind="flags",
        title=f"Build without the debug/checking flags ({said})",
        change=Change(flags=level, remove=words, description=f"remove {said} from the build "
                      + (f"and build with {level[0]} " if level else "")
                      + "; every other flag, define, include and library is kept"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=ExpectedGain(1.1, 10.0 if level else 5.0,
                                   (f"{share:.0%} of the profile in checking code; " if share
                                    else "") + "debug iterators, sanitizers and bounds checks "
                                   "cost 1.1-5x, -O0 against -O2 2-10x"),
        risk=Risk("medium", "the checks found bugs before: without them an out-of-bounds "
                  "access or invalid iterator goes unreported; keep a checking build for the "
                  "tests and compare the output with the checked baseline"),
        confidence=Confidence(conf(f, 0.8), "the compile lines carry checking flags"),
        invalid_when=("the checks are the purpose of this run (a test or bug-hunting build)",),
        rollback="put the removed flags back into the build", scope=f.scope,
    )
