/* diag.c: per species: confined count, mean kinetic energy, mean and max |z| */
#include <stdio.h>
#include <math.h>
#include "diag.h"

int diag_write(const char *path, const particle_t *p, size_t n, int steps)
{
    double ke[NSPECIES] = {0}, zabs[NSPECIES] = {0}, zmax[NSPECIES] = {0};
    long kept[NSPECIES] = {0}, lost[NSPECIES] = {0};
    for (size_t i = 0; i < n; i++) {
        int s = p[i].species;
        if (p[i].lost) { lost[s]++; continue; }
        double v2 = p[i].vel[0] * p[i].vel[0] + p[i].vel[1] * p[i].vel[1]
                  + p[i].vel[2] * p[i].vel[2];
        ke[s] += 0.5 * p[i].mass * v2;
        zabs[s] += fabs(p[i].pos[2]);
        if (fabs(p[i].pos[2]) > zmax[s]) zmax[s] = fabs(p[i].pos[2]);
        kept[s]++;
    }
    FILE *f = fopen(path, "w");
    if (!f) { perror(path); return -1; }
    fprintf(f, "# steps %d\n# species kept lost mean_ke mean_abs_z max_abs_z\n", steps);
    for (int s = 0; s < NSPECIES; s++)
        fprintf(f, "%d %ld %ld %.10e %.10e %.10e\n", s, kept[s], lost[s],
                kept[s] ? ke[s] / kept[s] : 0.0, kept[s] ? zabs[s] / kept[s] : 0.0, zmax[s]);
    return fclose(f);
}
