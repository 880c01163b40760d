/* perfscout's measurement harness for a user's program (built once per variant, in the
 * variant's directory, next to harness.conf; see experiment/program.py).
 *
 * The experiment runner runs `prog ARGS...` where prog is this harness. It runs the user's
 * program (the argv prefix from harness.conf, then ARGS) in the configured directory with its
 * stdout and stderr saved to run.stdout and run.stderr next to the harness, measures the wall
 * time and the CPU time of the whole process tree (the task clock), reads the metric, the
 * problem size and the correctness data the spec names, and prints the one result line the
 * runner reads:
 *
 *   PERFSCOUT kernel=NAME n=N time_s=WALL metric=M value=V checksum=C wall_s=W task_clock_s=T
 *
 * Correctness: kind "numbers" compares the numbers found (regex captures, or every number of an
 * output file) with the reference the first baseline run saved, within rel_tol/abs_tol; a run
 * that agrees reports the reference's digest as its checksum, one that does not reports its own
 * (so the validity gate sees "output differs"); digests start with "h" so that no gate reads
 * them as numbers. Kind "bytes" reports the digest of the bytes
 * (byte-identical stdout or output file). Kind "none" reports "-".
 *
 * Exit codes: the program's own when it fails; 96 bad harness.conf; 97 metric or size not found
 * (the message names the regex and where it looked).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <regex.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAXARGS 256

static char *conf_argv[MAXARGS];
static int conf_argc = 0;
static char *name = "program", *metric = "wall_s", *metric_source = "wall", *metric_regex = "";
static char *metric_file = "", *size_regex = "", *size_source = "stdout", *size_default = "0";
static char *check_kind = "none", *check_source = "stdout", *check_regex = "", *check_file = "";
static char *run_dir = ".", *reference = "", *role = "variant", *check_ignore = "";
static int metric_group = 1, size_group = 1, check_group = 1;
static double metric_scale = 1.0, rel_tol = 0.0, abs_tol = 0.0;
static char here[PATH_MAX];

static void die(int code, const char *msg, const char *detail) {
    fprintf(stderr, "perfscout harness: %s%s\n", msg, detail ? detail : "");
    exit(code);
}

static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) { cap *= 2; buf = realloc(buf, cap + 1); }
    }
    fclose(f);
    buf[n] = 0;
    if (len) *len = n;
    return buf;
}

static char *unescape(char *s) { /* \t \n \\ in conf values */
    char *o = s, *r = s;
    for (; *r; r++) {
        if (*r == '\\' && r[1]) {
            r++;
            *o++ = *r == 't' ? '\t' : *r == 'n' ? '\n' : *r;
        } else {
            *o++ = *r;
        }
    }
    *o = 0;
    return s;
}

static void read_conf(void) {
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/harness.conf", here);
    char *text = slurp(path, NULL);
    if (!text) die(96, "cannot read ", path);
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char *tab = strchr(line, '\t');
        if (!tab) continue;
        *tab = 0;
        char *k = line, *v = unescape(tab + 1);
        if (!strcmp(k, "argv")) {
            if (conf_argc >= MAXARGS - 64) die(96, "too many arguments", NULL);
            conf_argv[conf_argc++] = v;
        } else if (!strcmp(k, "env")) putenv(v);
        else if (!strcmp(k, "name")) name = v;
        else if (!strcmp(k, "metric")) metric = v;
        else if (!strcmp(k, "metric_source")) metric_source = v;
        else if (!strcmp(k, "metric_regex")) metric_regex = v;
        else if (!strcmp(k, "metric_group")) metric_group = atoi(v);
        else if (!strcmp(k, "metric_file")) metric_file = v;
        else if (!strcmp(k, "metric_scale")) metric_scale = strtod(v, NULL);
        else if (!strcmp(k, "size_regex")) size_regex = v;
        else if (!strcmp(k, "size_source")) size_source = v;
        else if (!strcmp(k, "size_group")) size_group = atoi(v);
        else if (!strcmp(k, "size")) size_default = v;
        else if (!strcmp(k, "check_kind")) check_kind = v;
        else if (!strcmp(k, "check_source")) check_source = v;
        else if (!strcmp(k, "check_regex")) check_regex = v;
        else if (!strcmp(k, "check_group")) check_group = atoi(v);
        else if (!strcmp(k, "check_file")) check_file = v;
        else if (!strcmp(k, "check_ignore")) check_ignore = v;
        else if (!strcmp(k, "rel_tol")) rel_tol = strtod(v, NULL);
        else if (!strcmp(k, "abs_tol")) abs_tol = strtod(v, NULL);
        else if (!strcmp(k, "run_dir")) run_dir = v;
        else if (!strcmp(k, "reference")) reference = v;
        else if (!strcmp(k, "role")) role = v;
    }
    if (conf_argc == 0) die(96, "harness.conf names no program", NULL);
}

/* the text a source names: stdout, stderr, or a file relative to the run directory */
static char *source_text(const char *source, const char *file, size_t *len) {
    char path[PATH_MAX * 2 + 8];
    if (!strcmp(source, "stdout")) snprintf(path, sizeof path, "%s/run.stdout", here);
    else if (!strcmp(source, "stderr")) snprintf(path, sizeof path, "%s/run.stderr", here);
    else if (file[0] == '/') snprintf(path, sizeof path, "%s", file);
    else snprintf(path, sizeof path, "%s/%s", run_dir, file);
    char *t = slurp(path, len);
    if (!t) die(97, "cannot read the output file ", path);
    return t;
}

/* every capture of group `group` of `pattern` in `text`, in order, at most `max`; returns the
 * count. `out` grows (realloc) when *out is NULL or *cap is too small. */
static int captures_grow(const char *pattern, int group, const char *text, char ***out,
                         size_t *cap, int max) {
    regex_t re;
    if (regcomp(&re, pattern, REG_EXTENDED | REG_NEWLINE))
        die(96, "bad regular expression ", pattern);
    regmatch_t m[10];
    int n = 0, flags = 0;
    const char *p = text, *end = text + strlen(text);
    if (group < 0 || group > 9) group = 1;
    /* REG_STARTEND bounds each search by the text's known end: without it regexec measures
       the rest of the text on every call, quadratic over a dump of a million numbers */
    for (;;) {
        m[0].rm_so = 0;
        m[0].rm_eo = end - p;
        if (n >= max || regexec(&re, p, 10, m, flags | REG_STARTEND) != 0) break;
        if (m[group].rm_so >= 0) {
            if ((size_t)n == *cap) {
                *cap = *cap ? *cap * 2 : 1024;
                *out = realloc(*out, *cap * sizeof **out);
                if (!*out) die(96, "out of memory", NULL);
            }
            size_t l = (size_t)(m[group].rm_eo - m[group].rm_so);
            (*out)[n] = strndup(p + m[group].rm_so, l);
            n++;
        }
        if (m[0].rm_eo == 0) { if (!*p) break; p++; } else p += m[0].rm_eo;
        flags = REG_NOTBOL;
        if (p[-1] == '\n') flags = 0;
    }
    regfree(&re);
    return n;
}

/* at most `max` captures into the fixed array `out` */
static int captures(const char *pattern, int group, const char *text, char **out, int max) {
    size_t cap = (size_t)max;
    char **o = out;
    return captures_grow(pattern, group, text, &o, &cap, max);
}

static uint64_t fnv1a(const char *s, size_t n) {
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++) { h ^= (unsigned char)s[i]; h *= 1099511628211ULL; }
    return h;
}

/* a growable list of numbers: a dump of any size is compared whole */
typedef struct { double *v; size_t n, cap; } nums_t;

static void push(nums_t *a, double x) {
    if (a->n == a->cap) {
        a->cap = a->cap ? a->cap * 2 : 4096;
        a->v = realloc(a->v, a->cap * sizeof *a->v);
        if (!a->v) die(96, "out of memory", NULL);
    }
    a->v[a->n++] = x;
}

/* every number of a text (for an output file compared with a tolerance) */
static void all_numbers(const char *text, nums_t *out) {
    const char *p = text;
    while (*p) {
        char *end;
        if ((*p >= '0' && *p <= '9') || ((*p == '-' || *p == '+' || *p == '.') && p[1])) {
            double x = strtod(p, &end);
            if (end != p) { push(out, x); p = end; continue; }
        }
        p++;
    }
}

/* the text without the lines matching check_ignore (timings that change run to run) */
static char *kept_lines(char *t, size_t *len) {
    if (!check_ignore[0]) return t;
    regex_t re;
    if (regcomp(&re, check_ignore, REG_EXTENDED | REG_NOSUB))
        die(96, "bad regular expression ", check_ignore);
    char *kept = malloc(*len + 1), *o = kept;
    for (char *line = t; *line;) {
        char *nl = strchr(line, '\n');
        size_t l = nl ? (size_t)(nl - line) + 1 : strlen(line);
        char save = line[l - (nl ? 1 : 0)];
        line[l - (nl ? 1 : 0)] = 0;
        int hit = regexec(&re, line, 0, NULL, 0) == 0;
        line[l - (nl ? 1 : 0)] = save;
        if (!hit) { memcpy(o, line, l); o += l; }
        line += l;
    }
    regfree(&re);
    *o = 0;
    *len = (size_t)(o - kept);
    return kept;
}

static nums_t nums_of(void) {
    nums_t nums = {0};
    size_t len;
    char *text = kept_lines(source_text(check_source, check_file, &len), &len);
    if (check_regex[0]) {
        char **caps = NULL;
        size_t cap = 0;
        int k = captures_grow(check_regex, check_group, text, &caps, &cap, INT_MAX);
        if (k == 0) die(97, "checksum regex matched nothing: ", check_regex);
        for (int i = 0; i < k; i++) {
            char *end;
            double x = strtod(caps[i], &end);
            if (end == caps[i]) die(97, "checksum capture is not a number: ", caps[i]);
            push(&nums, x);
        }
    } else {
        all_numbers(text, &nums);
    }
    return nums;
}

static void write_reference(const nums_t *v) {
    char tmp[PATH_MAX + 16];
    snprintf(tmp, sizeof tmp, "%s.%d.tmp", reference, (int)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f) return;
    for (size_t i = 0; i < v->n; i++) fprintf(f, "%.17g\n", v->v[i]);
    if (fclose(f) == 0) rename(tmp, reference);
    else unlink(tmp);
}

static void checksum(char *out, size_t cap) {
    if (!strcmp(check_kind, "none")) { snprintf(out, cap, "-"); return; }
    if (!strcmp(check_kind, "bytes")) {
        size_t len;
        char *t = source_text(check_source, check_file, &len);
        t = kept_lines(t, &len);
        snprintf(out, cap, "h%016llx", (unsigned long long)fnv1a(t, len));
        return;
    }
    nums_t v = nums_of();
    char own[64];
    snprintf(own, sizeof own, "%016llx",
             (unsigned long long)fnv1a((const char *)v.v, sizeof(double) * v.n));
    size_t rlen;
    char *ref = slurp(reference, &rlen);
    if (!ref) {
        if (!strcmp(role, "baseline")) { write_reference(&v); ref = slurp(reference, &rlen); }
        if (!ref) { snprintf(out, cap, "noreference-%s", own); return; }
    }
    nums_t rv = {0};
    all_numbers(ref, &rv);
    /* every number is compared, however many the dump holds */
    int same = rv.n == v.n;
    for (size_t i = 0; same && i < v.n; i++) {
        double d = fabs(v.v[i] - rv.v[i]), s = fmax(fabs(v.v[i]), fabs(rv.v[i]));
        if (!(d <= abs_tol || d <= rel_tol * s)) same = 0;
    }
    if (same)
        snprintf(out, cap, "h%016llx",
                 (unsigned long long)fnv1a((const char *)rv.v, sizeof(double) * rv.n));
    else
        snprintf(out, cap, "differs-%zu-values-%s", v.n, own);
}

static double value_of(const char *source, const char *file, const char *pattern, int group,
                       const char *what) {
    size_t len;
    char *text = source_text(source, file, &len);
    char *caps[4096];
    int k = captures(pattern, group, text, caps, 4096);
    if (k == 0) {
        fprintf(stderr, "perfscout harness: the %s regex '%s' matched nothing in %s%s%s\n",
                what, pattern, source, file[0] ? " " : "", file);
        exit(97);
    }
    char *end;
    double x = strtod(caps[k - 1], &end);
    if (end == caps[k - 1]) die(97, "the capture is not a number: ", caps[k - 1]);
    return x;
}

int main(int argc, char **argv) {
    ssize_t l = readlink("/proc/self/exe", here, sizeof here - 1);
    if (l <= 0) die(96, "cannot find myself", NULL);
    here[l] = 0;
    *strrchr(here, '/') = 0;
    read_conf();
    char *child_argv[MAXARGS + 64];
    int c = 0;
    for (int i = 0; i < conf_argc; i++) child_argv[c++] = conf_argv[i];
    for (int i = 1; i < argc && c < MAXARGS + 62; i++) child_argv[c++] = argv[i];
    child_argv[c] = NULL;
    char outp[PATH_MAX + 16], errp[PATH_MAX + 16];
    snprintf(outp, sizeof outp, "%s/run.stdout", here);
    snprintf(errp, sizeof errp, "%s/run.stderr", here);
    int fo = open(outp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int fe = open(errp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fo < 0 || fe < 0) die(96, "cannot write run.stdout/run.stderr in ", here);
    fflush(stdout);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid_t pid = fork();
    if (pid < 0) die(96, "fork failed", NULL);
    if (pid == 0) {
        dup2(fo, 1);
        dup2(fe, 2);
        if (chdir(run_dir)) { perror(run_dir); _exit(127); }
        execvp(child_argv[0], child_argv);
        fprintf(stderr, "cannot run %s: %s\n", child_argv[0], strerror(errno));
        _exit(127);
    }
    int status;
    struct rusage ru;
    while (wait4(pid, &status, 0, &ru) < 0 && errno == EINTR) {}
    clock_gettime(CLOCK_MONOTONIC, &t1);
    close(fo);
    close(fe);
    double wall = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    double cpu = (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec +
                 (double)ru.ru_stime.tv_sec + 1e-6 * (double)ru.ru_stime.tv_usec;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        size_t len;
        char *err = slurp(errp, &len);
        if (err && len > 2000) err += len - 2000;
        fprintf(stderr, "%s", err ? err : "");
        if (WIFSIGNALED(status)) {
            fprintf(stderr, "perfscout harness: the program died of signal %d\n",
                    WTERMSIG(status));
            return 128 + WTERMSIG(status);
        }
        fprintf(stderr, "perfscout harness: the program exited %d\n", WEXITSTATUS(status));
        return WEXITSTATUS(status) ? WEXITSTATUS(status) : 1;
    }
    double value;
    if (!strcmp(metric_source, "wall")) value = wall;
    else if (!strcmp(metric_source, "task_clock")) value = cpu;
    else value = value_of(metric_source, metric_file, metric_regex, metric_group, "metric");
    value *= metric_scale;
    char n[64];
    if (size_regex[0])
        snprintf(n, sizeof n, "%.0f", value_of(size_source, "", size_regex, size_group, "size"));
    else
        snprintf(n, sizeof n, "%s", size_default);
    char sum[128];
    checksum(sum, sizeof sum);
    /* the metric's own field last: it wins over wall_s/time_s of the same name */
    printf("PERFSCOUT kernel=%s n=%s time_s=%.9g metric=%s value=%.9g checksum=%s wall_s=%.9g "
           "task_clock_s=%.9g %s=%.9g\n", name, n, wall, metric, value, sum, wall, cpu, metric,
           value);
    return 0;
}
