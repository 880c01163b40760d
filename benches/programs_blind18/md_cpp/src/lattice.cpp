#include <algorithm>
#include <cstdint>
#include <utility>
#include "md.h"

static double uniform(uint64_t& s)
{
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<double>(s >> 11) * (1.0 / 9007199254740992.0);
}

std::vector<Vec4> make_positions(int nside, double spacing, unsigned seed)
{
    std::vector<Vec4> pos;
    pos.reserve(static_cast<size_t>(nside) * nside * nside);
    uint64_t s = seed;
    for (int z = 0; z < nside; z++)
        for (int y = 0; y < nside; y++)
            for (int x = 0; x < nside; x++)
                pos.push_back({(x + 0.3 * (uniform(s) - 0.5)) * spacing,
                               (y + 0.3 * (uniform(s) - 0.5)) * spacing,
                               (z + 0.3 * (uniform(s) - 0.5)) * spacing, 0.0});
    return pos;
}

// SHOC builds a list of the MAX_NEIGHBORS nearest atoms, stored neighbour-major
// (neigh[j * n + i]); here the candidates are the lattice sites within 3 cells.
std::vector<int> build_neighbors(const std::vector<Vec4>& pos, int nside, double /*spacing*/)
{
    const int n = static_cast<int>(pos.size());
    std::vector<int> neigh(static_cast<size_t>(MAX_NEIGHBORS) * n);
    std::vector<std::pair<double, int>> cand;
    for (int z = 0; z < nside; z++)
        for (int y = 0; y < nside; y++)
            for (int x = 0; x < nside; x++) {
                const int i = (z * nside + y) * nside + x;
                cand.clear();
                for (int dz = -3; dz <= 3; dz++)
                    for (int dy = -3; dy <= 3; dy++)
                        for (int dx = -3; dx <= 3; dx++) {
                            const int xx = x + dx, yy = y + dy, zz = z + dz;
                            if ((dx | dy | dz) == 0 || xx < 0 || yy < 0 || zz < 0 ||
                                xx >= nside || yy >= nside || zz >= nside)
                                continue;
                            const int j = (zz * nside + yy) * nside + xx;
                            const double ddx = pos[i].x - pos[j].x, ddy = pos[i].y - pos[j].y,
                                         ddz = pos[i].z - pos[j].z;
                            cand.emplace_back(ddx * ddx + ddy * ddy + ddz * ddz, j);
                        }
                const size_t keep = std::min<size_t>(MAX_NEIGHBORS, cand.size());
                std::partial_sort(cand.begin(), cand.begin() + keep, cand.end());
                for (int k = 0; k < MAX_NEIGHBORS; k++)
                    neigh[static_cast<size_t>(k) * n + i] =
                        cand[static_cast<size_t>(k) < keep ? k : keep - 1].second;
            }
    return neigh;
}
