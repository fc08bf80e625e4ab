/* Teams: FORM TEAM, CHANGE TEAM, END TEAM, SYNC TEAM, TEAM_NUMBER, and the
   translation of team-relative image indexes to images of the initial team. */
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "caf.h"
#include "gasp_events.h"

struct team_handle {          /* what a TEAM_TYPE variable points to */
  int slot;
  int number;
  int index;
  struct team_handle *next;   /* every handle this image made */
  int released;               /* its variable was formed again */
  uint32_t gen;               /* the slot's generation when formed */
};

struct frame {
  int slot;
  int index;
  unsigned collectives;       /* collectives executed in this team */
  struct team_handle *handle;
};

#define MAX_DEPTH PARCAF_MAX_DEPTH
static struct frame stack[MAX_DEPTH];
static int depth;

static struct team_handle *handles;

/* A TEAM_TYPE variable formed again lets go of its old team, whose slot is
   free once every member has done so.  Anything else in the variable (it
   may never have been set) is not ours and is left alone. */
static void release_old(caf_team_t *team)
{
  for (struct team_handle **p = &handles; *p; p = &(*p)->next) {
    if (*p != *team)
      continue;
    struct team_handle *h = *p;
    if (h->released)
      return;
    for (int i = 1; i < depth; i++)
      if (stack[i].handle == h)
        return;   /* still in use by CHANGE TEAM */
    /* The handle itself stays: a copy of the variable may still hold it. */
    if (!h->released) {
      h->released = 1;
      __atomic_sub_fetch(&parcaf_team(h->slot)->refs, 1, __ATOMIC_ACQ_REL);
    }
    return;
  }
}

struct parcaf_team *parcaf_team(int slot)
{
  return parcaf_teams_at(parcaf_shared, (uint64_t)slot, 0);
}

uint32_t *parcaf_team_members(struct parcaf_team *t)
{
  return parcaf_members_at(t, 0, 0);
}

uint32_t *parcaf_team_epochs(struct parcaf_team *t)
{
  return parcaf_epochs_at(t, 0, 0);
}

void parcaf_team_init(void)
{
  struct parcaf_shared *s = parcaf_shared;
  for (int i = 0; i < PARCAF_MAX_TEAMS; i++) {
    struct parcaf_team *t = parcaf_team(i);
    uint64_t at = s->teams_off + (uint64_t)i * s->team_stride;
    t->members_off = at + sizeof *t;
    t->epochs_off = t->members_off + s->num_images * sizeof(uint32_t);
  }
  struct parcaf_team *t0 = parcaf_team(0);
  t0->refs = (int32_t)s->num_images;
  t0->number = -1;
  t0->parent = -1;
  t0->size = (int32_t)s->num_images;
  for (uint32_t i = 0; i < s->num_images; i++)
    parcaf_team_members(t0)[i] = i + 1;
}

void parcaf_team_start(int image)
{
  depth = 1;
  stack[0] = (struct frame){0, image, 0, NULL};
  struct parcaf_image *im = parcaf_image(image);
  im->team = 0;
  im->team_index = image;
}

int parcaf_cur_slot(void) { return stack[depth - 1].slot; }
int parcaf_cur_depth(void) { return depth - 1; }
int parcaf_cur_index(void) { return stack[depth - 1].index; }
int parcaf_cur_size(void) { return parcaf_team(stack[depth - 1].slot)->size; }

int parcaf_global_of(int team_index)
{
  struct parcaf_team *t = parcaf_team(stack[depth - 1].slot);
  if (team_index < 1 || team_index > t->size)
    return 0;
  return (int)parcaf_team_members(t)[team_index - 1];
}

/* The team `distance` levels up (0: current); NULL past the initial team. */
static struct frame *ancestor(int distance)
{
  return distance >= 0 && distance < depth ? &stack[depth - 1 - distance] : NULL;
}

PARCAF_EXPORT int _gfortran_caf_this_image(int distance)
{
  struct frame *f = ancestor(distance);
  return f ? f->index : stack[0].index;
}

PARCAF_EXPORT int _gfortran_caf_num_images(int distance, int failed)
{
  struct frame *f = ancestor(distance);
  struct parcaf_team *t = parcaf_team(f ? f->slot : 0);
  if (failed < 0)
    return t->size;
  int nfailed = 0;
  for (int j = 0; j < t->size; j++)
    if (parcaf_image_stat((int)parcaf_team_members(t)[j]) == GFC_STAT_FAILED_IMAGE)
      nfailed++;
  return failed ? nfailed : t->size - nfailed;
}

/* Holds the image number of its holder, so that a holder that dies does
   not leave it taken for ever. */
static void team_lock(void)
{
  uint32_t *l = &parcaf_shared->team_lock;
  for (unsigned long i = 0;; i++) {
    uint32_t holder = 0;
    if (__atomic_compare_exchange_n(l, &holder, (uint32_t)parcaf_this_image, false, __ATOMIC_ACQUIRE,
                                    __ATOMIC_RELAXED))
      return;
    if (holder <= parcaf_shared->num_images && parcaf_image_stat((int)holder) == GFC_STAT_FAILED_IMAGE &&
        __atomic_compare_exchange_n(l, &holder, (uint32_t)parcaf_this_image, false, __ATOMIC_ACQUIRE,
                                    __ATOMIC_RELAXED))
      return;
    parcaf_check_terminating();
    parcaf_spin_pause(i);
  }
}

static void team_unlock(void)
{
  __atomic_store_n(&parcaf_shared->team_lock, 0, __ATOMIC_RELEASE);
}

/* The slot for (parent, its FORM TEAM count, team number), created by the
   first image to ask. */
static int find_slot(int parent, uint64_t key, int number)
{
  int free_slot = -1;
  for (int i = 1; i < PARCAF_MAX_TEAMS; i++) {
    struct parcaf_team *t = parcaf_team(i);
    if (t->refs > 0 && t->key == key && t->parent == parent && t->number == number)
      return i;
    if (t->refs <= 0 && free_slot < 0)
      free_slot = i;
  }
  if (free_slot < 0)
    return -1;
  struct parcaf_team *t = parcaf_team(free_slot);
  t->refs = 0;
  t->key = key;
  t->parent = parent;
  t->number = number;
  t->size = 0;
  t->joined = 0;
  t->gen++;
  memset(parcaf_team_epochs(t), 0, parcaf_shared->num_images * sizeof(uint32_t));
  return free_slot;
}

static void parent_sync(struct frame *f)
{
  int who;
  parcaf_barrier(f->slot, f->index, PARADBG_CAF_WAIT_TEAM, &who);
}

PARCAF_EXPORT void _gfortran_caf_form_team(int team_no, caf_team_t *team, int unused)
{
  (void)unused;
  PARCAF_GASP(GASP_CAF_FORM_TEAM, GASP_START, team_no);
  struct frame *f = &stack[depth - 1];
  /* FORM TEAM statements this image has executed in each team: the same
     on every member, so (generation, count) names the new team. */
  static struct {
    uint32_t gen;
    uint32_t forms;
  } counts[PARCAF_MAX_TEAMS];
  uint32_t gen = parcaf_team(f->slot)->gen;
  if (counts[f->slot].gen != gen) {
    counts[f->slot].gen = gen;
    counts[f->slot].forms = 0;
  }
  uint64_t key = ((uint64_t)gen << 32) | ++counts[f->slot].forms;
  if (team_no <= 0)
    parcaf_error_terminate(1, "FORM TEAM: the team number %d is not positive", team_no);
  team_lock();
  int slot = find_slot(f->slot, key, team_no);
  if (slot >= 0) {
    struct parcaf_team *t = parcaf_team(slot);
    t->refs++;
    /* Until the members are known, epochs[] marks who joined, by image. */
    parcaf_team_epochs(t)[parcaf_this_image - 1] = 1;
  }
  team_unlock();
  if (slot < 0)
    parcaf_error_terminate(1, "FORM TEAM: more than %d teams exist at once", PARCAF_MAX_TEAMS - 1);
  parent_sync(f);
  struct parcaf_team *t = parcaf_team(slot);
  uint32_t *joined = parcaf_team_epochs(t), *mem = parcaf_team_members(t);
  uint32_t first = 0;
  while (!joined[first])
    first++;
  if (first + 1 == (uint32_t)parcaf_this_image) {
    int n = 0;
    for (uint32_t g = 0; g < parcaf_shared->num_images; g++)
      if (joined[g])
        mem[n++] = g + 1;
    t->size = n;
  }
  parent_sync(f);
  struct team_handle *h = calloc(1, sizeof *h);
  if (!h)
    parcaf_error_terminate(1, "FORM TEAM: out of memory");
  h->slot = slot;
  h->number = team_no;
  h->gen = t->gen;
  for (int i = 0; i < t->size; i++)
    if (mem[i] == (uint32_t)parcaf_this_image)
      h->index = i + 1;
  if (!h->index)
    parcaf_error_terminate(1, "FORM TEAM: image %u, which was forming team %d, failed", first + 1, team_no);
  parent_sync(f);   /* everyone has its index before the epochs restart */
  if (first + 1 == (uint32_t)parcaf_this_image)
    memset(joined, 0, parcaf_shared->num_images * sizeof(uint32_t));
  parent_sync(f);
  release_old(team);
  h->next = handles;
  handles = h;
  *team = h;
  PARCAF_GASP(GASP_CAF_FORM_TEAM, GASP_END, team_no);
}

static struct team_handle *handle_of(caf_team_t *team, const char *op)
{
  struct team_handle *h = NULL;
  for (struct team_handle *k = handles; team && k; k = k->next)
    if (k == *team)
      h = k;
  if (!h)
    parcaf_error_terminate(1, "%s: the team variable was not defined by FORM TEAM", op);
  if (h->released && parcaf_team(h->slot)->gen != h->gen)
    parcaf_error_terminate(1, "%s: team %d no longer exists (every member formed its variable again)",
                           op, h->number);
  if (h->index < 1)
    parcaf_error_terminate(1, "%s: this image is not a member of team %d", op, h->number);
  return h;
}

PARCAF_EXPORT void _gfortran_caf_change_team(caf_team_t *team, int coselector)
{
  (void)coselector;
  struct team_handle *h = handle_of(team, "CHANGE TEAM");
  PARCAF_GASP(GASP_CAF_CHANGE_TEAM, GASP_START, h->number);
  if (depth == MAX_DEPTH)
    parcaf_error_terminate(1, "CHANGE TEAM: teams nested more than %d deep", MAX_DEPTH - 1);
  stack[depth++] = (struct frame){h->slot, h->index, 0, h};
  struct parcaf_image *im = parcaf_image(parcaf_this_image);
  im->team = h->slot;
  im->team_index = h->index;
  int who;
  parcaf_barrier(h->slot, h->index, PARADBG_CAF_WAIT_TEAM, &who);
  PARCAF_GASP(GASP_CAF_CHANGE_TEAM, GASP_END, h->number);
}

PARCAF_EXPORT void _gfortran_caf_end_team(caf_team_t *team)
{
  (void)team;
  if (depth <= 1)
    parcaf_error_terminate(1, "END TEAM without CHANGE TEAM");
  struct frame *f = &stack[depth - 1];
  int number = f->handle->number, who;
  PARCAF_GASP(GASP_CAF_END_TEAM, GASP_START, number);
  parcaf_barrier(f->slot, f->index, PARADBG_CAF_WAIT_TEAM, &who);
  /* Coarrays allocated in the team are deallocated at END TEAM (F2018
     11.1.5.2): the symmetric heap is as it was at CHANGE TEAM again. */
  parcaf_free_team_coarrays(depth - 1);
  depth--;
  struct parcaf_image *im = parcaf_image(parcaf_this_image);
  im->team = stack[depth - 1].slot;
  im->team_index = stack[depth - 1].index;
  PARCAF_GASP(GASP_CAF_END_TEAM, GASP_END, number);
}

PARCAF_EXPORT void _gfortran_caf_sync_team(caf_team_t *team, int unused)
{
  (void)unused;
  struct team_handle *h = handle_of(team, "SYNC TEAM");
  int who;
  PARCAF_GASP(GASP_CAF_SYNC_TEAM, GASP_START, h->number);
  /* As SYNC ALL without STAT= (gfortran 12 passes none): a member that
     stopped or failed ends the program with one line. */
  int rc = parcaf_barrier(h->slot, h->index, PARADBG_CAF_WAIT_TEAM, &who);
  if (rc)
    parcaf_report_image(NULL, NULL, 0, rc, "SYNC TEAM", who, who);
  PARCAF_GASP(GASP_CAF_SYNC_TEAM, GASP_END, h->number);
}

PARCAF_EXPORT int _gfortran_caf_team_number(caf_team_t *team)
{
  if (team && *team)
    return ((struct team_handle *)*team)->number;
  return parcaf_team(stack[depth - 1].slot)->number;
}

/* Collectives alternate between two buffers; the count that picks one
   belongs to the team, so that images agree on it after END TEAM. */
unsigned *parcaf_coll_seq(int *level)
{
  *level = depth - 1;
  return &stack[depth - 1].collectives;
}
