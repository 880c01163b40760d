// edgeprep: smooths a sequence of camera frames with the Deriche filter before edge detection
#include <cstdio>
#include <cstdlib>
#include "deriche.hpp"

int main(int argc, char **argv)
{
    int frames = argc > 1 ? std::atoi(argv[1]) : 4;
    if (frames < 1) {
        std::fprintf(stderr, "usage: edgeprep [FRAMES]\n");
        return 2;
    }
    Frames f;
    alloc_frames(f);
    std::printf("edgeprep: %d frames of %d x %d\n", frames, W, H);
    double total = 0.0;
    for (int fr = 0; fr < frames; fr++) {
        float alpha;
        init_frame(W, H, fr, &alpha, f.imgIn);
        kernel_deriche(W, H, alpha, f.imgIn, f.imgOut, f.y1, f.y2);
        Summary s = summarise(W, H, f.imgOut);
        report(fr, s);
        total += s.sum;
    }
    report_total(frames, total);
    free_frames(f);
    return 0;
}
