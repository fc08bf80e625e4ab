/* A tool for testing discovery: built several times with MODE set to what
   its ompt_start_tool or initialize does, and NAME to tell the copies apart.
     MODE 0: start and initialize, register thread_begin and parallel_begin
     MODE 1: ompt_start_tool returns NULL (declines)
     MODE 2: initialize returns 0 (stays inactive)
   Every step prints one line on stderr, so a test can see which copy ran. */
#include <stdio.h>

#include <omp-tools.h>

#ifndef MODE
#define MODE 0
#endif
#ifndef NAME
#define NAME "probe"
#endif

static void on_thread_begin(ompt_thread_t type, ompt_data_t *data)
{
  (void)data;
  fprintf(stderr, "%s: thread_begin %d\n", NAME, (int)type);
}

static void on_parallel_begin(ompt_data_t *task, const ompt_frame_t *frame, ompt_data_t *region,
                              unsigned int requested, int flags, const void *ra)
{
  (void)task; (void)frame; (void)region; (void)flags; (void)ra;
  fprintf(stderr, "%s: parallel_begin %u\n", NAME, requested);
}

static int initialize(ompt_function_lookup_t lookup, int device, ompt_data_t *data)
{
  (void)data;
  fprintf(stderr, "%s: initialize device %d\n", NAME, device);
  ompt_set_callback_t set = (ompt_set_callback_t)lookup("ompt_set_callback");
  set(ompt_callback_thread_begin, (ompt_callback_t)on_thread_begin);
  set(ompt_callback_parallel_begin, (ompt_callback_t)on_parallel_begin);
  return MODE == 2 ? 0 : 1;
}

static void finalize(ompt_data_t *data)
{
  (void)data;
  fprintf(stderr, "%s: finalize\n", NAME);
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int version, const char *runtime)
{
  static ompt_start_tool_result_t result = { initialize, finalize, { 0 } };
  fprintf(stderr, "%s: ompt_start_tool %u %s\n", NAME, version, runtime);
  return MODE == 1 ? NULL : &result;
}
