// a 2-D grid kept in std::map<std::pair<int,int>,double>; a 5-point average looks each neighbour up
#include <cstdio>
#include <cstdlib>
#include <map>
#include <utility>
int main(int argc, char **argv) {
  int m = argc > 1 ? std::atoi(argv[1]) : 400, iters = argc > 2 ? std::atoi(argv[2]) : 10;
  std::map<std::pair<int, int>, double> g;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++) g[{i, j}] = (i * 7 + j * 3) % 11;
  double acc = 0.0;
  for (int it = 0; it < iters; it++)
    for (int i = 1; i < m - 1; i++)
      for (int j = 1; j < m - 1; j++)
        acc += 0.2 * (g.find({i, j})->second + g.find({i - 1, j})->second + g.find({i + 1, j})->second
                      + g.find({i, j - 1})->second + g.find({i, j + 1})->second);
  std::printf("grid m=%d iters=%d acc=%.3f\n", m, iters, acc);
  return 0;
}
