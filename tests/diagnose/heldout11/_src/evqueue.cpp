// Event queue: events are processed in arrival order from the front of a std::vector; each
// processed event may schedule one new event at the back.
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

struct Event { double t; int cell; int kind; };

static double cpu_s() { timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv) {
    const int n = argc > 1 ? std::atoi(argv[1]) : 60000;
    std::vector<Event> q;
    for (int i = 0; i < n; ++i) q.push_back({i * 1e-3, i % 977, i % 3});
    double c0 = cpu_s(), acc = 0;
    long processed = 0;
    while (!q.empty()) {
        Event e = q.front();
        q.erase(q.begin());
        acc += e.t * e.kind;
        ++processed;
        if (e.kind == 1 && e.t < 40.0) q.push_back({e.t + 1.0, e.cell, 2});
    }
    std::printf("events n=%d processed=%ld cpu=%.3f s acc=%.3f\n", n, processed, cpu_s() - c0, acc);
    return 0;
}
