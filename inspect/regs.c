/* Registers as NT_PRSTATUS and PTRACE_GETREGSET give them: the same
   user_regs_struct, for cores and live threads alike. */
#include "config.h"

#include <string.h>
#include <sys/user.h>

#include "target.h"

void regs_keep(struct inspect_thread *th, const void *gregs, size_t size)
{
  struct user_regs_struct *r = &th->regs;
  th->pc = th->sp = th->tp = 0;
  th->has_regs = 0;
  if (size < sizeof *r)
    return;
  memcpy(r, gregs, sizeof *r);
  th->has_regs = 1;
#if defined(__x86_64__)
  th->pc = r->rip, th->sp = r->rsp, th->tp = r->fs_base;
#else
  /* aarch64 keeps its thread pointer (tpidr_el0) in another register set. */
  th->pc = r->pc, th->sp = r->sp;
#endif
}
