#include "CSPIDev.h"
int cspidev_placeholder(void) { return 0; }
