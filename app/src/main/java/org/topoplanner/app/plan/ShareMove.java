package org.topoplanner.app.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * A placed job grabbed by its share on one host and dropped elsewhere, as an HPC engineer means it
 * when hand-editing a placement: that host's GPUs and cores go to the target, and the job's other
 * hosts stay where they are. Moving one rank of a 4-node job off a busy or broken node should not
 * reshuffle the other three; re-placing the whole job is what "Apply suggestion" is for. A single-node
 * job moves whole, which is the same rule.
 *
 * <p>On a host the share goes to that host. Under a switch it goes to the host of that subtree that
 * fits it most tightly (fewest GPUs left over, as Slurm's best fit does), so the rest of the leaf stays
 * open for bigger jobs. A drop that would change nothing (the background, the share's own host, a
 * switch it is already under) is no move at all.
 *
 * @param job      the grabbed job
 * @param fromHost the host whose share was grabbed
 */
public record ShareMove(String job, String fromHost) {

    /**
     * The job's placement after the move, validated against everything else; empty when the drop
     * moves nothing, impossible (without a placement) when the target cannot take the share.
     */
    public Optional<Advice> advise(Plan plan, DropTarget target, PlacementAdvisor advisor, PolicyChoice choice) {
        Checker check = p -> advisor.check(plan, plan.request(job), p, choice);
        Placement before = plan.placements().get(job);
        Optional<HostAllocation> share = before == null ? Optional.empty() : before.on(fromHost);
        if (share.isEmpty()) {
            return Optional.of(Advice.impossible(job + " holds nothing on " + fromHost));
        }
        ShareOnHost on = new ShareOnHost(plan.cluster(), plan.stateWithout(job));
        if (target instanceof DropTarget.OnHost h) {
            return h.name().equals(fromHost) ? Optional.empty()
                    : Optional.of(onto(plan, before, h.name(), () -> on.place(share.get(), h.name()), check));
        }
        if (target instanceof DropTarget.OnGpus g) {
            boolean same = g.host().equals(fromHost) && g.gpus().equals(share.get().gpus());
            return same ? Optional.empty()
                    : Optional.of(onto(plan, before, g.host(), () -> on.place(share.get(), g.host(), g.gpus()), check));
        }
        if (target instanceof DropTarget.OnSwitch s) {
            List<String> under = plan.cluster().fabric().hostsUnder(s.name());
            if (under.contains(fromHost)) {
                return Optional.empty();
            }
            boolean exclusive = plan.request(job).exclusive();
            return Optional.of(tightestHost(before, share.get(), under, on, exclusive)
                    .map(h -> onto(plan, before, h, () -> on.place(share.get(), h), check))
                    .orElseGet(() -> Advice.impossible("no host under " + s.name() + " has room for " + what(share.get()))));
        }
        return Optional.empty();
    }

    private Advice onto(Plan plan, Placement before, String host, java.util.function.Supplier<HostAllocation> moved,
                        Checker check) {
        if (!plan.cluster().fabric().hasHost(host) && !plan.cluster().hostNames().contains(host)) {
            return Advice.impossible("no host " + host);
        }
        if (!host.equals(fromHost) && before.on(host).isPresent()) {
            return Advice.impossible(job + " already runs on " + host + "; a job takes each node once");
        }
        List<HostAllocation> hosts = new ArrayList<>();
        HostAllocation to = moved.get();
        for (HostAllocation a : before.hosts()) {
            hosts.add(a.host().equals(fromHost) ? to : a);
        }
        return check.check(new Placement(job, hosts));
    }

    /** The host under the switch that holds the share with the least to spare, hosts of the job left out. */
    private static Optional<String> tightestHost(Placement before, HostAllocation share, List<String> under,
                                                 ShareOnHost on, boolean exclusive) {
        return under.stream()
                .filter(h -> before.on(h).isEmpty() && on.fits(share, h, exclusive))
                .min(Comparator.comparingInt((String h) -> on.freeGpus(h).size())
                        .thenComparingInt(h -> on.freeCores(h).size()));
    }

    /** Validates the job as it would stand after the move, under the window's policy and settings. */
    private interface Checker {
        Advice check(Placement after);
    }

    private static String what(HostAllocation share) {
        return share.gpus().isEmpty() ? "the share of " + share.host()
                : share.gpus().size() + " GPU" + (share.gpus().size() == 1 ? "" : "s") + " of " + share.host();
    }
}
