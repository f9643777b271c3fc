package org.topoplanner.allocator.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The measured times of a timed harness output ({@code .ci/oracle-timed/run-timed.sh}) as a {@link MeasuredRun}: per
 * submit line its {@code seq}, {@code t_rpc} (sbatch's return when slurmctld logged none; the job's {@code t_alloc}
 * when a pass started it before that, {@link #heldFrom}), {@code t_look} and the next step's time (the next
 * submission's RPC, a cancel's scancel RPC, or else a cancel's, reset's or sleep's {@code t_step}
 * start), the look RPC's receipt {@code t_look_rpc} when logged (opt-in {@code ORACLE_TIMED_LOOKS=1}), and the
 * passes of the {@code sched_log} line; each cancel's {@code t_step} end by its {@code t_rpc}, the "default depth" passes
 * and every cancel step's {@code t_rpc} in order ({@link CancelEnds}); with {@code sched_log.limit_checks} (opt-in
 * {@code ORACLE_TIMED_BUILDS=1}) sched/builtin's builds ({@link BuiltinBuilds}: checks away from their job's logged submission
 * RPC, {@code sched_log.submits}, and from the passes) and each snapshot and final look's answer. An output without times gives
 * {@link MeasuredRun#NONE}.
 */
final class TimedOutput {
    private static final ObjectMapper JSON = new ObjectMapper();

    private TimedOutput() {
    }

    static MeasuredRun measured(List<String> lines) {
        List<JsonNode> all = new ArrayList<>();
        for (String l : lines) {
            if (!l.isBlank()) {
                try {
                    all.add(JSON.readTree(l));
                } catch (IOException e) {
                    throw new IllegalArgumentException("bad JSON line: " + l, e);
                }
            }
        }
        List<Double> passes = new ArrayList<>();
        List<Double> defaultDepth = new ArrayList<>();
        all.stream().filter(j -> "sched_log".equals(j.path("type").asText()))
                .forEach(j -> j.path("passes").forEach(p -> {
                    passes.add(p.path("t").asDouble());
                    if ("default depth".equals(p.path("kind").asText())) {
                        defaultDepth.add(p.path("t").asDouble());
                    }
                }));
        Map<Double, Double> cancelStepEnds = new HashMap<>();
        all.stream().filter(j -> "cancel".equals(j.path("type").asText()) && j.has("t_rpc") && j.has("t_step"))
                .forEach(j -> cancelStepEnds.put(j.path("t_rpc").asDouble(), j.path("t_step").get(1).asDouble()));
        // every cancel step's kill RPC in order (one cancel line per step of the script), NaN when none was logged
        List<Double> killRpcs = all.stream().filter(j -> "cancel".equals(j.path("type").asText()))
                .map(j -> j.has("t_rpc") ? j.path("t_rpc").asDouble() : Double.NaN).toList();
        Map<Integer, MeasuredRun.Submission> submissions = new HashMap<>();
        for (int i = 0; i < all.size(); i++) {
            JsonNode j = all.get(i);
            if (!isSubmission(j) || !j.has("t_look")) {
                continue;
            }
            double next = Double.POSITIVE_INFINITY;
            boolean logged = false;
            for (int k = i + 1; k < all.size() && next == Double.POSITIVE_INFINITY; k++) {
                next = stepStart(all.get(k));
                logged = isSubmission(all.get(k)) || all.get(k).has("t_rpc");
            }
            submissions.put(j.path("seq").asInt(), new MeasuredRun.Submission(j.path("name").asText(), heldFrom(j),
                    j.path("t_look").get(0).asDouble(), j.path("t_look").get(1).asDouble(), next, logged,
                    j.has("t_look_rpc") ? j.path("t_look_rpc").asDouble() : Double.NaN));
        }
        if (submissions.isEmpty()) {
            return MeasuredRun.NONE;
        }
        MeasuredRun run = new MeasuredRun(submissions, passes, cancelStepEnds, defaultDepth, killRpcs);
        List<BuiltinBuilds.LimitCheck> checks = new ArrayList<>();
        Map<Integer, Double> rpcs = new HashMap<>();
        all.stream().filter(j -> "sched_log".equals(j.path("type").asText())).forEach(j -> {
            j.path("limit_checks").forEach(c -> checks.add(new BuiltinBuilds.LimitCheck(c.path("t").asDouble(),
                    c.path("job").asInt())));
            j.path("submits").fields().forEachRemaining(e -> rpcs.put(Integer.parseInt(e.getKey()),
                    e.getValue().asDouble()));
        });
        // a submission line's own RPC where the sched log has none for its job id
        all.stream().filter(j -> isSubmission(j) && j.has("t_sbatch") && j.has("job_id"))
                .forEach(j -> rpcs.putIfAbsent(j.path("job_id").asInt(), rpc(j)));
        if (checks.isEmpty()) {
            return run;
        }
        Map<String, List<Double>> looks = new HashMap<>();
        all.stream().filter(j -> "job".equals(j.path("type").asText()) && j.has("t_look")
                        && ("snapshot".equals(j.path("when").asText()) || "final".equals(j.path("when").asText())))
                .forEach(j -> looks.computeIfAbsent(MeasuredRun.lookKey(j.path("when").asText(),
                        j.path("name").asText()), k -> new ArrayList<>()).add(MeasuredRun.answerAt(
                        j.has("t_look_rpc") ? j.path("t_look_rpc").asDouble() : Double.NaN,
                        j.path("t_look").get(1).asDouble())));
        return run.withBuilds(BuiltinBuilds.fromLimitChecks(checks, rpcs, passes), looks);
    }

    private static boolean isSubmission(JsonNode j) {
        return "job".equals(j.path("type").asText()) && "submit".equals(j.path("when").asText())
                && !"REJECTED".equals(j.path("state").asText());
    }

    private static double rpc(JsonNode j) {
        return j.has("t_rpc") ? j.path("t_rpc").asDouble() : j.path("t_sbatch").get(1).asDouble();
    }

    /**
     * From when slurmctld held the submitted job, as far as measured: its logged RPC ({@link #rpc}), or its start when
     * a pass logged before that RPC started it. {@code _slurm_rpc_submit_batch_job} ({@code proc_req.c}, 24.11.5 and
     * 26.05) logs the RPC after {@code unlock_slurmctld}, and {@code _schedule} ({@code job_scheduler.c}) logs its
     * "Running job scheduler" after its own {@code lock_slurmctld}, so a pass can take the lock between the two and
     * start the job: lead's case featfz29 f23 under 24.11.5, started by the pass logged at .011, RPC logged at .019,
     * read RUNNING.
     */
    private static double heldFrom(JsonNode j) {
        return j.has("t_alloc") ? Math.min(rpc(j), j.path("t_alloc").asDouble()) : rpc(j);
    }

    /** When a step reached slurmctld, or positive infinity for a line that is no timed step. */
    private static double stepStart(JsonNode j) {
        if (isSubmission(j) && j.has("t_sbatch")) {
            return rpc(j);
        }
        String type = j.path("type").asText();
        if ("cancel".equals(type) && j.path("job_ids").isArray() && j.path("job_ids").isEmpty()) {
            // none of its names had a job (each refused at submit): the harness sends no scancel (oracle.py
            // cancel: only "if ids"), so slurmctld sees no step here and the next one is the step after it
            return Double.POSITIVE_INFINITY;
        }
        if ("cancel".equals(type) && j.has("t_rpc")) {
            return j.path("t_rpc").asDouble(); // slurmctld's scancel RPC (REQUEST_KILL_JOB), logged
        }
        if (("cancel".equals(type) || "reset".equals(type) || "sleep".equals(type)) && j.has("t_step")) {
            return j.path("t_step").get(0).asDouble();
        }
        return Double.POSITIVE_INFINITY;
    }
}
