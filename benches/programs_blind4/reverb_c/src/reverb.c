#include <stdlib.h>
#include "reverb.h"

/* delay lengths tuned at 44.1 kHz (mutually prime-ish, no flutter) */
static const int comb_tuning[NCOMBS] = {1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617};
static const int ap_tuning[NALLPASS] = {556, 441, 341, 225};

void reverb_init(Reverb *r, float room, float damp, float wet, float dry)
{
    double scale = SAMPLE_RATE / 44100.0;
    for (int c = 0; c < NCOMBS; c++) {
        Comb *k = &r->comb[c];
        k->size = (int)(comb_tuning[c] * scale);
        k->buf = calloc(k->size, sizeof(float));
        k->pos = 0;
        k->feedback = 0.28f * room + 0.7f;
        k->store = 0.0f;
        k->damp1 = 0.4f * damp;
        k->damp2 = 1.0f - k->damp1;
    }
    for (int a = 0; a < NALLPASS; a++) {
        Allpass *p = &r->ap[a];
        p->size = (int)(ap_tuning[a] * scale);
        p->buf = calloc(p->size, sizeof(float));
        p->pos = 0;
        p->feedback = 0.5f;
    }
    r->wet = wet;
    r->dry = dry;
    r->gain = 0.015f;
}

static inline float comb_tick(Comb *k, float x)
{
    float y = k->buf[k->pos];
    k->store = y * k->damp2 + k->store * k->damp1;   /* one-pole lowpass in the loop */
    k->buf[k->pos] = x + k->store * k->feedback;
    if (++k->pos >= k->size)
        k->pos = 0;
    return y;
}

static inline float allpass_tick(Allpass *p, float x)
{
    float b = p->buf[p->pos];
    float y = -x + b;
    p->buf[p->pos] = x + b * p->feedback;
    if (++p->pos >= p->size)
        p->pos = 0;
    return y;
}

void reverb_process(Reverb *r, const float *in, float *out, long n)
{
    for (long i = 0; i < n; i++) {
        float x = in[i] * r->gain, acc = 0.0f;
        for (int c = 0; c < NCOMBS; c++)
            acc += comb_tick(&r->comb[c], x);
        for (int a = 0; a < NALLPASS; a++)
            acc = allpass_tick(&r->ap[a], acc);
        out[i] = acc * r->wet + in[i] * r->dry;
    }
}

void reverb_free(Reverb *r)
{
    for (int c = 0; c < NCOMBS; c++)
        free(r->comb[c].buf);
    for (int a = 0; a < NALLPASS; a++)
        free(r->ap[a].buf);
}
