/* Opacity lookup for a photon random walk: each lookup reads ONE 8-byte value from a 4 MB binary
   table file with pread at the lookup's (density, temperature) offset.
   ./tabread LOOKUPS  (creates opac.bin first if missing) */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#define NT 512
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv)
{
    int lookups = argc > 1 ? atoi(argv[1]) : 1000000;
    if (access("opac.bin", R_OK) != 0) {
        FILE *f = fopen("opac.bin", "wb");
        for (int i = 0; i < NT * NT * 2; i++) { double v = 1.0 + (i % 1000) * 1e-3; fwrite(&v, 8, 1, f); }
        fclose(f);
    }
    int fd = open("opac.bin", O_RDONLY);
    double x = 0.3, y = 0.7, path = 0, t0 = now();
    unsigned s = 99;
    for (int k = 0; k < lookups; k++) {
        s = s * 1103515245u + 12345u;
        x = 0.9 * x + 0.1 * ((s >> 9) & 1023) / 1024.0; y = 0.95 * y + 0.05 * ((s >> 3) & 1023) / 1024.0;
        long off = ((long)(x * (NT - 1)) * NT * 2 + (long)(y * (2 * NT - 1))) * 8;
        double kap;
        if (pread(fd, &kap, 8, off) != 8) return 1;
        path += 1.0 / kap;
    }
    double sec = now() - t0;
    close(fd);
    printf("tabread: lookups=%d seconds=%.3f us/lookup=%.3f mean-free-path-sum=%.6f\n", lookups, sec, 1e6 * sec / lookups, path);
    return 0;
}
