"""snapshot stage."""
