#include "mesh.hpp"

#include <algorithm>
#include <cmath>

Mesh build_channel_mesh(const Channel& ch, int nx, int ny, double beta_wall, double beta_x) {
    Mesh m;
    m.nx = nx;
    m.ny = ny;
    m.nodes.resize(static_cast<size_t>(nx + 1) * (ny + 1));
    for (int j = 0; j <= ny; ++j) {
        // cluster towards both walls
        const double eta = stretch_both(static_cast<double>(j) / ny, beta_wall);
        for (int i = 0; i <= nx; ++i) {
            // cluster around the bump in x
            const double xi = static_cast<double>(i) / nx;
            const double xs = xi + 0.08 * std::sin(2.0 * M_PI * xi) * beta_x;
            const double x = ch.length * std::min(1.0, std::max(0.0, xs));
            const double yl = ch.lower(x), yu = ch.upper(x);
            Node& p = m.nodes[m.node_id(i, j)];
            p.x = x;
            p.y = yl + eta * (yu - yl);
            p.z = 0.0;
        }
    }
    m.quads.reserve(static_cast<size_t>(nx) * ny);
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i)
            m.quads.push_back({{m.node_id(i, j), m.node_id(i + 1, j), m.node_id(i + 1, j + 1),
                                m.node_id(i, j + 1)}});
    for (int i = 0; i < nx; ++i) {
        m.edges.push_back({{m.node_id(i, 0), m.node_id(i + 1, 0)}, LOWER_WALL});
        m.edges.push_back({{m.node_id(i + 1, ny), m.node_id(i, ny)}, UPPER_WALL});
    }
    for (int j = 0; j < ny; ++j) {
        m.edges.push_back({{m.node_id(0, j + 1), m.node_id(0, j)}, INLET});
        m.edges.push_back({{m.node_id(nx, j), m.node_id(nx, j + 1)}, OUTLET});
    }
    (void)stretch_wall;
    return m;
}

Quality mesh_quality(const Mesh& m) {
    Quality q{1e300, 0.0, 0.0};
    for (const Quad& c : m.quads) {
        const Node& a = m.nodes[c.n[0]];
        const Node& b = m.nodes[c.n[1]];
        const Node& d = m.nodes[c.n[2]];
        const Node& e = m.nodes[c.n[3]];
        // shoelace area of the quad
        const double area = 0.5 * std::fabs((a.x * b.y - b.x * a.y) + (b.x * d.y - d.x * b.y) +
                                            (d.x * e.y - e.x * d.y) + (e.x * a.y - a.x * e.y));
        const double lx = std::hypot(b.x - a.x, b.y - a.y);
        const double ly = std::hypot(e.x - a.x, e.y - a.y);
        const double ar = std::max(lx, ly) / std::min(lx, ly);
        q.amin = std::min(q.amin, area);
        q.amax = std::max(q.amax, area);
        q.aspect_max = std::max(q.aspect_max, ar);
    }
    return q;
}
