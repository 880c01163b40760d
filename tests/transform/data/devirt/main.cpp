#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <functional>
#include <vector>

#include "report.hpp"
#include "split.hpp"
#include "stored.hpp"
#include "sweep.hpp"

// a source term relaxing u towards a profile, applied cell by cell (same translation unit)
static void relax(std::vector<double>& u, double dt, std::function<double(double, double)> src) {
  const double h = 1.0 / static_cast<double>(u.size());
  for (std::size_t i = 0; i < u.size(); ++i) u[i] += dt * src(u[i], h * static_cast<double>(i));
}

int main(int argc, char** argv) {
  const std::size_t cells = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 200000;
  const int steps = argc > 2 ? std::atoi(argv[2]) : 200;
  std::vector<double> u(cells), un(cells);
  for (std::size_t i = 0; i < cells; ++i)
    u[i] = 1.0 + 0.5 * std::sin(6.283185307179586 * static_cast<double>(i) / cells);
  const double k = 0.02;
  auto burgers = [](double v) { return 0.5 * v * v; };
  auto t0 = std::chrono::steady_clock::now();
  for (int s = 0; s < steps; ++s) {
    sweep(u, un, 0.4, burgers);
    relax(u, 1e-3, [k](double v, double x) { return -k * (v - 1.0) + x * (1.0 - x); });
  }
  auto t1 = std::chrono::steady_clock::now();
  Limiter lim;
  lim.set([](double v) { return v < 0.0 ? 0.0 : v; });
  lim.apply(u);
  double extra = integrate(u, burgers) + flux_sum(u, burgers);
  report(u, extra, std::chrono::duration<double>(t1 - t0).count());
  return 0;
}
