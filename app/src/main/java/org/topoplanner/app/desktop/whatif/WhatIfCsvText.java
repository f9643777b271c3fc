package org.topoplanner.app.desktop.whatif;

import java.util.Locale;

/** How the table and status line print bandwidths and ratios: one decimal, a dash when unknown. */
final class WhatIfCsvText {
    private WhatIfCsvText() {
    }

    static String gbps(double v) {
        return Double.isNaN(v) ? "-" : Double.isInfinite(v) ? "no ring step" : String.format(Locale.ROOT, "%.1f", v);
    }

    static String ratio(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
    }
}
