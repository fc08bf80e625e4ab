/* libparcaf's side of GASP: one predictable branch when no tool is loaded. */
#ifndef PARCAF_GASP_EVENTS_H
#define PARCAF_GASP_EVENTS_H

#include "gasp_caf.h"

extern int parcaf_gasp_on;
extern gasp_context_t parcaf_gasp_context;
extern void (*parcaf_gasp_notify)(gasp_context_t, unsigned int, gasp_evttype_t, const char *, int, int, ...);

#define PARCAF_GASP(tag, type, ...)                                                   \
  do {                                                                                \
    if (__builtin_expect(parcaf_gasp_on, 0))                                          \
      parcaf_gasp_notify(parcaf_gasp_context, (tag), (type), NULL, 0, 0, ##__VA_ARGS__); \
  } while (0)

/* After the fork, in each image: loads the tool and calls its gasp_init. */
void parcaf_gasp_start(int *argc, char ***argv);

#endif
