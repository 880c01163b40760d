/*
 * perfscout exec wrapper: the sandbox's containment step between spawn and the real program.
 *
 *   perfscout-exec CGROUP_PROCS|- [CGROUP_PROCS ...] [RES=SOFT:HARD ...] -- PROGRAM ARGS...
 *
 * Joins the per-run cgroups (writes "0" to each CGROUP_PROCS, an absolute path to a v1 "tasks"
 * file or a "cgroup.procs" one: the pids cgroup and, on a cgroup v1 machine, the memory one; so
 * every descendant is in them from the first instruction), applies each resource limit with prlimit64, then execve()s PROGRAM with
 * the environment it was given. Limits are computed by the Python side (perfscout.sandbox.
 * containment.rlimit_plan); this program only applies them.
 *
 * It is freestanding (no libc, raw system calls, static) because process start-up is the whole
 * cost it exists to avoid: Python's subprocess can then use vfork instead of fork + preexec_fn.
 * On any failure it writes "perfscout-exec: ..." to stderr and exits 126 (setup) or 127 (exec).
 * Built on first use by perfscout.sandbox.execwrap, which self-tests it before trusting it.
 */

#if defined(__x86_64__)
#define NR_write 1
#define NR_close 3
#define NR_execve 59
#define NR_exit_group 231
#define NR_openat 257
#define NR_prlimit64 302
static long sc4(long n, long a, long b, long c, long d)
{
	long r;
	register long r10 __asm__("r10") = d;
	__asm__ volatile("syscall"
			 : "=a"(r)
			 : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10)
			 : "rcx", "r11", "memory");
	return r;
}
__asm__(".text\n.globl _start\n_start:\n\txor %rbp,%rbp\n\tmov %rsp,%rdi\n"
	"\tand $-16,%rsp\n\tcall ps_entry\n\thlt\n");
#elif defined(__aarch64__)
#define NR_write 64
#define NR_close 57
#define NR_execve 221
#define NR_exit_group 94
#define NR_openat 56
#define NR_prlimit64 261
static long sc4(long n, long a, long b, long c, long d)
{
	register long x8 __asm__("x8") = n;
	register long x0 __asm__("x0") = a;
	register long x1 __asm__("x1") = b;
	register long x2 __asm__("x2") = c;
	register long x3 __asm__("x3") = d;
	__asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2), "r"(x3) : "memory");
	return x0;
}
__asm__(".text\n.globl _start\n_start:\n\tmov x0, sp\n\tbl ps_entry\n\tbrk #0\n");
#else
#error "perfscout exec wrapper: unsupported architecture (the sandbox falls back to preexec_fn)"
#endif

#define AT_FDCWD (-100)
#define O_WRONLY 01
#define O_CLOEXEC 02000000

struct rlim64 {
	unsigned long long cur, max;
};

static unsigned long slen(const char *s)
{
	unsigned long n = 0;
	while (s[n])
		n++;
	return n;
}

static void say(const char *s)
{
	sc4(NR_write, 2, (long)s, (long)slen(s), 0);
}

static __attribute__((noreturn)) void die(int code, const char *what, const char *arg, long err)
{
	char num[24];
	int i = 23;
	unsigned long e = (unsigned long)(err < 0 ? -err : err);
	num[i] = 0;
	do {
		num[--i] = (char)('0' + e % 10);
		e /= 10;
	} while (e && i > 0);
	say("perfscout-exec: ");
	say(what);
	if (arg) {
		say(" ");
		say(arg);
	}
	say(" failed (errno ");
	say(num + i);
	say(")\n");
	sc4(NR_exit_group, code, 0, 0, 0);
	for (;;)
		;
}

/* "123" -> 123; stops at the first non-digit, which is returned through end */
static unsigned long long num(const char *s, const char **end)
{
	unsigned long long v = 0;
	while (*s >= '0' && *s <= '9')
		v = v * 10 + (unsigned long long)(*s++ - '0');
	*end = s;
	return v;
}

void __attribute__((noreturn, used)) ps_entry(long *sp)
{
	long argc = sp[0];
	char **argv = (char **)(sp + 1);
	char **envp = argv + argc + 1;
	long i;

	if (argc < 4)
		die(126, "usage: CGROUP_PROCS|- [CGROUP_PROCS ...] [RES=SOFT:HARD ...] -- PROGRAM ARGS...",
		    0, 22);
	for (i = 1; i < argc; i++) {
		const char *s = argv[i], *p;
		struct rlim64 rl;
		long res, r;
		if (s[0] == '-' && s[1] == '-' && s[2] == 0)
			break;
		if (s[0] == '-' && s[1] == 0)
			continue; /* no cgroup */
		if (s[0] == '/') {
			long fd = sc4(NR_openat, AT_FDCWD, (long)s, O_WRONLY | O_CLOEXEC, 0);
			if (fd < 0)
				die(126, "open", s, fd);
			long w = sc4(NR_write, fd, (long)"0", 1, 0);
			if (w < 0)
				die(126, "joining cgroup", s, w);
			sc4(NR_close, fd, 0, 0, 0);
			continue;
		}
		res = (long)num(s, &p);
		if (*p != '=')
			die(126, "bad limit", s, 22);
		rl.cur = num(p + 1, &p);
		if (*p != ':')
			die(126, "bad limit", s, 22);
		rl.max = num(p + 1, &p);
		if (*p != 0)
			die(126, "bad limit", s, 22);
		r = sc4(NR_prlimit64, 0, res, (long)&rl, 0);
		if (r < 0)
			die(126, "setrlimit", s, r);
	}
	if (i + 1 >= argc)
		die(127, "no program after --", 0, 22);
	long r = sc4(NR_execve, (long)argv[i + 1], (long)(argv + i + 1), (long)envp, 0);
	die(127, "execve", argv[i + 1], r);
}
