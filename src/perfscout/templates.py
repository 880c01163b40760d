"""Generated files (ReFrame tests, batch scripts, reports) come from jinja2 templates.

Use :func:`render` for any file perfscout generates for another tool or for a person to read:
the text is laid out in a template beside the module that owns it (``<package>/templates/``),
values go in through filters that quote them for the target language (``py`` for a Python
literal, ``sh`` for a shell word), and a missing value is an error rather than an empty string.
"""

from __future__ import annotations

import shlex
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import jinja2


@cache
def _env(package: str) -> jinja2.Environment:
    import jinja2

    env = jinja2.Environment(loader=jinja2.PackageLoader(package, "templates"),
                             undefined=jinja2.StrictUndefined, keep_trailing_newline=True,
                             trim_blocks=True, lstrip_blocks=True, autoescape=False)
    env.filters["py"] = repr
    env.filters["sh"] = lambda v: shlex.quote(str(v))
    env.filters["shjoin"] = lambda vs: shlex.join(str(v) for v in vs)
    return env


def render(package: str, name: str, **context: Any) -> str:
    """The text of template ``name`` of ``package`` (e.g. ``perfscout.export``) with
    ``context``; plain text (no HTML escaping) unless the template escapes itself."""
    return _env(package).get_template(name).render(**context)
