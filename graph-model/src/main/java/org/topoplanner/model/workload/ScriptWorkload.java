package org.topoplanner.model.workload;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.replay.JobScript;

/**
 * The product's own job scripts as a workload. A script has submissions, sleeps and cancels but no run
 * times: a job's run time here is the script time from its submission to the {@code cancel} or
 * {@code reset} that ends it, and a job nothing ends runs {@code openEndSeconds} past the script's last
 * step. Submissions sbatch would refuse are left out, each with a note.
 *
 * @param jobs    the jobs in submission order
 * @param skipped one sentence per submission left out
 */
public record ScriptWorkload(List<WorkloadJob> jobs, List<String> skipped) {
    public ScriptWorkload {
        jobs = List.copyOf(jobs);
        skipped = List.copyOf(skipped);
    }

    public static ScriptWorkload of(JobScript script, long openEndSeconds) {
        record Open(String id, long submit, JobRequest request, int gpus) {
        }
        double clock = 0;
        Map<String, List<Open>> running = new LinkedHashMap<>();
        Map<String, Integer> seen = new HashMap<>();
        List<WorkloadJob> done = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (JobScript.Step step : script.steps()) {
            long now = (long) Math.floor(clock);
            if (step instanceof JobScript.Submit s) {
                try {
                    int n = seen.merge(s.name(), 1, Integer::sum);
                    String id = n == 1 ? s.name() : s.name() + "#" + n;
                    JobRequest r = SbatchOptions.parse(s.args(), s.name()).withName(id);
                    running.computeIfAbsent(s.name(), k -> new ArrayList<>()).add(new Open(id, now, r, gpusOf(r)));
                } catch (JobRequestException e) {
                    skipped.add("job " + s.name() + ": " + e.getMessage());
                }
            } else if (step instanceof JobScript.Sleep s) {
                clock += s.seconds();
            } else if (step instanceof JobScript.Cancel c) {
                for (String name : c.names()) {
                    for (Open o : running.getOrDefault(name, List.of())) {
                        done.add(job(o.id, o.submit, now - o.submit, o.request, o.gpus));
                    }
                    running.remove(name);
                }
            } else if (step instanceof JobScript.Reset) {
                running.values().forEach(l -> l.forEach(o -> done.add(job(o.id, o.submit, now - o.submit, o.request,
                        o.gpus))));
                running.clear();
            }
        }
        long end = (long) Math.floor(clock) + openEndSeconds;
        running.values().forEach(l -> l.forEach(o -> done.add(job(o.id, o.submit, end - o.submit, o.request,
                o.gpus))));
        done.sort(java.util.Comparator.comparingLong(WorkloadJob::submit));
        return new ScriptWorkload(done, skipped);
    }

    private static WorkloadJob job(String id, long submit, long run, JobRequest r, int gpus) {
        return new WorkloadJob(id, submit, Math.max(1, run), 0, r, gpus, r.partition() == null ? "" : r.partition(), "");
    }

    /** GPUs asked for in all: --gpus, else per node x nodes, else per task x tasks. */
    static int gpusOf(JobRequest r) {
        if (r.gpus() != null) {
            return r.gpus();
        }
        if (r.gpusPerNode() != null) {
            return r.gpusPerNode() * r.requestedNodes();
        }
        if (r.gpusPerTask() != null) {
            int tasks = r.ntasks() != null ? r.ntasks()
                    : r.ntasksPerNode() != null ? r.ntasksPerNode() * r.requestedNodes() : 1;
            return r.gpusPerTask() * tasks;
        }
        return 0;
    }
}
