/* taskloop: placeholder until the ABI notes land. */
#include "config.h"
#include "paromp.h"
