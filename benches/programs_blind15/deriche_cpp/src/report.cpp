// what the group looks at: a few statistics of each smoothed frame
#include <cmath>
#include <cstdio>
#include "deriche.hpp"

Summary summarise(int w, int h, float imgOut[W][H])
{
    Summary s;
    s.lo = s.hi = imgOut[0][0];
    for (int i = 0; i < w; i++) {
        double row = 0.0;
        for (int j = 0; j < h; j++) {
            float v = imgOut[i][j];
            row += v;
            s.sumsq += (double)v * v;
            if (v < s.lo) s.lo = v;
            if (v > s.hi) s.hi = v;
        }
        s.sum += row;
        s.weighted += row * (double)(i % 97 + 1);
    }
    s.probe[0] = imgOut[0][0];
    s.probe[1] = imgOut[w / 2][h / 3];
    s.probe[2] = imgOut[w - 1][h / 2];
    s.probe[3] = imgOut[w / 3][h - 1];
    return s;
}

void report(int frame, const Summary &s)
{
    std::printf("frame %d: sum %.9e  sumsq %.9e  weighted %.9e\n", frame, s.sum, s.sumsq,
                s.weighted);
    std::printf("frame %d: range %.7e .. %.7e  probes %.7e %.7e %.7e %.7e\n", frame,
                (double)s.lo, (double)s.hi, (double)s.probe[0], (double)s.probe[1],
                (double)s.probe[2], (double)s.probe[3]);
}

void report_total(int frames, double total)
{
    std::printf("total over %d frames: %.9e\n", frames, total);
}
