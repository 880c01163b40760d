// z = a*x + y on std::vector.
#include <cstdio>
#include <vector>

static void axpy(long n, double a, const std::vector<double>& x, const std::vector<double>& y,
                 std::vector<double>& z) {
  for (long i = 0; i < n; i++)
    z[i] = a * x[i] + y[i];  // HOT
}

int main() {
  long n = 10000;
  std::vector<double> x(n), y(n), z(n);
  for (long i = 0; i < n; i++) { x[i] = (double)(i % 6); y[i] = (double)(i % 4); }
  axpy(n, 2.0, x, y, z);
  double s = 0.0;
  for (long i = 0; i < n; i++) s += z[i] * (double)(1 + i % 3);
  std::printf("checksum %.17g\n", s);
  return 0;
}
