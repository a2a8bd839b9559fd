#include "svg.h"

#include <string.h>

static const char *const seat_colours[] = {
    "#d62728", /* red */
    "#1f77b4", /* blue */
    "#f2c80f", /* yellow */
    "#2ca02c", /* green */
    "#111111", /* black */
    "#9467bd", /* purple */
    "#ff7f0e", /* orange */
    "#17becf", /* cyan */
    "#e377c2", /* pink */
    "#8c564b", /* brown */
};

const char *kk_svg_seat_colour(int seat)
{
    int n = (int)(sizeof seat_colours / sizeof seat_colours[0]);
    return seat >= 0 && seat < n ? seat_colours[seat] : "#888888";
}

void kk_svg_escape(struct kk_buf *out, const char *text)
{
    for (const char *p = text; *p; p++) {
        switch (*p) {
        case '&': kk_buf_printf(out, "&amp;"); break;
        case '<': kk_buf_printf(out, "&lt;"); break;
        case '>': kk_buf_printf(out, "&gt;"); break;
        case '"': kk_buf_printf(out, "&quot;"); break;
        case '\'': kk_buf_printf(out, "&apos;"); break;
        default: kk_buf_append(out, p, 1);
        }
    }
}

void kk_svg_begin(struct kk_buf *out, int width, int height, const char *title)
{
    kk_buf_printf(out,
                  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                  "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                  "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n<title>",
                  width, height, width, height);
    kk_svg_escape(out, title);
    kk_buf_printf(out, "</title>\n<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", width,
                  height);
}

void kk_svg_end(struct kk_buf *out)
{
    kk_buf_printf(out, "</svg>\n");
}

void kk_svg_text(struct kk_buf *out, double x, double y, double size, const char *anchor,
                 const char *fill, const char *text)
{
    kk_buf_printf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" text-anchor=\"%s\" "
                       "fill=\"%s\">", x, y, size, anchor, fill);
    kk_svg_escape(out, text);
    kk_buf_printf(out, "</text>\n");
}
