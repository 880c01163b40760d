// Solver settings read from a std::map by name, a default when a name is missing: half the
// names asked for are not set, and each miss is an exception caught in setting().
#include <cstdio>
#include <cstdlib>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

static double setting(const std::map<std::string, double>& cfg, const std::string& name,
                      double fallback) {
  double v;
  try {
    v = cfg.at(name);
  } catch (const std::out_of_range&) {
    v = fallback;
  }
  return v;
}

int main(int argc, char** argv) {
  long rounds = argc > 1 ? std::atol(argv[1]) : 200000;
  std::map<std::string, double> cfg = {{"dt", 0.01}, {"tol", 1e-8}, {"omega", 1.7},
                                       {"nu", 0.3}, {"rho", 1000.0}};
  std::vector<std::string> asked = {"dt", "cfl", "tol", "maxit", "omega", "beta",
                                    "nu", "gamma", "rho", "kappa"};
  double sum = 0.0;
  for (long r = 0; r < rounds; ++r) {
    const std::string& name = asked[r % asked.size()];
    sum += setting(cfg, name, 0.5 + static_cast<double>(r % 7));
  }
  std::printf("sum %.6f\n", sum);
  return 0;
}
