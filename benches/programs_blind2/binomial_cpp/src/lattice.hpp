// lattice.hpp: Cox-Ross-Rubinstein binomial tree
#pragma once
#include "option.hpp"

// Price of one option on a recombining tree of `steps` time steps (early exercise for
// American options is checked at every node).
double price_crr(const Option& opt, int steps);
