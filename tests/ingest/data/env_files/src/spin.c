/* An OpenMP loop of arithmetic with no memory traffic: it keeps as many CPUs busy as the
 * team it gets. Prints the team size and a sum. */
#include <math.h>
#include <omp.h>
#include <stdio.h>

int main(void) {
    double s = 0.0;
    int team = 0;
#pragma omp parallel reduction(+ : s)
    {
#pragma omp single
        team = omp_get_num_threads();
#pragma omp for
        for (int i = 0; i < 40000000; i++) s += sin(i * 1e-7);
    }
    printf("team=%d sum=%.6f\n", team, s);
    return 0;
}
