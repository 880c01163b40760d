"""The validity gate names the reason a comparison must not be believed."""

from __future__ import annotations

from perfscout.experiment.spec import Check
from perfscout.experiment.validity import Sample, gate

STATE = {"governor": "performance", "smt": "0", "affinity": "0,1"}


def s(variant: str, value: float, checksum: str = "42", n: int = 100,
      state: dict[str, str] | None = None, time_s: float = 1.0, ok: bool = True,
      bytes_: str | None = None) -> Sample:
    fields = {"bytes": bytes_} if bytes_ else {}
    return Sample(variant, 0, False, ok, value, time_s, checksum, n, state or STATE, fields,
                  "" if ok else "exit 1: boom")


def base() -> list[Sample]:
    return [s("b", v) for v in (10.0, 10.2, 9.9, 10.1)]


def test_valid_variant_has_no_reasons() -> None:
    assert gate(base(), [s("v", x) for x in (12.0, 12.1, 11.9)], check=Check()) == []


def test_checksum_difference_is_invalid() -> None:
    r = gate(base(), [s("v", 20.0, checksum="0")] * 3, check=Check())
    assert any("output differs" in x for x in r)


def test_tolerance_check_accepts_small_relative_difference() -> None:
    v = [s("v", 11.0, checksum="42.0000001")] * 3
    assert gate(base(), v, check=Check("tolerance", 1e-6)) == []
    assert gate(base(), v, check=Check("tolerance", 1e-12))


def test_size_state_noise_failure_and_too_good() -> None:
    assert any("problem size" in x
               for x in gate(base(), [s("v", 11.0, n=50)] * 3, check=Check()))
    other = dict(STATE, governor="powersave")
    assert any("machine state" in x for x in gate(base(), [s("v", 11.0, state=other)] * 3,
                                                  check=Check()))
    noisy = [s("v", x) for x in (1.0, 10.0, 30.0, 5.0, 20.0)]
    assert gate(base(), noisy, check=Check()) == []  # noise alone never voids a comparison
    assert any("runs failed" in x for x in gate(base(), [s("v", 11.0), s("v", 0, ok=False)],
                                                check=Check()))
    # 1e9 bytes in 1 ms needs 1e6 MB/s; the measured peak is 2e4 MB/s
    fast = [s("v", 11.0, time_s=0.001, bytes_="1e9")] * 3
    assert any("too good to be true" in x for x in gate(base(), fast, check=Check(),
                                                        peak_bandwidth_MBps=2e4))


def test_a_peak_measured_on_a_busy_machine_does_not_void_the_baseline() -> None:
    # the demo under stress-ng measured a 2515 MB/s peak and triad moved 4.8e8 bytes in 0.088 s
    # (5.5 GB/s) in some runs: the baseline is correct by definition, so it raises the ceiling
    b = [s("b", 3000.0, time_s=t, bytes_="4.8e8") for t in (0.16, 0.088, 0.17, 0.15)]
    assert gate(b, b, check=Check(), peak_bandwidth_MBps=2515, is_baseline=True) == []
    same = [s("v", 3100.0, time_s=t, bytes_="4.8e8") for t in (0.15, 0.09, 0.16)]
    assert gate(b, same, check=Check(), peak_bandwidth_MBps=2515) == []
    skipped = [s("v", 30000.0, time_s=0.012, bytes_="4.8e8")] * 3  # 40 GB/s: skips its work
    r = gate(b, skipped, check=Check(), peak_bandwidth_MBps=2515)
    assert any("too good to be true" in x and "baseline's own rate" in x for x in r), r
