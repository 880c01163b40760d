// Reaction rates looked up by species name in a std::map<std::string, double> at every step:
// each lookup walks the tree comparing strings (the ordered container is the hot code).
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

int main(int argc, char **argv) {
    int steps = argc > 1 ? std::atoi(argv[1]) : 200;
    std::vector<std::string> names;
    for (int s = 0; s < 100; s++) names.push_back("SPECIES_" + std::to_string(1000 + 7 * s));
    std::map<std::string, double> conc;
    for (const auto &n : names) conc[n] = 1.0;
    double total = 0.0;
    for (int t = 0; t < steps; t++)
        for (int r = 0; r < 400; r++) {
            const std::string &a = names[(r * 7) % 100], &b = names[(r * 13 + 5) % 100];
            double rate = 1e-4 * conc[a] * conc[b];
            conc[a] -= rate;
            conc[b] += rate;
            total += rate;
        }
    std::printf("steps %d total %.9f\n", steps, total);
    return 0;
}
