/* An OpenMP loop with one slow thread: thread 0 gets most of the work (schedule(static) over
 * an uneven triangle), the others finish early and wait at the implicit barrier. Prints
 * "ready" then runs until killed. */
#include <math.h>
#include <omp.h>
#include <stdio.h>

int main(void) {
    volatile double sink = 0.0;
    printf("ready\n");
    fflush(stdout);
    for (;;) {
#pragma omp parallel for schedule(static) reduction(+ : sink)
        for (long i = 0; i < 40000; ++i) {
            double s = 0.0;
            long n = (40000 - i) * 4;  /* thread 0 gets the long rows */
            for (long j = 0; j < n; ++j) s += sqrt((double)(i + j));
            sink += s;
        }
    }
}
