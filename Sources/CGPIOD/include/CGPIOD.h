#ifndef CGPIOD_H
#define CGPIOD_H
int cgpiod_placeholder(void);
#endif
