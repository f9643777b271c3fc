package org.topoplanner.app.cli;

import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** {@code --policy P} where a command cannot do without one (place, replay). */
public final class RequiredPolicy {
    @Option(names = "--policy", required = true, paramLabel = "P", converter = SettingWords.Policies.class,
            completionCandidates = SettingWords.Policies.class,
            description = "Placement policy: ${COMPLETION-CANDIDATES}.")
    PolicyId id;

    PolicyChoice choice(CommandSpec spec, PolicyArgs args) {
        return args.choice(spec, id);
    }
}
