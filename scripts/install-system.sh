#!/usr/bin/env bash
# Install the system packages perfscout's tools and tests use. As root it installs what is
# missing with apt-get; otherwise it prints what is missing and carries on (exit 0).
set -u
PKGS=(gcc g++ gfortran make cmake git binutils valgrind linux-perf time
      openmpi-bin libopenmpi-dev numactl hwloc likwid hyperfine
      mpich libmpich-dev
      slurm-wlm munge chromium libopenblas-dev fonts-wqy-microhei
      stress-ng bubblewrap
      clang-16 libpolly-16-dev)  # clang-16: Polly loop optimiser tests (catalog loopopt)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing system packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
    || { echo "apt-get install failed for: ${missing[*]}" >&2; exit 1; }
  # services never auto-start here; stop any that the packages started
  exit 0
fi
echo "perfscout: not root (or no apt-get); these system packages are missing: ${missing[*]}"
echo "perfscout: the tests that need them skip and say so; install them to run everything."
exit 0
