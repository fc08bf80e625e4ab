/* Helpers that tests/ompt/tool.c exports to the test programs it is linked
   into (not available when the tool is loaded through OMP_TOOL_LIBRARIES).
   Every helper prints one line "<tool thread id>: ..." on stdout. */
#ifndef PARADBG_OMPT_TEST_TOOL_H
#define PARADBG_OMPT_TEST_TOOL_H

/* "task_info level=L rc=R task_id=.. parallel_id=.. type=.. exit_frame=..
   enter_frame=.. exit_frame_flags=.. enter_frame_flags=.. thread_num=..
   team_size=..", from ompt_get_task_info and ompt_get_parallel_info. */
void ompt_print_task_info(int level);

/* "state name=<name> wait_id=0x..", from ompt_get_state. */
void ompt_print_state(void);

/* "frame <label>=0x..": pass __builtin_frame_address(0). */
void ompt_print_frame(const char *label, void *addr);

/* "addr <label>=0x..": pass a code address, e.g. &&label placed right after
   a runtime call, to compare with the codeptr_ra of its events. */
void ompt_print_addr(const char *label, const void *addr);

/* Spins outside the runtime (no task scheduling point) until *flag is
   set, for at most 10 s: a runtime that never sets it fails the checks
   instead of hanging. Prints nothing. */
void ompt_wait_flag(int *flag);

/* "thread_data id=.. same_as_thread_begin=0|1": the id in
   ompt_get_thread_data(), and whether it is the ompt_data_t the runtime
   passed to this thread's thread_begin. */
void ompt_print_thread_data(void);

/* "proc_id id=N same_as_sched_getcpu=0|1": ompt_get_proc_id(), and
   whether it agrees with sched_getcpu() read around it. */
void ompt_print_proc_id(void);

/* "parallel_info level=L rc=R parallel_id=.. team_size=..", from
   ompt_get_parallel_info alone, with its return value (team_size stays -1
   and parallel_id 0 where the runtime does not set them). */
void ompt_print_parallel_info(int level);

/* What the inquiry functions say about the calling thread: its thread
   data, then task and parallel info from level 0 up to levels. */
void ompt_print_inquiry(int levels);

#endif
