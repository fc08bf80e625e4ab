! Coarray micro-benchmarks, the same source for libparcaf and OpenCoarrays.
! Image 1 prints "name seconds-per-operation" lines; run-caf-bench.sh
! tabulates them.  Needs at least 2 images.  Every row's operation is done
! once before it is timed: the first touch of a page (the other image's,
! seen from this one, or a buffer's) costs ~20 us in a VM, 5 ms for 1 MiB,
! which is not what a row measures; the local memcpy row is timed on pages
! touched before, too.
program cafbench
  use iso_fortran_env, only: int64, lock_type
  implicit none
  integer, parameter :: n = 262144          ! 1 MiB of default integers
  integer, parameter :: nr = 1048576        ! co_sum of 1 M reals
  integer :: a(n)[*], b(n), b2(n), i, reps, me, np
  integer, allocatable :: c(:)[:], x(:)
  real, allocatable :: r(:)
  type(lock_type) :: lk[*]
  integer(int64) :: t0, t1, rate
  me = this_image(); np = num_images()
  if (np < 2) error stop 'cafbench needs 2 or more images'
  allocate (c(n)[*], r(nr))
  b = me; b2 = 0; a = 0; c = 0; r = 1.0
  call system_clock(count_rate=rate)

  reps = 20000
  sync all
  call system_clock(t0)
  do i = 1, reps
    sync all
  end do
  call system_clock(t1)
  call report('sync_all', reps)

  reps = 200
  call timed_put_fixed()
  call timed_put_alloc()
  call timed_get_fixed()
  ! gfortran 12 fails to compile this one inside a contained procedure.
  ! Fewer repetitions: OpenCoarrays takes ~1 s per get here.
  reps = 20
  if (me == 1) x = a(:)[2]   ! first allocation of x outside the timing
  sync all
  call system_clock(t0)
  if (me == 1) then
    do i = 1, reps
      x = a(:)[2]
    end do
  end if
  call system_clock(t1)
  call report('get_1MiB_allocatable', reps)

  reps = 200
  sync all
  call system_clock(t0)
  if (me == 1) then
    do i = 1, reps
      b2 = b
      b(1 + mod(i, n)) = b2(1 + mod(i + 1, n)) + 1
    end do
  end if
  call system_clock(t1)
  call report('memcpy_1MiB_local', reps)

  reps = 50
  call co_sum(r)            ! first uses: the runtime sets up its buffers
  call co_sum(r)            ! (libparcaf: two, used in turn)
  r = 1.0
  sync all
  call system_clock(t0)
  do i = 1, reps
    call co_sum(r)
    r(1) = 1.0
  end do
  call system_clock(t1)
  call report('co_sum_1M_reals', reps)
  if (abs(r(2) - real(np, 8)**reps) > 1d-3 * real(np, 8)**reps) error stop 'co_sum result'

  reps = 20000
  sync all
  call system_clock(t0)
  if (me == 1) then
    do i = 1, reps
      lock (lk[2])
      unlock (lk[2])
    end do
  end if
  call system_clock(t1)
  call report('lock_unlock_remote', reps)
  sync all
contains
  subroutine report(name, count)
    character(len=*), intent(in) :: name
    integer, intent(in) :: count
    if (me == 1) print '(a,1x,es12.5)', name, real(t1 - t0, 8) / real(rate, 8) / count
  end subroutine
  subroutine timed_put_fixed()
    if (me == 1) a(:)[2] = b
    sync all
    call system_clock(t0)
    if (me == 1) then
      do i = 1, reps
        a(:)[2] = b
      end do
    end if
    call system_clock(t1)
    call report('put_1MiB_fixed', reps)
  end subroutine
  subroutine timed_put_alloc()
    if (me == 1) c(:)[2] = b
    sync all
    call system_clock(t0)
    if (me == 1) then
      do i = 1, reps
        c(:)[2] = b
      end do
    end if
    call system_clock(t1)
    call report('put_1MiB_allocatable', reps)
  end subroutine
  subroutine timed_get_fixed()
    if (me == 1) b2 = a(:)[2]
    sync all
    call system_clock(t0)
    if (me == 1) then
      do i = 1, reps
        b2 = a(:)[2]
      end do
    end if
    call system_clock(t1)
    call report('get_1MiB_fixed', reps)
  end subroutine
end program
