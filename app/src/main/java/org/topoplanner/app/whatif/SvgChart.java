package org.topoplanner.app.whatif;

import java.util.List;
import java.util.Locale;

/**
 * Small SVG charts for the report, written by hand so the HTML needs nothing beside it: lines over time and
 * grouped bars. Colours are the Okabe-Ito palette, which stays apart for the common colour-vision deficiencies.
 */
final class SvgChart {
    static final List<String> COLOURS = List.of("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00",
            "#F0E442", "#000000");
    private static final int W = 760;
    private static final int H = 280;
    private static final int LEFT = 64;
    private static final int RIGHT = 200;
    private static final int TOP = 28;
    private static final int BOTTOM = 40;

    /** A named series of values. */
    record Series(String name, double[] values) {
    }

    private SvgChart() {
    }

    /** Lines of per-bin values against time (hours), y from 0 to the largest value (or {@code yMax} when > 0). */
    static String lines(String title, String yLabel, double binSeconds, List<Series> series, double yMax) {
        int n = series.stream().mapToInt(s -> s.values().length).max().orElse(0);
        double top = yMax > 0 ? yMax : Math.max(1e-9, series.stream().flatMapToDouble(s -> java.util.Arrays.stream(
                s.values())).max().orElse(1));
        double hours = Math.max(binSeconds / 3600.0, n * binSeconds / 3600.0);
        StringBuilder svg = frame(title, yLabel, "time (h)", top, hours);
        for (int k = 0; k < series.size(); k++) {
            double[] v = series.get(k).values();
            StringBuilder pts = new StringBuilder();
            for (int i = 0; i < v.length; i++) {
                double x = LEFT + (i + 0.5) * binSeconds / 3600.0 / hours * (W - LEFT - RIGHT);
                double y = TOP + (1 - v[i] / top) * (H - TOP - BOTTOM);
                pts.append(fmt(x)).append(',').append(fmt(y)).append(' ');
            }
            svg.append("<polyline fill=\"none\" stroke-width=\"1.6\" stroke=\"").append(colour(k)).append("\" points=\"")
                    .append(pts.toString().strip()).append("\"/>\n");
        }
        legend(svg, series.stream().map(Series::name).toList());
        return svg.append("</svg>\n").toString();
    }

    /** Bars per category, one per series side by side. */
    static String bars(String title, String yLabel, String xLabel, List<String> categories, List<Series> series) {
        double top = Math.max(1e-9, series.stream().flatMapToDouble(s -> java.util.Arrays.stream(s.values()))
                .max().orElse(1));
        StringBuilder svg = frame(title, yLabel, xLabel, top, -1);
        double slot = (W - LEFT - RIGHT) / (double) Math.max(1, categories.size());
        double bar = slot * 0.8 / Math.max(1, series.size());
        for (int c = 0; c < categories.size(); c++) {
            double x0 = LEFT + c * slot + slot * 0.1;
            for (int k = 0; k < series.size(); k++) {
                double v = c < series.get(k).values().length ? series.get(k).values()[c] : 0;
                double h = v / top * (H - TOP - BOTTOM);
                svg.append("<rect x=\"").append(fmt(x0 + k * bar)).append("\" y=\"").append(fmt(H - BOTTOM - h))
                        .append("\" width=\"").append(fmt(Math.max(1, bar - 1))).append("\" height=\"").append(fmt(h))
                        .append("\" fill=\"").append(colour(k)).append("\"><title>").append(esc(series.get(k).name()))
                        .append(": ").append(esc(categories.get(c))).append(" = ").append(WhatIfCsv.number(v))
                        .append("</title></rect>\n");
            }
            svg.append("<text x=\"").append(fmt(LEFT + c * slot + slot / 2)).append("\" y=\"").append(H - BOTTOM + 14)
                    .append("\" text-anchor=\"middle\" font-size=\"11\">").append(esc(categories.get(c))).append("</text>\n");
        }
        legend(svg, series.stream().map(Series::name).toList());
        return svg.append("</svg>\n").toString();
    }

    private static StringBuilder frame(String title, String yLabel, String xLabel, double top, double xMax) {
        StringBuilder svg = new StringBuilder();
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(W).append("\" height=\"").append(H)
                .append("\" viewBox=\"0 0 ").append(W).append(' ').append(H).append("\" font-family=\"sans-serif\" role=\"img\">\n")
                .append("<title>").append(esc(title)).append("</title>\n")
                .append("<text x=\"").append(LEFT).append("\" y=\"16\" font-size=\"13\" font-weight=\"bold\">")
                .append(esc(title)).append("</text>\n");
        int plotBottom = H - BOTTOM;
        svg.append("<line x1=\"").append(LEFT).append("\" y1=\"").append(TOP).append("\" x2=\"").append(LEFT)
                .append("\" y2=\"").append(plotBottom).append("\" stroke=\"#444\"/>\n")
                .append("<line x1=\"").append(LEFT).append("\" y1=\"").append(plotBottom).append("\" x2=\"")
                .append(W - RIGHT).append("\" y2=\"").append(plotBottom).append("\" stroke=\"#444\"/>\n");
        for (int i = 0; i <= 4; i++) {
            double v = top * i / 4;
            double y = plotBottom - i / 4.0 * (plotBottom - TOP);
            svg.append("<line x1=\"").append(LEFT).append("\" y1=\"").append(fmt(y)).append("\" x2=\"").append(W - RIGHT)
                    .append("\" y2=\"").append(fmt(y)).append("\" stroke=\"#ddd\"/>\n")
                    .append("<text x=\"").append(LEFT - 6).append("\" y=\"").append(fmt(y + 4))
                    .append("\" text-anchor=\"end\" font-size=\"11\">").append(tick(v)).append("</text>\n");
            if (xMax > 0) {
                double x = LEFT + i / 4.0 * (W - LEFT - RIGHT);
                svg.append("<text x=\"").append(fmt(x)).append("\" y=\"").append(plotBottom + 14)
                        .append("\" text-anchor=\"middle\" font-size=\"11\">").append(tick(xMax * i / 4)).append("</text>\n");
            }
        }
        svg.append("<text x=\"14\" y=\"").append((TOP + plotBottom) / 2).append("\" font-size=\"11\" transform=\"rotate(-90 14 ")
                .append((TOP + plotBottom) / 2).append(")\" text-anchor=\"middle\">").append(esc(yLabel)).append("</text>\n")
                .append("<text x=\"").append((LEFT + W - RIGHT) / 2).append("\" y=\"").append(H - 6)
                .append("\" font-size=\"11\" text-anchor=\"middle\">").append(esc(xLabel)).append("</text>\n");
        return svg;
    }

    private static void legend(StringBuilder svg, List<String> names) {
        for (int k = 0; k < names.size(); k++) {
            int y = TOP + 6 + k * 16;
            svg.append("<rect x=\"").append(W - RIGHT + 12).append("\" y=\"").append(y - 9)
                    .append("\" width=\"10\" height=\"10\" fill=\"").append(colour(k)).append("\"/>")
                    .append("<text x=\"").append(W - RIGHT + 26).append("\" y=\"").append(y)
                    .append("\" font-size=\"11\">").append(esc(names.get(k))).append("</text>\n");
        }
    }

    static String colour(int k) {
        return COLOURS.get(k % COLOURS.size());
    }

    private static String tick(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, v < 10 ? "%.2f" : "%.0f", v);
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
