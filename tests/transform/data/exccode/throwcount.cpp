// Test-build only (linked with -Wl,--wrap=__cxa_throw): counts the exceptions thrown and
// prints the count on stderr at exit.
#include <cstdio>

extern "C" {
[[noreturn]] void __real___cxa_throw(void* obj, void* type, void (*destroy)(void*));

static long thrown = 0;

[[noreturn]] void __wrap___cxa_throw(void* obj, void* type, void (*destroy)(void*)) {
  ++thrown;
  __real___cxa_throw(obj, type, destroy);
}

__attribute__((destructor)) static void report_throws() {
  std::fprintf(stderr, "throws %ld\n", thrown);
}
}
