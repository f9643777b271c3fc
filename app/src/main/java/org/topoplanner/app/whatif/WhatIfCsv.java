package org.topoplanner.app.whatif;

import java.util.List;
import java.util.Locale;
import org.topoplanner.allocator.whatif.JobRecord;
import org.topoplanner.allocator.whatif.SizeClass;
import org.topoplanner.allocator.whatif.WaitHistogram;
import org.topoplanner.allocator.whatif.WhatIfCase;
import org.topoplanner.allocator.whatif.WhatIfSummary;

/** The what-if's CSV files (RFC 4180: comma-separated, quoted where a value needs it, one header line). */
public final class WhatIfCsv {
    public static final String RECORD_HEADER = "job,gpus,nodes,submit_s,start_s,end_s,wait_s,hosts,leaves,spines,"
            + "highest_tier,nvlink_domains,bus_gbps,slowdown,free_gpus_at_start,stranded_gpus_at_start,outcome";

    private WhatIfCsv() {
    }

    /** A file name for the run: {@code records-DESIGN-POLICY-DISCIPLINE.csv} with only safe characters. */
    public static String recordFile(WhatIfCase c) {
        return "records-" + slug(c.design()) + "-" + c.policy().id() + "-" + c.discipline().id() + ".csv";
    }

    static String slug(String s) {
        String t = s.replaceAll("[^A-Za-z0-9._-]+", "_");
        return t.isEmpty() ? "design" : t;
    }

    public static String recordLine(JobRecord r) {
        return String.join(",", quote(r.job()), Integer.toString(r.gpus()), Integer.toString(r.nodes()),
                Long.toString(r.submit()), Long.toString(r.start()), Long.toString(r.end()),
                Long.toString(r.waitSeconds()), quote(String.join(" ", r.hosts())), Integer.toString(r.leaves()),
                Integer.toString(r.spines()), Integer.toString(r.highestTier()), Integer.toString(r.nvlinkDomains()),
                number(r.busGBps()), number(r.slowdown()), Integer.toString(r.freeGpusAtStart()),
                Integer.toString(r.strandedGpusAtStart()), quote(r.outcome()));
    }

    /** One line per run and bin: {@code design,policy,discipline,bin_start_s,bin_s,utilisation,queue,stranded_gpus}. */
    public static String series(List<WhatIfSummary> runs) {
        StringBuilder out = new StringBuilder("design,policy,discipline,bin_start_s,bin_s,gpu_utilisation,queued_jobs,"
                + "stranded_gpus\n");
        for (WhatIfSummary s : runs) {
            double[] u = s.utilisation();
            double[] q = s.queueLength();
            double[] st = s.strandedGpus();
            for (int i = 0; i < u.length; i++) {
                out.append(run(s)).append(',').append(number(i * s.binSeconds())).append(',')
                        .append(number(s.binSeconds())).append(',').append(number(u[i])).append(',')
                        .append(number(i < q.length ? q[i] : 0)).append(',').append(number(i < st.length ? st[i] : 0))
                        .append('\n');
            }
        }
        return out.toString();
    }

    /** Waits by job size: count, mean, longest, the median's bucket and every bucket's count. */
    public static String waitsBySize(List<WhatIfSummary> runs) {
        StringBuilder out = new StringBuilder("design,policy,discipline,size_gpus,jobs,mean_wait_s,max_wait_s,"
                + "median_wait_bucket");
        WaitHistogram.LABELS.forEach(l -> out.append(',').append(quote("wait " + l)));
        out.append('\n');
        for (WhatIfSummary s : runs) {
            List<WaitHistogram> w = s.waitsBySize();
            for (int i = 0; i < w.size(); i++) {
                WaitHistogram h = w.get(i);
                out.append(run(s)).append(',').append(quote(SizeClass.ALL.get(i).label())).append(',').append(h.count())
                        .append(',').append(number(h.meanSeconds())).append(',').append(h.maxSeconds()).append(',')
                        .append(quote(h.medianBucket()));
                for (long b : h.buckets()) {
                    out.append(',').append(b);
                }
                out.append('\n');
            }
        }
        return out.toString();
    }

    /** Locality histograms: jobs by leaves spanned and by highest tier. */
    public static String locality(List<WhatIfSummary> runs) {
        StringBuilder out = new StringBuilder("design,policy,discipline,histogram,bucket,jobs\n");
        for (WhatIfSummary s : runs) {
            long[] l = s.leavesHistogram();
            for (int i = 0; i < l.length; i++) {
                out.append(run(s)).append(",leaves,").append(quote(WhatIfSummary.LEAF_LABELS.get(i))).append(',')
                        .append(l[i]).append('\n');
            }
            long[] t = s.tierHistogram();
            for (int i = 0; i < t.length; i++) {
                out.append(run(s)).append(",highest_tier,").append(quote(WhatIfSummary.TIER_LABELS.get(i))).append(',')
                        .append(t[i]).append('\n');
            }
        }
        return out.toString();
    }

    /** One line per run with the headline figures. */
    public static String summary(List<WhatIfSummary> runs) {
        StringBuilder out = new StringBuilder("design,policy,discipline,jobs,ran,never_ran,makespan_s,"
                + "mean_gpu_utilisation,mean_stranded_gpus,one_leaf_share_of_multi_host,one_nvlink_domain_share,"
                + "mean_slowdown,max_slowdown,cancelled\n");
        for (WhatIfSummary s : runs) {
            out.append(run(s)).append(',').append(s.jobs()).append(',').append(s.ran()).append(',')
                    .append(s.jobs() - s.ran()).append(',').append(s.makespanSeconds()).append(',')
                    .append(number(s.meanUtilisation())).append(',').append(number(s.meanStrandedGpus())).append(',')
                    .append(number(s.oneLeafShare())).append(',').append(number(s.oneNvlinkDomainShare())).append(',')
                    .append(number(s.meanSlowdown())).append(',').append(number(s.maxSlowdown())).append(',')
                    .append(s.wasCancelled()).append('\n');
        }
        return out.toString();
    }

    private static String run(WhatIfSummary s) {
        WhatIfCase c = s.runCase();
        return quote(c.design()) + "," + c.policy().id() + "," + c.discipline().id();
    }

    static String number(double v) {
        if (Double.isNaN(v)) {
            return "";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.6g", v);
    }

    static String quote(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
