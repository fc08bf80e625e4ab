! The Fortran OpenMP API (omp_lib) and gfortran-compiled constructs: checks
! its own results and stops with a non-zero code naming what went wrong.
program fortran_api
  use omp_lib
  implicit none
  integer :: i, n, total, tid_sum, nest_count, kind_out, chunk_out
  integer(kind=omp_lock_kind) :: lck
  integer(kind=omp_nest_lock_kind) :: nlck
  integer(kind=omp_sched_kind) :: sched
  integer(8) :: n8, chunk8
  logical :: in_par
  double precision :: t0, t1

  t0 = omp_get_wtime()
  call omp_set_dynamic(.false.)
  call omp_set_num_threads(3)
  if (omp_get_max_threads() /= 3) call die(1, 'omp_set_num_threads(3)')
  n8 = 4
  call omp_set_num_threads(n8)
  if (omp_get_max_threads() /= 4) call die(2, 'omp_set_num_threads_8_(4)')

  tid_sum = 0
  n = 0
  in_par = .false.
!$omp parallel reduction(+:tid_sum) shared(n, in_par)
  tid_sum = tid_sum + omp_get_thread_num()
!$omp single
  n = omp_get_num_threads()
  in_par = omp_in_parallel()
!$omp end single
!$omp end parallel
  if (n /= 4) call die(3, 'team size')
  if (tid_sum /= 6) call die(4, 'thread numbers')
  if (.not. in_par) call die(5, 'omp_in_parallel')
  if (omp_in_parallel()) call die(6, 'omp_in_parallel outside')

  total = 0
!$omp parallel do schedule(dynamic, 7) reduction(+:total)
  do i = 1, 1000
    total = total + i
  end do
!$omp end parallel do
  if (total /= 500500) call die(7, 'dynamic loop sum')

  call omp_set_schedule(omp_sched_guided, 5)
  call omp_get_schedule(sched, chunk_out)
  kind_out = sched
  if (iand(kind_out, 255) /= omp_sched_guided .or. chunk_out /= 5) call die(8, 'schedule')
  chunk8 = 9
  call omp_set_schedule(omp_sched_dynamic, chunk8)
  call omp_get_schedule(sched, chunk_out)
  if (chunk_out /= 9) call die(9, 'omp_set_schedule_8_')

  call omp_init_lock(lck)
  total = 0
!$omp parallel shared(total, lck)
  do i = 1, 100
    call omp_set_lock(lck)
    total = total + 1
    call omp_unset_lock(lck)
  end do
!$omp end parallel
  call omp_destroy_lock(lck)
  if (total /= 400) call die(10, 'simple lock count')

  call omp_init_nest_lock(nlck)
  call omp_set_nest_lock(nlck)
  nest_count = omp_test_nest_lock(nlck)
  if (nest_count /= 2) call die(11, 'omp_test_nest_lock nesting')
  call omp_unset_nest_lock(nlck)
  call omp_unset_nest_lock(nlck)
  call omp_destroy_nest_lock(nlck)

  total = 0
!$omp parallel shared(total)
!$omp single
  do i = 1, 50
!$omp task shared(total)
!$omp atomic
    total = total + 1
!$omp end task
  end do
!$omp taskwait
!$omp end single
!$omp end parallel
  if (total /= 50) call die(12, 'tasks')

  call omp_set_max_active_levels(2)
!$omp parallel num_threads(2) shared(n)
!$omp parallel num_threads(2) shared(n)
  if (omp_get_level() == 2 .and. omp_get_team_size(1_8) == 2 .and. &
      omp_get_ancestor_thread_num(0) == 0) then
!$omp atomic
    n = n + 1
  end if
!$omp end parallel
!$omp end parallel
  if (n /= 8) call die(13, 'nested levels')

  t1 = omp_get_wtime()
  if (t1 < t0 .or. omp_get_wtick() <= 0d0) call die(14, 'wtime')
end program fortran_api

subroutine die(code, what)
  integer, intent(in) :: code
  character(len=*), intent(in) :: what
  write (0, '(a, a)') 'fortran_api: wrong: ', what
  stop code
end subroutine die
