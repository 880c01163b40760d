/* Thread 0 computes until killed; every other thread reaches the barrier at once and waits
 * there. Prints "ready" when the others are (about to be) at the barrier. */
#include <math.h>
#include <omp.h>
#include <stdio.h>

int main(void) {
    volatile double sink = 0.0;
#pragma omp parallel
    {
        if (omp_get_thread_num() == 0) {
            printf("ready\n");
            fflush(stdout);
            for (long i = 1;; ++i) sink += sqrt((double)i);
        }
#pragma omp barrier
    }
    return 0;
}
