// The current lab thread's word: see csystem_current_lab_thread in include/CSystem.h.
#include "CSystem.h"

__thread void *csystem_current_lab_thread __attribute__((tls_model("initial-exec"))) = 0;
