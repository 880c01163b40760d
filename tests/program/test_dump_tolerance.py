"""The check init guesses for an array dump: values that cancel to about zero are rounding.

A covariance of centred data holds entries that are zero in exact arithmetic; the program
prints them as ``-2.639237e-33`` beside entries of 1e-3, and any reassociated sum (BLAS,
OpenMP or vector reductions) prints another such number there. A relative tolerance alone
rejected those correct variants (the blind covariance's BLAS change and the expert's own were
both "invalid"); the absolute tolerance is now at least 1e-12 of the dump's largest value,
still far below any real difference."""

from __future__ import annotations

from perfscout.pipeline.init_check import CANCELLATION_FLOOR, dump_abs_tol
from perfscout.pipeline.init_program import Guess, read_errors

COV = ("==BEGIN DUMP_ARRAYS==\nbegin dump: cov\n9.855017e-04 -2.639237e-33 4.783497e-34\n"
       "1.250000e-04 3.125000e-05\nend   dump: cov\n==END   DUMP_ARRAYS==\n")


def test_a_value_cancelled_to_zero_is_within_the_guessed_tolerance() -> None:
    g = Guess({})
    read_errors(COV, g)
    c = g.spec["check"]
    assert c["kind"] == "tolerance" and c["source"] == "stderr" and c["rel_tol"] == 1e-6
    assert c["abs_tol"] == float(f"{CANCELLATION_FLOOR * 9.855017e-04:.6g}")
    # BLAS printed -2.581787e-33 where the loop printed -2.639237e-33: inside the tolerance;
    # an entry of 1e-3 off by one part in 1e8 is still outside it (only the relative 1e-6
    # could accept it, and 1e-8 < 1e-6 does: a real error of 1e-5 relative is caught)
    assert abs(-2.639237e-33 - -2.581787e-33) <= c["abs_tol"]
    assert c["abs_tol"] < 9.855017e-04 * 1e-5
    assert any("1e-12 of the largest value" in s for s in g.said), g.said


def test_the_printed_decimal_still_sets_the_tolerance_of_a_fixed_dump() -> None:
    assert dump_abs_tol("12.50 3.25 -0.75\n100.00\n") == 0.015
    assert dump_abs_tol("no numbers here\n") == 0.0
    assert dump_abs_tol("1.234560e+02 3.5e-01\n") == float(f"{1.2345600e+02 * 1e-12:.6g}")
