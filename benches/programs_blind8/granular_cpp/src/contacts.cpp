#include "contacts.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace {

void wall(Particle &a, double box, const ContactModel &cm, ContactStats &st)
{
    // four walls: x = 0, x = box, y = 0, y = box
    const double lo[2] = {a.x - a.r, a.y - a.r};
    const double hi[2] = {a.x + a.r - box, a.y + a.r - box};
    for (int d = 0; d < 2; ++d) {
        const double v = d == 0 ? a.vx : a.vy;
        double f = 0.0;
        if (lo[d] < 0.0)
            f = -cm.kn * lo[d] - cm.gamma * v;
        else if (hi[d] > 0.0)
            f = -cm.kn * hi[d] - cm.gamma * v;
        else
            continue;
        ++st.wall_contacts;
        (d == 0 ? a.fx : a.fy) += f;
    }
}

}  // namespace

ContactStats compute_forces(Particles &p, const CellHash &grid, const ContactModel &cm,
                            double box)
{
    ContactStats st;
    for (auto &a : p) {
        a.fx = 0.0;
        a.fy = 0.0;
    }
    const int n = static_cast<int>(p.size());
    for (int i = 0; i < n; ++i) {
        Particle &a = p[i];
        const int cx = grid.cell_of(a.x), cy = grid.cell_of(a.y);
        for (int dy = -1; dy <= 1; ++dy) {
            for (int dx = -1; dx <= 1; ++dx) {
                try {
                    const std::vector<int> &cell = grid.at(cx + dx, cy + dy);
                    for (int j : cell) {
                        if (j <= i)
                            continue;
                        Particle &b = p[j];
                        const double rx = b.x - a.x, ry = b.y - a.y;
                        const double d2 = rx * rx + ry * ry, rs = a.r + b.r;
                        if (d2 >= rs * rs)
                            continue;
                        const double d = std::sqrt(d2);
                        const double nx = rx / d, ny = ry / d;
                        const double overlap = rs - d;
                        const double vn = (b.vx - a.vx) * nx + (b.vy - a.vy) * ny;
                        const double f = cm.kn * overlap - cm.gamma * vn;  // repulsive > 0
                        a.fx -= f * nx;
                        a.fy -= f * ny;
                        b.fx += f * nx;
                        b.fy += f * ny;
                        ++st.contacts;
                        st.max_overlap = std::max(st.max_overlap, overlap / std::min(a.r, b.r));
                    }
                } catch (const std::out_of_range &) {
                    // empty neighbour cell: nothing to do
                }
            }
        }
        wall(a, box, cm, st);
    }
    return st;
}
