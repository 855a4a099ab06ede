/* The executable's folder (see beside_exe.h). */
#include <string.h>
#include <unistd.h>
#include "peers/loader/beside_exe.h"

int hb_peer_beside_exe(const char *file, char *path, size_t size)
{
    ssize_t len;
    char *slash;
    size_t dir;
    if (size < 2)
        return 0;
    len = readlink("/proc/self/exe", path, size - 1);
    if (len <= 0 || (size_t)len >= size - 1)
        return 0;                   /* unreadable, or perhaps cut short */
    path[len] = 0;
    slash = strrchr(path, '/');
    dir = slash ? (size_t)(slash + 1 - path) : 0;
    if (dir + strlen(file) + 1 > size)
        return 0;
    strcpy(path + dir, file);
    return 1;
}
