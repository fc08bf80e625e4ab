! random_init(repeatable=.true., image_distinct=.true.): different numbers on
! different images, and the same sequence again after a second call.
program s_random_init
  implicit none
  integer, parameter :: m = 8
  real(8) :: x(m)[*], y(m), other(m)
  real :: z(3), z2(3)
  integer :: me, n, j, round

  me = this_image()
  n = num_images()
  call random_init(repeatable=.true., image_distinct=.true.)
  call random_number(x)
  call random_number(z)
  if (any(x < 0 .or. x >= 1) .or. any(z < 0 .or. z >= 1)) then
    print *, 'image', me, 'random numbers outside [0,1):', x, z
    error stop 2101
  end if
  sync all
  do j = me + 1, n
    other = x(:)[j]
    if (all(other == x)) then
      print *, 'images', me, 'and', j, 'drew the same numbers:', x
      error stop 2102
    end if
    if (any(other == x)) then
      print *, 'images', me, 'and', j, 'share a number at the same position:', x, other
      error stop 2103
    end if
  end do
  do round = 1, 3
    call random_init(.true., .true.)
    call random_number(y)
    call random_number(z2)
    if (any(y /= x) .or. any(z2 /= z)) then
      print *, 'image', me, 'round', round, 'sequence differs after random_init again'
      print *, '  first :', x, z
      print *, '  now   :', y, z2
      error stop 2104
    end if
  end do
  sync all
  if (me == 1) print '(a)', 'PASS random_init'
end program s_random_init
