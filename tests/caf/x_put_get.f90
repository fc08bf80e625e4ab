! Put (coindexed assignment) and get of scalars and whole arrays.
program x_put_get
  implicit none
  integer, parameter :: n = 10
  integer :: s[*], a(n)[*], b(n), me, np, right, left, i, v
  integer, allocatable :: x(:)
  me = this_image(); np = num_images()
  right = mod(me, np) + 1
  left = mod(me - 2 + np, np) + 1
  s = -1; a = -1
  sync all
  ! put a scalar and a whole array to the right neighbour
  s[right] = 100*me + 7
  a(:)[right] = [(1000*me + i, i = 1, n)]
  sync all
  if (s /= 100*left + 7) then
    print *, 'image', me, ': scalar put got', s, 'expected', 100*left + 7
    error stop 1
  end if
  do i = 1, n
    if (a(i) /= 1000*left + i) then
      print *, 'image', me, ': array put a(', i, ')=', a(i), 'expected', 1000*left + i
      error stop 2
    end if
  end do
  sync all
  ! second whole-array put (negative values), and a single element put
  a(:)[right] = [(-(50*me + i), i = 1, n)]
  sync all
  a(n)[left] = 77*me
  sync all
  do i = 1, n - 1
    if (a(i) /= -(50*left + i)) then
      print *, 'image', me, ': whole put a(', i, ')=', a(i), 'expected', -(50*left + i)
      error stop 3
    end if
  end do
  if (a(n) /= 77*right) then
    print *, 'image', me, ': element put a(n)=', a(n), 'expected', 77*right
    error stop 4
  end if
  sync all
  ! get: fill locally, then read from the neighbour
  s = 3*me + 1
  a = [(me*10000 + i*i, i = 1, n)]
  sync all
  v = s[right]
  if (v /= 3*right + 1) then
    print *, 'image', me, ': scalar get got', v, 'expected', 3*right + 1
    error stop 5
  end if
  b = a(:)[right]
  do i = 1, n
    if (b(i) /= right*10000 + i*i) then
      print *, 'image', me, ': array get b(', i, ')=', b(i), 'expected', right*10000 + i*i
      error stop 6
    end if
  end do
  b = 0
  b = a(:)[left]
  b(3) = a(5)[left]
  do i = 1, n
    v = left*10000 + i*i
    if (i == 3) v = left*10000 + 25
    if (b(i) /= v) then
      print *, 'image', me, ': whole get b(', i, ')=', b(i), 'expected', v
      error stop 7
    end if
  end do
  ! whole-array get into an allocatable destination of the wrong size, then unallocated
  allocate(x(3)); x = 0
  x = a(:)[right]
  if (size(x) /= n .or. any(x /= [(right*10000 + i*i, i = 1, n)])) then
    print *, 'image', me, ': get into allocatable, size', size(x), 'x=', x
    error stop 8
  end if
  deallocate(x)
  x = a(2:n:3)[right]
  if (size(x) /= 3 .or. any(x /= right*10000 + [4, 25, 64])) then
    print *, 'image', me, ': strided get into unallocated allocatable, size', size(x), 'x=', x
    error stop 9
  end if
  sync all
  if (me == 1) print '(a)', 'PASS put_get'
end program x_put_get
