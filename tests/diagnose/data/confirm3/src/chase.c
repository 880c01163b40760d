/* Follows a random cyclic permutation of n indices for n steps: the instruction count grows
   as n, but once the array outgrows the caches every step waits on memory, so the time per
   step grows with n too. Prints the size and its own CPU time. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 1 << 20;
    long *next = malloc(n * sizeof *next), *perm = malloc(n * sizeof *perm);
    srand(12345);
    for (long i = 0; i < n; i++) perm[i] = i;
    for (long i = n - 1; i > 0; i--) {  /* Fisher-Yates */
        long j = (long)(((unsigned long)rand() << 16 ^ (unsigned long)rand()) % (unsigned long)(i + 1));
        long t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    for (long i = 0; i < n; i++) next[perm[i]] = perm[(i + 1) % n];
    clock_t c0 = clock();
    long p = 0, sum = 0;
    for (int r = 0; r < 4; r++)
        for (long i = 0; i < n; i++) {
            p = next[p];
            sum += p;
        }
    double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    printf("n=%ld sum=%ld cpu=%.4f s\n", n, sum, cpu);
    free(next);
    free(perm);
    return 0;
}
