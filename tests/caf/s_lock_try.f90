! lock with acquired_lock= (try-lock): a held lock is not acquired, a free
! one is, and a try-lock loop can protect a shared counter.
program s_lock_try
  use iso_fortran_env, only: lock_type, int64
  implicit none
  integer, parameter :: iters = 50
  type(lock_type) :: lk[*]
  integer :: cnt[*]
  integer :: me, n, right, i
  logical :: got
  integer(int64) :: t0, t, rate

  me = this_image()
  n = num_images()
  right = mod(me, n) + 1
  cnt = 0
  call system_clock(t0, rate)
  ! every image takes its own (free) lock
  got = .false.
  lock (lk, acquired_lock=got)
  if (.not. got) then
    print *, 'image', me, 'could not acquire its own free lock'
    error stop 601
  end if
  sync all
  ! the right neighbour's lock is held by the right neighbour
  if (n > 1) then
    got = .true.
    lock (lk[right], acquired_lock=got)
    if (got) then
      print *, 'image', me, 'acquired lock of image', right, 'which holds it'
      error stop 602
    end if
  end if
  sync all
  unlock (lk)
  sync all
  ! now it is free
  got = .false.
  lock (lk[right], acquired_lock=got)
  if (.not. got) then
    print *, 'image', me, 'could not acquire free lock of image', right
    error stop 603
  end if
  unlock (lk[right])
  sync all
  ! try-lock loop around a counter on image 1
  do i = 1, iters
    do
      lock (lk[1], acquired_lock=got)
      if (got) exit
      call system_clock(t)
      if (t - t0 > 40 * rate) then
        print *, 'image', me, 'timed out trying lock on image 1, iteration', i
        error stop 604
      end if
    end do
    cnt[1] = cnt[1] + 1
    unlock (lk[1])
  end do
  sync all
  if (me == 1) then
    if (cnt /= iters * n) then
      print *, 'image 1 counter =', cnt, 'expected', iters * n
      error stop 605
    end if
    print '(a)', 'PASS lock_try'
  end if
end program s_lock_try
