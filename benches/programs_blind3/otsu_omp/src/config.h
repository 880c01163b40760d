#ifndef CONFIG_H
#define CONFIG_H
/* detector geometry (the 12-bit camera of the line-scan rig) */
#ifndef FRAME_W
#define FRAME_W 1024
#endif
#ifndef FRAME_H
#define FRAME_H 1024
#endif
#define LEVELS 4096
#endif
