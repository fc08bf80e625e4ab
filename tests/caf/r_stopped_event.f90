! EVENT POST to an image that has stopped reports STAT_STOPPED_IMAGE.
program r_stopped_event
  use iso_fortran_env
  implicit none
  type(event_type) :: ev[*]
  integer :: st, n, i
  n = num_images()
  if (n == 1) then
    print '(a)', 'PASS stopped_event'
    stop
  end if
  if (this_image() == n) stop
  if (this_image() == 1) then
    do i = 1, 100000
      if (image_status(n) == stat_stopped_image) exit
      call sleep(0)
    end do
    event post (ev[n], stat=st)
    if (st /= stat_stopped_image) then
      print *, 'EVENT POST to a stopped image: stat', st
      error stop 1
    end if
    print '(a)', 'PASS stopped_event'
  end if
end program
