// Monte Carlo photon paths through a slab; each path draws its random numbers from a generator of its own.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
static double path(unsigned long id)
{
  std::mt19937_64 gen(id);                        // a fresh generator for every path
  std::uniform_real_distribution<double> u(0.0, 1.0);
  double z = 0, mu = 1;
  for (int k = 0; k < 20; k++) {
    z += -std::log(u(gen) + 1e-300) * mu * 0.1;
    if (z < 0 || z > 1) break;
    mu = 2 * u(gen) - 1;
  }
  return z > 1 ? 1.0 : 0.0;
}
#ifdef FIX
static std::mt19937_64 g_all(7);
static double path_fix(unsigned long)
{
  std::uniform_real_distribution<double> u(0.0, 1.0);
  double z = 0, mu = 1;
  for (int k = 0; k < 20; k++) {
    z += -std::log(u(g_all) + 1e-300) * mu * 0.1;
    if (z < 0 || z > 1) break;
    mu = 2 * u(g_all) - 1;
  }
  return z > 1 ? 1.0 : 0.0;
}
#define path path_fix
#endif
int main(int argc, char **argv)
{
  unsigned long n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 2000000;
  double hit = 0;
  for (unsigned long i = 0; i < n; i++) hit += path(i);
  std::printf("paths %lu  transmitted fraction %.5f\n", n, hit / n);
  return 0;
}
