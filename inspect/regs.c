/* Registers as NT_PRSTATUS and PTRACE_GETREGSET give them: the same
   user_regs_struct, for cores and live threads alike. */
#include "config.h"

#include <string.h>
#include <sys/user.h>

#include "target.h"

void regs_pc_sp(const void *gregs, size_t size, uint64_t *pc, uint64_t *sp)
{
  struct user_regs_struct r;
  *pc = *sp = 0;
  if (size < sizeof r)
    return;
  memcpy(&r, gregs, sizeof r);
#if defined(__x86_64__)
  *pc = r.rip, *sp = r.rsp;
#else
  *pc = r.pc, *sp = r.sp;
#endif
}
