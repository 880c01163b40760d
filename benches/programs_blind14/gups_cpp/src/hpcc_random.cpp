// HPCC_starts from the HPC Challenge RandomAccess sources (RandomAccess/utility.c).
#include "hpcc_random.hpp"

namespace hpcc {

u64 starts(s64 n)
{
    int i, j;
    u64 m2[64];
    u64 temp, ran;

    while (n < 0) n += PERIOD;
    while (n > PERIOD) n -= PERIOD;
    if (n == 0) return 0x1;

    temp = 0x1;
    for (i = 0; i < 64; i++) {
        m2[i] = temp;
        temp = (temp << 1) ^ (static_cast<s64>(temp) < 0 ? POLY : 0);
        temp = (temp << 1) ^ (static_cast<s64>(temp) < 0 ? POLY : 0);
    }

    for (i = 62; i >= 0; i--)
        if ((n >> i) & 1)
            break;

    ran = 0x2;
    while (i > 0) {
        temp = 0;
        for (j = 0; j < 64; j++)
            if ((ran >> j) & 1)
                temp ^= m2[j];
        ran = temp;
        i -= 1;
        if ((n >> i) & 1)
            ran = (ran << 1) ^ (static_cast<s64>(ran) < 0 ? POLY : 0);
    }
    return ran;
}

}  // namespace hpcc
