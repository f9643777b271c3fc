package org.topoplanner.model.workload;

import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;

/**
 * A seeded stream of jobs drawn from a {@link WorkloadProfile}: Poisson arrivals, GPU counts by the
 * profile's weights, log-normal run times. The same specification gives the same jobs on every machine
 * (a {@link SplittableRandom} and no floating-point library calls whose results may differ by platform
 * beyond {@link StrictMath}).
 *
 * <p>Specification: {@code gen:PROFILE[:key=value...]} with keys {@code jobs} (default 1000),
 * {@code seed} (1), {@code rate} (jobs per hour, the profile's), {@code median} (median run time in
 * seconds, the profile's) and {@code gpn} (GPUs per node, 8): {@code gen:helios:jobs=100000:seed=7}.
 *
 * @param profile     the distributions
 * @param jobs        how many jobs
 * @param seed        the random seed
 * @param gpusPerNode GPUs a node of the target designs has: larger jobs ask for whole nodes of that many
 */
public record WorkloadGenerator(WorkloadProfile profile, int jobs, long seed, int gpusPerNode)
        implements Iterable<WorkloadJob> {
    public static final String PREFIX = "gen:";

    public WorkloadGenerator {
        java.util.Objects.requireNonNull(profile, "profile");
        if (jobs < 0 || gpusPerNode < 1) {
            throw new IllegalArgumentException(jobs + " jobs, " + gpusPerNode + " GPUs per node");
        }
    }

    public static boolean isSpec(String text) {
        return text.startsWith(PREFIX);
    }

    /** Reads {@code gen:PROFILE[:key=value...]}. */
    public static WorkloadGenerator parse(String spec) throws WorkloadSpecException {
        if (!isSpec(spec)) {
            throw new WorkloadSpecException("a generated workload starts with gen: (" + spec + ")");
        }
        String[] parts = spec.substring(PREFIX.length()).split(":", -1);
        WorkloadProfile profile = WorkloadProfile.named(parts[0]).orElseThrow(() -> new WorkloadSpecException(
                "unknown profile '" + parts[0] + "'; known: " + String.join(", ",
                        WorkloadProfile.all().stream().map(WorkloadProfile::name).toList())));
        int jobs = 1000;
        long seed = 1;
        int gpn = 8;
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i];
            int eq = p.indexOf('=');
            if (eq <= 0) {
                throw new WorkloadSpecException("'" + p + "' in " + spec + " is not key=value");
            }
            String key = p.substring(0, eq);
            String value = p.substring(eq + 1);
            switch (key) {
                case "jobs" -> jobs = (int) number(spec, key, value, 0, 10_000_000);
                case "seed" -> seed = (long) number(spec, key, value, Long.MIN_VALUE, Long.MAX_VALUE);
                case "gpn" -> gpn = (int) number(spec, key, value, 1, 1024);
                case "rate" -> profile = profile.withJobsPerHour(positive(spec, key, value));
                case "median" -> profile = profile.withMedianSeconds(Math.max(1, positive(spec, key, value)));
                default -> throw new WorkloadSpecException("unknown key '" + key + "' in " + spec
                        + "; known: jobs, seed, rate, median, gpn");
            }
        }
        return new WorkloadGenerator(profile, jobs, seed, gpn);
    }

    private static double number(String spec, String key, String value, double min, double max)
            throws WorkloadSpecException {
        try {
            long v = Long.parseLong(value);
            if (v < min || v > max) {
                throw new WorkloadSpecException(key + "=" + value + " in " + spec + " is outside " + (long) min
                        + ".." + (long) max);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new WorkloadSpecException(key + "=" + value + " in " + spec + " is not a whole number");
        }
    }

    private static double positive(String spec, String key, String value) throws WorkloadSpecException {
        try {
            double v = Double.parseDouble(value);
            if (!(v > 0) || Double.isInfinite(v)) {
                throw new WorkloadSpecException(key + "=" + value + " in " + spec + " must be a positive number");
            }
            return v;
        } catch (NumberFormatException e) {
            throw new WorkloadSpecException(key + "=" + value + " in " + spec + " is not a number");
        }
    }

    /** The specification that gives this generator back. */
    public String spec() {
        return String.format(Locale.ROOT, "gen:%s:jobs=%d:seed=%d:rate=%s:median=%s:gpn=%d", profile.name(), jobs,
                seed, trim(profile.jobsPerHour()), trim(profile.medianSeconds()), gpusPerNode);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    @Override
    public Iterator<WorkloadJob> iterator() {
        SplittableRandom random = new SplittableRandom(seed);
        List<Map.Entry<Integer, Double>> sizes = List.copyOf(profile.sizeWeights().entrySet());
        double total = sizes.stream().mapToDouble(Map.Entry::getValue).sum();
        double meanGapSeconds = 3600.0 / profile.jobsPerHour();
        return new Iterator<>() {
            private int made;
            private double clock;

            @Override
            public boolean hasNext() {
                return made < jobs;
            }

            @Override
            public WorkloadJob next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                made++;
                if (made > 1) {
                    clock += -StrictMath.log(1.0 - random.nextDouble()) * meanGapSeconds;
                }
                int gpus = draw(random.nextDouble() * total);
                double z = normal(random);
                double run = StrictMath.exp(StrictMath.log(profile.medianSeconds()) + profile.sigma() * z);
                long runSeconds = (long) Math.max(1, Math.min(profile.maxSeconds(), Math.rint(run)));
                int nodes = gpus <= gpusPerNode ? 1 : (gpus + gpusPerNode - 1) / gpusPerNode;
                int perNode = gpus <= gpusPerNode ? gpus : gpusPerNode;
                return WorkloadJob.of(Long.toString(made), (long) Math.floor(clock), runSeconds, nodes, perNode);
            }

            private int draw(double u) {
                double acc = 0;
                for (Map.Entry<Integer, Double> e : sizes) {
                    acc += e.getValue();
                    if (u < acc) {
                        return e.getKey();
                    }
                }
                return sizes.get(sizes.size() - 1).getKey();
            }
        };
    }

    /** A standard normal draw (Box-Muller, one of the pair). */
    private static double normal(SplittableRandom random) {
        double u1 = 1.0 - random.nextDouble();
        double u2 = random.nextDouble();
        return StrictMath.sqrt(-2.0 * StrictMath.log(u1)) * StrictMath.cos(2 * Math.PI * u2);
    }
}
