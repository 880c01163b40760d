// book.hpp: the synthetic book of options priced by the nightly risk run
#pragma once
#include <vector>
#include "option.hpp"

std::vector<Option> make_book(int count, unsigned seed);
