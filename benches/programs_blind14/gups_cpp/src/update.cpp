// RandomAccessUpdate from HPC Challenge (RandomAccess/core_single_cpu.c): 128 streams
// of the generator advanced together, each number XORed into the table entry its low
// bits select.
#include "update.hpp"

#include "hpcc_random.hpp"

void random_access_update(Table &table)
{
    const hpcc::u64 table_size = table.size();
    const hpcc::u64 nupdate = 4 * table_size;
    hpcc::u64 ran[128];  // current random numbers

    for (int j = 0; j < 128; j++)
        ran[j] = hpcc::starts(static_cast<hpcc::s64>((nupdate / 128) * j));

    for (hpcc::u64 i = 0; i < nupdate / 128; i++) {
        for (int j = 0; j < 128; j++) {
            ran[j] = hpcc::next_random(ran[j]);
            table[ran[j] & (table_size - 1)] ^= ran[j];
        }
    }
}
