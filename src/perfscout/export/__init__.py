"""export stage: batch scripts and regression tests from experiments and cards."""
