// Breadth-first distance labelling of an n x n grid graph from its centre, with the frontier kept
// in a std::vector used as a queue (pop = erase(begin())). Prints its own table: one row per grid
// size with nodes visited and ns per node. Optional: a single size and a file to dump the
// distance field to (raw int32).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

static double bfs(int n, std::vector<int> &dist) {
  auto t0 = std::chrono::steady_clock::now();
  dist.assign((size_t)n * n, -1);
  std::vector<int> q;
  int src = (n / 2) * n + n / 2;
  q.push_back(src);
  dist[src] = 0;
  while (!q.empty()) {
    int v = q.front();
    q.erase(q.begin());
    int x = v % n, y = v / n;
    const int nb[4] = {x > 0 ? v - 1 : -1, x < n - 1 ? v + 1 : -1, y > 0 ? v - n : -1, y < n - 1 ? v + n : -1};
    for (int w : nb)
      if (w >= 0 && dist[w] < 0) { dist[w] = dist[v] + 1; q.push_back(w); }
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

int main(int argc, char **argv) {
  std::vector<int> sizes = {250, 500, 1000, 1400, 2000, 2800};
  if (argc > 1) sizes = {std::atoi(argv[1])};
  std::vector<int> dist;
  std::printf("   n      nodes   seconds   ns/node  max_dist\n");
  for (int n : sizes) {
    double t = bfs(n, dist);
    std::printf("%4d %10d %9.4f %9.2f %9d\n", n, n * n, t, 1e9 * t / ((double)n * n), dist[0]);
  }
  if (argc > 2) {
    FILE *f = std::fopen(argv[2], "wb");
    std::fwrite(dist.data(), sizeof(int), dist.size(), f);
    std::fclose(f);
  }
  return 0;
}
