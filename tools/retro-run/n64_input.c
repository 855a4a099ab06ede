/* The runner's input plugin for mupen64plus (n64_input.h).  The core
 * (plugin_connect_input) requires PluginGetVersion with input API 2.1 or
 * later, ControllerCommand, GetKeys, InitiateControllers, ReadController,
 * RomOpen, RomClosed, SDL_KeyDown and SDL_KeyUp; the rest of the plugin
 * interface is optional.  With RawData 0 the core runs the joybus itself
 * and asks GetKeys for the buttons at every "read buttons" command. */
#define M64P_PLUGIN_PROTOTYPES 1
#include <string.h>
#include <mupen64plus/m64p_common.h>
#include <mupen64plus/m64p_plugin.h>
#include <mupen64plus/m64p_types.h>
#include "n64_input.h"

static unsigned pending;      /* the buttons of the press under way */
static unsigned reads;        /* the ROM's reads since that press began */

void n64_input_press(unsigned buttons)
{
    pending = buttons;
    reads = 0;
}

EXPORT m64p_error CALL PluginGetVersion(m64p_plugin_type *type, int *version, int *api, const char **name,
                                        int *caps)
{
    if (type)
        *type = M64PLUGIN_INPUT;
    if (version)
        *version = 0x010000;
    if (api)
        *api = 0x020100;
    if (name)
        *name = "hashbench n64-run key script";
    if (caps)
        *caps = 0;
    return M64ERR_SUCCESS;
}

EXPORT m64p_error CALL PluginStartup(m64p_dynlib_handle core, void *context, void (*debug)(void *, int, const char *))
{
    (void)core;
    (void)context;
    (void)debug;
    return M64ERR_SUCCESS;
}

EXPORT m64p_error CALL PluginShutdown(void)
{
    return M64ERR_SUCCESS;
}

EXPORT void CALL InitiateControllers(CONTROL_INFO info)
{
    info.Controls[0].Present = 1;
    info.Controls[0].RawData = 0;
    info.Controls[0].Plugin = PLUGIN_NONE;
}

EXPORT void CALL GetKeys(int control, BUTTONS *keys)
{
    unsigned held = 0;
    if (control == 0 && pending) {
        reads++;
        if (reads > N64_INPUT_GAP && reads <= N64_INPUT_GAP + N64_INPUT_HOLD)
            held = pending;
        else if (reads > N64_INPUT_GAP + N64_INPUT_HOLD)
            pending = 0;
    }
    /* BUTTONS' bit fields put R_DPAD in bit 0 ... A_BUTTON in bit 7, then
     * R_CBUTTON ... L_TRIG in bits 8-13: the answer's two bytes swapped */
    keys->Value = ((held >> 8) & 0xFFu) | ((held & 0xFFu) << 8);
}

EXPORT void CALL ControllerCommand(int control, unsigned char *command)
{
    (void)control;
    (void)command;
}

EXPORT void CALL ReadController(int control, unsigned char *command)
{
    (void)control;
    (void)command;
}

EXPORT int CALL RomOpen(void)
{
    return 1;
}

EXPORT void CALL RomClosed(void)
{
}

EXPORT void CALL SDL_KeyDown(int keymod, int keysym)
{
    (void)keymod;
    (void)keysym;
}

EXPORT void CALL SDL_KeyUp(int keymod, int keysym)
{
    (void)keymod;
    (void)keysym;
}
