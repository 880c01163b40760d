// Two tries in one scope, each over its own map: two iterators, two names.
#include <cstdio>
#include <map>
#include <stdexcept>
static double both(const std::map<int, double>& a, const std::map<int, double>& b, int k) {
  double s = 0;
  try {
    s += a.at(k);
  } catch (const std::out_of_range&) {
    s -= 1;
  }
  try {
    s += b.at(k + 1);
  } catch (const std::out_of_range&) {
    s -= 2;
  }
  return s;
}
int main() {
  std::map<int, double> a{{1, 0.5}, {4, 2.0}}, b{{2, 1.5}, {3, 3.0}};
  double t = 0;
  for (int k = 0; k < 6; ++k) t += both(a, b, k);
  std::printf("%.3f\n", t);
  return 0;
}
