! caf_dap [sleep|abort|exit]: a coarray program (paradbg-caf, linked with
! dap_reader.c) whose coarrays and one registered array hold, element by
! element, the value of their global index (g0, ..., g_{n-1}):
! 1 + sum_k g_k * 100^(n-1-k).  A coarray's global array is the local
! array with a leading image dimension (image - 1), followed by its own
! dimensions reversed into C order:
!   a(5)[*]                  integer, static:   (num_images, 5)
!   b(3,4)[*]                real(8), allocatable: (num_images, 4, 3)
!   c(2,3,2)[2,*]            integer, allocatable: (num_images, 2, 3, 2)
!   u(3,0:5)[*]              real(8), allocatable: (num_images, 6, 3)
! and "field", u registered through the module paradbg_dap as a padded
! block stencil field over the images, periodic: C dimensions (m*N + 2, 3)
! with dimension 0 distributed, padding (1, 1) (boundary padding at the
! ends, owned by the first and last image; one halo element between
! neighbours, filled by exchanging with them), m = 4 owned per image.
!
! Each image writes records.IMAGE (JSON: the coarrays' names, types, local
! Fortran shapes and global C shapes, and "arrays": what it registered,
! dim_data as the protocol spells it), registry.IMAGE (every image's
! registry as dap_reader.c reads it from the shared mapping) and last
! pid.IMAGE; then all images sync and
!   sleep (default): pause until killed;
!   abort: image 1 calls abort() (a kernel core with ulimit -c unlimited),
!          the others sync again (STAT_FAILED_IMAGE) and stop;
!   exit:  all stop.
! "field" is registered, dropped and registered again (its id is the
! second one).
program caf_dap
  use, intrinsic :: iso_c_binding
  use paradbg_dap
  implicit none
  interface
    integer(c_int) function dap_reader_dump(path) bind(C, name='dap_reader_dump')
      import :: c_int, c_char
      character(kind=c_char) :: path(*)
    end function dap_reader_dump
    integer(c_int) function c_pause() bind(C, name='pause')
      import :: c_int
    end function c_pause
    subroutine c_abort() bind(C, name='abort')
    end subroutine c_abort
  end interface

  integer, parameter :: m = 4, nx = 3
  integer, target :: a(5)[*]
  real(8), allocatable, target :: b(:,:)[:]
  integer, allocatable, target :: c(:,:,:)[:,:]
  real(c_double), allocatable, target :: u(:,:)[:]
  character(kind=c_char, len=6), target :: fname = 'field' // c_null_char
  character(kind=c_char, len=4), target :: ftype = '<f8' // c_null_char
  type(paradbg_dap_dim), target :: d(2)
  character(kind=c_char, len=160) :: msg
  character(len=16) :: mode
  character(len=32) :: path
  integer :: me, n, i, j, k, id, id0, st, rc, out
  integer(c_int) :: stat

  me = this_image()
  n = num_images()
  mode = 'sleep'
  if (command_argument_count() >= 1) call get_command_argument(1, mode)

  do i = 1, 5
    a(i) = 1 + 100 * (me - 1) + (i - 1)
  end do
  allocate (b(3, 4)[*])
  do j = 1, 4
    do i = 1, 3
      b(i, j) = 1 + 10000 * (me - 1) + 100 * (j - 1) + (i - 1)
    end do
  end do
  allocate (c(2, 3, 2)[2, *])
  do k = 1, 2
    do j = 1, 3
      do i = 1, 2
        c(i, j, k) = 1 + 1000000 * (me - 1) + 10000 * (k - 1) + 100 * (j - 1) + (i - 1)
      end do
    end do
  end do

  ! The field: C (g0, g1) = ((me - 1) * m + j, i - 1) for u(i, j); the
  ! halos (j = 0 after the first image, j = m + 1 before the last) come
  ! from the neighbours.
  allocate (u(nx, 0:m + 1)[*])
  u = -1
  do j = 0, m + 1
    if (j == 0 .and. me > 1) cycle
    if (j == m + 1 .and. me < n) cycle
    do i = 1, nx
      u(i, j) = 1 + 100 * ((me - 1) * m + j) + (i - 1)
    end do
  end do
  sync all
  if (me > 1) u(:, 0) = u(:, m)[me - 1]
  if (me < n) u(:, m + 1) = u(:, 1)[me + 1]
  sync all
  do j = 0, m + 1
    do i = 1, nx
      if (u(i, j) /= 1 + 100 * ((me - 1) * m + j) + (i - 1)) error stop 2
    end do
  end do

  ! Fortran u(nx, 0:m+1) is C (m + 2, nx): dimensions reversed.
  d(1) = paradbg_dap_dim(dist_type='b', size=m * n + 2, proc_grid_size=n, proc_grid_rank=me - 1, &
                         start=(me - 1) * m, stop=(me - 1) * m + m + 2, padding=[1, 1], periodic=1, &
                         extent=m + 2)
  d(2) = paradbg_dap_dim(dist_type='b', size=nx, proc_grid_size=1, proc_grid_rank=0, start=0, &
                         stop=nx, extent=nx)
  id0 = paradbg_dap_register(paradbg_dap_array(c_loc(fname), c_loc(ftype), c_loc(u), 2, c_loc(d), -1, -1), &
                             stat, msg, len(msg, c_size_t))
  if (stat /= 0 .or. id0 <= 0) then
    write (*, '(a,i0,a,a)') 'image ', me, ': field refused: ', msg(1:index(msg, c_null_char) - 1)
    error stop 3
  end if
  ! Everyone's first record is in before any is dropped: the second
  ! registration is checked against the others' too.
  sync all
  rc = paradbg_dap_drop(id0, stat)
  if (rc /= 0 .or. stat /= 0) error stop 4
  sync all
  id = paradbg_dap_register(paradbg_dap_array(c_loc(fname), c_loc(ftype), c_loc(u), 2, c_loc(d), -1, -1), &
                            stat, msg, len(msg, c_size_t))
  if (stat /= 0 .or. id <= 0) then
    write (*, '(a,i0,a,a)') 'image ', me, ': field refused again: ', msg(1:index(msg, c_null_char) - 1)
    error stop 5
  end if
  sync all

  write (path, '(a,i0)') 'records.', me
  open (newunit=out, file=trim(path) // '.tmp', status='replace', action='write')
  write (out, '(a,i0,a,i0,a,i0,a)') '{"image": ', me, ', "num_images": ', n, ', "pid": ', getpid(), ','
  write (out, '(a)') ' "coarrays": ['
  write (out, '(a,i0,a)') '  {"name": "a", "typestr": "<i4", "allocatable": false, "fortran_shape": [5], ' // &
      '"global_shape": [', n, ', 5], "buffer": ' // addr(c_loc(a)) // '},'
  write (out, '(a,i0,a)') '  {"name": "b", "typestr": "<f8", "allocatable": true, "fortran_shape": [3, 4], ' // &
      '"global_shape": [', n, ', 4, 3], "buffer": ' // addr(c_loc(b)) // '},'
  write (out, '(a,i0,a)') '  {"name": "c", "typestr": "<i4", "allocatable": true, "fortran_shape": [2, 3, 2], ' // &
      '"codimensions": [2, "*"], "global_shape": [', n, ', 2, 3, 2], "buffer": ' // addr(c_loc(c)) // '},'
  write (out, '(a,i0,a,i0,a,i0,a)') '  {"name": "u", "typestr": "<f8", "allocatable": true, "fortran_shape": [', &
      nx, ', ', m + 2, '], "global_shape": [', n, ', 6, 3], "buffer": ' // addr(c_loc(u)) // '}],'
  write (out, '(a,i0,a,i0,a,i0,a,i0,a)') ' "arrays": [{"name": "field", "id": ', id, &
      ', "first_id": ', id0, ', "typestr": "<f8", "rank": ', me - 1, ', "nprocs": ', n, &
      ', "buffer": ' // addr(c_loc(u)) // ', "shape": [6, 3], "dim_data": ['
  write (out, '(a,i0,a,i0,a,i0,a,i0,a,i0,a)') '  {"dist_type": "b", "size": ', m * n + 2, &
      ', "proc_grid_size": ', n, ', "proc_grid_rank": ', me - 1, ', "start": ', (me - 1) * m, &
      ', "stop": ', (me - 1) * m + m + 2, ', "padding": [1, 1], "periodic": true, "extent": 6},'
  write (out, '(a,i0,a)') '  {"dist_type": "b", "size": ', nx, ', "proc_grid_size": 1, "proc_grid_rank": 0, ' // &
      '"start": 0, "stop": 3, "padding": [0, 0], "periodic": false, "extent": 3}]}]}'
  close (out)
  call rename(trim(path) // '.tmp', trim(path))

  sync all   ! every image's record is in: the registry shows them all
  write (path, '(a,i0)') 'registry.', me
  if (dap_reader_dump(trim(path) // c_null_char) /= 0) error stop 6
  write (path, '(a,i0)') 'pid.', me
  open (newunit=out, file=trim(path) // '.tmp', status='replace', action='write')
  write (out, '(i0)') getpid()
  close (out)
  call rename(trim(path) // '.tmp', trim(path))
  sync all

  select case (trim(mode))
  case ('abort')
    if (me == 1) call c_abort()
    sync all (stat=st)
  case ('exit')
  case default
    do
      rc = c_pause()
    end do
  end select

contains

  function addr(p) result(s)
    type(c_ptr), intent(in) :: p
    character(len=:), allocatable :: s
    character(len=24) :: t
    write (t, '(i0)') transfer(p, 0_c_intptr_t)
    s = trim(t)
  end function addr
end program caf_dap
