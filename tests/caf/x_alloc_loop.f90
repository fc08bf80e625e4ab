! Allocatable coarrays: repeated allocate/deallocate with changing sizes, non-1 bounds.
program x_alloc_loop
  implicit none
  integer, allocatable :: a(:)[:]
  real(8), allocatable :: c(:,:)[:]
  integer, allocatable :: d(:)[:], x(:)
  integer :: me, np, right, left, it, n, i, j, b(40)
  me = this_image(); np = num_images()
  right = mod(me, np) + 1
  left = mod(me - 2 + np, np) + 1
  do it = 1, 6
    n = 7*it - 3                    ! same size on every image, different per iteration
    allocate(a(n)[*])
    a = [(me*10000 + it*100 + i, i = 1, n)]
    sync all
    b(1:n) = a(:)[right]
    do i = 1, n
      if (b(i) /= right*10000 + it*100 + i) then
        print *, 'image', me, ': it', it, 'get b(', i, ')=', b(i)
        error stop 1
      end if
    end do
    x = a(:)[right]                 ! allocatable destination still has the previous size
    if (size(x) /= n .or. any(x /= b(1:n))) then
      print *, 'image', me, ': it', it, 'get into allocatable: size', size(x), 'expected', n
      error stop 9
    end if
    sync all
    a(n)[right] = -me
    sync all
    if (a(n) /= -left .or. a(1) /= me*10000 + it*100 + 1) then
      print *, 'image', me, ': it', it, 'put a(n)=', a(n), 'a(1)=', a(1)
      error stop 2
    end if
    deallocate(a)
  end do
  if (allocated(a)) error stop 3
  allocate(c(0:4,-1:2)[*])
  if (any(lbound(c) /= [0, -1]) .or. any(ubound(c) /= [4, 2]) .or. lcobound(c, 1) /= 1) then
    print *, 'image', me, ': bounds', lbound(c), ubound(c), lcobound(c)
    error stop 4
  end if
  do j = -1, 2
    do i = 0, 4
      c(i,j) = me*100 + i*10 + j
    end do
  end do
  sync all
  if (c(4,-1)[right] /= right*100 + 39 .or. c(0,2)[left] /= left*100 + 2) then
    print *, 'image', me, ': element get', c(4,-1)[right], c(0,2)[left]
    error stop 5
  end if
  if (any(c(0:4:2,2)[right] /= right*100 + [2, 22, 42]) .or. &
      any(c(3,:)[right] /= right*100 + 30 + [-1, 0, 1, 2])) then
    print *, 'image', me, ': section get', c(0:4:2,2)[right], c(3,:)[right]
    error stop 6
  end if
  sync all
  c(1:2,0:1)[right] = reshape([-1d0, -2d0, -3d0, -4d0], [2, 2])
  sync all
  if (c(1,0) /= -1 .or. c(2,0) /= -2 .or. c(1,1) /= -3 .or. c(2,1) /= -4 .or. c(0,0) /= me*100) then
    print *, 'image', me, ': section put c(0:2,0:1)=', c(0:2,0:1)
    error stop 7
  end if
  deallocate(c)
  ! lower cobound 0: image i has cosubscript i-1
  allocate(d(3)[0:*])
  d = me
  sync all
  if (this_image(d, 1) /= me - 1 .or. d(2)[right - 1] /= right) then
    print *, 'image', me, ': cobound-0 get', this_image(d, 1), d(2)[right - 1]
    error stop 8
  end if
  deallocate(d)
  sync all
  if (me == 1) print '(a)', 'PASS alloc_loop'
end program x_alloc_loop
