! lock/unlock on a lock_type coarray protecting counters: a counter on
! image 1 incremented by all images many times, and a counter on every image
! incremented by every image under that image's lock.
program s_lock_counter
  use iso_fortran_env, only: lock_type
  implicit none
  integer, parameter :: iters = 300, per = 20
  type(lock_type) :: lk[*], lk2[*]
  integer :: cnt[*], acc[*]
  integer :: me, n, i, j, v

  me = this_image()
  n = num_images()
  cnt = 0
  acc = 0
  sync all
  do i = 1, iters
    lock (lk[1])
    v = cnt[1]
    cnt[1] = v + 1
    unlock (lk[1])
  end do
  do i = 1, per
    do j = 1, n
      ! start at a different image on each image to mix the contention
      v = mod(me + j + i, n) + 1
      if (v == me) then
        lock (lk2)
        acc = acc + me
        unlock (lk2)
      else
        lock (lk2[v])
        acc[v] = acc[v] + me
        unlock (lk2[v])
      end if
    end do
  end do
  sync all
  if (me == 1 .and. cnt /= iters * n) then
    print *, 'image 1 counter =', cnt, 'expected', iters * n
    error stop 501
  end if
  if (acc /= per * (n * (n + 1) / 2)) then
    print *, 'image', me, 'acc =', acc, 'expected', per * (n * (n + 1) / 2)
    error stop 502
  end if
  if (me == 1) print '(a)', 'PASS lock_counter'
end program s_lock_counter
