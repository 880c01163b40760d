# shared by the cases' gen.sh: build into a scratch dir, write tool outputs into $D (the case's data/)
set -eu
HERE=$(cd "$(dirname "$0")" && pwd); D=$HERE/data; B=${TMPDIR:-/tmp}/diag33-bin
ROOT=$(cd "$HERE/../../../../.." && pwd); PY=${PY:-$ROOT/.venv/bin/python}
rm -rf "$D" "$B"; mkdir -p "$D" "$B"
snap() { (cd "$ROOT" && PYTHONPATH=src $PY -m perfscout snapshot --json) > "$HERE/platform.json" 2>/dev/null; }
