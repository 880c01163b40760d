// mesh.cpp -- mesh generation and the edge table
#include "mesh.hpp"

#include <stdexcept>
#include <unordered_map>

namespace {

// the group's reproducible generator (splitmix64)
struct Rng {
    unsigned long long s;
    double uniform()
    {
        unsigned long long z = (s += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        z ^= z >> 31;
        return static_cast<double>(z >> 11) * (1.0 / 9007199254740992.0);
    }
};

}  // namespace

Mesh Mesh::channel(int nx, int ny, double lx, double ly, unsigned seed)
{
    if (nx < 2 || ny < 2) throw std::invalid_argument("need at least 2 x 2 nodes");
    Mesh m;
    Rng rng{seed};
    const double hx = lx / (nx - 1), hy = ly / (ny - 1);
    m.nodes_.reserve(static_cast<std::size_t>(nx) * ny);
    m.boundary_node_.reserve(static_cast<std::size_t>(nx) * ny);
    for (int j = 0; j < ny; ++j) {
        for (int i = 0; i < nx; ++i) {
            const bool edge = (i == 0 || j == 0 || i == nx - 1 || j == ny - 1);
            double x = i * hx, y = j * hy;
            if (!edge) {  // 25 % jitter keeps every triangle positively oriented
                x += 0.25 * hx * (2.0 * rng.uniform() - 1.0);
                y += 0.25 * hy * (2.0 * rng.uniform() - 1.0);
            }
            m.nodes_.push_back({x, y});
            m.boundary_node_.push_back(edge ? 1 : 0);
        }
    }
    m.tris_.reserve(2 * static_cast<std::size_t>(nx - 1) * (ny - 1));
    for (int j = 0; j + 1 < ny; ++j) {
        for (int i = 0; i + 1 < nx; ++i) {
            const int p = j * nx + i, q = p + 1, r = p + nx, s = r + 1;
            if ((i + j) % 2 == 0) {
                m.tris_.push_back({p, q, s});
                m.tris_.push_back({p, s, r});
            } else {
                m.tris_.push_back({p, q, r});
                m.tris_.push_back({q, s, r});
            }
        }
    }
    return m;
}

void Mesh::build_edges()
{
    std::unordered_map<std::pair<int, int>, int, PairHash> index;
    index.reserve(3 * tris_.size() / 2 + nodes_.size());
    edges_.clear();
    for (int t = 0; t < static_cast<int>(tris_.size()); ++t) {
        for (int k = 0; k < 3; ++k) {
            int a = tris_[t][k], b = tris_[t][(k + 1) % 3];
            if (a > b) std::swap(a, b);
            auto [it, inserted] = index.try_emplace({a, b}, static_cast<int>(edges_.size()));
            if (inserted) {
                edges_.push_back({a, b, t, -1});
            } else {
                Edge& e = edges_[it->second];
                if (e.right != -1) throw std::runtime_error("edge shared by three triangles");
                e.right = t;
            }
        }
    }
}

double Mesh::triangle_area(int t) const
{
    const Point &p = nodes_[tris_[t][0]], &q = nodes_[tris_[t][1]], &r = nodes_[tris_[t][2]];
    return 0.5 * ((q.x - p.x) * (r.y - p.y) - (r.x - p.x) * (q.y - p.y));
}

Point Mesh::centroid(int t) const
{
    const Point &p = nodes_[tris_[t][0]], &q = nodes_[tris_[t][1]], &r = nodes_[tris_[t][2]];
    return {(p.x + q.x + r.x) / 3.0, (p.y + q.y + r.y) / 3.0};
}
