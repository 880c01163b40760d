/* The gain law of agc.c, in its own file (a separate translation unit). */
double agc_gain(double rms) { return 1.5 - rms * (0.8 - 0.2 * rms); }
