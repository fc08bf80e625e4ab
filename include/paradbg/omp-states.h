/* The thread states libparomp keeps, in the order ompt_enumerate_states and
   ompd_enumerate_states report them.  A thread's state word holds the
   standard's ompt_state_t value, so OMPT and OMPD hand it on unchanged. */
#ifndef PARADBG_OMP_STATES_H
#define PARADBG_OMP_STATES_H

/* X(ompt_state_t enumerator) */
#define PARADBG_OMP_STATES(X)                                            \
  X(ompt_state_undefined)                                                \
  X(ompt_state_work_serial)                                              \
  X(ompt_state_work_parallel)                                            \
  X(ompt_state_wait_barrier)                                             \
  X(ompt_state_wait_barrier_implicit_parallel)                           \
  X(ompt_state_wait_barrier_implicit_workshare)                          \
  X(ompt_state_wait_barrier_explicit)                                    \
  X(ompt_state_wait_taskwait)                                            \
  X(ompt_state_wait_taskgroup)                                           \
  X(ompt_state_wait_lock)                                                \
  X(ompt_state_wait_critical)                                            \
  X(ompt_state_wait_atomic)                                              \
  X(ompt_state_wait_ordered)                                             \
  X(ompt_state_idle)

#endif
