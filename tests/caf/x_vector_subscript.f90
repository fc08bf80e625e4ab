! Vector subscripts on coindexed objects, both as destination and source, 1-D and 2-D.
program x_vector_subscript
  implicit none
  integer :: a(5)[*], m(4,5)[*], x(3), y(4,2), idx(3), v4(4), me, np, right, left, i, j, e
  me = this_image(); np = num_images()
  right = mod(me, np) + 1
  left = mod(me - 2 + np, np) + 1
  a = 0; m = 0
  sync all
  idx = [3, 1, 5]
  a(idx)[right] = [me*10 + 1, me*10 + 2, me*10 + 3]
  m([2,4], [5,1])[right] = reshape([me*100 + 1, me*100 + 2, me*100 + 3, me*100 + 4], [2, 2])
  sync all
  if (any(a /= [left*10 + 2, 0, left*10 + 1, 0, left*10 + 3])) then
    print *, 'image', me, ': vector put a=', a
    error stop 1
  end if
  do j = 1, 5
    do i = 1, 4
      e = 0
      if (i == 2 .and. j == 5) e = left*100 + 1
      if (i == 4 .and. j == 5) e = left*100 + 2
      if (i == 2 .and. j == 1) e = left*100 + 3
      if (i == 4 .and. j == 1) e = left*100 + 4
      if (m(i,j) /= e) then
        print *, 'image', me, ': 2-D vector put m(', i, ',', j, ')=', m(i,j), 'expected', e
        error stop 2
      end if
    end do
  end do
  sync all
  a = [(me*100 + i, i = 1, 5)]
  m = reshape([((me*1000 + 10*i + j, i = 1, 4), j = 1, 5)], [4, 5])
  sync all
  x = a([4, 2, 2])[right]
  if (any(x /= [right*100 + 4, right*100 + 2, right*100 + 2])) then
    print *, 'image', me, ': vector get x=', x
    error stop 3
  end if
  v4 = [4, 1, 3, 2]
  y = m(v4, 2:5:3)[right]
  do j = 1, 2
    do i = 1, 4
      e = right*1000 + 10*v4(i) + (2 + 3*(j - 1))
      if (y(i,j) /= e) then
        print *, 'image', me, ': 2-D vector get y(', i, ',', j, ')=', y(i,j), 'expected', e
        error stop 4
      end if
    end do
  end do
  sync all
  ! vector in the second dimension as destination, strided first dimension
  m(1:3:2, [3,1,2])[left] = reshape([(-i, i = 1, 6)], [2, 3])
  a([3,1,2])[left] = a([5,4,5])
  sync all
  do j = 1, 5
    do i = 1, 4
      e = me*1000 + 10*i + j
      if (i == 1 .or. i == 3) then
        if (j == 3) e = -(1 + (i - 1)/2)
        if (j == 1) e = -(3 + (i - 1)/2)
        if (j == 2) e = -(5 + (i - 1)/2)
      end if
      if (m(i,j) /= e) then
        print *, 'image', me, ': 2-D vector put(2) m(', i, ',', j, ')=', m(i,j), 'expected', e
        error stop 5
      end if
    end do
  end do
  if (any(a /= [right*100 + 4, right*100 + 5, right*100 + 5, me*100 + 4, me*100 + 5])) then
    print *, 'image', me, ': vector put from vector source a=', a
    error stop 6
  end if
  sync all
  if (me == 1) print '(a)', 'PASS vector_subscript'
end program x_vector_subscript
