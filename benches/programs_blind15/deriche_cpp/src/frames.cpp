// frame buffers and the test frames (PolyBench's init_array, shifted per frame)
#include <cstdio>
#include <cstdlib>
#include <new>
#include "deriche.hpp"

void alloc_frames(Frames &f)
{
    try {
        f.imgIn = new float[W][H];
        f.imgOut = new float[W][H];
        f.y1 = new float[W][H];
        f.y2 = new float[W][H];
    } catch (const std::bad_alloc &) {
        std::fprintf(stderr, "edgeprep: cannot allocate four %d x %d planes\n", W, H);
        std::exit(1);
    }
}

void free_frames(Frames &f)
{
    delete[] f.imgIn;
    delete[] f.imgOut;
    delete[] f.y1;
    delete[] f.y2;
    f = Frames{};
}

// PolyBench: alpha = 0.25, imgIn[i][j] = ((313*i + 991*j) % 65536) / 65535.0f; the group's
// test sequence moves the pattern by a few pixels per frame and varies the smoothing
void init_frame(int w, int h, int frame, float *alpha, float imgIn[W][H])
{
    *alpha = 0.25f + 0.05f * (frame % 4);
    for (int i = 0; i < w; i++)
        for (int j = 0; j < h; j++)
            imgIn[i][j] = (float)((313 * (i + 3 * frame) + 991 * j) % 65536) / 65535.0f;
}
