# local settings
DEBUG = -g -fsanitize=address
DEFS = -DSCALE=0.5
