! Collectives and SYNC ALL with images racing: CO_SUM, CO_MAX, CO_MIN and
! CO_REDUCE back to back (no SYNC between, so the alternating buffers are
! reused while others may still read), on sizes that do and do not divide
! among the images (1 element, n - 1, n + 1, odd), checked exactly; then
! SYNC ALL in a tight loop, each round's value put to the right neighbour
! in one of two slots, which is right only if no image passed a barrier
! before every image arrived.
program s_coll_race
  implicit none
  integer, parameter :: nsizes = 7, rounds = 200
  integer :: sizes(nsizes), me, n, k, rep, m, i, j, left, right, r
  integer, allocatable :: a(:), want(:)
  real(8), allocatable :: x(:)
  integer :: slot(0:1)[*]

  me = this_image(); n = num_images()
  sizes = [1, 2, max(n - 1, 1), n + 1, 7, 1001, 4099]
  do k = 1, nsizes
    m = sizes(k)
    allocate (a(m), want(m), x(m))
    do rep = 1, 3
      a = [(val(me, i, rep), i = 1, m)]
      call co_sum(a)
      want = 0
      do j = 1, n
        want = want + [(val(j, i, rep), i = 1, m)]
      end do
      if (any(a /= want)) call fail('co_sum', m, rep)
      a = [(val(me, i, rep), i = 1, m)]
      call co_max(a)
      want = [(maxval([(val(j, i, rep), j = 1, n)]), i = 1, m)]
      if (any(a /= want)) call fail('co_max', m, rep)
      a = [(val(me, i, rep), i = 1, m)]
      call co_min(a, result_image=mod(rep, n) + 1)
      ! elsewhere a becomes undefined
      if (me == mod(rep, n) + 1) then
        want = [(minval([(val(j, i, rep), j = 1, n)]), i = 1, m)]
        if (any(a /= want)) call fail('co_min result_image', m, rep)
      end if
      a = [(val(me, i, rep), i = 1, m)]
      call co_reduce(a, imax)
      want = [(maxval([(val(j, i, rep), j = 1, n)]), i = 1, m)]
      if (any(a /= want)) call fail('co_reduce', m, rep)
      ! whole numbers well below 2**53: the sum is exact in any order
      x = [(real(val(me, i, rep), 8), i = 1, m)]
      call co_sum(x)
      want = 0
      do j = 1, n
        want = want + [(val(j, i, rep), i = 1, m)]
      end do
      if (any(x /= real(want, 8))) call fail('co_sum real(8)', m, rep)
    end do
    deallocate (a, want, x)
  end do

  left = mod(me - 2 + n, n) + 1
  right = mod(me, n) + 1
  slot = 0
  sync all
  do r = 1, rounds
    slot(mod(r, 2))[right] = r
    sync all
    if (slot(mod(r, 2)) /= r) then
      print *, 'image', me, 'round', r, 'got', slot(mod(r, 2)), 'from image', left
      error stop 2
    end if
  end do
  if (me == 1) print '(a)', 'PASS coll_race'
contains
  pure integer function val(img, i, rep)
    integer, intent(in) :: img, i, rep
    val = mod(img * 7919 + i * 104729 + rep * 31, 100003) - 50001
  end function
  pure integer function imax(p, q)
    integer, intent(in) :: p, q
    imax = max(p, q)
  end function
  subroutine fail(what, size, rep)
    character(*), intent(in) :: what
    integer, intent(in) :: size, rep
    print *, 'image', me, what, 'size', size, 'rep', rep, 'wrong'
    error stop 1
  end subroutine
end program s_coll_race
