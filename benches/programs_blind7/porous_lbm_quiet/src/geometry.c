#include "geometry.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static unsigned lcg(unsigned *s) { *s = *s * 1664525u + 1013904223u; return *s >> 8; }
static double unif(unsigned *s) { return lcg(s) / 16777216.0; }

/* periodic distance along one axis */
static double pdist(double a, double b, double len)
{
    double d = fabs(a - b);
    return d > 0.5 * len ? len - d : d;
}

double make_medium(unsigned char *solid, int nx, int ny, int ncyl, double r, unsigned seed)
{
    double *cx = malloc(sizeof(double) * ncyl), *cy = malloc(sizeof(double) * ncyl);
    int placed = 0, tries = 0;
    memset(solid, 0, (size_t)nx * ny);
    while (placed < ncyl && tries < 100000) {
        double x = unif(&seed) * nx, y = unif(&seed) * ny;
        int ok = 1;
        ++tries;
        for (int c = 0; c < placed && ok; ++c) {
            double dx = pdist(x, cx[c], nx), dy = pdist(y, cy[c], ny);
            if (dx * dx + dy * dy < (2.0 * r + 2.0) * (2.0 * r + 2.0)) ok = 0;
        }
        if (!ok) continue;
        cx[placed] = x;
        cy[placed] = y;
        ++placed;
    }
    long nsolid = 0;
    for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x) {
            for (int c = 0; c < placed; ++c) {
                double dx = pdist(x + 0.5, cx[c], nx), dy = pdist(y + 0.5, cy[c], ny);
                if (dx * dx + dy * dy <= r * r) {
                    solid[(size_t)y * nx + x] = 1;
                    ++nsolid;
                    break;
                }
            }
        }
    free(cx);
    free(cy);
    return 1.0 - (double)nsolid / ((double)nx * ny);
}
