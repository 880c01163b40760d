#include "field.hpp"
#include <cmath>

namespace {
std::uint64_t splitmix(std::uint64_t &s)
{
    std::uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
double gauss(std::uint64_t &s)
{
    double u1 = ((splitmix(s) >> 11) + 0.5) * 0x1.0p-53;
    double u2 = ((splitmix(s) >> 11) + 0.5) * 0x1.0p-53;
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}
}  // namespace

Series make_cell_series(const Grid &g, int j, int i, std::uint64_t seed)
{
    const double lat = g.lat(j), rad = lat * M_PI / 180.0;
    const double base = 300.0 - 50.0 * std::sin(rad) * std::sin(rad);
    const double season = 15.0 * std::sin(rad);      // opposite phase in the south
    const double trend = 0.02 + 0.03 * std::fabs(std::sin(rad)); // K per decade, polar amplified
    std::uint64_t s = seed ^ (static_cast<std::uint64_t>(j) * 1000003ULL + i);
    std::vector<double> v(g.nmonths);
    double red = 0.0;
    for (int t = 0; t < g.nmonths; ++t) {
        red = 0.6 * red + 0.8 * gauss(s);
        v[t] = base + season * std::cos(2.0 * M_PI * (t % 12) / 12.0) + trend * t / 120.0 + red;
    }
    return Series(std::move(v));
}
