package org.topoplanner.model.workload;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A named distribution of jobs for {@link WorkloadGenerator}: how many GPUs a job asks for, how long it
 * runs, how often jobs arrive.
 *
 * <p>The weights and medians below are <b>ours</b>: chosen to have the shape the cited trace studies
 * report (most jobs use one GPU, a small share use many nodes, run times are heavy-tailed over minutes to
 * days), not fitted to the traces, and the papers' own figures were not re-read when they were set. They
 * make workloads with a plausible mix to compare designs and policies on; to answer for one site, replay
 * that site's {@code sacct} history instead.
 *
 * @param name          the name after {@code gen:}
 * @param source        the study the shape follows, and what of it is used
 * @param sizeWeights   GPUs per job to relative weight (need not sum to 1); sizes above the GPUs per node
 *                      take whole nodes
 * @param medianSeconds median run time: run times are log-normal around it
 * @param sigma         the log-normal's sigma (spread of ln run time)
 * @param maxSeconds    run times are cut here
 * @param jobsPerHour   mean arrival rate (Poisson arrivals)
 */
public record WorkloadProfile(String name, String source, Map<Integer, Double> sizeWeights, double medianSeconds,
                              double sigma, double maxSeconds, double jobsPerHour) {
    public WorkloadProfile {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(source, "source");
        sizeWeights = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(sizeWeights));
        if (sizeWeights.isEmpty() || sizeWeights.values().stream().anyMatch(w -> !(w >= 0))
                || sizeWeights.keySet().stream().anyMatch(g -> g < 1) || !(medianSeconds >= 1) || !(sigma >= 0)
                || !(maxSeconds >= medianSeconds) || !(jobsPerHour > 0)) {
            throw new IllegalArgumentException("profile " + name + ": sizes " + sizeWeights + ", median "
                    + medianSeconds + " s, sigma " + sigma + ", max " + maxSeconds + " s, " + jobsPerHour + " jobs/h");
        }
    }

    private static Map<Integer, Double> sizes(double... gpusThenWeight) {
        Map<Integer, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < gpusThenWeight.length; i += 2) {
            m.put((int) gpusThenWeight[i], gpusThenWeight[i + 1]);
        }
        return m;
    }

    /** Microsoft Philly: many small, short research jobs. */
    public static final WorkloadProfile PHILLY = new WorkloadProfile("philly",
            "Jeon et al., Analysis of Large-Scale Multi-Tenant GPU Clusters for DNN Training Workloads, USENIX ATC'19"
                    + " (Microsoft Philly, 2017): most jobs use one GPU and multi-node jobs are a small minority that"
                    + " queue longest; run times from minutes to weeks. Weights ours, not fitted.",
            sizes(1, 0.70, 2, 0.10, 4, 0.10, 8, 0.07, 16, 0.02, 32, 0.01), 1800, 1.8, 14 * 86400.0, 60);

    /** SenseTime Helios: more multi-GPU and multi-node training than Philly, shorter typical jobs. */
    public static final WorkloadProfile HELIOS = new WorkloadProfile("helios",
            "Hu et al., Characterization and Prediction of Deep Learning Workloads in Large-Scale GPU Datacenters,"
                    + " SC'21 (SenseTime Helios, April-September 2020): single-GPU jobs are the majority of jobs but"
                    + " large jobs hold most GPU time; many jobs are short (debugging, failed). Weights ours, not fitted.",
            sizes(1, 0.55, 2, 0.08, 4, 0.10, 8, 0.15, 16, 0.06, 32, 0.04, 64, 0.015, 128, 0.005), 600, 2.0,
            7 * 86400.0, 120);

    /** Alibaba PAI: a high rate of small jobs (PAI shares GPUs; a fractional request is taken as one GPU here). */
    public static final WorkloadProfile PAI = new WorkloadProfile("pai",
            "Weng et al., MLaaS in the Wild: Workload Analysis and Scheduling in Large-Scale Heterogeneous GPU"
                    + " Clusters, NSDI'22 (Alibaba PAI, two months of 2020, over 6,000 GPUs): most task instances"
                    + " ask for one GPU or less (shared GPUs, taken as one whole GPU here); few distributed jobs."
                    + " Weights ours, not fitted.",
            sizes(1, 0.80, 2, 0.07, 4, 0.06, 8, 0.05, 16, 0.015, 32, 0.005), 900, 1.6, 3 * 86400.0, 200);

    /** Large-model training: no public trace behind it, a hypothetical site of multi-node jobs. */
    public static final WorkloadProfile LARGE_TRAINING = new WorkloadProfile("large-training",
            "No trace study: a hypothetical site training large models, where every job takes whole 8-GPU nodes"
                    + " and runs for hours. Use it to stress the fabric, not as evidence of any real site.",
            sizes(8, 0.20, 16, 0.20, 32, 0.20, 64, 0.20, 128, 0.15, 256, 0.05), 6 * 3600.0, 1.0, 4 * 86400.0, 4);

    /** Every named profile in the order the documentation lists them. */
    public static List<WorkloadProfile> all() {
        return List.of(PHILLY, HELIOS, PAI, LARGE_TRAINING);
    }

    public static Optional<WorkloadProfile> named(String name) {
        return all().stream().filter(p -> p.name.equals(name)).findFirst();
    }

    public WorkloadProfile withJobsPerHour(double rate) {
        return new WorkloadProfile(name, source, sizeWeights, medianSeconds, sigma, maxSeconds, rate);
    }

    public WorkloadProfile withMedianSeconds(double median) {
        return new WorkloadProfile(name, source, sizeWeights, median, sigma, Math.max(maxSeconds, median), jobsPerHour);
    }
}
