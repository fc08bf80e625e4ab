! DEALLOCATE of a coarray synchronises the team: a put made before the
! slowest image's DEALLOCATE is visible to every image after its own.
program r_dealloc_sync
  implicit none
  integer, allocatable :: a(:)[:]
  integer :: x[*], i, me, round
  real :: y
  me = this_image()
  do round = 1, 3
    allocate (a(10 * round)[*])
    a = me
    x = 0
    sync all
    if (me == num_images()) then
      y = 0
      do i = 1, 3000000
        y = y + sqrt(real(i))
      end do
      if (y < 0) print *, y
      x[1] = round
    end if
    deallocate (a)
    if (me == 1 .and. x /= round) then
      print *, 'round', round, ': image 1 sees x =', x, 'after DEALLOCATE'
      error stop 1
    end if
    sync all
  end do
  if (me == 1) print '(a)', 'PASS dealloc_sync'
end program
