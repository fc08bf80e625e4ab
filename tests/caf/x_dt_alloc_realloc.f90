! Allocatable components read into allocatable destinations (auto-(re)allocation),
! ALLOCATED() of a remote component, and a scalar allocatable component.
program x_dt_alloc_realloc
  implicit none
  type :: t
    integer, allocatable :: a(:)
  end type t
  type :: u
    integer, allocatable :: p
  end type u
  type(t) :: s[*]
  type(u) :: w[*]
  integer, allocatable :: x(:)
  integer :: me, np, right, left, i, v
  logical :: al
  me = this_image(); np = num_images()
  right = mod(me, np) + 1
  left = mod(me - 2 + np, np) + 1
  if (mod(me, 3) /= 0) then                ! every third image leaves the component unallocated
    allocate(s%a(2*me + 1))
    s%a = [(me*1000 + i, i = 1, 2*me + 1)]
  end if
  allocate(w%p)
  w%p = 11*me
  sync all
  al = allocated(s[right]%a)
  if (al .neqv. (mod(right, 3) /= 0)) then
    print *, 'image', me, ': allocated(s[', right, ']%a) =', al
    error stop 1
  end if
  if (al) then
    if (allocated(x)) error stop 2
    x = s[right]%a                         ! x unallocated: must be allocated to the remote size
    call check(x, right, 3)
    deallocate(x); allocate(x(1)); x = -5
    x = s[right]%a                         ! x too small
    call check(x, right, 4)
    deallocate(x); allocate(x(50)); x = -5
    x = s[right]%a                         ! x too large
    call check(x, right, 5)
    x = s[right]%a(2::2)                   ! section into an allocated array of another size
    if (size(x) /= right .or. any(x /= [(right*1000 + 2*i, i = 1, right)])) then
      print *, 'image', me, ': strided realloc get x=', x
      error stop 6
    end if
  end if
  v = w[left]%p                            ! scalar allocatable component get
  if (v /= 11*left) then
    print *, 'image', me, ': scalar allocatable component get', v, 'expected', 11*left
    error stop 7
  end if
  if (.not. allocated(w[left]%p)) error stop 8
  sync all
  w[right]%p = -3*me                       ! scalar allocatable component put
  if (mod(right, 3) /= 0) s[right]%a(1) = -me
  sync all
  if (w%p /= -3*left) then
    print *, 'image', me, ': scalar allocatable component put', w%p, 'expected', -3*left
    error stop 9
  end if
  if (mod(me, 3) /= 0) then
    if (s%a(1) /= -left .or. s%a(2*me + 1) /= me*1000 + 2*me + 1) then
      print *, 'image', me, ': component element put s%a=', s%a
      error stop 10
    end if
  end if
  sync all
  if (me == 1) print '(a)', 'PASS dt_alloc_realloc'
contains
  subroutine check(y, img, code)
    integer, intent(in) :: y(:), img, code
    integer :: k
    if (size(y) /= 2*img + 1 .or. lbound(y, 1) /= 1) then
      print *, 'image', me, ': realloc get size', size(y), 'expected', 2*img + 1
      error stop code
    end if
    do k = 1, size(y)
      if (y(k) /= img*1000 + k) then
        print *, 'image', me, ': realloc get y(', k, ')=', y(k), 'expected', img*1000 + k
        error stop code + 100
      end if
    end do
  end subroutine check
end program x_dt_alloc_realloc
