! Overlapping assignments through coindexing must behave as if a temporary were used.
program x_overlap_self
  implicit none
  integer, parameter :: n = 10
  integer :: a(n)[*], b(n)[*], m(4,4)[*], e(n), me, np, right, i, j
  me = this_image(); np = num_images()
  right = mod(me, np) + 1
  a = [(100*me + i, i = 1, n)]
  b = [(100*me + i, i = 1, n)]
  m = reshape([(i, i = 1, 16)], [4, 4])
  sync all
  ! own image, shift up by one
  a(2:10)[this_image()] = a(1:9)[this_image()]
  e = [100*me + 1, (100*me + i, i = 1, n - 1)]
  if (any(a /= e)) then
    print *, 'image', me, ': shift up a=', a
    print *, '            expected', e
    error stop 1
  end if
  ! own image, shift down by one
  a = [(100*me + i, i = 1, n)]
  a(1:9)[me] = a(2:10)[me]
  e = [(100*me + i, i = 2, n), 100*me + n]
  if (any(a /= e)) then
    print *, 'image', me, ': shift down a=', a
    error stop 2
  end if
  ! own image, reversal
  a = [(100*me + i, i = 1, n)]
  a(:)[me] = a(n:1:-1)[me]
  e = [(100*me + i, i = n, 1, -1)]
  if (any(a /= e)) then
    print *, 'image', me, ': reversal a=', a
    error stop 3
  end if
  ! own image, 2-D transpose-like overlap: row 1 <- column 1
  m(1,:)[me] = m(:,1)[me]
  if (any(m(1,:) /= [1, 2, 3, 4]) .or. any(m(2:4,1) /= [2, 3, 4])) then
    print *, 'image', me, ': row<-column m(1,:)=', m(1,:)
    error stop 4
  end if
  sync all
  ! remote image: source and destination on the same other image overlap
  b(3:n)[right] = b(1:n-2)[right]
  sync all
  e = [100*me + 1, 100*me + 2, (100*me + i, i = 1, n - 2)]
  if (any(b /= e)) then
    print *, 'image', me, ': remote shift b=', b
    print *, '            expected', e
    error stop 5
  end if
  sync all
  b(1:n-1:2)[right] = b(2:n:2)[right]
  sync all
  do i = 1, n
    j = e(i)
    if (mod(i, 2) == 1) j = e(i + 1)
    if (b(i) /= j) then
      print *, 'image', me, ': remote strided swap b(', i, ')=', b(i), 'expected', j
      error stop 6
    end if
  end do
  sync all
  if (me == 1) print '(a)', 'PASS overlap_self'
end program x_overlap_self
