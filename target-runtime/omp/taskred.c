/* task reductions: placeholder. */
#include "config.h"
#include <stdlib.h>
#include "paromp.h"
void paromp_ws_setup_extras(struct paromp_thread *self, uintptr_t *reductions, void **mem){(void)self;(void)reductions;(void)mem;}
void paromp_ws_join_extras(struct paromp_thread *self, uintptr_t *reductions, void **mem){(void)self;(void)reductions;(void)mem;}
void paromp_reductions_free(uintptr_t *d){(void)d;}
