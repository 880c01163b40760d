// The HPC Challenge RandomAccess pseudo-random stream: x_{k+1} = x_k * 2 over GF(2)
// modulo the primitive polynomial x^63 + x^2 + x + 1 (POLY), period PERIOD.
#pragma once
#include <cstdint>

namespace hpcc {

using u64 = std::uint64_t;
using s64 = std::int64_t;

constexpr u64 POLY = 0x0000000000000007ULL;
constexpr s64 PERIOD = 1317624576693539401LL;

// the next number of the stream
inline u64 next_random(u64 ran)
{
    return (ran << 1) ^ (static_cast<s64>(ran) < 0 ? POLY : 0);
}

// the n-th number of the stream (HPCC_starts), by repeated squaring over GF(2)
u64 starts(s64 n);

}  // namespace hpcc
