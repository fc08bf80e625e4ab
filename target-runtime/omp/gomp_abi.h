/* Constants of the GOMP ABI that gcc compiles into programs (the values of
   gcc's gomp-constants.h, which a drop-in libgomp must understand). */
#ifndef PAROMP_GOMP_ABI_H
#define PAROMP_GOMP_ABI_H

/* GOMP_task / GOMP_taskloop flags */
#define GOMP_TASK_FLAG_UNTIED (1u << 0)
#define GOMP_TASK_FLAG_FINAL (1u << 1)
#define GOMP_TASK_FLAG_MERGEABLE (1u << 2)
#define GOMP_TASK_FLAG_DEPEND (1u << 3)
#define GOMP_TASK_FLAG_PRIORITY (1u << 4)
#define GOMP_TASK_FLAG_UP (1u << 8)
#define GOMP_TASK_FLAG_GRAINSIZE (1u << 9)
#define GOMP_TASK_FLAG_IF (1u << 10)
#define GOMP_TASK_FLAG_NOGROUP (1u << 11)
#define GOMP_TASK_FLAG_REDUCTION (1u << 12)
#define GOMP_TASK_FLAG_DETACH (1u << 13)
#define GOMP_TASK_FLAG_STRICT (1u << 14)

/* Dependence kinds, in depobj entries and in the new-style depend array */
#define GOMP_DEPEND_IN 1
#define GOMP_DEPEND_OUT 2
#define GOMP_DEPEND_INOUT 3
#define GOMP_DEPEND_MUTEXINOUTSET 4
#define GOMP_DEPEND_INOUTSET 5

/* GOMP_cancel / GOMP_cancellation_point */
#define GOMP_CANCEL_PARALLEL 1
#define GOMP_CANCEL_LOOP 2
#define GOMP_CANCEL_SECTIONS 4
#define GOMP_CANCEL_TASKGROUP 8

/* GOMP_parallel flags: the low bits carry the proc_bind clause */
#define GOMP_PARALLEL_PROC_BIND_MASK 7u

#endif
