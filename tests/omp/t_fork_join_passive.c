/* env: OMP_WAIT_POLICY=passive OMP_NUM_THREADS=3 */
/* t_fork_join_stress.c with waiting threads that sleep at once.  */
#define TEST "t_fork_join_passive"
#include "t_fork_join_stress.c"
