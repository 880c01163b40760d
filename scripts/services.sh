#!/usr/bin/env bash
# Start or stop the services the tests use: a single-node Slurm and a local LLM server.
# Each part is a script of its own; a part that cannot start (no root, package missing) says why
# and the tests that need it skip with that reason (in CI, PERFSCOUT_REQUIRE_SERVICES=1 turns
# those skips into failures).
set -u
here=$(cd "$(dirname "$0")" && pwd)
action=${1:-start}
for part in slurm llm; do
  if [ -x "$here/$part.sh" ]; then
    bash "$here/$part.sh" "$action" || echo "services: $part $action failed (tests needing it will say so)"
  fi
done
exit 0
