double axpy_op(double a, double x, double y) { return a * x + y; }
