// Travel times on a weighted N x N grid graph (first-arrival times for a seismic ray model):
// Dijkstra's algorithm with the next vertex chosen by a linear scan over all vertices
// (O(V^2) for a graph with 4 edges per vertex).  usage: dijkstra N
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <limits>
#include <vector>

int main(int argc, char **argv)
{
    const int n = argc > 1 ? std::atoi(argv[1]) : 80;
    const int nv = n * n;
    std::vector<double> slow(nv), dist(nv, std::numeric_limits<double>::infinity());
    std::vector<char> done(nv, 0);
    for (int v = 0; v < nv; v++) slow[v] = 1.0 + 0.5 * std::sin(0.07 * (v % n)) * std::cos(0.05 * (v / n));
    std::clock_t c0 = std::clock();
    dist[0] = 0.0;
    for (int iter = 0; iter < nv; iter++) {
        int u = -1;
        double best = std::numeric_limits<double>::infinity();
        for (int v = 0; v < nv; v++)
            if (!done[v] && dist[v] < best) { best = dist[v]; u = v; }
        if (u < 0) break;
        done[u] = 1;
        const int ux = u % n, uy = u / n;
        const int nb[4] = {ux > 0 ? u - 1 : -1, ux < n - 1 ? u + 1 : -1, uy > 0 ? u - n : -1, uy < n - 1 ? u + n : -1};
        for (int w : nb)
            if (w >= 0 && !done[w]) {
                double d = dist[u] + 0.5 * (slow[u] + slow[w]);
                if (d < dist[w]) dist[w] = d;
            }
    }
    double t = double(std::clock() - c0) / CLOCKS_PER_SEC;
    std::printf("n=%d vertices=%d cpu=%.3f s  far corner time=%.6f\n", n, nv, t, dist[nv - 1]);
    return 0;
}
