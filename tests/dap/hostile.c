/* hostile: one plain process on libparcaf (not a coarray image) that
   registers, through paradbg/dap.h, distributed arrays whose records pass
   the protocol's rules but whose numbers are hostile to a debugger: what
   it may not do is walk them, allocate by them or pick the wrong one.
   Several ranks of one array may be registered by one process: a debugger
   joins the records of one name by rank.  Run it in a directory of its
   own; it prints one line per array, "NAME: id ID stat STAT[ ERRMSG]",
   then writes pid.0 (its pid) and pause()s until killed.

   Arrays (sizes in C order; the buffers are never read unless said):
   halo1  <f8, rank 1 of 2 alone (rank 0 is missing): 'b' of size 2^62,
          start 2^61, stop 2^62, padding (2^60, 0), extent 2^61: it owns
          [2^61 + 2^60, 2^62)
   wide   <f8, both ranks of 2, valid: 'b' of size 2^62, rank 0 owns
          [0, 2^61) and holds a halo of 2^60 after it (stop 2^61 + 2^60),
          rank 1 owns [2^61, 2^62) and holds a halo of 2^60 before it
          (start 2^61 - 2^60): 2^65 bytes whole, and each rank's buffer
          larger than any debugger reads
   zero   <f8, 1 process, shape (0, 2^27): no element at all
   mesh   <f4, ranks 0 and 1 of 2, shape (2^18, 4096): dimension 0 'u'
          one_to_one, global index g on rank (g / 1000) % 2 (each rank's
          indices in descending order), dimension 1 'b' of one process:
          4 GiB whole
   same   <i4, 1 process, 4 elements, element g holds 1 + g (its buffer
          real: it is assembled)
   same   <i4, 1 process, 8 elements, element g holds 1001 + g, registered
          after the first: another array of the same name
   same#1 <i4, 1 process, 1 element: a name that reads as "the first of
          those called same" too
   dup    <i4, ranks 0 and 1 of 2, 'u' of size 4 that is not one_to_one:
          rank 0 holds 0, 1, 2 and rank 1 holds 2, 3; index 2 is rank 0's
          (the lowest rank holding it), so rank 1 owns 3 alone */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "paradbg/dap.h"

#define P60 (INT64_C(1) << 60)
#define P61 (INT64_C(1) << 61)
#define P62 (INT64_C(1) << 62)
#define MESH (1 << 18)
#define MESH_COLS 4096

static double fake[16];       /* a buffer never read */
static int32_t small[4], eight[8];

static void reg(const char *name, const char *typestr, void *buf, int ndim,
                const struct paradbg_dap_dim *dim, int rank, int nprocs)
{
  struct paradbg_dap_array a = { name, typestr, buf, ndim, dim, rank, nprocs };
  char msg[256] = "";
  int stat = -1;
  int id = paradbg_dap_register(&a, &stat, msg, sizeof msg);
  printf("%s: id %d stat %d%s%s\n", name, id, stat, stat ? " " : "", stat ? msg : "");
}

int main(void)
{
  struct paradbg_dap_dim h = { .dist_type = 'b', .size = P62, .proc_grid_size = 2, .proc_grid_rank = 1,
                               .start = P61, .stop = P62, .padding = { P60, 0 }, .extent = P61 };
  reg("halo1", "<f8", fake, 1, &h, 1, 2);

  struct paradbg_dap_dim w0 = { .dist_type = 'b', .size = P62, .proc_grid_size = 2, .proc_grid_rank = 0,
                                .start = 0, .stop = P61 + P60, .padding = { 0, P60 },
                                .extent = P61 + P60 };
  struct paradbg_dap_dim w1 = { .dist_type = 'b', .size = P62, .proc_grid_size = 2, .proc_grid_rank = 1,
                                .start = P61 - P60, .stop = P62, .padding = { P60, 0 },
                                .extent = P61 + P60 };
  reg("wide", "<f8", fake, 1, &w0, 0, 2);
  reg("wide", "<f8", fake, 1, &w1, 1, 2);

  struct paradbg_dap_dim z[2] = {
    { .dist_type = 'b', .size = 0, .proc_grid_size = 1, .start = 0, .stop = 0, .extent = 0 },
    { .dist_type = 'b', .size = 1 << 27, .proc_grid_size = 1, .start = 0, .stop = 1 << 27,
      .extent = 1 << 27 } };
  reg("zero", "<f8", fake, 2, z, 0, 1);

  /* mesh: each rank's indices, descending */
  for (int r = 0; r < 2; r++) {
    int64_t *idx = malloc(MESH / 2 * sizeof *idx);
    int64_t n = 0;
    if (idx == NULL)
      return 1;
    for (int64_t g = MESH - 1; g >= 0; g--)
      if ((g / 1000) % 2 == r)
        idx[n++] = g;
    struct paradbg_dap_dim m[2] = {
      { .dist_type = 'u', .size = MESH, .proc_grid_size = 2, .proc_grid_rank = r, .one_to_one = 1,
        .indices = idx, .extent = n },
      { .dist_type = 'b', .size = MESH_COLS, .proc_grid_size = 1, .start = 0, .stop = MESH_COLS,
        .extent = MESH_COLS } };
    reg("mesh", "<f4", fake, 2, m, r, 2);
    free(idx);   /* the registry keeps its own copy */
  }

  for (int g = 0; g < 4; g++)
    small[g] = 1 + g;
  for (int g = 0; g < 8; g++)
    eight[g] = 1001 + g;
  struct paradbg_dap_dim s4 = { .dist_type = 'b', .size = 4, .proc_grid_size = 1, .stop = 4, .extent = 4 };
  struct paradbg_dap_dim s8 = { .dist_type = 'b', .size = 8, .proc_grid_size = 1, .stop = 8, .extent = 8 };
  reg("same", "<i4", small, 1, &s4, 0, 1);
  reg("same", "<i4", eight, 1, &s8, 0, 1);
  struct paradbg_dap_dim s1 = { .dist_type = 'b', .size = 1, .proc_grid_size = 1, .stop = 1, .extent = 1 };
  reg("same#1", "<i4", small, 1, &s1, 0, 1);
  static const int64_t dup0[] = { 0, 1, 2 }, dup1[] = { 2, 3 };
  struct paradbg_dap_dim d0 = { .dist_type = 'u', .size = 4, .proc_grid_size = 2, .proc_grid_rank = 0,
                                .indices = dup0, .extent = 3 };
  struct paradbg_dap_dim d1 = { .dist_type = 'u', .size = 4, .proc_grid_size = 2, .proc_grid_rank = 1,
                                .indices = dup1, .extent = 2 };
  reg("dup", "<i4", small, 1, &d0, 0, 2);
  reg("dup", "<i4", small, 1, &d1, 1, 2);
  fflush(stdout);

  FILE *f = fopen("pid.0", "w");
  if (f == NULL)
    return 1;
  fprintf(f, "%d\n", (int)getpid());
  fclose(f);
  for (;;)
    pause();
}
