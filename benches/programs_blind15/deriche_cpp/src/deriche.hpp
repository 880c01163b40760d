// Deriche recursive edge-preserving smoothing (PolyBench/C medley/deriche), the group's port
#pragma once

#ifndef W
#define W 4096
#endif
#ifndef H
#define H 2160
#endif

// the arrays are held the way PolyBench holds them: DATA_TYPE img[W][H], heap allocated
using Plane = float[W][H];

struct Frames {
    float (*imgIn)[H];
    float (*imgOut)[H];
    float (*y1)[H];
    float (*y2)[H];
};

void alloc_frames(Frames &f);
void free_frames(Frames &f);
void init_frame(int w, int h, int frame, float *alpha, float imgIn[W][H]);
void kernel_deriche(int w, int h, float alpha, float imgIn[W][H], float imgOut[W][H],
                    float y1[W][H], float y2[W][H]);

struct Summary {
    double sum = 0.0, sumsq = 0.0, weighted = 0.0;
    float lo = 0.0f, hi = 0.0f;
    float probe[4] = {0, 0, 0, 0};
};

Summary summarise(int w, int h, float imgOut[W][H]);
void report(int frame, const Summary &s);
void report_total(int frames, double total);
