/* Start and end: caf_init forks the images; the process that called it stays
   behind as their supervisor, which notices images that die, ends the
   program on error termination, and forwards ^C and kill. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../rtline.h"
#include "caf.h"
#include "gasp_events.h"

int parcaf_leaving;
static volatile sig_atomic_t forwarded;

/* Copy what the constructors put in image 1's segment (static coarrays and
   their initial values) to every other image. */
static void replicate_segment_one(void)
{
  struct parcaf_shared *s = parcaf_shared;
  char *one = parcaf_segment_base(1);
  struct parcaf_segment *seg1 = (struct parcaf_segment *)one;
  uint64_t sym_end = seg1->sym.start, asym_end = seg1->asym.start;
  for (uint64_t o = seg1->sym.first; o; o = ((struct parcaf_block *)(one + o))->next)
    sym_end = o + sizeof(struct parcaf_block);
  for (uint64_t o = seg1->asym.first; o; o = ((struct parcaf_block *)(one + o))->next)
    asym_end = o + sizeof(struct parcaf_block);
  for (uint32_t i = 2; i <= s->num_images; i++) {
    char *seg = parcaf_segment_base((int)i);
    memcpy(seg, one, sym_end);
    memcpy(seg + seg1->asym.start, one + seg1->asym.start, asym_end - seg1->asym.start);
    ((struct parcaf_segment *)seg)->image = (int)i;
  }
}

void parcaf_become_image(int image)
{
  struct parcaf_shared *s = parcaf_shared;
  if (mremap(parcaf_segment_base(image), 0, s->segment_size, MREMAP_MAYMOVE | MREMAP_FIXED,
             parcaf_local_view) == MAP_FAILED) {
    rt_line(stderr, 0, "libparcaf: image %d: cannot map its coarray heap: %s", image, strerror(errno));
    _exit(1);
  }
  parcaf_this_image = image;
  parcaf_team_start(image);
  parcaf_wait_setup((int)s->num_images);
  struct parcaf_image *im = parcaf_image(image);
  im->pid = getpid();
  __atomic_store_n(&im->status, PARADBG_CAF_IMAGE_RUNNING, __ATOMIC_RELEASE);
}

static void forward(int sig)
{
  forwarded = sig;
  for (uint32_t i = 1; i <= parcaf_shared->num_images; i++) {
    pid_t p = parcaf_image((int)i)->pid;
    if (p > 0)
      kill(p, sig);
  }
}

/* All images but SPARE (0: none). */
static void kill_images(int spare)
{
  for (uint32_t i = 1; i <= parcaf_shared->num_images; i++) {
    struct parcaf_image *im = parcaf_image((int)i);
    if ((int)i != spare && im->pid > 0 && im->status != PARADBG_CAF_IMAGE_UNUSED)
      kill(im->pid, SIGKILL);
  }
}

static int image_of_pid(pid_t pid)
{
  for (uint32_t i = 1; i <= parcaf_shared->num_images; i++)
    if (parcaf_image((int)i)->pid == pid)
      return (int)i;
  return 0;
}

/* One child ended: record how, and decide whether the program goes on. */
static void reap(pid_t pid, int wstatus, int *live)
{
  struct parcaf_shared *s = parcaf_shared;
  int i = image_of_pid(pid);
  if (!i)
    return;
  (*live)--;
  struct parcaf_image *im = parcaf_image(i);
  int st = __atomic_load_n(&im->status, __ATOMIC_ACQUIRE);
  if (WIFSIGNALED(wstatus) && forwarded && WTERMSIG(wstatus) == forwarded) {
    im->signal = forwarded;   /* the whole program is being stopped: not a failure */
    return;
  }
  if (WIFSIGNALED(wstatus)) {
    if (st == PARADBG_CAF_IMAGE_RUNNING || st == PARADBG_CAF_IMAGE_UNUSED) {
      im->signal = WTERMSIG(wstatus);
      __atomic_store_n(&im->status, PARADBG_CAF_IMAGE_FAILED, __ATOMIC_SEQ_CST);
    }
  } else if (st == PARADBG_CAF_IMAGE_RUNNING || st == PARADBG_CAF_IMAGE_UNUSED) {
    /* Left without STOP or the end of the program: exit() from C, or a
       libgfortran runtime error. */
    int code = WEXITSTATUS(wstatus);
    im->stop_code = code;
    if (code != 0) {
      int none = 0;
      if (__atomic_compare_exchange_n(&s->error_image, &none, i, false, __ATOMIC_SEQ_CST,
                                      __ATOMIC_SEQ_CST))
        s->error_code = code;
      __atomic_store_n(&im->status, PARADBG_CAF_IMAGE_ERROR_STOPPED, __ATOMIC_SEQ_CST);
    } else {
      __atomic_store_n(&im->status, PARADBG_CAF_IMAGE_STOPPED, __ATOMIC_SEQ_CST);
    }
  }
  parcaf_wake_all_images();
}

static int exit_status(void)
{
  struct parcaf_shared *s = parcaf_shared;
  if (s->error_image)
    return s->error_code;
  /* Failed images do not change the status of a program whose other
     images ended normally; a program none of whose images did is killed. */
  int code = 0, first_signal = 0;
  bool any_stopped = false;
  for (uint32_t i = 1; i <= s->num_images; i++) {
    struct parcaf_image *im = parcaf_image((int)i);
    if (im->signal && !forwarded)
      rt_line(stderr, 0, "libparcaf: image %u was killed by signal %d (%s)", i, im->signal,
              strsignal(im->signal));
    if (im->signal && !first_signal)
      first_signal = im->signal;
    if (im->status == PARADBG_CAF_IMAGE_STOPPED) {
      any_stopped = true;
      if (!code)
        code = im->stop_code;
    }
  }
  if (!any_stopped && first_signal)
    return 128 + first_signal;
  return code;
}

void parcaf_supervise(int n)
{
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = forward;
  sigemptyset(&sa.sa_mask);
  /* A signal the program was started ignoring (nohup, a background job)
     stays ignored; the images inherited that too. */
  int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2};
  for (size_t k = 0; k < sizeof sigs / sizeof *sigs; k++) {
    struct sigaction old;
    if (sigaction(sigs[k], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
      sigaction(sigs[k], &sa, NULL);
  }
  int live = n;
  bool killed = false;
  while (live > 0) {
    int wstatus;
    pid_t pid = waitpid(-1, &wstatus, 0);
    if (pid < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    reap(pid, wstatus, &live);
    /* Error termination, or images dying of a signal sent to the whole
       program: the rest go too.  The image that began error termination
       is spared: it is already on its way out, and killing it could cut
       its message short or lose its exit code. */
    bool interrupted = forwarded && WIFSIGNALED(wstatus) && WTERMSIG(wstatus) == forwarded;
    if ((parcaf_shared->error_image || interrupted) && !killed) {
      kill_images(interrupted ? 0 : __atomic_load_n(&parcaf_shared->error_image, __ATOMIC_ACQUIRE));
      killed = true;
    }
  }
  int code = exit_status();
  if (killed && forwarded && !parcaf_shared->error_image) {
    signal(forwarded, SIG_DFL);
    raise(forwarded);
  }
  _exit(code);
}

PARCAF_EXPORT void _gfortran_caf_init(int *argc, char ***argv)
{
  static int started;
  if (started++)
    return;
  parcaf_ensure_shared();
  int n = (int)parcaf_shared->num_images;
  replicate_segment_one();
  fflush(NULL);
  pid_t super = getpid();
  for (int i = 1; i <= n; i++) {
    pid_t pid = fork();
    if (pid < 0) {
      rt_line(stderr, 0, "libparcaf: cannot start image %d: %s", i, strerror(errno));
      kill_images(0);
      _exit(1);
    }
    if (pid == 0) {
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (getppid() != super)
        _exit(1);
      parcaf_image(i)->pid = getpid();
      parcaf_become_image(i);
      parcaf_gasp_start(argc, argv);
      return;
    }
    parcaf_image(i)->pid = pid;
  }
  parcaf_supervise(n);
}

/* Normal termination: this image stops, then waits until every other image
   has stopped or failed (their coarrays stay readable until then). */
void parcaf_terminate_normally(int code)
{
  if (parcaf_leaving || !parcaf_this_image)
    return;
  parcaf_leaving = 1;
  struct parcaf_shared *s = parcaf_shared;
  struct parcaf_image *me = parcaf_image(parcaf_this_image);
  me->stop_code = code;
  __atomic_store_n(&me->status, PARADBG_CAF_IMAGE_STOPPED, __ATOMIC_SEQ_CST);
  parcaf_wake_all_images();
  parcaf_wait_begin(PARADBG_CAF_WAIT_TERMINATION, 0, NULL);
  for (;;) {
    uint32_t w = __atomic_load_n(&s->failures, __ATOMIC_SEQ_CST);
    bool all = true;
    for (uint32_t i = 1; i <= s->num_images && all; i++)
      if (__atomic_load_n(&parcaf_image((int)i)->status, __ATOMIC_ACQUIRE) == PARADBG_CAF_IMAGE_RUNNING)
        all = false;
    if (all)
      break;
    if (__atomic_load_n(&s->error_image, __ATOMIC_ACQUIRE))
      exit(s->error_code);
    parcaf_wait_word(&s->failures, w, &s->failure_sleepers, PARCAF_RECHECK_MS);
  }
  parcaf_wait_end();
}

PARCAF_EXPORT void _gfortran_caf_finalize(void)
{
  parcaf_terminate_normally(0);
}

PARCAF_EXPORT void _gfortran_caf_finish(void) __attribute__((alias("_gfortran_caf_finalize")));
