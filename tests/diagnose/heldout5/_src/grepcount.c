/* Counts log lines that match an error pattern; the pattern is compiled for every line. */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

static int is_error(const char *line)
{
    regex_t re;
    regcomp(&re, "(ERROR|FATAL) \\[rank [0-9]+\\] code=[0-9]{3}", REG_EXTENDED | REG_NOSUB);
    int hit = regexec(&re, line, 0, NULL, 0) == 0;
    regfree(&re);
    return hit;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100000;
    char line[128];
    long hits = 0;
    double t0 = now();
    for (long i = 0; i < n; i++) {
        snprintf(line, sizeof line, "%s [rank %ld] code=%03ld step %ld t=%.3f", i % 50 ? "INFO" : "ERROR", i % 8, i % 1000, i, 0.01 * i);
        hits += is_error(line);
    }
    printf("lines=%ld errors=%ld time=%.3f s  %.0f lines/s\n", n, hits, now() - t0, n / (now() - t0));
    return 0;
}
