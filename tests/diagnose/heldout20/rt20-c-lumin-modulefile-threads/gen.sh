#!/bin/sh
# Stellar luminosity integration after the site's environment module (which sets OMP_NUM_THREADS=1): the
# module file, the run with OMP_DISPLAY_ENV=true, nproc, and /usr/bin/time -v of the same run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/lumin.c" -o "$B/lumin"
cat > "$OUT/modulefile.lua" <<'MOD'
-- /opt/site/modulefiles/astro-env/2.1.lua (module load astro-env)
whatis("astro-env: compilers and runtime defaults for the astro group")
setenv("OMP_NUM_THREADS", "1")
setenv("OMP_STACKSIZE", "64M")
prepend_path("PATH", "/opt/astro/bin")
MOD
{ echo "\$ nproc"; nproc; echo "\$ OMP_DISPLAY_ENV=true ./lumin"; ompenv OMP_NUM_THREADS=1 OMP_STACKSIZE=64M ./lumin; } > "$OUT/run.txt"
{ echo "\$ /usr/bin/time -v ./lumin"; timev "$B/tv.txt" env OMP_NUM_THREADS=1 OMP_STACKSIZE=64M ./lumin > /dev/null; cat "$B/tv.txt"; } > "$OUT/time-v.txt" 2>&1
snap
