#include <cstdio>
#include "hist.h"

int main()
{
    Histogram h(48);
    fill(h, EVENTS);
    long n = 0;
    for (std::size_t b = 0; b < h.count.size(); b += 6) {
        std::printf("bin %zu count %ld weight %.6f\n", b, h.count[b], h.weight[b]);
        n += h.count[b];
    }
    std::printf("sampled %ld\n", n);
    return 0;
}
