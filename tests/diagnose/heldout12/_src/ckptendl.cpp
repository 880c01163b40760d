// Writes a particle checkpoint as text, one particle per line, each line ended with std::endl.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <vector>

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 200000;
  int nsteps = argc > 2 ? std::atoi(argv[2]) : 2;
  std::vector<double> x(n), y(n), z(n);
  for (int i = 0; i < n; ++i) { x[i] = std::cos(0.01 * i); y[i] = std::sin(0.01 * i); z[i] = 0.001 * i; }
  for (int s = 0; s < nsteps; ++s) {
    for (int i = 0; i < n; ++i) { x[i] += 1e-3 * y[i]; y[i] -= 1e-3 * x[i]; }
    char name[64];
    std::snprintf(name, sizeof name, "ckpt_%03d.txt", s);
    std::ofstream out(name);
    for (int i = 0; i < n; ++i)
      out << i << ' ' << x[i] << ' ' << y[i] << ' ' << z[i] << std::endl;
  }
  std::printf("wrote %d checkpoints of %d particles\n", nsteps, n);
  return 0;
}
