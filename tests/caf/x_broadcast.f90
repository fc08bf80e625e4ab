! Scalar broadcast to an array or array section on another image.
program x_broadcast
  implicit none
  integer :: a(12)[*], m(5,6)[*], me, np, right, left, i, j, e
  real(8) :: r(7)[*]
  me = this_image(); np = num_images()
  right = mod(me, np) + 1
  left = mod(me - 2 + np, np) + 1
  a = -1; m = -1; r = -1.0d0
  sync all
  a(:)[right] = 5
  sync all
  if (any(a /= 5)) then
    print *, 'image', me, ': whole broadcast a=', a
    error stop 1
  end if
  sync all
  a(2:11:3)[right] = me
  m(:,2)[right] = 10*me
  m(4,1:6:2)[right] = 20*me
  m(2:3,5:6)[right] = 30*me
  r(:)[right] = me + 1         ! integer scalar broadcast into real(8)
  r(3:7:4)[right] = 0.25d0*me  ! strided real broadcast
  sync all
  do i = 1, 12
    e = 5
    if (i == 2 .or. i == 5 .or. i == 8 .or. i == 11) e = left
    if (a(i) /= e) then
      print *, 'image', me, ': strided broadcast a(', i, ')=', a(i), 'expected', e
      error stop 2
    end if
  end do
  do j = 1, 6
    do i = 1, 5
      e = -1
      if (j == 2) e = 10*left
      if (i == 4 .and. mod(j, 2) == 1) e = 20*left
      if (i >= 2 .and. i <= 3 .and. j >= 5) e = 30*left
      if (m(i,j) /= e) then
        print *, 'image', me, ': 2-D broadcast m(', i, ',', j, ')=', m(i,j), 'expected', e
        error stop 3
      end if
    end do
  end do
  do i = 1, 7
    if (i == 3 .or. i == 7) then
      if (r(i) /= 0.25d0*left) then
        print *, 'image', me, ': real strided broadcast r(', i, ')=', r(i), 'expected', 0.25d0*left
        error stop 4
      end if
    else if (r(i) /= dble(left + 1)) then
      print *, 'image', me, ': int->real broadcast r(', i, ')=', r(i), 'expected', dble(left + 1)
      error stop 5
    end if
  end do
  sync all
  ! broadcast a value that was itself fetched from another image
  a(1:12:11)[left] = a(2)[right]
  sync all
  ! the writer is my right neighbour w; it reads a(2) on its right, which holds w = right
  e = right
  if (a(1) /= e .or. a(12) /= e) then
    print *, 'image', me, ': broadcast of fetched value a(1),a(12)=', a(1), a(12), 'expected', e
    error stop 6
  end if
  sync all
  if (me == 1) print '(a)', 'PASS broadcast'
end program x_broadcast
