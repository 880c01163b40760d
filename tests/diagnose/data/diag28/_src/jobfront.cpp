// a job list kept newest-first by inserting at the front of a std::vector: each insert shifts all
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>
static double cpu_s() { timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 50000;
  std::vector<double> jobs;
  double t0 = cpu_s(), acc = 0.0;
  for (int i = 0; i < n; i++) {
    jobs.insert(jobs.begin(), 0.5 * i);
    acc += jobs.front() - jobs.back();
  }
  std::printf("jobs n=%d cpu=%.3f s acc=%.1f\n", n, cpu_s() - t0, acc);
  return 0;
}
