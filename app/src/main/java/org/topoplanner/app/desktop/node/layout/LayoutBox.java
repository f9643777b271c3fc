package org.topoplanner.app.desktop.node.layout;

import java.util.ArrayList;
import java.util.List;

/**
 * A box while the node layout measures and places it: children, an arrangement, then a size
 * (measure, bottom-up) and a position (arrange, top-down). Invisible boxes only group children
 * and vanish when the layout is frozen into {@link NodeBox}es.
 */
final class LayoutBox {
    enum Arrangement { FIXED, ROW, GRID, STACK, IO }

    static final double PAD = 6;
    static final double GAP = 6;

    final NodeBox.Kind kind;
    final String id;
    final String title;
    final String subtitle;
    final boolean visible;
    final List<LayoutBox> children = new ArrayList<>();
    List<Integer> cores = List.of();
    int gpu = -1;
    Arrangement arrangement = Arrangement.FIXED;
    int columns = 1;
    double w;
    double h;
    double x;
    double y;

    LayoutBox(NodeBox.Kind kind, String id, String title, String subtitle, boolean visible) {
        this.kind = kind;
        this.id = id;
        this.title = title;
        this.subtitle = subtitle == null ? "" : subtitle;
        this.visible = visible;
    }

    static LayoutBox fixed(NodeBox.Kind kind, String id, String title, String subtitle, double w, double h) {
        LayoutBox b = new LayoutBox(kind, id, title, subtitle, true);
        b.w = w;
        b.h = h;
        return b;
    }

    static LayoutBox group(Arrangement arrangement) {
        LayoutBox b = new LayoutBox(NodeBox.Kind.IO_GROUP, "", "", "", false);
        b.arrangement = arrangement;
        return b;
    }

    LayoutBox arranged(Arrangement a) {
        this.arrangement = a;
        return this;
    }

    boolean holdsGpu() {
        if (kind == NodeBox.Kind.GPU) {
            return true;
        }
        for (LayoutBox c : children) {
            if (c.holdsGpu()) {
                return true;
            }
        }
        return false;
    }

    private double header() {
        return visible ? NodeBox.HEADER : 0;
    }

    private double pad() {
        return visible ? PAD : 0;
    }

    void measure() {
        if (arrangement == Arrangement.FIXED) {
            return;
        }
        for (LayoutBox c : children) {
            c.measure();
        }
        double p = pad();
        double inner;
        double innerH;
        switch (arrangement) {
            case ROW -> {
                inner = rowWidth(children);
                innerH = rowHeight(children);
            }
            case STACK -> {
                inner = 0;
                innerH = 0;
                for (LayoutBox c : children) {
                    inner = Math.max(inner, c.w);
                    innerH += c.h;
                }
                innerH += GAP * Math.max(0, children.size() - 1);
            }
            case GRID -> {
                double[] colW = columnWidths();
                double[] rowH = rowHeights();
                inner = sum(colW) + GAP * Math.max(0, colW.length - 1);
                innerH = sum(rowH) + GAP * Math.max(0, rowH.length - 1);
            }
            case IO -> {
                List<LayoutBox> top = top();
                List<LayoutBox> bottom = bottom();
                inner = Math.max(rowWidth(top), rowWidth(bottom));
                innerH = rowHeight(top) + rowHeight(bottom) + (top.isEmpty() || bottom.isEmpty() ? 0 : GAP);
            }
            default -> throw new IllegalStateException();
        }
        double minW = visible ? Math.max(60, title.length() * 7.0 + 24) : 0;
        w = Math.max(minW, inner + 2 * p);
        h = header() + innerH + (children.isEmpty() ? 0 : p) + (visible && children.isEmpty() ? PAD : 0);
    }

    void arrange(double ax, double ay) {
        x = ax;
        y = ay;
        double p = pad();
        double cx = ax + p;
        double cy = ay + header();
        switch (arrangement) {
            case ROW -> place(children, cx, cy);
            case STACK -> {
                for (LayoutBox c : children) {
                    c.arrange(cx, cy);
                    cy += c.h + GAP;
                }
            }
            case GRID -> {
                double[] colW = columnWidths();
                double[] rowH = rowHeights();
                double rowY = cy;
                for (int r = 0; r < rowH.length; r++) {
                    double colX = cx;
                    for (int c = 0; c < colW.length; c++) {
                        int i = r * columns + c;
                        if (i < children.size()) {
                            children.get(i).arrange(colX, rowY);
                        }
                        colX += colW[c] + GAP;
                    }
                    rowY += rowH[r] + GAP;
                }
            }
            case IO -> {
                // GPUs on the bottom row: nothing then sits between a GPU and the NVLink area below.
                place(top(), cx, cy);
                List<LayoutBox> bottom = bottom();
                place(bottom, cx, ay + h - p - rowHeight(bottom));
            }
            default -> { }
        }
    }

    private static void place(List<LayoutBox> row, double x0, double y0) {
        double cx = x0;
        for (LayoutBox c : row) {
            c.arrange(cx, y0);
            cx += c.w + GAP;
        }
    }

    private List<LayoutBox> top() {
        return children.stream().filter(c -> !c.holdsGpu()).toList();
    }

    private List<LayoutBox> bottom() {
        return children.stream().filter(LayoutBox::holdsGpu).toList();
    }

    private static double rowWidth(List<LayoutBox> row) {
        double s = 0;
        for (LayoutBox c : row) {
            s += c.w;
        }
        return s + GAP * Math.max(0, row.size() - 1);
    }

    private static double rowHeight(List<LayoutBox> row) {
        double m = 0;
        for (LayoutBox c : row) {
            m = Math.max(m, c.h);
        }
        return m;
    }

    private double[] columnWidths() {
        int cols = Math.max(1, Math.min(columns, children.size()));
        double[] out = new double[cols];
        for (int i = 0; i < children.size(); i++) {
            out[i % cols] = Math.max(out[i % cols], children.get(i).w);
        }
        return out;
    }

    private double[] rowHeights() {
        int cols = Math.max(1, Math.min(columns, children.size()));
        double[] out = new double[(children.size() + cols - 1) / cols];
        for (int i = 0; i < children.size(); i++) {
            out[i / cols] = Math.max(out[i / cols], children.get(i).h);
        }
        return out;
    }

    private static double sum(double[] a) {
        double s = 0;
        for (double v : a) {
            s += v;
        }
        return s;
    }

    /** Freezes into visible boxes; invisible groups hand their children to the caller. */
    List<NodeBox> freeze() {
        List<NodeBox> kids = new ArrayList<>();
        for (LayoutBox c : children) {
            kids.addAll(c.freeze());
        }
        if (!visible) {
            return kids;
        }
        return List.of(new NodeBox(kind, id, title, subtitle, x, y, w, h, kids, cores, gpu));
    }
}
