"""advise stage."""
