/* Showing the results block on the top screen as frame pages
 * (nds_frame_layout.h), one after another, for the headless runner:
 * DeSmuME's libretro core exposes no memory to read the block from. */
#ifndef NDS_PAGES_H
#define NDS_PAGES_H

/* frames each page stays on screen: the runner needs one whole frame of it */
#define PAGE_HOLD_FRAMES 2

/* Shows every page of the block (the top screen's previous picture is
 * gone afterwards: the caller draws its own again). */
void pages_show(void);

#endif
