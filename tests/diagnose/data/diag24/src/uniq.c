/* Counts distinct ids among n readings by scanning the list of ids seen so far for each
   reading (O(n * distinct)); prints both counts and its CPU time. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 20000;
    int *seen = malloc(sizeof(int) * n);
    int nseen = 0;
    struct timespec a, b;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
    for (int i = 0; i < n; i++) {
        int id = (int)((i * 2654435761u) % (unsigned)(n / 8));
        int j = 0;
        while (j < nseen && seen[j] != id) j++;
        if (j == nseen) seen[nseen++] = id;
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
    double t = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
    printf("readings=%d unique=%d cpu_s=%.4f\n", n, nseen, t);
    free(seen);
    return 0;
}
