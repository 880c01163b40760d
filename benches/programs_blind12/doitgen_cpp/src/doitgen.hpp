// spectralmix: the band-mixing kernel (PolyBench doitgen)
#pragma once
#include "cube.hpp"

void mix_bands(Cube &cube, const Mixing &mix);
