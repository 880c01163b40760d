// videoSequence of Rodinia's particle filter: the object starts in the middle and moves by
// (+1, -2) pixels per frame; object pixels 228, background 100, Gaussian noise added
#include "video.hpp"
#include <algorithm>
#include <cmath>
#include "rng.hpp"

Video make_video(int width, int height, int frames, int radius, std::vector<long>& seed)
{
    Video v;
    v.width = width;
    v.height = height;
    v.frames = frames;
    v.pixels.assign(static_cast<size_t>(width) * height * frames, 100);
    double x0 = width / 2.0, y0 = height / 2.0;
    for (int k = 0; k < frames; k++) {
        double cx = x0 + k, cy = y0 - 2.0 * k;
        v.true_x.push_back(cx);
        v.true_y.push_back(cy);
        for (int x = 0; x < width; x++)
            for (int y = 0; y < height; y++) {
                double d2 = (x - cx) * (x - cx) + (y - cy) * (y - cy);
                double val = d2 <= radius * radius ? 228.0 : 100.0;
                val += 8.0 * rng::randn(seed, 0);
                v.pixels[(static_cast<long>(x) * height + y) * frames + k] =
                    static_cast<unsigned char>(std::clamp(std::lround(val), 0L, 255L));
            }
    }
    return v;
}
