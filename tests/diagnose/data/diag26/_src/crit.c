/* every thread enters a critical section per element to add to a shared histogram */
#include <omp.h>
#include <stdio.h>
int main(void) {
    long n = 4000000; static long hist[64];
    #pragma omp parallel for
    for (long i = 0; i < n; ++i) {
        int b = (int)((i * 2654435761u) >> 26) & 63;
        #pragma omp critical
        hist[b]++;
    }
    long s = 0; for (int b = 0; b < 64; ++b) s += hist[b];
    printf("threads=%d count=%ld\n", omp_get_max_threads(), s);
    return 0;
}
