/* A serial sum that writes its own /proc/self/schedstat (CPU ns, run-queue wait ns,
 * timeslices) to argv[2] when done: run beside CPU hogs it waits for a CPU. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 300000000;
    double s = 0.0;
    for (long i = 1; i <= n; i++) s += 1.0 / (double)i;
    printf("terms=%ld sum=%.6f\n", n, s);
    FILE *in = fopen("/proc/self/schedstat", "r"), *out = fopen(argc > 2 ? argv[2] : "schedstat.txt", "w");
    char line[128];
    if (in && out && fgets(line, sizeof line, in)) fputs(line, out);
    if (in) fclose(in);
    if (out) fclose(out);
    return 0;
}
