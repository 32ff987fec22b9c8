#include "CGPIOD.h"
int cgpiod_placeholder(void) { return 0; }
