! real(8) and complex(8) remote arrays: puts, gets, sections, and expressions on fetched data.
program x_real8_complex8
  implicit none
  integer, parameter :: n = 64
  real(8) :: r(n)[*], lr(n), q(8, 8)[*], lq(4, 4)
  complex(8) :: z(n)[*], lz(n), zs
  integer :: me, np, right, left, i, j
  real(8) :: tot, want
  me = this_image(); np = num_images()
  right = mod(me, np) + 1
  left = mod(me - 2 + np, np) + 1
  r = 0; z = (0d0, 0d0)
  sync all
  r(:)[right] = [(me + i/16d0, i = 1, n)]
  z(:)[right] = [(cmplx(me*1d0 + i, -i/4d0, 8), i = 1, n)]
  sync all
  do i = 1, n
    if (r(i) /= left + i/16d0) then
      print *, 'image', me, ': real(8) put r(', i, ')=', r(i), 'expected', left + i/16d0
      error stop 1
    end if
    if (z(i) /= cmplx(left*1d0 + i, -i/4d0, 8)) then
      print *, 'image', me, ': complex(8) put z(', i, ')=', z(i)
      error stop 2
    end if
  end do
  sync all
  r = [(1d-3*me*i, i = 1, n)]
  z = [(cmplx(me, i, 8)*(0d0, 1d0), i = 1, n)]      ! = (-i, me)
  q = reshape([(i*0.125d0 + 100*me, i = 1, 64)], [8, 8])
  sync all
  lr = r(:)[right]
  lz = z(:)[right]
  lq = q(2:8:2, 1:4)[left]
  zs = z(n)[left]
  do i = 1, n
    if (lr(i) /= 1d-3*right*i .or. lz(i) /= cmplx(-i, right, 8)) then
      print *, 'image', me, ': get i=', i, lr(i), lz(i)
      error stop 3
    end if
  end do
  do j = 1, 4
    do i = 1, 4
      if (lq(i, j) /= (2*i + 8*(j - 1))*0.125d0 + 100*left) then
        print *, 'image', me, ': 2-D section get lq(', i, ',', j, ')=', lq(i, j)
        error stop 4
      end if
    end do
  end do
  if (zs /= cmplx(-n, left, 8)) then
    print *, 'image', me, ': complex scalar get', zs
    error stop 5
  end if
  ! expressions on coindexed operands
  tot = sum(real(z(1:n:2)[right]))               ! sum of -(1,3,...,63) = -32**2
  want = -dble((n/2)**2)
  if (tot /= want) then
    print *, 'image', me, ': sum over fetched section', tot, 'expected', want
    error stop 6
  end if
  tot = dot_product(r(1:4)[left], [1d0, 1d0, 1d0, 1d0])
  if (abs(tot - 1d-3*left*10) > 1d-12) then
    print *, 'image', me, ': dot_product over fetched section', tot
    error stop 7
  end if
  sync all
  z(2:n:2)[left] = conjg(lz(2:n:2))              ! put an expression
  sync all
  do i = 1, n
    if (mod(i, 2) == 0) then
      ! the writer is my right neighbour; its lz came from ITS right neighbour
      if (z(i) /= cmplx(-i, -(mod(right, np) + 1), 8)) then
        print *, 'image', me, ': conjg put z(', i, ')=', z(i)
        error stop 8
      end if
    else if (z(i) /= cmplx(-i, me, 8)) then
      print *, 'image', me, ': untouched z(', i, ')=', z(i)
      error stop 9
    end if
  end do
  sync all
  if (me == 1) print '(a)', 'PASS real8_complex8'
end program x_real8_complex8
