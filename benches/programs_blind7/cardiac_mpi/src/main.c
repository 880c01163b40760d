/* cardiac: planar waves paced from the left edge of a sheet of excitable tissue
 * (FitzHugh-Nagumo, Rogers-McCulloch form), explicit Euler, MPI over rows.
 *
 *   mpirun -np 2 ./cardiac [n=100] [t_end=400] [pacing_period=80]
 *
 * Reports the excited area over time, the conduction velocity between two probes and the
 * activation map's statistics. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "fhn.h"
#include "tissue.h"

static double excited_fraction(const Tissue *T)
{
    long k = 0;
    const long n = (long)T->nx * T->ny;
    for (long i = 0; i < n; ++i) k += T->u[i] > 0.5;
    return (double)k / n;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    const int n = argc > 1 ? atoi(argv[1]) : 100;
    const double t_end = argc > 2 ? atof(argv[2]) : 400.0;
    const double period = argc > 3 ? atof(argv[3]) : 80.0;
    const double h = 1.0, dt = 0.05;
    const FHN p = fhn_default();
    const int nsteps = (int)(t_end / dt + 0.5);
    const int pace_every = (int)(period / dt + 0.5), stim_steps = (int)(1.0 / dt + 0.5);
    const int report_every = nsteps / 8 > 0 ? nsteps / 8 : 1;

    Tissue T;
    tissue_init(&T, n, n, h, dt, rank, size);
    if (rank == 0)
        printf("cardiac: %d x %d cells (h = %.2f), dt = %.3f, %d steps, pacing every %.0f, "
               "%d ranks\n", n, n, h, dt, nsteps, period, size);

    MPI_Barrier(MPI_COMM_WORLD);
    const double w0 = MPI_Wtime();
    const clock_t c0 = clock();
    for (int s = 0; s < nsteps; ++s) {
        const double t = s * dt;
        if (s % pace_every < stim_steps) tissue_stimulate(&T, 5);
        tissue_step(&T, &p, t + dt);
        tissue_exchange(&T);
        if (rank == 0 && (s + 1) % report_every == 0)
            printf("  t = %7.2f  excited %.5f  u(center) % .6f  v(center) % .6f\n", t + dt,
                   excited_fraction(&T), T.u[(size_t)(n / 2) * n + n / 2],
                   T.v[(size_t)(n / 2) * n + n / 2]);
    }
    const double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    const double wall = MPI_Wtime() - w0;

    /* activation map: each rank recorded its own rows */
    MPI_Allreduce(MPI_IN_PLACE, T.act, n * n, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0) {
        const int ya = n / 2, xa = n / 4, xb = 3 * n / 4;
        const double ta = T.act[(size_t)ya * n + xa], tb = T.act[(size_t)ya * n + xb];
        double tmax = 0.0, tsum = 0.0;
        long nact = 0;
        for (long i = 0; i < (long)n * n; ++i)
            if (T.act[i] >= 0.0) {
                ++nact;
                tsum += T.act[i];
                if (T.act[i] > tmax) tmax = T.act[i];
            }
        printf("activation: %ld of %ld cells, mean %.4f, last %.4f\n", nact, (long)n * n,
               nact ? tsum / nact : 0.0, tmax);
        if (ta >= 0.0 && tb > ta)
            printf("conduction velocity: %.6f (probes at x = %d and %d)\n",
                   (xb - xa) * h / (tb - ta), xa, xb);
        else
            printf("conduction velocity: not measured (wave did not reach both probes)\n");
        printf("time stepping: %.3f s wall, %.3f s cpu (rank 0)\n", wall, cpu);
    }
    tissue_free(&T);
    MPI_Finalize();
    return 0;
}
