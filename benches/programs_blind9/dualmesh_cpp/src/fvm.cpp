// fvm.cpp -- dual metrics and the explicit diffusion solver (edge-based)
#include "fvm.hpp"

#include <algorithm>
#include <cmath>

DualMesh build_dual(const Mesh& m)
{
    DualMesh d;
    const auto& nodes = m.nodes();
    d.volume.assign(m.n_nodes(), 0.0);
    for (int t = 0; t < static_cast<int>(m.n_triangles()); ++t) {
        const double a3 = m.triangle_area(t) / 3.0;
        for (int k = 0; k < 3; ++k) d.volume[m.triangles()[t][k]] += a3;
    }
    d.weight.resize(m.n_edges());
    for (std::size_t e = 0; e < m.n_edges(); ++e) {
        const Edge& ed = m.edges()[e];
        const Point &pa = nodes[ed.a], &pb = nodes[ed.b];
        const Point mid{0.5 * (pa.x + pb.x), 0.5 * (pa.y + pb.y)};
        // dual face: midpoint -> centroid of each neighbouring triangle
        double nx = 0, ny = 0;
        for (int t : {ed.left, ed.right}) {
            if (t < 0) continue;
            const Point c = m.centroid(t);
            double fx = c.y - mid.y, fy = -(c.x - mid.x);  // normal of the face segment
            if (fx * (pb.x - pa.x) + fy * (pb.y - pa.y) < 0) {
                fx = -fx;
                fy = -fy;
            }
            nx += fx;
            ny += fy;
        }
        const double len = std::hypot(pb.x - pa.x, pb.y - pa.y);
        d.weight[e] = std::hypot(nx, ny) / len;
        if (ed.right < 0) {
            d.boundary_edges++;
            d.boundary_length += len;
        }
    }
    d.min_volume = *std::min_element(d.volume.begin(), d.volume.end());
    d.max_volume = *std::max_element(d.volume.begin(), d.volume.end());
    d.total_volume = 0;
    for (double v : d.volume) d.total_volume += v;
    return d;
}

void diffuse(const Mesh& m, const DualMesh& d, std::vector<double>& T, double k, double dt,
             int steps)
{
    std::vector<double> flux(m.n_nodes());
    const auto& edges = m.edges();
    const auto& fixed = m.on_boundary();
    for (int s = 0; s < steps; ++s) {
        std::fill(flux.begin(), flux.end(), 0.0);
        for (std::size_t e = 0; e < edges.size(); ++e) {
            const double f = k * d.weight[e] * (T[edges[e].b] - T[edges[e].a]);
            flux[edges[e].a] += f;
            flux[edges[e].b] -= f;
        }
        for (std::size_t i = 0; i < T.size(); ++i)
            if (!fixed[i]) T[i] += dt * flux[i] / d.volume[i];
    }
}
