package org.topoplanner.importers.export;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.job.SbatchScript;

/**
 * Checks a written job script the way {@code sbatch} reads it: its {@code #SBATCH} lines (up to the first
 * command, as sbatch stops there) must parse as options ({@link SbatchOptions}), name exactly the planned
 * nodes, ask for no more GPUs per node than the node lines give, and read back as exactly the job's request
 * pinned to its nodes; a job of {@code --gpus} whose nodes hold different GPU counts cannot be pinned per
 * node (warning).
 */
final class SbatchScriptCheck {
    private SbatchScriptCheck() {
    }

    static List<Diagnostic> check(String path, String text, Cluster cluster, Placement placement, SbatchPin pin) {
        List<Diagnostic> out = new ArrayList<>();
        // read as sbatch reads them (quotes, backslashes, comments, the first command ends them)
        SbatchScript script = SbatchScript.read(text);
        script.problems().forEach(p -> out.add(Diagnostic.error(path, 0, 0, "sbatch would stop: " + p)));
        List<SbatchScript.Word> words = script.words();
        List<String> args = words.stream().map(SbatchScript.Word::text).toList();
        List<Integer> lineOf = words.stream().map(SbatchScript.Word::line).toList();
        int first = lineOf.isEmpty() ? 0 : lineOf.get(0);
        JobRequest r;
        try {
            r = SbatchOptions.parse(args, placement.job());
        } catch (JobRequestException e) {
            e.problems().forEach(p -> out.add(Diagnostic.error(path, first, 1, "sbatch would reject: " + p)));
            return out;
        }
        if (!new HashSet<>(r.nodelist()).equals(new HashSet<>(placement.hostNames()))
                || r.nodelist().size() != placement.hostNames().size()) {
            out.add(Diagnostic.error(path, first, 1, "--nodelist names " + r.nodelist() + ", not the planned nodes "
                    + placement.hostNames()));
        }
        if (r.minNodes() == null || r.minNodes() != placement.hosts().size()) {
            out.add(Diagnostic.error(path, first, 1, "--nodes is " + r.minNodes() + " but the plan uses "
                    + placement.hosts().size() + " nodes"));
        }
        for (var h : placement.hosts()) {
            int has = cluster.node(h.host()).gpus().size();
            int asked = r.gpusPerNode() != null ? r.gpusPerNode() : h.gpus().size();
            if (asked > has) {
                out.add(Diagnostic.error(path, first, 1, h.host() + " has " + has + " GPUs; asking for " + asked
                        + " per node is rejected (Requested node configuration is not available)"));
            }
            if (h.gpus().stream().anyMatch(g -> g < 0 || g >= has)) {
                out.add(Diagnostic.error(path, first, 1, "the plan gives " + h.host() + " GPUs " + h.gpus()
                        + " but the node has GPUs 0-" + (has - 1)));
            }
        }
        // a job given as pods reads back as the sbatch fields that say the same (#SBATCH has no pod shape)
        JobRequest expected = pin.pinned().toBuilder().podShape(null).build();
        if (!r.withName(expected.name()).equals(expected)) {
            out.add(Diagnostic.error(path, first, 1, "the #SBATCH lines read back as " + r.toSbatchArgs()
                    + ", not the job's request pinned to its nodes " + pin.options()));
        }
        if (r.gpus() != null && placement.hosts().stream().map(h -> h.gpus().size()).distinct().count() > 1) {
            out.add(Diagnostic.warning(path, first, 1, "the planned nodes hold different GPU counts; sbatch asks"
                    + " --gpus=" + r.gpus() + " in total and Slurm may share them out differently"));
        }
        return out;
    }
}
