/* A target that paradbg-inspect reads: a core file or a stopped live
   process.  Both give memory, threads with their registers, and a Dwfl
   that knows the mapped files (for symbols, source lines and unwinding). */
#ifndef PARADBG_INSPECT_TARGET_H
#define PARADBG_INSPECT_TARGET_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <elfutils/libdwfl.h>

/* Cores are read for the machine paradbg-inspect runs on. */
#if defined(__x86_64__)
#define PD_HOST_MACHINE EM_X86_64
#elif defined(__aarch64__)
#define PD_HOST_MACHINE EM_AARCH64
#else
#error "paradbg-inspect knows the registers of x86_64 and aarch64 only"
#endif

struct inspect_thread {
  pid_t lwp;
  uint64_t pc, sp;   /* innermost frame */
  int signal;        /* the signal it stopped with (core: pr_cursig), 0 if none */
};

struct target {
  int is_core;
  char *name;                 /* for messages: the core's path, or "process PID" */
  pid_t pid;
  unsigned pointer_size;      /* from the ELF class */
  Dwfl *dwfl;
  struct inspect_thread *threads;
  unsigned nthreads;
  unsigned current;           /* index in threads: the thread that crashed, or the leader */
  unsigned long reads;        /* memory reads made for the plugin */
  /* Reads n bytes at addr; 0, or -1 if any of them is not readable. */
  int (*read)(struct target *t, uint64_t addr, void *buf, size_t n);
  /* Prepares unwinding (dwfl_*_attach); 0 or -1.  Called once, by
     unwind_stack(), which keeps the outcome in unwinder (1 ready, -1 failed). */
  int (*attach_unwinder)(struct target *t);
  int unwinder;
  void (*close)(struct target *t);
  void *priv;
};

/* Each returns an inspect status (status.h), having printed one line. */
int core_open(const char *core, const char *executable, struct target **out);
int live_open(pid_t pid, struct target **out);

/* Ends tracing of a live process (it runs on as before); nothing for a core.
   Safe to call more than once and from a signal handler. */
void live_release(void);

/* The program counter and stack pointer in a NT_PRSTATUS register set. */
void regs_pc_sp(const void *gregs, size_t size, uint64_t *pc, uint64_t *sp);

#endif
