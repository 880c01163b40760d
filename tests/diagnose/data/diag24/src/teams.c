/* A triangular loop (row i costs i) split in equal static blocks over the threads; each thread
   prints its share of the pairs and its CPU time (key with a unit suffix: cpu_s=). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 20000;
    double total = 0.0;
    #pragma omp parallel reduction(+:total)
    {
        long pairs = 0;
        double acc = 0.0;
        struct timespec a, b;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
        #pragma omp for schedule(static)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < i; j++) { acc += 1.0 / (1.0 + i + j); pairs++; }
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
        #pragma omp critical
        printf("thread %d pairs=%ld cpu_s=%.4f\n", omp_get_thread_num(), pairs,
               (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec));
        total += acc;
    }
    printf("n=%d total=%.6f\n", n, total);
    return 0;
}
