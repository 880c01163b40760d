"""One module per format; each registers itself with ``@register_adapter``."""
