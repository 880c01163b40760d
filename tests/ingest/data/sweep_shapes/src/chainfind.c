/* Union-find over a chain of n items, with or without path compression, timed at several
 * sizes; the sweep is printed in the shape named by argv[1] (pipe, spaced, kv, runs) so that
 * the printout reader meets the shapes programs use (cpuonly: "clusters=N cpu_s=T" lines with
 * no wall time; ratio: a growth column whose first cell is "-" and the others "4.01x"). argv[2] = "compress" gives the linear
 * look-alike (path compression: near-constant finds). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int *parent;
static int compress;

static int find(int x) {
    int r = x;
    while (parent[r] != r) r = parent[r];
    if (compress) {
        while (parent[x] != r) { int nx = parent[x]; parent[x] = r; x = nx; }
    }
    return r;
}

static double cpu_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static double wall_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* chain: item i's root is item 0 through i-1; then every item asks for its root once */
static long run(int n, double *cpu, double *wall) {
    parent = malloc(sizeof *parent * (size_t)n);
    for (int i = 0; i < n; i++) parent[i] = i > 0 ? i - 1 : 0;
    double c0 = cpu_now(), w0 = wall_now();
    long sum = 0;
    for (int i = n - 1; i >= 0; i--) sum += find(i);
    *cpu = cpu_now() - c0;
    *wall = wall_now() - w0;
    free(parent);
    return sum;
}

int main(int argc, char **argv) {
    const char *shape = argc > 1 ? argv[1] : "pipe";
    compress = argc > 2 && strcmp(argv[2], "compress") == 0;
    int sizes[] = {4000, 8000, 16000, 32000};
    int reps = strcmp(shape, "runs") == 0 ? 2 : 1;
    if (strcmp(shape, "one") == 0) { /* one size (argv[3]), for a profiler run per size */
        double c, w;
        int n = argc > 3 ? atoi(argv[3]) : 16000;
        long s = run(n, &c, &w);
        printf("n=%d checksum=%ld\n", n, s);
        return 0;
    }
    if (strcmp(shape, "pipe") == 0) {
        printf("union-find on a chain (%s)\n", compress ? "path compression" : "no compression");
        printf(" clusters | cpu time [s] | wall [ms] | checksum\n");
        printf("----------+--------------+-----------+---------\n");
    } else if (strcmp(shape, "spaced") == 0) {
        printf("# chain length vs time\n");
        printf("%10s %14s %12s\n", "clusters", "cpu_time(s)", "wall(ms)");
    } else if (strcmp(shape, "ratio") == 0) {
        printf("%8s %12s %8s\n", "n", "cpu(s)", "growth");
    }
    double prev = 0;
    for (int r = 0; r < reps; r++) {
        for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
            double c, w;
            long s = run(sizes[k], &c, &w);
            if (strcmp(shape, "pipe") == 0)
                printf(" %8d | %12.6f | %9.3f | %ld\n", sizes[k], c, 1e3 * w, s);
            else if (strcmp(shape, "spaced") == 0)
                printf("%10d %14.6f %12.3f\n", sizes[k], c, 1e3 * w);
            else if (strcmp(shape, "cpuonly") == 0)
                printf("clusters=%d cpu_s=%.6f\n", sizes[k], c);
            else if (strcmp(shape, "ratio") == 0) {
                if (prev > 0) printf("%8d %12.6f %7.2fx\n", sizes[k], c, c / prev);
                else printf("%8d %12.6f %8s\n", sizes[k], c, "-");
                prev = c;
            } else
                printf("n=%d cpu=%.6f s wall=%.3f ms checksum=%ld\n", sizes[k], c, 1e3 * w, s);
        }
    }
    return 0;
}
