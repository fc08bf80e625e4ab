/* env: OMP_WAIT_POLICY=active OMP_NUM_THREADS=2 */
/* t_fork_join_stress.c with waiting threads that spin.  */
#define TEST "t_fork_join_active"
#include "t_fork_join_stress.c"
