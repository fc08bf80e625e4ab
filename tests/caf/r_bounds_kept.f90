! Bounds: MOVE_ALLOC keeps a coarray's bounds for its new name, a remote
! whole component keeps its lower bound when it reallocates the target,
! and a reversed section of a fixed-size component comes back reversed.
program r_bounds_kept
  implicit none
  type u
    integer :: v(6)
    integer, allocatable :: w(:)
  end type
  type(u) :: c[*]
  integer, allocatable :: a(:)[:], b(:)[:], x(:)
  integer :: me, p, i
  me = this_image(); p = mod(me, num_images()) + 1
  allocate (a(3:7)[*])
  a = [(me * 100 + i, i = 3, 7)]
  call move_alloc(a, b)
  allocate (a(0:1)[*])
  a = -1
  sync all
  x = b(:)[p]
  if (any(x /= [(p * 100 + i, i = 3, 7)])) then
    print *, 'image', me, 'b(:)[p] after MOVE_ALLOC:', x
    error stop 1
  end if
  c%v = [(me * 10 + i, i = 1, 6)]
  allocate (c%w(0:4))
  c%w = [(me * 10 + i, i = 0, 4)]
  sync all
  deallocate (x)
  x = c[p]%w
  if (lbound(x, 1) /= 0 .or. ubound(x, 1) /= 4 .or. x(0) /= p * 10) then
    print *, 'image', me, 'x = c[p]%w: bounds', lbound(x, 1), ubound(x, 1), 'x(0)', x(0)
    error stop 2
  end if
  x = c[p]%v(6:1:-1)
  if (any(x /= [(p * 10 + i, i = 6, 1, -1)])) then
    print *, 'image', me, 'reversed', x
    error stop 3
  end if
  sync all
  if (me == 1) print '(a)', 'PASS bounds_kept'
end program
