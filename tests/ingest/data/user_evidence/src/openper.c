/* Appends one line per event to a log file it opens and closes for every event. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : "events.log";
    long n = argc > 2 ? atol(argv[2]) : 50000;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (long i = 0; i < n; i++) {
        FILE *f = fopen(path, "a");
        fprintf(f, "event %ld value %.6f\n", i, i * 0.001);
        fclose(f);
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("events=%ld elapsed=%.3f s\n", n, (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec));
    return 0;
}
