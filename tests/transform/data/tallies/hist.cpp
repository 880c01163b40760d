#include <cmath>
#include "hist.h"
#include "rng.h"

void fill(Histogram &h, long n)
{
    std::vector<double> &wsum = h.weight;
    std::vector<long> &cnt = h.count;
    const long nb = static_cast<long>(cnt.size());
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) {
        double x = std::sqrt(unit(static_cast<uint64_t>(i)));
        long b = static_cast<long>(x * static_cast<double>(nb));
        if (b >= static_cast<long>(wsum.size()))
            b = nb - 1;
#pragma omp critical
        {
            wsum[b] += x;
            cnt[b] += 1;
        }
    }
}
