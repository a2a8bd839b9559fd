/* The kark version: printed by `kark --version` and stated in every report. Keep it equal
 * to the VERSION of project() in CMakeLists.txt. */
#ifndef KK_VERSION_H
#define KK_VERSION_H

#define KK_VERSION "0.1"

#endif
