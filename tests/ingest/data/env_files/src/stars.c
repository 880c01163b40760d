/* A small OpenMP kernel that prints the team it ran with, its time and a checksum; it keeps
 * its arrays allocated while it sleeps on a signal so that pmap can read its mappings. */
#include <omp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static volatile sig_atomic_t go_on = 0;
static void on_usr1(int s) { (void)s; go_on = 1; }

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 4000000;
    int hold = argc > 2;  /* wait for SIGUSR1 after the work (pmap reads the process then) */
    double *x = malloc(sizeof(double) * (size_t)n), *y = malloc(sizeof(double) * (size_t)n);
    double t0 = omp_get_wtime(), sum = 0.0;
    int team = 0;
#pragma omp parallel reduction(+ : sum)
    {
#pragma omp single
        team = omp_get_num_threads();
#pragma omp for
        for (int i = 0; i < n; i++) {
            x[i] = 0.5 * i;
            y[i] = x[i] * x[i] + 1.0;
            sum += y[i] / (x[i] + 1.0);
        }
    }
    printf("threads=%d n=%d seconds=%.4f checksum=%.6e\n", team, n, omp_get_wtime() - t0, sum);
    fflush(stdout);
    if (hold) {
        signal(SIGUSR1, on_usr1);
        printf("ready %d\n", (int)getpid());
        fflush(stdout);
        while (!go_on)
            pause();
    }
    free(x);
    free(y);
    return 0;
}
