! Strided 1-D and 2-D sections, put and get, including negative strides.
program x_strided
  implicit none
  integer, parameter :: n = 20
  integer :: a(n)[*], m(6,7)[*], r(10), mm(3,3), me, np, right, left, i, j, k, e
  me = this_image(); np = num_images()
  right = mod(me, np) + 1
  left = mod(me - 2 + np, np) + 1
  a = 0; m = 0
  sync all
  a(1:n:2)[right] = [(me*100 + k, k = 1, 10)]
  m(2:4,1:5:2)[right] = reshape([(me*100 + k, k = 1, 9)], [3, 3])
  sync all
  do i = 1, n
    e = 0
    if (mod(i, 2) == 1) e = left*100 + (i + 1)/2
    if (a(i) /= e) then
      print *, 'image', me, ': strided put a(', i, ')=', a(i), 'expected', e
      error stop 1
    end if
  end do
  do j = 1, 7
    do i = 1, 6
      e = 0
      if (i >= 2 .and. i <= 4 .and. j <= 5 .and. mod(j, 2) == 1) &
        e = left*100 + (i - 1) + 3*((j - 1)/2)
      if (m(i,j) /= e) then
        print *, 'image', me, ': 2-D put m(', i, ',', j, ')=', m(i,j), 'expected', e
        error stop 2
      end if
    end do
  end do
  sync all
  a = [(me*1000 + i, i = 1, n)]
  m = reshape([((me*1000 + 10*i + j, i = 1, 6), j = 1, 7)], [6, 7])
  sync all
  r = a(n:1:-2)[right]
  do k = 1, 10
    e = right*1000 + (n - 2*(k - 1))
    if (r(k) /= e) then
      print *, 'image', me, ': strided get r(', k, ')=', r(k), 'expected', e
      error stop 3
    end if
  end do
  mm = m(1:5:2, 7:3:-2)[right]
  do j = 1, 3
    do i = 1, 3
      e = right*1000 + 10*(2*i - 1) + (7 - 2*(j - 1))
      if (mm(i,j) /= e) then
        print *, 'image', me, ': 2-D get mm(', i, ',', j, ')=', mm(i,j), 'expected', e
        error stop 4
      end if
    end do
  end do
  sync all
  ! strided on both sides: local strided source into remote strided destination
  r = [(-k, k = 1, 10)]
  a(2:n:2)[left] = r(10:1:-1)
  m(6,1:7:3)[left] = r(1:5:2)
  sync all
  do i = 1, n
    e = me*1000 + i
    if (mod(i, 2) == 0) e = -(10 - i/2 + 1)
    if (a(i) /= e) then
      print *, 'image', me, ': strided/strided put a(', i, ')=', a(i), 'expected', e
      error stop 5
    end if
  end do
  do j = 1, 7
    e = me*1000 + 60 + j
    if (j == 1) e = -1
    if (j == 4) e = -3
    if (j == 7) e = -5
    if (m(6,j) /= e) then
      print *, 'image', me, ': row put m(6,', j, ')=', m(6,j), 'expected', e
      error stop 6
    end if
  end do
  sync all
  if (me == 1) print '(a)', 'PASS strided'
end program x_strided
