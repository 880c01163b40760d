/* eddies -- single-particle dispersion of surface drifters in a field of mesoscale eddies
 *
 *   ./eddies [grid=1536] [drifters=1000000] [steps=18] [seed=17]
 *
 * A stationary, random, non-divergent eddy field (rms speed 10 km/day, eddies of 50-200
 * km) on a periodic 1 km grid; drifters released uniformly are advected by the midpoint
 * rule with dt = 3 h.  Prints the displacement statistics and the apparent diffusivity
 * K = var / (2 t) every few steps, and the CPU and wall time of the advection.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "field.h"
#include "tracers.h"

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1536;
    long count = argc > 2 ? atol(argv[2]) : 1000000;
    int steps = argc > 3 ? atoi(argv[3]) : 18;
    unsigned long long seed = argc > 4 ? strtoull(argv[4], NULL, 10) : 17;
    const double dt = 0.125;  /* day */
    int every = steps >= 6 ? steps / 6 : 1;

    Field *f = field_eddies(n, 24, 10.0, seed);
    Tracers *t = tracers_release(count, n, seed + 1);
    printf("eddy field: %d x %d km, max speed %.4f km/day; %ld drifters, %d threads\n", n, n,
           f->umax, count, omp_get_max_threads());
    printf("%6s %8s %12s %12s %12s %12s %10s %12s\n", "step", "t[day]", "<dx>", "<dy>",
           "var_x", "var_y", "kurt_x", "K[km2/d]");

    double cpu = 0, wall = 0;
    for (int s = 1; s <= steps; s++) {
        clock_t c0 = clock();
        double w0 = omp_get_wtime();
        tracers_step(t, f, dt);
        cpu += (double)(clock() - c0) / CLOCKS_PER_SEC;
        wall += omp_get_wtime() - w0;
        if (s % every == 0) {
            Dispersion d = tracers_dispersion(t);
            double time = s * dt;
            printf("%6d %8.3f %12.6f %12.6f %12.6f %12.6f %10.6f %12.6f\n", s, time, d.mx, d.my,
                   d.vx, d.vy, d.kurt, 0.5 * (d.vx + d.vy) / (2.0 * time));
        }
    }
    Dispersion d = tracers_dispersion(t);
    printf("largest distance travelled: %.6f km\n", d.max_dist);
    printf("advection: %.3f s wall, %.3f s cpu (%.1f ns cpu per drifter step)\n", wall, cpu,
           1e9 * cpu / ((double)count * steps));
    tracers_free(t);
    field_free(f);
    return 0;
}
