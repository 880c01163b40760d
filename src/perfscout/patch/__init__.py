"""patch stage."""
