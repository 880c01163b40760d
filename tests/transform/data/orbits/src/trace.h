#ifndef TRACE_H
#define TRACE_H
#define TRACE_FILE "orbits.trace"
void trace_start(int bodies);
void trace_point(int body, double t, double x, double y);
#endif
