! normal termination without stat: images 2..n reach end program at once
! while image 1 works on; image 1 then sees them as stopped and still reads
! the coarray of image num_images(), which stays accessible until all stop.
program s_stop_late
  use iso_fortran_env, only: int64, stat_stopped_image
  implicit none
  integer :: x(3)[*]
  integer :: me, n

  me = this_image()
  n = num_images()
  x = [me, 2 * me, -me]
  sync all
  if (me == 1) call late_work()
contains
  subroutine late_work()
    integer(int64) :: t0, t, rate
    integer :: j, ns, got(3)
    call system_clock(t0, rate)
    do                                    ! about half a second of "work"
      call system_clock(t)
      if (t - t0 >= rate / 2) exit
    end do
    ! the others stop without waiting for us; wait (bounded) until all of
    ! them have initiated normal termination
    do
      ns = size(stopped_images())
      if (ns == n - 1) exit
      call system_clock(t)
      if (t - t0 > 30 * rate) then
        print *, 'image 1: size(stopped_images()) =', ns, 'expected', n - 1
        error stop 2201
      end if
    end do
    do j = 2, n
      if (image_status(j) /= stat_stopped_image) then
        print *, 'image 1: image_status(', j, ') =', image_status(j), 'expected', stat_stopped_image
        error stop 2202
      end if
    end do
    if (image_status(1) /= 0) then
      print *, 'image 1: image_status(1) =', image_status(1), 'expected 0'
      error stop 2203
    end if
    if (n > 1) then
      if (sum(stopped_images()) /= n * (n + 1) / 2 - 1) then
        print *, 'image 1: stopped_images() =', stopped_images(), 'expected 2 ..', n
        error stop 2204
      end if
    end if
    got = x(:)[n]
    if (any(got /= [n, 2 * n, -n])) then
      print *, 'image 1: x(:)[', n, '] =', got, 'expected', [n, 2 * n, -n]
      error stop 2205
    end if
    print '(a)', 'PASS stop_late'
  end subroutine late_work
end program s_stop_late
