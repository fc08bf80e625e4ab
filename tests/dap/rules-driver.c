/* Runs paradbg/dap-rules.h on distributions read from stdin and prints
   what it says, for tests/dap/rules.py to compare with its own answers.
   The format (both ways) is in tests/dap/README.md.  Built by
   dap-rules.test straight from libparadbg/dap-rules.c. */
#define _GNU_SOURCE
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paradbg/dap-rules.h"

#define MAX_PIECES 4096
#define MAX_LOCAL 64      /* local maps printed up to this extent */
#define MAX_GLOBAL 256    /* owners printed up to this many elements */

struct piece {
  int rank;
  int ndim;   /* dim lines read */
  struct paradbg_dap_dim dim[PARADBG_DAP_MAX_DIMS];
  int64_t *idx[PARADBG_DAP_MAX_DIMS];
};

static struct piece pieces[MAX_PIECES];
static int npieces, ndim, nprocs, narrays, lineno;

static void die(const char *what)
{
  fprintf(stderr, "rules-driver: line %d: %s\n", lineno, what);
  exit(2);
}

static int64_t num(char **s)
{
  char *end;
  while (**s == ' ' || **s == '\t')
    ++*s;
  if (**s == 0 || **s == '\n')
    die("a number is missing");
  long long v = strtoll(*s, &end, 10);
  if (end == *s || (*end != 0 && *end != ' ' && *end != '\t' && *end != '\n'))
    die("not a number");
  *s = end;
  return v;
}

static void forget(void)
{
  for (int k = 0; k < npieces; k++)
    for (int i = 0; i < pieces[k].ndim; i++)
      free(pieces[k].idx[i]);
  npieces = 0;
}

static void say_why(const char *why)
{
  if (strchr(why, '\n'))
    printf("# why has a newline\n");
  printf("# why: %s\n", why);
}

static void print_list(const int64_t *v, int n)
{
  putchar('(');
  for (int i = 0; i < n; i++)
    printf(i ? ",%" PRId64 : "%" PRId64, v[i]);
  putchar(')');
}

static void owner_line(const struct paradbg_dap_dim *const *dims, const int *ranks, const int64_t *g)
{
  int r = -7;
  int64_t local[PARADBG_DAP_MAX_DIMS];
  printf("owner ");
  print_list(g, ndim);
  if (paradbg_dap_owner(dims, ranks, npieces, ndim, g, &r, local) != 0)
    printf(" none\n");
  else {
    printf(" %d ", r);
    print_list(local, ndim);
    putchar('\n');
  }
}

static void run(void)
{
  char why[256];
  const struct paradbg_dap_dim *dims[MAX_PIECES];
  int ranks[MAX_PIECES];
  for (int k = 0; k < npieces; k++) {
    dims[k] = pieces[k].dim;
    ranks[k] = pieces[k].rank;
  }
  printf("array %d\n", ++narrays);
  int set = paradbg_dap_check_set(dims, ranks, npieces, ndim, nprocs, 1, why, sizeof why);
  printf("set %s\n", set == 0 ? "ok" : "bad");
  if (set != 0)
    say_why(why);
  for (int k = 0; k < npieces; k++) {
    struct piece *p = &pieces[k];
    int one = paradbg_dap_check_one(p->dim, ndim, p->rank, nprocs, why, sizeof why);
    printf("one %d %s\n", p->rank, one == 0 ? "ok" : "bad");
    if (one != 0) {
      say_why(why);
      continue;
    }
    for (int i = 0; i < ndim; i++) {
      const struct paradbg_dap_dim *d = &p->dim[i];
      int64_t ext = paradbg_dap_local_extent(d);
      printf("ext %d %d %" PRId64 " %" PRId64 "\n", p->rank, i, paradbg_dap_owned(d), ext);
      if (ext > 0) {
        /* The first and the last local index, however large. */
        int o1 = 5, o2 = 5;
        int64_t g1 = paradbg_dap_global_of(d, 0, &o1), g2 = paradbg_dap_global_of(d, ext - 1, &o2);
        printf("edge %d %d %" PRId64 ":%d %" PRId64 ":%d\n", p->rank, i, g1, o1, g2, o2);
      }
      if (ext > MAX_LOCAL)
        continue;
      printf("map %d %d", p->rank, i);
      for (int64_t l = 0; l < ext; l++) {
        int owned = -1;
        int64_t g = paradbg_dap_global_of(d, l, &owned);
        printf(" %" PRId64 ":%d", g, owned);
      }
      /* Out of range either side. */
      int o1 = 5, o2 = 5;
      int64_t g1 = paradbg_dap_global_of(d, -1, &o1), g2 = paradbg_dap_global_of(d, ext, &o2);
      printf(" | %" PRId64 ":%d %" PRId64 ":%d\n", g1, o1, g2, o2);
    }
  }
  if (set != 0)
    return;
  /* Any part of a good set is good without complete: the first half, and
     every other record. */
  const struct paradbg_dap_dim *sub[MAX_PIECES];
  int subr[MAX_PIECES], m = 0;
  int half = paradbg_dap_check_set(dims, ranks, npieces / 2, ndim, nprocs, 0, why, sizeof why);
  printf("partial %s\n", half == 0 ? "ok" : "bad");
  if (half != 0)
    say_why(why);
  for (int k = 1; k < npieces; k += 2) {
    sub[m] = dims[k];
    subr[m++] = ranks[k];
  }
  int odd = paradbg_dap_check_set(sub, subr, m, ndim, nprocs, 0, why, sizeof why);
  printf("partial %s\n", odd == 0 ? "ok" : "bad");
  if (odd != 0)
    say_why(why);
  /* Owners of every element of a small array, in C order. */
  int64_t total = 1;
  for (int i = 0; i < ndim; i++) {
    int64_t s = pieces[0].dim[i].size;
    if (s > MAX_GLOBAL || (total *= s) > MAX_GLOBAL)
      total = MAX_GLOBAL + 1;
  }
  int64_t g[PARADBG_DAP_MAX_DIMS];
  if (total <= MAX_GLOBAL) {
    memset(g, 0, sizeof g);
    for (int64_t e = 0; e < total; e++) {
      int64_t rest = e;
      for (int i = ndim; i-- > 0;) {
        g[i] = rest % pieces[0].dim[i].size;
        rest /= pieces[0].dim[i].size;
      }
      owner_line(dims, ranks, g);
    }
  }
  /* Outside: one past the end and -1 in each dimension. */
  for (int i = 0; i < ndim; i++) {
    memset(g, 0, sizeof g);
    g[i] = pieces[0].dim[i].size;
    owner_line(dims, ranks, g);
    g[i] = -1;
    owner_line(dims, ranks, g);
  }
}

/* A dist_type: a letter as itself, anything else as its byte's number. */
static char dist_type(char **s)
{
  while (**s == ' ' || **s == '\t')
    ++*s;
  if (((*s)[0] < '0' || (*s)[0] > '9') && (*s)[0] != '-' && (*s)[1] == ' ') {
    char t = (*s)[0];
    *s += 1;
    return t;
  }
  return (char)num(s);
}

int main(void)
{
  char *line = NULL;
  size_t cap = 0;
  int in_array = 0;
  setvbuf(stdout, NULL, _IOFBF, 1 << 16);
  while (getline(&line, &cap, stdin) > 0) {
    lineno++;
    char *s = line, word[32];
    int used = 0;
    if (line[0] == '#' || line[0] == '\n')
      continue;
    if (sscanf(s, "%31s%n", word, &used) != 1)
      continue;
    s += used;
    if (strcmp(word, "typestr") == 0) {
      char t[256] = "";
      if (sscanf(s, "%255s", t) != 1)
        t[0] = 0;
      printf("typestr %s %" PRId64 "\n", t, paradbg_dap_typestr_size(t));
    } else if (strcmp(word, "array") == 0) {
      if (in_array)
        die("array inside an array");
      ndim = (int)num(&s);
      nprocs = (int)num(&s);
      in_array = 1;
      npieces = 0;
    } else if (strcmp(word, "piece") == 0) {
      if (!in_array || npieces == MAX_PIECES)
        die("piece outside an array, or too many");
      struct piece *p = &pieces[npieces++];
      memset(p, 0, sizeof *p);
      p->rank = (int)num(&s);
    } else if (strcmp(word, "dim") == 0) {
      if (!in_array || npieces == 0)
        die("dim outside a piece");
      struct piece *p = &pieces[npieces - 1];
      if (p->ndim == PARADBG_DAP_MAX_DIMS)
        die("too many dims");
      struct paradbg_dap_dim *d = &p->dim[p->ndim];
      d->dist_type = dist_type(&s);
      d->size = num(&s);
      d->proc_grid_size = num(&s);
      d->proc_grid_rank = num(&s);
      d->start = num(&s);
      d->stop = num(&s);
      d->padding[0] = num(&s);
      d->padding[1] = num(&s);
      d->periodic = (unsigned char)num(&s);
      d->one_to_one = (unsigned char)num(&s);
      d->block_size = num(&s);
      d->extent = num(&s);
      int64_t nidx = num(&s);
      /* The caller's promise: indices (if any) hold extent entries. */
      if (nidx < 0 || nidx > 1 << 22 || (nidx > 0 && nidx < d->extent))
        die("bad index count");
      if (nidx > 0) {
        int64_t *v = malloc((size_t)nidx * sizeof *v);
        if (!v)
          die("out of memory");
        for (int64_t j = 0; j < nidx; j++)
          v[j] = num(&s);
        d->indices = v;
        p->idx[p->ndim] = v;
      }
      p->ndim++;
    } else if (strcmp(word, "end") == 0) {
      if (!in_array)
        die("end outside an array");
      run();
      printf("end\n");
      forget();
      in_array = 0;
    } else
      die("unknown line");
  }
  if (in_array)
    die("unterminated array");
  free(line);
  return 0;
}
