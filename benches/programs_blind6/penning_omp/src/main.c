/* penning: confinement study of a thermal ion cloud in a Penning trap.
 *
 *   ./penning [ions=10000] [steps=1000] [dt=0.05] [temperature=0.12]
 *
 * Prints the cloud diagnostics every fifth of the run and the push timing.
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "boris.h"
#include "diag.h"
#include "particles.h"
#include "trap.h"

static unsigned long long rng = 0x9E3779B97F4A7C15ULL;

static double urand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (double)(rng >> 11) * (1.0 / 9007199254740992.0);
}

static double gauss(void)
{
    double u1 = urand(), u2 = urand();
    return sqrt(-2.0 * log(u1 + 1e-300)) * cos(2.0 * M_PI * u2);
}

static double wall_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10000;
    int steps = argc > 2 ? atoi(argv[2]) : 1000;
    double dt = argc > 3 ? atof(argv[3]) : 0.05;
    double temp = argc > 4 ? atof(argv[4]) : 0.12;
    if (n < 1 || steps < 5 || dt <= 0.0 || temp < 0.0) {
        fprintf(stderr, "usage: penning [ions] [steps>=5] [dt] [temperature]\n");
        return 1;
    }

    Cloud c;
    c.n = n;
    double *buf = malloc(sizeof(double) * 6 * (size_t)n);
    c.alive = malloc((size_t)n);
    if (!buf || !c.alive) {
        fprintf(stderr, "penning: out of memory\n");
        return 1;
    }
    c.x = buf; c.y = buf + n; c.z = buf + 2 * (size_t)n;
    c.vx = buf + 3 * (size_t)n; c.vy = buf + 4 * (size_t)n; c.vz = buf + 5 * (size_t)n;
    double sv = sqrt(temp);
    for (int i = 0; i < n; i++) {
        c.x[i] = 0.4 * gauss();
        c.y[i] = 0.4 * gauss();
        c.z[i] = 0.6 * gauss();
        c.vx[i] = sv * gauss();
        c.vy[i] = sv * gauss();
        c.vz[i] = sv * gauss();
        c.alive[i] = 1;
    }

    Trap trap;
    trap_default(&trap);
    printf("Penning trap: B=%.2f kz=%.3f wall r=%.2f caps z=+-%.2f\n", trap.bz, trap.kz,
           trap.r_wall, trap.z_cap);
    printf("%d ions, T=%.3f, %d steps of dt=%.3f, %d OpenMP threads\n", n, temp, steps, dt,
           omp_get_max_threads());

    double push_wall = 0.0, push_cpu = 0.0;
    long lost = 0;
    const int chunk = steps / 5;
    for (int part = 1; part <= 5; part++) {
        double w0 = wall_now();
        clock_t c0 = clock();
        lost += boris_run(&c, &trap, dt, part < 5 ? chunk : steps - 4 * chunk);
        push_cpu += (double)(clock() - c0) / CLOCKS_PER_SEC;
        push_wall += wall_now() - w0;
        Diag d = diagnose(&c);
        printf("t=%8.2f  alive %6ld  lost %6ld  <Ekin> %.10f  r_rms %.10f  z_rms %.10f\n",
               dt * (part < 5 ? part * chunk : steps), d.alive, lost, d.ekin, d.rrms, d.zrms);
    }
    printf("push: %.3f s wall, %.3f s cpu, %.2f ns per ion-step\n", push_wall, push_cpu,
           1e9 * push_wall / ((double)n * steps));
    free(buf);
    free(c.alive);
    return 0;
}
