#include "coop_report.h"

#include <math.h>

#include "study.h"

static void num(struct kk_buf *b, double x)
{
    char t[40];
    if (!isfinite(x)) {
        kk_buf_printf(b, "null");
        return;
    }
    kk_format_double(x, t, sizeof t);
    kk_buf_printf(b, "%s", t);
}

void kk_report_cooperative_json(struct kk_buf *b, long long games, long long successes,
                                const struct kk_estimate *result)
{
    struct kk_estimate res = *result;
    long long k = successes;
    double lo, hi, n = (double)games;
    kk_wilson((double)k, n, KK_Z95, &lo, &hi);
    kk_buf_printf(b, ",\n  \"result\": ");
    num(b, res.mean);
    kk_buf_printf(b, ",\n  \"result_ci95\": [");
    num(b, res.lo);
    kk_buf_printf(b, ", ");
    num(b, res.hi);
    kk_buf_printf(b, "],\n  \"successes\": %lld,\n  \"success_rate\": ", k);
    num(b, n > 0 ? (double)k / n : 0);
    kk_buf_printf(b, ",\n  \"success_ci95\": [");
    num(b, lo);
    kk_buf_printf(b, ", ");
    num(b, hi);
    kk_buf_printf(b, "]");
}

void kk_report_cooperative_md(struct kk_buf *md, long long games, long long successes)
{
    long long k = successes;
    double lo, hi, n = (double)games;
    kk_wilson((double)k, n, KK_Z95, &lo, &hi);
    kk_buf_printf(md, "success rate %.3f [%.3f, %.3f] (%lld of %lld games won by the team, "
                      "Wilson interval)",
                  n > 0 ? (double)k / n : 0, lo, hi, k, games);
}

void kk_report_cooperative_chart(struct kk_buf *b, long long games, long long successes)
{
    long long k = successes;
    double lo, hi, n = (double)games, p = n > 0 ? (double)k / n : 0;
    kk_wilson((double)k, n, KK_Z95, &lo, &hi);
    const int left = 120, width = 420, y = 45;
    kk_buf_printf(b, "<figure><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"80\" "
                     "font-family=\"sans-serif\" font-size=\"12\">\n<text x=\"0\" y=\"16\" "
                     "font-weight=\"bold\">Success rate (team wins)</text>\n",
                  left + width + 20);
    for (int t = 0; t <= 4; t++)
        kk_buf_printf(b, "<line x1=\"%.1f\" y1=\"28\" x2=\"%.1f\" y2=\"58\" stroke=\"#ddd\"/>"
                         "<text x=\"%.1f\" y=\"74\" text-anchor=\"middle\">%.2f</text>\n",
                      left + width * t / 4.0, left + width * t / 4.0, left + width * t / 4.0,
                      t / 4.0);
    kk_buf_printf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">all games</text>"
                     "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#258\" "
                     "stroke-width=\"2\"/><circle cx=\"%.1f\" cy=\"%d\" r=\"4\" fill=\"#258\"/>\n"
                     "</svg><figcaption>dot: success rate; bar: Wilson 95%% interval</figcaption>"
                     "</figure>\n",
                  left - 8, y + 4, left + width * lo, y, left + width * hi, y, left + width * p,
                  y);
}
