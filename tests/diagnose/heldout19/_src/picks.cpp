// Seismic phase picks processed first-in first-out from a std::vector used as a queue
// (erase(begin()) per pick). Prints a size row: picks, seconds, ns per pick.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
struct Pick { double t, amp, snr; int station, phase; };
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 50000;
  std::vector<Pick> queue;
  srand(3);
  for (int i = 0; i < n; i++) queue.push_back({i * 0.01, rand() / (double)RAND_MAX, 1.0 + i % 7, i % 300, i % 2});
  auto t0 = std::chrono::steady_clock::now();
  double score = 0.0; long done = 0;
  while (!queue.empty()) {
    Pick p = queue.front();
    queue.erase(queue.begin());
    score += p.amp * p.snr; done++;
  }
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  printf("picks=%d processed=%ld seconds=%.4f ns_per_pick=%.1f score=%.3f\n", n, done, s, 1e9 * s / n, score);
}
