! FAIL IMAGE and an early STOP, seen through STAT= by the others.
program failimg
  use iso_fortran_env
  implicit none
  integer :: st, n, me
  integer, allocatable :: l(:)
  me = this_image(); n = num_images()
  if (n < 3) error stop 'needs 3 images'
  if (me == n) fail image
  if (me == n - 1) stop
  sync images (n, stat=st)
  if (st /= stat_failed_image) error stop 31
  sync images (n - 1, stat=st)
  if (st /= stat_stopped_image) error stop 32
  if (image_status(n) /= stat_failed_image) error stop 33
  if (image_status(n - 1) /= stat_stopped_image) error stop 34
  l = failed_images()
  if (size(l) /= 1 .or. l(1) /= n) error stop 35
  l = stopped_images()
  if (size(l) /= 1 .or. l(1) /= n - 1) error stop 36
  sync all (stat=st)
  if (st /= stat_stopped_image .and. st /= stat_failed_image) error stop 37
  print '(a,i0)', 'handled on image ', me
end program
