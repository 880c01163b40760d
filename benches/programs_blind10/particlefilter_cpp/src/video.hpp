#pragma once
#include <vector>

// a synthetic microscopy sequence: a bright disk (a cell) drifting over a noisy background
struct Video {
    int width = 0, height = 0, frames = 0;
    std::vector<unsigned char> pixels;  // frames x width x height, index (x * height + y) * frames + k
    std::vector<double> true_x, true_y;

    unsigned char at(int x, int y, int k) const
    {
        return pixels[(static_cast<long>(x) * height + y) * frames + k];
    }
};

Video make_video(int width, int height, int frames, int radius, std::vector<long>& seed);
