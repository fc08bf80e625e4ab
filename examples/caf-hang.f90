! A coarray program with a real bug: every image adds its share to a total
! kept on image 1, under a lock, then exchanges halos with its neighbours.
! An image whose share is zero leaves early and forgets to UNLOCK, so the
! others wait for the lock while it waits for them in SYNC IMAGES.
!   paradbg-caf -g -o caf-hang examples/caf-hang.f90
!   paradbg-cafrun -n 4 ./caf-hang      (hangs: look at it with paradbg-inspect -p PID images)
program caf_hang
  use iso_fortran_env, only: lock_type
  implicit none
  type(lock_type) :: total_lock[*]
  integer :: total[*]
  real(8) :: halo(2)[*]
  integer :: me, n, share, left, right
  me = this_image()
  n = num_images()
  left = merge(n, me - 1, me == 1)
  right = merge(1, me + 1, me == n)
  share = mod(me, 3)
  total = 0
  halo = me
  sync all
  lock (total_lock[1])
  if (share /= 0) then
    total[1] = total[1] + share
    unlock (total_lock[1])
  end if                          ! the bug: no unlock when share == 0
  sync images ([left, right])
  halo(1) = halo(2)[left]
  sync all
  if (me == 1) print '(a,i0)', 'total: ', total
end program
