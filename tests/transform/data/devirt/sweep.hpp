#pragma once
#include <cstddef>
#include <functional>
#include <vector>

// one upwind step of u_t + f(u)_x = 0 (u > 0): the flux comes in as a std::function
inline void sweep(std::vector<double>& u, std::vector<double>& un, double dt_dx,
                  const std::function<double(double)>& flux) {
  const std::size_t n = u.size();
  for (std::size_t i = 1; i < n; ++i)
    un[i] = u[i] - dt_dx * (flux(u[i]) - flux(u[i - 1]));
  un[0] = u[0];
  u.swap(un);
}

// a flux checked for emptiness before use: a template parameter has no empty state
inline double flux_sum(const std::vector<double>& u, const std::function<double(double)>& flux) {
  if (!flux) return 0.0;
  double s = 0.0;
  for (double v : u) s += flux(v);
  return s;
}
