// The RandomAccess table update and its verification, on the lab's table type.
#pragma once
#include <cstdint>
#include <vector>

using Table = std::vector<std::uint64_t>;

// NUPDATE = 4 * table size updates, Table[ran & (size-1)] ^= ran, from 128 streams
void random_access_update(Table &table);

// the suite's check: the same updates from one stream undo the first ones; returns the
// number of entries that are not back at their index
std::uint64_t verify_table(Table &table);
