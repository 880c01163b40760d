/* Stiffened-gas equation of state, in its own file (a "physics library" translation unit). */
double eos_pressure(double rho, double e) {
  const double gamma = 4.4, pinf = 6.0e8;
  double p = (gamma - 1.0) * rho * e - gamma * pinf;
  return p > 0.0 ? p : 0.0;
}
