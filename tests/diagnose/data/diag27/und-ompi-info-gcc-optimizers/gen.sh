#!/bin/bash
# toolchain facts only: ompi_info and gcc -Q --help=optimizers (no run measured)
. "$(dirname "$0")/../_lib.sh"
snap
ompi_info > "$D/ompi_info.txt" 2>&1
gcc -O2 -Q --help=optimizers > "$D/gcc-optimizers.txt"
