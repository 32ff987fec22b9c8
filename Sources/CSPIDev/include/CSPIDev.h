#ifndef CSPIDEV_H
#define CSPIDEV_H
int cspidev_placeholder(void);
#endif
