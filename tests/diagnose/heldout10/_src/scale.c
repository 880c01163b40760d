/* Transfer function of the relaxation update (a separate translation unit). */
double scale(double v) { return 1.5 * v + 0.25; }
