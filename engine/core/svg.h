/* Small helpers shared by the games' SVG pictures (the svg hook of struct kk_game): the
 * document frame, a fixed colour per seat, and text that is safe inside XML. */
#ifndef KK_SVG_H
#define KK_SVG_H

#include "buf.h"

/* A fill colour for each seat ("#rrggbb"), the same in every game's picture. */
const char *kk_svg_seat_colour(int seat);
/* Opens an SVG document of width x height user units with a white background and a title. */
void kk_svg_begin(struct kk_buf *out, int width, int height, const char *title);
void kk_svg_end(struct kk_buf *out);
/* <text> at (x, y) with the given size, anchor ("start", "middle", "end") and fill; the
 * text is escaped. */
void kk_svg_text(struct kk_buf *out, double x, double y, double size, const char *anchor,
                 const char *fill, const char *text);
/* Appends text with &, <, > and quotes escaped. */
void kk_svg_escape(struct kk_buf *out, const char *text);

#endif
