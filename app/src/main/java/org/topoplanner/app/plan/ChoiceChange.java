package org.topoplanner.app.plan;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.model.project.ViewState;

/**
 * A change of the policy or of the settings it works under, as an undoable edit: the choice is kept in
 * the plan's view (where a saved project keeps it), so undo and redo bring it back with the plan, and
 * the Edit menu names what changed the way the toolbar spells it ({@code Undo policy slurm-tree},
 * {@code Undo Topology Manager single-numa-node}).
 */
public final class ChoiceChange {
    private ChoiceChange() {
    }

    /** The edit from the plan's current choice to {@code next}. */
    public static PlanEdit to(PolicyChoice before, PolicyChoice next) {
        String description = describe(before, next);
        return new PlanEdit() {
            @Override
            public String description() {
                return description;
            }

            @Override
            public Plan apply(Plan plan) {
                return plan.withView(withChoice(plan.view(), next));
            }
        };
    }

    /** The choice a plan holds in its view. */
    public static PolicyChoice of(Plan plan) {
        return PolicyChoice.of(plan.view());
    }

    /** {@code view} keeping {@code choice} as a saved project does. */
    public static ViewState withChoice(ViewState view, PolicyChoice choice) {
        return new ViewState(view.selection(), view.zoom(), view.centerX(), view.centerY(), choice.id(), view.theme(),
                choice.toSaved());
    }

    /** What changed, in the toolbar's words; several parts joined with commas. */
    static String describe(PolicyChoice before, PolicyChoice after) {
        List<String> parts = new ArrayList<>();
        if (before.policy() != after.policy()) {
            parts.add("policy " + after.id());
        }
        if (before.settings().slurmVersion() != after.settings().slurmVersion()) {
            parts.add("Slurm " + after.settings().slurmVersion().label());
        }
        if (before.settings().topologyManager() != after.settings().topologyManager()) {
            parts.add("Topology Manager " + after.settings().topologyManager().flag());
        }
        if (before.settings().topologyScope() != after.settings().topologyScope()) {
            parts.add("Topology Manager scope " + after.settings().topologyScope().flag());
        }
        if (!before.settings().topology().equals(after.settings().topology())) {
            String words = after.settings().topology().describe();
            parts.add("job topology " + (words.isEmpty() ? "none" : words));
        }
        return parts.isEmpty() ? "settings" : String.join(", ", parts);
    }
}
