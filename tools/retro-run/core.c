/* Loading and driving a libretro core (core.h). */
#include <dirent.h>
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libretro.h>
#include "core.h"

/* the core's entry points */
static struct {
    void *lib;
    void (*init)(void);
    void (*deinit)(void);
    unsigned (*api_version)(void);
    void (*get_system_info)(struct retro_system_info *);
    void (*get_system_av_info)(struct retro_system_av_info *);
    void (*set_environment)(retro_environment_t);
    void (*set_video_refresh)(retro_video_refresh_t);
    void (*set_audio_sample)(retro_audio_sample_t);
    void (*set_audio_sample_batch)(retro_audio_sample_batch_t);
    void (*set_input_poll)(retro_input_poll_t);
    void (*set_input_state)(retro_input_state_t);
    void (*set_controller_port_device)(unsigned, unsigned);
    void (*run)(void);
    bool (*load_game)(const struct retro_game_info *);
    void (*unload_game)(void);
    void *(*get_memory_data)(unsigned);
    size_t (*get_memory_size)(unsigned);
} core;

static int verbose_log;
static int loaded, inited;
static enum retro_pixel_format pixel_format = RETRO_PIXEL_FORMAT_0RGB1555;
static unsigned held_buttons;
static rr_frame frame;
static char name_buf[160];
static double fps;
static struct retro_memory_descriptor descs[RR_MAX_REGIONS];
static unsigned n_descs;
static char tmp_dir[64];
static void *rom_data;
/* core options answered to GET_VARIABLE: key, value, key, value, ..., 0
 * (rr_core_set_options); a key not listed keeps the core's default */
static const char *const *options;

void rr_core_set_options(const char *const *key_values)
{
    options = key_values;
}

/* "key=value, ..." of the options the core asked for and got: the record
 * names them beside the emulator */
static char options_used[160];

static const char *option_value(const char *key)
{
    unsigned i;
    char kv[96];
    for (i = 0; options && options[i] && options[i + 1]; i += 2)
        if (strcmp(options[i], key) == 0) {
            snprintf(kv, sizeof kv, "%s=%s", key, options[i + 1]);
            if (!strstr(options_used, kv)) {
                if (options_used[0])
                    strncat(options_used, ", ", sizeof options_used - strlen(options_used) - 1);
                strncat(options_used, kv, sizeof options_used - strlen(options_used) - 1);
            }
            return options[i + 1];
        }
    return 0;
}

const char *rr_core_options_used(void)
{
    return options_used;
}

static void core_log(enum retro_log_level level, const char *fmt, ...)
{
    va_list ap;
    if (level < RETRO_LOG_WARN && !verbose_log)
        return;
    if (level == RETRO_LOG_WARN && !verbose_log)
        return;     /* cores warn about missing BIOS files and the like: noise here */
    va_start(ap, fmt);
    fprintf(stderr, "retro-run: core: ");
    vfprintf(stderr, fmt, ap);
    va_end(ap);
}

static bool environment(unsigned cmd, void *data)
{
    switch (cmd) {
    case RETRO_ENVIRONMENT_GET_LOG_INTERFACE:
        ((struct retro_log_callback *)data)->log = core_log;
        return true;
    case RETRO_ENVIRONMENT_SET_PIXEL_FORMAT: {
        enum retro_pixel_format f = *(const enum retro_pixel_format *)data;
        if (f != RETRO_PIXEL_FORMAT_0RGB1555 && f != RETRO_PIXEL_FORMAT_XRGB8888 &&
            f != RETRO_PIXEL_FORMAT_RGB565)
            return false;
        pixel_format = f;
        return true;
    }
    case RETRO_ENVIRONMENT_GET_SYSTEM_DIRECTORY:
    case RETRO_ENVIRONMENT_GET_SAVE_DIRECTORY:
    case RETRO_ENVIRONMENT_GET_CORE_ASSETS_DIRECTORY:
        /* a private empty folder: the core finds no BIOS and writes its
         * save files where they are removed afterwards */
        *(const char **)data = tmp_dir;
        return true;
    case RETRO_ENVIRONMENT_SET_MEMORY_MAPS: {
        const struct retro_memory_map *m = data;
        unsigned i;
        n_descs = 0;
        for (i = 0; i < m->num_descriptors && n_descs < RR_MAX_REGIONS; i++)
            descs[n_descs++] = m->descriptors[i];
        return true;
    }
    case RETRO_ENVIRONMENT_GET_CAN_DUPE:
        *(bool *)data = true;
        return true;
    case RETRO_ENVIRONMENT_GET_INPUT_BITMASKS:
        return true;
    case RETRO_ENVIRONMENT_GET_AUDIO_VIDEO_ENABLE:
        *(int *)data = 1;       /* video on (screenshots), audio off */
        return true;
    case RETRO_ENVIRONMENT_GET_VARIABLE: {
        /* the options the platform sets (the Game Boy model: a Color or
         * not); every other one: the core's default */
        struct retro_variable *v = data;
        const char *value = v && v->key ? option_value(v->key) : 0;
        if (!value)
            return false;
        v->value = value;
        return true;
    }
    case RETRO_ENVIRONMENT_GET_VARIABLE_UPDATE:
        *(bool *)data = false;
        return true;
    case RETRO_ENVIRONMENT_SET_VARIABLES:
    case RETRO_ENVIRONMENT_SET_INPUT_DESCRIPTORS:
    case RETRO_ENVIRONMENT_SET_CONTROLLER_INFO:
    case RETRO_ENVIRONMENT_SET_SUPPORT_ACHIEVEMENTS:
    case RETRO_ENVIRONMENT_SET_PERFORMANCE_LEVEL:
    case RETRO_ENVIRONMENT_SET_GEOMETRY:
    case RETRO_ENVIRONMENT_SET_SUBSYSTEM_INFO:
    case RETRO_ENVIRONMENT_SET_SUPPORT_NO_GAME:
    case RETRO_ENVIRONMENT_SET_SERIALIZATION_QUIRKS:
        return true;
    default:
        /* everything else (options, rumble, sensors, ...): not offered, the
         * core keeps its defaults */
        return false;
    }
}

static void video_refresh(const void *data, unsigned width, unsigned height, size_t pitch)
{
    unsigned x, y;
    if (!data)              /* a duplicated frame: keep the previous one */
        return;
    if (width != frame.width || height != frame.height || !frame.rgb) {
        uint8_t *p = realloc(frame.rgb, (size_t)width * height * 3);
        if (!p)
            return;
        frame.rgb = p;
        frame.width = width;
        frame.height = height;
    }
    for (y = 0; y < height; y++) {
        const uint8_t *row = (const uint8_t *)data + (size_t)y * pitch;
        uint8_t *out = frame.rgb + (size_t)y * width * 3;
        for (x = 0; x < width; x++, out += 3) {
            unsigned r, g, b;
            if (pixel_format == RETRO_PIXEL_FORMAT_XRGB8888) {
                uint32_t v = ((const uint32_t *)row)[x];
                r = (v >> 16) & 255;
                g = (v >> 8) & 255;
                b = v & 255;
            } else {
                uint16_t v = ((const uint16_t *)row)[x];
                if (pixel_format == RETRO_PIXEL_FORMAT_RGB565) {
                    r = (v >> 11) & 31;
                    g = (v >> 5) & 63;
                    b = v & 31;
                    g = (g << 2) | (g >> 4);
                } else {
                    r = (v >> 10) & 31;
                    g = (v >> 5) & 31;
                    b = v & 31;
                    g = (g << 3) | (g >> 2);
                }
                r = (r << 3) | (r >> 2);
                b = (b << 3) | (b >> 2);
            }
            out[0] = (uint8_t)r;
            out[1] = (uint8_t)g;
            out[2] = (uint8_t)b;
        }
    }
    frame.valid = 1;
}

static void audio_sample(int16_t l, int16_t r)
{
    (void)l;
    (void)r;
}

static size_t audio_batch(const int16_t *d, size_t frames)
{
    (void)d;
    return frames;
}

static void input_poll(void)
{
}

static int16_t input_state(unsigned port, unsigned device, unsigned index, unsigned id)
{
    (void)index;
    if (port != 0 || (device & RETRO_DEVICE_MASK) != RETRO_DEVICE_JOYPAD)
        return 0;
    if (id == RETRO_DEVICE_ID_JOYPAD_MASK)
        return (int16_t)held_buttons;
    return (int16_t)(id < 16 && (held_buttons >> id) & 1u);
}

#define SYM(field, name)                                                        \
    do {                                                                        \
        *(void **)&core.field = dlsym(core.lib, name);                          \
        if (!core.field) {                                                      \
            fprintf(stderr, "retro-run: %s: not a libretro core (no %s)\n", core_path, name); \
            return -1;                                                          \
        }                                                                       \
    } while (0)

static void *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    long n;
    void *p;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return NULL;
    }
    p = malloc(n ? (size_t)n : 1);
    if (p && fread(p, 1, (size_t)n, f) != (size_t)n) {
        free(p);
        p = NULL;
    }
    fclose(f);
    *size = (size_t)n;
    return p;
}

int rr_core_open(const char *core_path, const char *rom_path, int verbose)
{
    struct retro_system_info info;
    struct retro_system_av_info av;
    struct retro_game_info game;
    size_t rom_size = 0;

    verbose_log = verbose;
    core.lib = dlopen(core_path, RTLD_NOW | RTLD_LOCAL);
    if (!core.lib) {
        fprintf(stderr, "retro-run: cannot load core %s: %s\n", core_path, dlerror());
        return -1;
    }
    SYM(init, "retro_init");
    SYM(deinit, "retro_deinit");
    SYM(api_version, "retro_api_version");
    SYM(get_system_info, "retro_get_system_info");
    SYM(get_system_av_info, "retro_get_system_av_info");
    SYM(set_environment, "retro_set_environment");
    SYM(set_video_refresh, "retro_set_video_refresh");
    SYM(set_audio_sample, "retro_set_audio_sample");
    SYM(set_audio_sample_batch, "retro_set_audio_sample_batch");
    SYM(set_input_poll, "retro_set_input_poll");
    SYM(set_input_state, "retro_set_input_state");
    SYM(set_controller_port_device, "retro_set_controller_port_device");
    SYM(run, "retro_run");
    SYM(load_game, "retro_load_game");
    SYM(unload_game, "retro_unload_game");
    SYM(get_memory_data, "retro_get_memory_data");
    SYM(get_memory_size, "retro_get_memory_size");
    if (core.api_version() != RETRO_API_VERSION) {
        fprintf(stderr, "retro-run: %s: libretro API %u, this runner speaks %u\n", core_path,
                core.api_version(), RETRO_API_VERSION);
        return -1;
    }
    strcpy(tmp_dir, "/tmp/retro-run.XXXXXX");
    if (!mkdtemp(tmp_dir)) {
        perror("retro-run: mkdtemp");
        return -1;
    }

    memset(&info, 0, sizeof info);
    core.get_system_info(&info);
    snprintf(name_buf, sizeof name_buf, "%s %s", info.library_name ? info.library_name : "?",
             info.library_version ? info.library_version : "?");

    core.set_environment(environment);
    core.set_video_refresh(video_refresh);
    core.set_audio_sample(audio_sample);
    core.set_audio_sample_batch(audio_batch);
    core.set_input_poll(input_poll);
    core.set_input_state(input_state);
    core.init();
    inited = 1;

    rom_data = read_file(rom_path, &rom_size);
    if (!rom_data) {
        fprintf(stderr, "retro-run: cannot read ROM %s\n", rom_path);
        return -1;
    }
    memset(&game, 0, sizeof game);
    game.path = rom_path;
    game.data = rom_data;
    game.size = rom_size;
    if (!core.load_game(&game)) {
        fprintf(stderr, "retro-run: %s refused the ROM %s\n", name_buf, rom_path);
        return -1;
    }
    loaded = 1;
    core.set_controller_port_device(0, RETRO_DEVICE_JOYPAD);
    memset(&av, 0, sizeof av);
    core.get_system_av_info(&av);
    fps = av.timing.fps;
    return 0;
}

/* removes the private folder and the files the core left in it */
static void remove_tmp_dir(void)
{
    DIR *d = opendir(tmp_dir);
    struct dirent *e;
    char path[512];
    if (d) {
        while ((e = readdir(d)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            snprintf(path, sizeof path, "%s/%s", tmp_dir, e->d_name);
            unlink(path);
        }
        closedir(d);
    }
    if (rmdir(tmp_dir) != 0)
        fprintf(stderr, "retro-run: could not remove %s (the core left folders there)\n", tmp_dir);
}

void rr_core_close(void)
{
    if (loaded)
        core.unload_game();
    if (inited)
        core.deinit();
    loaded = inited = 0;
    /* cores are not all safe to unload (threads, atexit handlers): the
     * library stays mapped until the process ends */
    free(rom_data);
    rom_data = NULL;
    if (tmp_dir[0]) {
        remove_tmp_dir();
        tmp_dir[0] = 0;
    }
}

void rr_core_run_frame(unsigned buttons)
{
    held_buttons = buttons;
    core.run();
}

unsigned rr_core_regions(rr_region *out, unsigned max)
{
    static const struct { unsigned id; const char *name; } ids[] = {
        { RETRO_MEMORY_SYSTEM_RAM, "system_ram" },
        { RETRO_MEMORY_SAVE_RAM, "save_ram" },
        { RETRO_MEMORY_VIDEO_RAM, "video_ram" },
    };
    unsigned n = 0, i;
    /* the memory map first: it carries emulated addresses */
    for (i = 0; i < n_descs && n < max; i++) {
        const struct retro_memory_descriptor *d = &descs[i];
        if (!d->ptr || d->len == 0)
            continue;
        out[n].start = d->start;
        out[n].len = d->len;
        out[n].ptr = (uint8_t *)d->ptr + d->offset;
        snprintf(out[n].name, sizeof out[n].name, "%s", d->addrspace ? d->addrspace : "map");
        n++;
    }
    /* then the plain memory areas (address: offset within the area) */
    for (i = 0; i < sizeof ids / sizeof ids[0] && n < max; i++) {
        void *p = core.get_memory_data(ids[i].id);
        size_t len = core.get_memory_size(ids[i].id);
        if (!p || len == 0)
            continue;
        out[n].start = 0;
        out[n].len = len;
        out[n].ptr = p;
        snprintf(out[n].name, sizeof out[n].name, "%s", ids[i].name);
        n++;
    }
    return n;
}

const rr_frame *rr_core_frame(void)
{
    return &frame;
}

const char *rr_core_name(void)
{
    return name_buf;
}

double rr_core_fps(void)
{
    return fps;
}
