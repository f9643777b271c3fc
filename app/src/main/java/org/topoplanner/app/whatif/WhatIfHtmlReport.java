package org.topoplanner.app.whatif;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.topoplanner.allocator.whatif.SizeClass;
import org.topoplanner.allocator.whatif.WaitHistogram;
import org.topoplanner.allocator.whatif.WhatIfSummary;

/**
 * The what-if as one self-contained HTML page (inline SVG, no scripts, no outside files): the headline table,
 * charts per design (utilisation and queue over time per policy, mean wait by job size, locality histograms),
 * and the model notes with each policy's provenance.
 */
public final class WhatIfHtmlReport {
    private WhatIfHtmlReport() {
    }

    public static String render(WhatIfStudy study, List<WhatIfSummary> runs) {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>What-if: ")
                .append(SvgChart.esc(study.workload().name())).append("</title>\n<style>body{font-family:sans-serif;"
                        + "margin:24px;max-width:1100px}table{border-collapse:collapse;font-size:13px}td,th{border:1px"
                        + " solid #ccc;padding:3px 6px;text-align:right}th{background:#f3f3f3}td:first-child,"
                        + "th:first-child{text-align:left}.notes li{margin:4px 0}svg{display:block;margin:10px 0}"
                        + "</style></head><body>\n");
        h.append("<h1>What-if: ").append(SvgChart.esc(study.workload().name())).append("</h1>\n<p>")
                .append(study.workload().size()).append(" jobs on ").append(study.designs().size())
                .append(" design(s) under ").append(study.policies().size()).append(" policies, queue discipline ")
                .append(study.discipline().id()).append(".</p>\n");
        h.append("<h2>Summary</h2>\n<table><tr><th>design</th><th>policy</th><th>jobs ran</th><th>never ran</th>"
                + "<th>makespan (h)</th><th>GPU utilisation</th><th>stranded GPUs (mean)</th><th>multi-host jobs on one"
                + " leaf</th><th>jobs in one NVLink domain</th><th>mean slowdown</th><th>max slowdown</th></tr>\n");
        for (WhatIfSummary s : runs) {
            h.append("<tr><td>").append(SvgChart.esc(s.runCase().design())).append("</td><td>")
                    .append(s.runCase().policy().id()).append(s.wasCancelled() ? " (cancelled)" : "").append("</td><td>")
                    .append(s.ran()).append("</td><td>").append(s.jobs() - s.ran()).append("</td><td>")
                    .append(f(s.makespanSeconds() / 3600.0)).append("</td><td>").append(pct(s.meanUtilisation()))
                    .append("</td><td>").append(f(s.meanStrandedGpus())).append("</td><td>").append(pct(s.oneLeafShare()))
                    .append("</td><td>").append(pct(s.oneNvlinkDomainShare())).append("</td><td>")
                    .append(f(s.meanSlowdown())).append("</td><td>").append(f(s.maxSlowdown())).append("</td></tr>\n");
        }
        h.append("</table>\n");
        for (WhatIfStudy.Design d : study.designs()) {
            List<WhatIfSummary> mine = runs.stream().filter(s -> s.runCase().design().equals(d.name())).toList();
            if (mine.isEmpty()) {
                continue;
            }
            h.append("<h2>Design ").append(SvgChart.esc(d.name())).append(" (").append(d.cluster().hostNames().size())
                    .append(" hosts, ").append(mine.get(0).gpus()).append(" GPUs)</h2>\n");
            double bin = mine.get(0).binSeconds();
            h.append(SvgChart.lines("GPU utilisation over time", "busy GPUs / all", bin,
                    series(mine, WhatIfSummary::utilisation), 1.0));
            h.append(SvgChart.lines("Jobs waiting over time", "queued jobs", bin,
                    series(mine, WhatIfSummary::queueLength), 0));
            h.append(SvgChart.lines("Stranded GPUs over time", "free GPUs on partly used nodes", bin,
                    series(mine, WhatIfSummary::strandedGpus), 0));
            List<SvgChart.Series> waits = new ArrayList<>();
            for (WhatIfSummary s : mine) {
                waits.add(new SvgChart.Series(s.runCase().policy().id(), s.waitsBySize().stream()
                        .mapToDouble(w -> w.meanSeconds() / 60.0).toArray()));
            }
            h.append(SvgChart.bars("Mean wait by job size", "minutes", "GPUs per job",
                    SizeClass.ALL.stream().map(SizeClass::label).toList(), waits));
            h.append(SvgChart.bars("Jobs by leaves spanned", "jobs", "leaves", WhatIfSummary.LEAF_LABELS,
                    mine.stream().map(s -> new SvgChart.Series(s.runCase().policy().id(),
                            toDouble(s.leavesHistogram()))).toList()));
            h.append(SvgChart.bars("Jobs by highest switch tier crossed", "jobs", "tier",
                    WhatIfSummary.TIER_LABELS, mine.stream().map(s -> new SvgChart.Series(s.runCase().policy().id(),
                            toDouble(s.tierHistogram()))).toList()));
            h.append(waitTable(mine));
        }
        h.append("<h2>Model notes</h2>\n<ul class=\"notes\">\n");
        ModelNotes.model(study.slowdown(), study.discipline()).forEach(n -> h.append("<li>").append(SvgChart.esc(n))
                .append("</li>\n"));
        h.append("</ul>\n<h3>Policies</h3>\n<ul class=\"notes\">\n");
        study.policies().forEach(p -> h.append("<li><b>").append(p.id()).append("</b>: ")
                .append(SvgChart.esc(ModelNotes.provenance(p.policy()))).append("</li>\n"));
        h.append("</ul>\n");
        if (study.workload().generator() != null) {
            h.append("<h3>Workload</h3>\n<p>").append(SvgChart.esc(study.workload().generator().profile().source()))
                    .append("</p>\n");
        }
        return h.append("</body></html>\n").toString();
    }

    private static String waitTable(List<WhatIfSummary> mine) {
        StringBuilder t = new StringBuilder("<table><tr><th>policy</th><th>GPUs per job</th><th>jobs</th>"
                + "<th>mean wait (min)</th><th>longest (h)</th><th>median within</th></tr>\n");
        for (WhatIfSummary s : mine) {
            List<WaitHistogram> w = s.waitsBySize();
            for (int i = 0; i < w.size(); i++) {
                if (w.get(i).count() == 0) {
                    continue;
                }
                t.append("<tr><td>").append(s.runCase().policy().id()).append("</td><td>")
                        .append(SizeClass.ALL.get(i).label()).append("</td><td>").append(w.get(i).count())
                        .append("</td><td>").append(f(w.get(i).meanSeconds() / 60)).append("</td><td>")
                        .append(f(w.get(i).maxSeconds() / 3600.0)).append("</td><td>")
                        .append(SvgChart.esc(w.get(i).medianBucket())).append("</td></tr>\n");
            }
        }
        return t.append("</table>\n").toString();
    }

    private static List<SvgChart.Series> series(List<WhatIfSummary> runs,
                                                java.util.function.Function<WhatIfSummary, double[]> f) {
        return runs.stream().map(s -> new SvgChart.Series(s.runCase().policy().id(), f.apply(s))).toList();
    }

    private static double[] toDouble(long[] v) {
        double[] d = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            d[i] = v[i];
        }
        return d;
    }

    private static String f(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String pct(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * v);
    }
}
