! image_status(j) is 0 for every running image; failed_images() and
! stopped_images() are empty while all images run.
program s_image_status
  use iso_fortran_env, only: stat_failed_image, stat_stopped_image
  implicit none
  integer :: me, n, j, round, st
  integer, allocatable :: f(:), s(:)

  me = this_image()
  n = num_images()
  do round = 1, 5
    sync all
    do j = 1, n
      st = image_status(j)
      if (st /= 0) then
        print *, 'image', me, 'round', round, 'image_status(', j, ') =', st, 'expected 0', &
                 '(failed is', stat_failed_image, ', stopped is', stat_stopped_image, ')'
        error stop 2001
      end if
    end do
    if (size(failed_images()) /= 0 .or. size(stopped_images()) /= 0) then
      print *, 'image', me, 'round', round, 'size(failed_images()) =', size(failed_images()), &
               'size(stopped_images()) =', size(stopped_images()), 'expected 0 0'
      error stop 2002
    end if
    ! the same through an allocatable variable
    f = failed_images()
    s = stopped_images()
    if (size(f) /= 0 .or. size(s) /= 0) then
      print *, 'image', me, 'round', round, 'f = failed_images(): size', size(f), &
               'bounds', lbound(f), ubound(f), '; s = stopped_images(): size', size(s), &
               'bounds', lbound(s), ubound(s), '; expected sizes 0 0'
      error stop 2003
    end if
    if (num_images(failed=.false.) /= n .or. num_images(failed=.true.) /= 0) then
      print *, 'image', me, 'num_images(failed=) =', num_images(failed=.false.), &
               num_images(failed=.true.), 'expected', n, 0
      error stop 2004
    end if
  end do
  sync all
  if (me == 1) print '(a)', 'PASS image_status'
end program s_image_status
