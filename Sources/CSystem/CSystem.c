// Intentionally empty: SwiftPM needs one source file for the CSystem target; all of
// CSystem lives in include/CSystem.h.
