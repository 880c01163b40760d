"""diagnose stage."""
