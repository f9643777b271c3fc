package org.topoplanner.allocator.catalog;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The placement policies, in the order the window and {@code compare} show them: the real schedulers
 * first, the planner's optimum last. What each one follows of the settings is declared in
 * {@link PolicyCatalog}.
 */
public enum PolicyId {
    SLURM_TREE("slurm-tree"),
    SLURM_BLOCK("slurm-block"),
    K8S_DEFAULT("k8s-default"),
    KUEUE_TAS("kueue-tas"),
    VOLCANO("volcano"),
    PLANNER("planner");

    private final String id;

    PolicyId(String id) {
        this.id = id;
    }

    /** The spelling on the command line, in project files and in JSON output ({@code slurm-tree}, ...). */
    public String id() {
        return id;
    }

    /** The id, so that choice boxes and {@code --help} list what the command line takes. */
    @Override
    public String toString() {
        return id;
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(PolicyId::id).toList();
    }

    public static Optional<PolicyId> parse(String text) {
        for (PolicyId p : values()) {
            if (p.id.equals(text == null ? "" : text.strip())) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }
}
