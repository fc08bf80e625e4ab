/*
 * syncbench.c - synchronisation overhead microbenchmark for paradbg.
 *
 * Measures the cost of OpenMP synchronisation constructs in the style of
 * the EPCC OpenMP microbenchmarks: every construct is executed many times
 * with a small amount of "delay" work inside it, and the time per construct
 * is compared with a reference loop that performs the same delay work
 * serially, without any OpenMP.  The difference is the overhead that the
 * OpenMP runtime (and the compiler's code around it) adds.
 *
 * The binary is compiled once with gcc -fopenmp against libgomp and can be
 * run unchanged on any runtime that implements the libgomp ABI
 * (libgomp, LLVM libomp through its GOMP_* compatibility layer, libparomp)
 * by putting a different libgomp.so.1 first in LD_LIBRARY_PATH.
 *
 * Build:   gcc -fopenmp -O2 -o syncbench syncbench.c
 * Run:     OMP_NUM_THREADS=2 ./syncbench [--reps N] [--time-ms X]
 *                   [--delay-us X] [--only NAME[,NAME...]] [--csv] [--which]
 *                   [--list]
 *
 * Method, per construct:
 *   1. calibrate an inner repetition count so that one sample (one timed
 *      call of the test function) takes about --time-ms milliseconds;
 *      the reference loop is calibrated the same way, independently;
 *   2. take --reps outer samples; each sample times the reference loop and
 *      then the test, so slow drifts (frequency changes, neighbours on a
 *      shared machine) hit both alike;
 *   3. report   overhead = median(test time per construct)
 *                        - median(reference time per construct).
 *   The median is used instead of EPCC's mean/min because the target
 *   machine is a noisy shared 2-core box.  If a sample takes far longer (or
 *   shorter) than planned, the inner count is re-scaled for the next sample,
 *   and sampling stops early (after >= 3 samples) once a construct has used
 *   4x its planned time, so a busy machine cannot make a run take forever.
 *   At the end a "# load:" line reports how much CPU time other processes
 *   used during the run (from /proc/stat minus our own rusage), so callers
 *   can discard disturbed runs.
 *
 * What "one construct" means for each row (n = inner repetitions,
 * T = team size, d = one delay() call):
 *
 *   PARALLEL      n parallel regions; each thread runs d in each.
 *                 Reference: d.
 *   FOR           one parallel region containing n "omp for
 *                 schedule(static)" loops of T iterations (one d each), with
 *                 the implicit barrier at the end of each loop.  Ref: d.
 *   PARALLEL_FOR  n combined "parallel for schedule(static)" of T iterations
 *                 (one d each).  Ref: d.
 *   BARRIER       one parallel region; each thread runs n times d + barrier.
 *                 Ref: d.
 *   SINGLE        one parallel region; n "single" constructs each running d
 *                 (including the implicit barrier).  Ref: d.
 *   CRITICAL      one parallel region; each thread enters an unnamed critical
 *                 section n/T times and runs d inside, so n critical sections
 *                 are executed in total, serially.  Time is divided by n.
 *                 Ref: d.
 *   LOCK_UNLOCK   as CRITICAL but with omp_set_lock/omp_unset_lock on one
 *                 shared omp_lock_t.  Ref: d.
 *   ATOMIC        one parallel region; each thread does n/T
 *                 "omp atomic x += 1.0" on one shared double (no delay: an
 *                 atomic body cannot contain a call; the shared update itself
 *                 is what cannot be optimised away).  Time divided by n.
 *                 Ref: the same number of plain x += 1.0 done serially.
 *                 NOTE: gcc expands this atomic inline (a compare-and-swap
 *                 loop); no runtime function is called, so this row is
 *                 expected to be identical on every runtime and serves as a
 *                 control row showing the measurement noise.
 *   REDUCTION     n "parallel reduction(+:x)" regions; each thread runs d and
 *                 adds 1 to x.  Includes the parallel-region cost, so compare
 *                 it with PARALLEL.  Ref: d.
 *   TASK          one parallel region; inside "single", one thread creates
 *                 n*T explicit tasks, each running d, then does a taskwait;
 *                 the other T-1 threads execute tasks from the barrier at the
 *                 end of the single.  The elapsed time is divided by n, i.e.
 *                 one "construct" is a round of T tasks - ideally one per
 *                 thread, run in parallel - so with perfect scheduling the
 *                 time per round equals d and the reported overhead is the
 *                 extra time needed to create, schedule and complete T tasks
 *                 (about T times the per-task cost, when the creating thread
 *                 is the bottleneck).  Ref: d.
 *
 * The reported runtime (--which and the header) is found with dlsym/dladdr
 * on GOMP_parallel and omp_get_thread_num and resolved with realpath(), so a
 * libgomp.so.1 symlink pointing at libomp.so.5 shows up as libomp.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------------------ */
/* Options and global state                                                 */

static int opt_reps = 21;          /* outer samples per construct           */
static double opt_time_ms = 2.0;   /* target duration of one sample         */
static double opt_delay_us = 0.1;  /* duration of one delay() call          */
static int opt_csv = 0;
static int opt_which = 0;
static int opt_list = 0;
static const char *opt_only = NULL;

static int nthreads = 1;           /* actual team size of a parallel region */
static int delay_len = 1;          /* delay() loop length for opt_delay_us  */

static volatile double sink;       /* keeps results alive                   */
static double shared_x;            /* target of ATOMIC and its reference    */
static omp_lock_t bench_lock;

/* ------------------------------------------------------------------------ */
/* Timing and the delay work                                                */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/*
 * A chain of dependent floating-point additions.  The empty asm statement
 * tells the compiler the accumulator may have changed, so the loop can be
 * neither vectorised nor replaced by a closed formula, and its cost is
 * proportional to len on any optimisation level.
 */
static void __attribute__((noinline)) delay(int len)
{
    double acc = 0.0;
    for (int i = 0; i < len; i++) {
        acc += (double)i;
#if defined(__x86_64__) || defined(__i386__)
        __asm__ __volatile__("" : "+x"(acc));
#else
        __asm__ __volatile__("" : "+m"(acc));
#endif
    }
    if (acc < 0.0)              /* never true; acc is a sum of i >= 0 */
        sink = acc;
}

/* Fastest observed time of one delay(len) call, in microseconds. */
static double delay_call_us(int len)
{
    const int calls = 2000;
    double best = 1e30;
    for (int k = 0; k < 5; k++) {
        double t0 = now_s();
        for (int c = 0; c < calls; c++)
            delay(len);
        double t = now_s() - t0;
        if (t < best)
            best = t;
    }
    return best * 1e6 / calls;
}

/*
 * Pick delay_len so that delay(delay_len) takes about opt_delay_us.  The
 * cost is not exactly proportional to len (call overhead, loop entry), so
 * start from a long probe and refine twice at the actual length.
 */
static void calibrate_delay(void)
{
    double len = 1000.0;
    for (int k = 0; k < 3; k++) {
        double t = delay_call_us((int)len);
        if (t <= 0.0)
            t = 1e-6;
        len = len * opt_delay_us / t;
        if (len < 1.0)
            len = 1.0;
        if (len > 1e8)
            len = 1e8;
    }
    delay_len = (int)(len + 0.5);
}

/* ------------------------------------------------------------------------ */
/* Reference loops                                                          */

static void ref_delay(long n)
{
    for (long j = 0; j < n; j++)
        delay(delay_len);
}

static void ref_plain_add(long n)
{
    for (long j = 0; j < n; j++) {
        shared_x += 1.0;
        __asm__ __volatile__("" ::: "memory");  /* one load+store per rep */
    }
}

/* ------------------------------------------------------------------------ */
/* Tests: each executes n "constructs" as defined in the header comment     */

static void test_parallel(long n)
{
    for (long j = 0; j < n; j++) {
#pragma omp parallel
        delay(delay_len);
    }
}

static void test_for(long n)
{
#pragma omp parallel firstprivate(n)
    for (long j = 0; j < n; j++) {
#pragma omp for schedule(static)
        for (int i = 0; i < nthreads; i++)
            delay(delay_len);
    }
}

static void test_parallel_for(long n)
{
    for (long j = 0; j < n; j++) {
#pragma omp parallel for schedule(static)
        for (int i = 0; i < nthreads; i++)
            delay(delay_len);
    }
}

static void test_barrier(long n)
{
#pragma omp parallel firstprivate(n)
    for (long j = 0; j < n; j++) {
        delay(delay_len);
#pragma omp barrier
    }
}

static void test_single(long n)
{
#pragma omp parallel firstprivate(n)
    for (long j = 0; j < n; j++) {
#pragma omp single
        delay(delay_len);
    }
}

static void test_critical(long n)
{
#pragma omp parallel firstprivate(n)
    {
        long mine = n / omp_get_num_threads();
        for (long j = 0; j < mine; j++) {
#pragma omp critical
            delay(delay_len);
        }
    }
}

static void test_lock(long n)
{
#pragma omp parallel firstprivate(n)
    {
        long mine = n / omp_get_num_threads();
        for (long j = 0; j < mine; j++) {
            omp_set_lock(&bench_lock);
            delay(delay_len);
            omp_unset_lock(&bench_lock);
        }
    }
}

static void test_atomic(long n)
{
#pragma omp parallel firstprivate(n)
    {
        long mine = n / omp_get_num_threads();
        for (long j = 0; j < mine; j++) {
#pragma omp atomic
            shared_x += 1.0;
        }
    }
}

static void test_reduction(long n)
{
    for (long j = 0; j < n; j++) {
        double x = 0.0;
#pragma omp parallel reduction(+ : x)
        {
            delay(delay_len);
            x += 1.0;
        }
        sink = x;
    }
}

static void test_task(long n)
{
#pragma omp parallel firstprivate(n)
    {
#pragma omp single
        {
            long ntasks = n * omp_get_num_threads();
            for (long j = 0; j < ntasks; j++) {
#pragma omp task
                delay(delay_len);
            }
#pragma omp taskwait
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Construct table                                                          */

typedef void (*bench_fn)(long n);

struct construct {
    const char *name;     /* row name, also accepted by --only           */
    const char *alias;    /* second name accepted by --only, or NULL     */
    bench_fn test;
    bench_fn ref;
    int per_thread_split; /* n is split across threads: round to mult T  */
};

static const struct construct constructs[] = {
    { "PARALLEL",     NULL,   test_parallel,     ref_delay,     0 },
    { "FOR",          NULL,   test_for,          ref_delay,     0 },
    { "PARALLEL_FOR", NULL,   test_parallel_for, ref_delay,     0 },
    { "BARRIER",      NULL,   test_barrier,      ref_delay,     0 },
    { "SINGLE",       NULL,   test_single,       ref_delay,     0 },
    { "CRITICAL",     NULL,   test_critical,     ref_delay,     1 },
    { "LOCK_UNLOCK",  "LOCK", test_lock,         ref_delay,     1 },
    { "ATOMIC",       NULL,   test_atomic,       ref_plain_add, 1 },
    { "REDUCTION",    NULL,   test_reduction,    ref_delay,     0 },
    { "TASK",         NULL,   test_task,         ref_delay,     0 },
};
#define NCONSTRUCTS ((int)(sizeof constructs / sizeof constructs[0]))

/* ------------------------------------------------------------------------ */
/* Measurement driver                                                       */

static double time_call(bench_fn f, long n)
{
    double t0 = now_s();
    f(n);
    return now_s() - t0;
}

static long round_up(long n, long mult)
{
    if (mult <= 1)
        return n < 1 ? 1 : n;
    if (n < mult)
        return mult;
    return ((n + mult - 1) / mult) * mult;
}

/* n scaled so that the call that took t seconds would take target seconds. */
static long rescale(long n, double t, double target, long mult)
{
    if (t <= 0.0)
        t = 1e-9;
    double scaled = (double)n * target / t;
    if (scaled > (double)(LONG_MAX / 4))
        scaled = (double)(LONG_MAX / 4);
    return round_up((long)scaled, mult);
}

/*
 * Find n such that f(n) takes about opt_time_ms: double n until a call takes
 * at least 1/8 of the target, then scale linearly using the fastest of three
 * timings at that n (so one preempted call does not shrink n).  If a call is
 * already far too slow (machine busy), scale from it straight away.
 */
static long calibrate_reps(bench_fn f, long mult)
{
    const double target = opt_time_ms * 1e-3;
    long n = round_up(1, mult);
    double t;

    f(n); /* warm-up: thread creation, first-touch, lazy binding */
    for (;;) {
        t = time_call(f, n);
        if (t >= target / 8.0 || n >= LONG_MAX / 4)
            break;
        n *= 2;
    }
    if (t > 2.0 * target)
        return rescale(n, t, target, mult);
    double best = t;
    for (int k = 0; k < 2; k++) {
        t = time_call(f, n);
        if (t < best)
            best = t;
    }
    return rescale(n, best, target, mult);
}

/*
 * Time one sample of f with *n repetitions and return the time per
 * repetition.  If the sample took far longer or shorter than the target
 * (typically because other processes compete for the CPUs), adapt *n so
 * that the next sample takes about the target time again; this keeps the
 * run time bounded on a busy machine.
 */
static double sample(bench_fn f, long *n, long mult)
{
    const double target = opt_time_ms * 1e-3;
    double t = time_call(f, *n);
    double per = t / (double)*n;
    if (t > 3.0 * target || t < target / 3.0)
        *n = rescale(*n, t, target, mult);
    return per;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sorts v in place and returns the median. */
static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return (n % 2) ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* Value at quantile q of an already sorted array (linear interpolation). */
static double quantile_sorted(const double *v, int n, double q)
{
    double pos = q * (n - 1);
    int lo = (int)pos;
    int hi = lo + 1 < n ? lo + 1 : lo;
    return v[lo] + (pos - lo) * (v[hi] - v[lo]);
}

struct result {
    double overhead_us; /* median test - median ref, per construct       */
    double ref_us;      /* median reference time per construct          */
    double test_us;     /* median test time per construct               */
    double iqr_us;      /* interquartile range of the test samples      */
    long test_n, ref_n; /* inner repetition counts after calibration    */
    int samples;        /* outer samples actually taken                 */
};

static void measure(const struct construct *c, struct result *r)
{
    long mult = c->per_thread_split ? nthreads : 1;
    long test_n = calibrate_reps(c->test, mult);
    long ref_n = calibrate_reps(c->ref, 1);
    double *tt = malloc(sizeof(double) * (size_t)opt_reps);
    double *tr = malloc(sizeof(double) * (size_t)opt_reps);
    if (!tt || !tr) {
        perror("malloc");
        exit(1);
    }
    r->test_n = test_n;
    r->ref_n = ref_n;
    /*
     * Reference and test samples alternate so that slow drifts affect both.
     * Hard cap: if the machine is so busy that the samples take four times
     * their planned time, stop early (but after at least 3 samples).
     */
    const double budget = 4.0 * 2.0 * opt_reps * opt_time_ms * 1e-3;
    const double start = now_s();
    int s = 0;
    while (s < opt_reps) {
        tr[s] = sample(c->ref, &ref_n, 1);
        tt[s] = sample(c->test, &test_n, mult);
        s++;
        if (s >= 3 && now_s() - start > budget)
            break;
    }
    r->samples = s;
    r->ref_us = median(tr, s) * 1e6;
    r->test_us = median(tt, s) * 1e6;
    r->iqr_us = (quantile_sorted(tt, s, 0.75) -
                 quantile_sorted(tt, s, 0.25)) * 1e6;
    r->overhead_us = r->test_us - r->ref_us;
    free(tt);
    free(tr);
}

/* ------------------------------------------------------------------------ */
/* How busy was the machine?                                                */

/*
 * Snapshot of the machine's busy CPU time (/proc/stat, all CPUs) and of this
 * process's own CPU time (all threads).  The difference over the run is the
 * CPU time used by other processes (or stolen by the hypervisor), which is
 * the main source of noise on a shared machine.
 */
struct load_mark {
    double wall_s, busy_s, self_s;
    int ncpu, ok;
};

static void load_mark(struct load_mark *m)
{
    FILE *f = fopen("/proc/stat", "r");
    char line[512];
    m->ok = 0;
    m->ncpu = 0;
    m->busy_s = 0.0;
    if (f) {
        while (fgets(line, sizeof line, f)) {
            unsigned long long v[10] = { 0 };
            if (strncmp(line, "cpu ", 4) == 0) {
                int k = sscanf(line + 4, "%llu %llu %llu %llu %llu %llu %llu "
                               "%llu %llu %llu", &v[0], &v[1], &v[2], &v[3],
                               &v[4], &v[5], &v[6], &v[7], &v[8], &v[9]);
                if (k >= 4) {
                    /* user nice system idle iowait irq softirq steal ...;
                       guest time is already included in user */
                    unsigned long long busy = v[0] + v[1] + v[2] + v[5] +
                                              v[6] + v[7];
                    m->busy_s = (double)busy / (double)sysconf(_SC_CLK_TCK);
                    m->ok = 1;
                }
            } else if (strncmp(line, "cpu", 3) == 0 &&
                       line[3] >= '0' && line[3] <= '9') {
                m->ncpu++;
            }
        }
        fclose(f);
    }
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    m->self_s = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 +
                (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
    m->wall_s = now_s();
}

/* "# load: ..." line: share of all CPUs used by other processes. */
static void print_load(FILE *out, const char *prefix,
                       const struct load_mark *start)
{
    struct load_mark end;
    load_mark(&end);
    if (!start->ok || !end.ok || end.ncpu < 1) {
        fprintf(out, "%sload: unknown\n", prefix);
        return;
    }
    double wall = end.wall_s - start->wall_s;
    double other = (end.busy_s - start->busy_s) - (end.self_s - start->self_s);
    if (other < 0.0)
        other = 0.0; /* clock-tick granularity */
    fprintf(out, "%sload: other_cpu_s=%.3f wall_s=%.3f ncpu=%d "
                 "other_pct=%.1f (share of all CPUs used by other "
                 "processes)\n",
            prefix, other, wall, end.ncpu,
            wall > 0 ? 100.0 * other / (wall * end.ncpu) : 0.0);
}

/* ------------------------------------------------------------------------ */
/* Which runtime is loaded?                                                 */

/* Real path of the object that defines symbol sym, or a diagnostic. */
static const char *provider_of(const char *sym, char *buf, size_t len)
{
    void *addr = dlsym(RTLD_DEFAULT, sym);
    Dl_info info;
    if (!addr) {
        snprintf(buf, len, "(symbol %s not found)", sym);
        return buf;
    }
    if (!dladdr(addr, &info) || !info.dli_fname) {
        snprintf(buf, len, "(dladdr failed for %s)", sym);
        return buf;
    }
    char *real = realpath(info.dli_fname, NULL);
    snprintf(buf, len, "%s", real ? real : info.dli_fname);
    free(real);
    return buf;
}

static const char *runtime_flavor(void)
{
    if (dlsym(RTLD_DEFAULT, "__kmpc_fork_call"))
        return "llvm-libomp";
    return "gomp-abi";
}

/* Print every mapped file whose name mentions "omp" (should be exactly one). */
static void print_omp_maps(FILE *out, const char *prefix)
{
    FILE *f = fopen("/proc/self/maps", "r");
    char line[4096], seen[16][1024];
    int nseen = 0;
    if (!f) {
        fprintf(out, "%s(cannot read /proc/self/maps)\n", prefix);
        return;
    }
    while (fgets(line, sizeof line, f)) {
        char *path = strchr(line, '/');
        if (!path)
            continue;
        path[strcspn(path, "\n")] = '\0';
        const char *base = strrchr(path, '/') + 1;
        if (!strstr(base, "omp"))
            continue;
        int dup = 0;
        for (int i = 0; i < nseen; i++)
            if (strcmp(seen[i], path) == 0)
                dup = 1;
        if (dup || nseen == 16)
            continue;
        snprintf(seen[nseen++], sizeof seen[0], "%s", path);
        fprintf(out, "%s%s\n", prefix, path);
    }
    fclose(f);
}

static void print_runtime_info(FILE *out, const char *prefix, int verbose)
{
    char buf[PATH_MAX + 64];
    fprintf(out, "%sruntime: %s\n", prefix,
            provider_of("GOMP_parallel", buf, sizeof buf));
    fprintf(out, "%sflavor: %s\n", prefix, runtime_flavor());
    if (verbose) {
        fprintf(out, "%somp_get_thread_num from: %s\n", prefix,
                provider_of("omp_get_thread_num", buf, sizeof buf));
        fprintf(out, "%somp_set_lock from: %s\n", prefix,
                provider_of("omp_set_lock", buf, sizeof buf));
        char p2[strlen(prefix) + 16];
        snprintf(p2, sizeof p2, "%smapped: ", prefix);
        print_omp_maps(out, p2);
    }
}

/* ------------------------------------------------------------------------ */
/* Command line                                                             */

static void usage(FILE *out)
{
    fprintf(out,
        "usage: syncbench [--reps N] [--time-ms X] [--delay-us X]\n"
        "                 [--only NAME[,NAME...]] [--csv] [--which] [--list]\n"
        "  --reps N       outer samples per construct (default %d); the\n"
        "                 median is reported\n"
        "  --time-ms X    target duration of one sample (default %.1f)\n"
        "  --delay-us X   work inside each construct (default %.2f us)\n"
        "  --only LIST    comma-separated constructs to run (case-insensitive)\n"
        "  --csv          print only 'name,overhead_us,ref_us' lines on stdout\n"
        "                 (run information goes to stderr as '# ' lines)\n"
        "  --which        print which OpenMP runtime is loaded and exit\n"
        "  --list         print the selected construct names and exit\n"
        "Threads: OMP_NUM_THREADS.  Constructs:",
        opt_reps, opt_time_ms, opt_delay_us);
    for (int i = 0; i < NCONSTRUCTS; i++)
        fprintf(out, " %s", constructs[i].name);
    fprintf(out, "\n");
}

static int parse_int(const char *s, const char *opt)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || v < 1 || v > 100000) {
        fprintf(stderr, "syncbench: bad value for %s: '%s'\n", opt, s);
        exit(2);
    }
    return (int)v;
}

static double parse_pos_double(const char *s, const char *opt)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || *end || !(v > 0.0) || v > 1e6) {
        fprintf(stderr, "syncbench: bad value for %s: '%s'\n", opt, s);
        exit(2);
    }
    return v;
}

/* Normalise a construct name: upper case, '-' and ' ' become '_'. */
static void normalise(char *s)
{
    for (; *s; s++) {
        if (*s == '-' || *s == ' ')
            *s = '_';
        else if (*s >= 'a' && *s <= 'z')
            *s = (char)(*s - 'a' + 'A');
    }
}

/* Fill selected[]; exits with an error on unknown names. */
static void select_constructs(int *selected)
{
    if (!opt_only) {
        for (int i = 0; i < NCONSTRUCTS; i++)
            selected[i] = 1;
        return;
    }
    for (int i = 0; i < NCONSTRUCTS; i++)
        selected[i] = 0;
    char *list = strdup(opt_only), *save = NULL;
    for (char *tok = strtok_r(list, ",", &save); tok;
         tok = strtok_r(NULL, ",", &save)) {
        normalise(tok);
        if (!*tok)
            continue;
        int found = 0;
        for (int i = 0; i < NCONSTRUCTS; i++) {
            if (strcmp(tok, constructs[i].name) == 0 ||
                (constructs[i].alias && strcmp(tok, constructs[i].alias) == 0)) {
                selected[i] = 1;
                found = 1;
            }
        }
        if (!found) {
            fprintf(stderr, "syncbench: unknown construct '%s'\n", tok);
            usage(stderr);
            exit(2);
        }
    }
    free(list);
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = NULL;
        /* accept both "--opt value" and "--opt=value" */
        const char *eq = strchr(a, '=');
        char name[64];
        if (eq && (size_t)(eq - a) < sizeof name) {
            memcpy(name, a, (size_t)(eq - a));
            name[eq - a] = '\0';
            val = eq + 1;
        } else {
            snprintf(name, sizeof name, "%s", a);
        }
        int needs_val = !strcmp(name, "--reps") || !strcmp(name, "--time-ms") ||
                        !strcmp(name, "--delay-us") || !strcmp(name, "--only");
        if (needs_val && !val) {
            if (i + 1 >= argc) {
                fprintf(stderr, "syncbench: %s needs a value\n", name);
                return 2;
            }
            val = argv[++i];
        }
        if (!strcmp(name, "--reps"))
            opt_reps = parse_int(val, name);
        else if (!strcmp(name, "--time-ms"))
            opt_time_ms = parse_pos_double(val, name);
        else if (!strcmp(name, "--delay-us"))
            opt_delay_us = parse_pos_double(val, name);
        else if (!strcmp(name, "--only"))
            opt_only = val;
        else if (!strcmp(name, "--csv"))
            opt_csv = 1;
        else if (!strcmp(name, "--which"))
            opt_which = 1;
        else if (!strcmp(name, "--list"))
            opt_list = 1;
        else if (!strcmp(name, "-h") || !strcmp(name, "--help")) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "syncbench: unknown option '%s'\n", a);
            usage(stderr);
            return 2;
        }
    }

    if (opt_which) {
        print_runtime_info(stdout, "", 1);
        return 0;
    }

    int selected[NCONSTRUCTS];
    select_constructs(selected);
    if (opt_list) {
        for (int i = 0; i < NCONSTRUCTS; i++)
            if (selected[i])
                printf("%s\n", constructs[i].name);
        return 0;
    }

    struct load_mark load0;
    load_mark(&load0);

    /* Start the thread pool and learn the real team size. */
#pragma omp parallel
    {
#pragma omp master
        nthreads = omp_get_num_threads();
    }
    omp_init_lock(&bench_lock);
    calibrate_delay();

    FILE *info = opt_csv ? stderr : stdout;
    const char *pfx = "# ";
    fprintf(info, "%ssyncbench: EPCC-style synchronisation overhead\n", pfx);
    print_runtime_info(info, pfx, 0);
    fprintf(info, "%sthreads: %d  reps: %d  time/sample: %.2f ms  "
                  "delay: %.3f us (len %d)\n",
            pfx, nthreads, opt_reps, opt_time_ms, opt_delay_us, delay_len);
    if (!opt_csv)
        printf("%-13s %12s %10s %10s %10s %10s\n", "construct",
               "overhead_us", "ref_us", "test_us", "iqr_us", "innerreps");

    for (int i = 0; i < NCONSTRUCTS; i++) {
        if (!selected[i])
            continue;
        struct result r;
        measure(&constructs[i], &r);
        if (opt_csv)
            printf("%s,%.4f,%.4f\n", constructs[i].name, r.overhead_us,
                   r.ref_us);
        else
            printf("%-13s %12.4f %10.4f %10.4f %10.4f %10ld\n",
                   constructs[i].name, r.overhead_us, r.ref_us, r.test_us,
                   r.iqr_us, r.test_n);
        fflush(stdout);
        if (r.samples < opt_reps)
            fprintf(info, "%swarning: %s: machine too busy, only %d of %d "
                          "samples taken\n", pfx, constructs[i].name,
                    r.samples, opt_reps);
    }
    print_load(info, pfx, &load0);
    omp_destroy_lock(&bench_lock);
    if (shared_x < 0.0)
        sink = shared_x;
    return 0;
}
