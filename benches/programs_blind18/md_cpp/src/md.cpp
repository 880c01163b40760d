#include <cmath>
#include "md.h"

// SHOC MD (level 1): for each atom, loop over its neighbour list, and for each neighbour
// within the cutoff add the Lennard-Jones force lj1 r^-14 - lj2 r^-8 times the displacement.
void compute_lj_force(std::vector<Vec4>& force, const std::vector<Vec4>& pos,
                      const std::vector<int>& neigh, const LJParams& p)
{
    const int n = static_cast<int>(pos.size());
    for (int i = 0; i < n; i++) {
        const Vec4 ipos = pos[i];
        Vec4 f{0.0, 0.0, 0.0, 0.0};
        for (int j = 0; j < MAX_NEIGHBORS; j++) {
            const int jidx = neigh[static_cast<size_t>(j) * n + i];
            const Vec4 jpos = pos[jidx];
            const double delx = ipos.x - jpos.x;
            const double dely = ipos.y - jpos.y;
            const double delz = ipos.z - jpos.z;
            const double r2 = delx * delx + dely * dely + delz * delz;
            if (r2 < p.cutsq) {
                const double r2inv = 1.0 / r2;
                const double r6inv = std::pow(r2inv, 3.0);
                const double forceC = r2inv * r6inv * (p.lj1 * r6inv - p.lj2);
                f.x += delx * forceC;
                f.y += dely * forceC;
                f.z += delz * forceC;
            }
        }
        force[i] = f;
    }
}
