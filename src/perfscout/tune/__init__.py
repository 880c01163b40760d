"""tune stage."""
