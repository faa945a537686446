// The symbolic name of an errno value: `strerrorname_np` needs `_GNU_SOURCE`, which the header cannot define for Swift.
#define _GNU_SOURCE
#include <string.h>
#include "CSystem.h"

const char *csystem_errno_name(int error) { return strerrorname_np(error); }
