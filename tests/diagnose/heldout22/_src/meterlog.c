/* Smart-meter reading archiver (C, serial).
 * Validates each meter reading (a short checksum) and appends it as a CSV record to readings.csv,
 * calling fflush after every record "so that nothing is lost"; every record becomes its own write
 * system call. -DNOFLUSH leaves the flushing to stdio. Prints one build row.
 * usage: meterlog [readings] */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 300000;
    FILE *f = fopen("readings.csv", "w");
    if (!f) return 1;
    double t0 = now();
    long bad = 0;
    for (long r = 0; r < n; r++) {
        unsigned meter = 100000 + r % 5000, kwh = (unsigned)(r * 2654435761u % 100000);
        unsigned sum = (meter * 31u + kwh) % 97u;
        if (sum == 0) bad++;
        fprintf(f, "%u,%ld,%u.%03u,%u\n", meter, 1700000000L + r * 15, kwh / 1000, kwh % 1000, sum);
#ifndef NOFLUSH
        fflush(f);
#endif
    }
    fclose(f);
    double t = now() - t0;
#ifdef NOFLUSH
    const char *build = "stdio-buffered";
#else
    const char *build = "fflush-per-record";
#endif
    printf("meterlog build=%s readings=%ld flagged=%ld seconds=%.3f us_per_reading=%.3f\n", build, n, bad, t, 1e6 * t / n);
    return 0;
}
