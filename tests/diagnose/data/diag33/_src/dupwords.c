/* Duplicate reads (short words) in a list, found by comparing every pair: prints the words, the pairs
 * compared, the duplicates found and the seconds, one line per run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 2000;
    char (*w)[12] = malloc(sizeof *w * (size_t)n);
    srand(3);
    for (int i = 0; i < n; i++) snprintf(w[i], sizeof w[i], "w%07d", rand() % (n * 10));
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    long pairs = 0, dups = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++, pairs++)
            dups += memcmp(w[i], w[j], 8) == 0;
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("reads=%d pairs=%ld duplicates=%ld seconds=%.4f\n", n, pairs, dups,
           (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec));
    return 0;
}
