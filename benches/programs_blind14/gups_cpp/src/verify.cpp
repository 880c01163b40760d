// The suite's verification (core_single_cpu.c): the updates again, from one stream, in
// order; XOR undoes them, so every entry must come back to its index.
#include "update.hpp"

#include "hpcc_random.hpp"

std::uint64_t verify_table(Table &table)
{
    const hpcc::u64 table_size = table.size();
    const hpcc::u64 nupdate = 4 * table_size;
    hpcc::u64 temp = 0x1;
    for (hpcc::u64 i = 0; i < nupdate; i++) {
        temp = hpcc::next_random(temp);
        table[temp & (table_size - 1)] ^= temp;
    }
    std::uint64_t errors = 0;
    for (hpcc::u64 i = 0; i < table_size; i++)
        if (table[i] != i)
            errors++;
    return errors;
}
