package org.topoplanner.app.cli;

import org.topoplanner.allocator.PlacementPolicy;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** {@code --policy P} where a command cannot do without one (place, replay). */
public final class RequiredPolicy {
    @Option(names = "--policy", required = true, paramLabel = "P",
            description = "Placement policy: slurm-tree, slurm-block, k8s-default, kueue-tas, volcano, planner.")
    String id;

    PlacementPolicy create(CommandSpec spec, PolicyArgs args) {
        return PolicyArgs.policy(spec, id, args.options(spec));
    }
}
