// Atmospheric chemistry box model: 300 reactions among 120 species, each reaction rate k*[A]*[B]
// reads and updates the species concentrations through a std::map keyed by species name, looked up
// on every reaction of every step. -DINDEX resolves the names to vector indices once before the loop.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

struct reaction { std::string a, b, p; double k; int ia, ib, ip; };

int main(int argc, char **argv)
{
    int nsteps = argc > 1 ? std::atoi(argv[1]) : 12000;
    const int nspec = 120, nreac = 300;
    std::vector<std::string> names;
    for (int s = 0; s < nspec; s++) names.push_back("SPC_" + std::to_string(1000 + s * 37) + "_gas");
    std::map<std::string, double> conc;
    for (int s = 0; s < nspec; s++) conc[names[s]] = 1.0 + 0.01 * s;
    std::vector<reaction> r;
    for (int j = 0; j < nreac; j++) {
        int a = (j * 7) % nspec, b = (j * 13 + 5) % nspec, p = (j * 29 + 11) % nspec;
        r.push_back({names[a], names[b], names[p], 1e-4 / (1 + j % 17), a, b, p});
    }
    std::vector<double> c(nspec);
    for (int s = 0; s < nspec; s++) c[s] = conc[names[s]];
    auto t0 = std::chrono::steady_clock::now();
    for (int step = 0; step < nsteps; step++) {
        for (const reaction &q : r) {
#ifdef INDEX
            double rate = q.k * c[q.ia] * c[q.ib];
            c[q.ia] -= rate; c[q.ib] -= rate; c[q.ip] += rate;
#else
            double rate = q.k * conc[q.a] * conc[q.b];
            conc[q.a] -= rate; conc[q.b] -= rate; conc[q.p] += rate;
#endif
        }
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
#ifndef INDEX
    for (int s = 0; s < nspec; s++) c[s] = conc[names[s]];
#endif
    double tot = 0;
    for (double v : c) tot += v;
    std::printf("build %s steps %d reactions %d seconds %.3f ns/reaction %.1f total %.6f\n",
#ifdef INDEX
                "index",
#else
                "map",
#endif
                nsteps, nreac, secs, 1e9 * secs / (double(nsteps) * nreac), tot);
    return 0;
}
