#ifndef REVERB_H
#define REVERB_H

#define NCOMBS 8
#define NALLPASS 4

typedef struct {
    float *buf;
    int size, pos;
    float feedback, store, damp1, damp2;
} Comb;

typedef struct {
    float *buf;
    int size, pos;
    float feedback;
} Allpass;

typedef struct {
    Comb comb[NCOMBS];
    Allpass ap[NALLPASS];
    float wet, dry, gain;
} Reverb;

void reverb_init(Reverb *r, float room, float damp, float wet, float dry);
void reverb_process(Reverb *r, const float *in, float *out, long n);
void reverb_free(Reverb *r);

#endif
