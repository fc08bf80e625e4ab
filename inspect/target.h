/* A target that paradbg-inspect reads: a core file or a stopped live
   process.  Both give memory, threads with their registers, and a Dwfl
   that knows the mapped files (for symbols, source lines and unwinding). */
#ifndef PARADBG_INSPECT_TARGET_H
#define PARADBG_INSPECT_TARGET_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/user.h>

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
  uint64_t tp;       /* thread pointer (x86_64: fs_base), for thread-local storage */
  int signal;        /* the signal it stopped with (core: pr_cursig), 0 if none */
  int has_regs;      /* regs holds the thread's general registers */
  struct user_regs_struct regs;
};

struct target {
  int is_core;
  char *name;                 /* for messages: the core's path, or "process PID" */
  pid_t pid;                  /* a live process's, 0 for a core */
  pid_t tgid;                 /* the process's id, a core's too (NT_PRPSINFO); 0 if unknown */
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
  void *tls;                  /* tls.c's state, NULL until a thread-local lookup */
  void *pointers;             /* pointers.c's table, NULL until a find_pointer */
  void *unwound;              /* symbols.c's stacks of every thread, NULL until the first unwind */
};

/* Each returns an inspect status (status.h), having printed one line. */
int core_open(const char *core, const char *executable, struct target **out);
int live_open(pid_t pid, struct target **out);

/* Ends tracing of a live process (it runs on as before); nothing for a core.
   Safe to call more than once and from a signal handler. */
void live_release(void);

/* Keeps a NT_PRSTATUS register set of size bytes in th: all of it, and
   its program counter, stack pointer and thread pointer. */
void regs_keep(struct inspect_thread *th, const void *gregs, size_t size);

#endif
