/* bubble sort: time grows as n^2 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
__attribute__((noinline)) void bsort(int *a, long n) {
    for (long i = 0; i < n; i++)
        for (long j = 0; j + 1 < n - i; j++)
            if (a[j] > a[j + 1]) { int t = a[j]; a[j] = a[j + 1]; a[j + 1] = t; }
}
__attribute__((noinline)) void fill(int *a, long n) { for (long i = 0; i < n; i++) a[i] = (int)((i * 7919L) % 100003); }
int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 20000;
    int *a = malloc(n * sizeof *a);
    fill(a, n);
    clock_t c0 = clock();
    bsort(a, n);
    clock_t c1 = clock();
    printf("n=%ld time=%.3f s first=%d\n", n, (double)(c1 - c0) / CLOCKS_PER_SEC, a[0]);
    return 0;
}
