package org.topoplanner.importers.workload;

import java.util.List;

/**
 * Writes jobs as {@code sacct --parsable2 --format=JobID,Submit,Start,End,NNodes,AllocTRES,ReqTRES,NodeList,
 * Partition,State,Timelimit} prints them: the header, then each job's line followed by its {@code .batch} and
 * {@code .extern} steps, as a site's history has them. {@link SacctReader} reads it back to the same jobs.
 */
public final class SacctWriter {
    /** The fields written, in sacct's spelling and order. */
    public static final List<String> FIELDS = List.of("JobID", "Submit", "Start", "End", "NNodes", "AllocTRES",
            "ReqTRES", "NodeList", "Partition", "State", "Timelimit");

    private SacctWriter() {
    }

    public static String write(List<SacctJob> jobs) {
        StringBuilder out = new StringBuilder(String.join("|", FIELDS)).append('\n');
        for (SacctJob j : jobs) {
            String submit = SacctTime.DATE.format(j.submit());
            String start = SacctTime.DATE.format(j.start());
            String end = SacctTime.DATE.format(j.end());
            String gres = j.gpuType().isEmpty() ? "gres/gpu=" + j.gpus()
                    : "gres/gpu=" + j.gpus() + ",gres/gpu:" + j.gpuType() + "=" + j.gpus();
            String tres = "billing=" + j.gpus() + ",cpu=" + 16 * j.gpus() + "," + gres + ",node=" + j.nodes();
            String nodes = j.nodeList().isEmpty() ? "None assigned" : j.nodeList();
            row(out, j.jobId(), submit, start, end, Integer.toString(j.nodes()), tres, tres, nodes, j.partition(),
                    j.state(), SacctTime.limitText(j.limitSeconds()));
            String first = firstHost(j.nodeList());
            row(out, j.jobId() + ".batch", start, start, end, "1", "cpu=" + 16 * j.gpus() / j.nodes() + ",mem=0,node=1",
                    "", first, "", j.state(), "");
            row(out, j.jobId() + ".extern", start, start, end, Integer.toString(j.nodes()), "billing=" + j.gpus()
                    + ",cpu=" + 16 * j.gpus() + ",node=" + j.nodes(), "", nodes, "", "COMPLETED", "");
        }
        return out.toString();
    }

    private static void row(StringBuilder out, String... values) {
        out.append(String.join("|", values)).append('\n');
    }

    /** The first host of a node list ({@code gpu[001-004]} gives {@code gpu001}): where the batch step ran. */
    private static String firstHost(String nodeList) {
        if (nodeList.isEmpty()) {
            return "None assigned";
        }
        int b = nodeList.indexOf('[');
        if (b < 0) {
            int comma = nodeList.indexOf(',');
            return comma < 0 ? nodeList : nodeList.substring(0, comma);
        }
        String inside = nodeList.substring(b + 1);
        int end = 0;
        while (end < inside.length() && Character.isDigit(inside.charAt(end))) {
            end++;
        }
        return nodeList.substring(0, b) + inside.substring(0, end);
    }
}
