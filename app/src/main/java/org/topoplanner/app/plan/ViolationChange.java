package org.topoplanner.app.plan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.allocator.validate.Violation;

/**
 * What a change of placement does to a job's violations: the ones it adds (what got worse) and the
 * ones it clears. Violations are matched by code, as many of each as there were: a share moved from
 * one host to another carries its per-host warnings along under new host names, which is no news,
 * while a job that now spans a second leaf has a {@code CROSS_LEAF} it did not have.
 *
 * @param added   violations after the change beyond those of the same code before
 * @param cleared violations before the change beyond those of the same code after
 */
public record ViolationChange(List<Violation> added, List<Violation> cleared) {
    public ViolationChange {
        added = List.copyOf(added);
        cleared = List.copyOf(cleared);
    }

    public static ViolationChange between(List<Violation> before, List<Violation> after) {
        return new ViolationChange(beyond(after, before), beyond(before, after));
    }

    /** One line for the status bar: what got worse first, else what got better, else that nothing did. */
    public String summary() {
        if (!added.isEmpty()) {
            Violation first = added.get(0);
            return "worse: " + first.code() + ": " + first.sentence()
                    + (added.size() > 1 ? " (and " + (added.size() - 1) + " more)" : "");
        }
        if (!cleared.isEmpty()) {
            return "better: clears " + String.join(", ", cleared.stream().map(Violation::code).distinct().toList());
        }
        return "no violation added";
    }

    /** The violations of {@code xs} left after taking out, code by code, as many as {@code ys} has. */
    private static List<Violation> beyond(List<Violation> xs, List<Violation> ys) {
        Map<String, Integer> budget = new HashMap<>();
        ys.forEach(v -> budget.merge(v.code(), 1, Integer::sum));
        List<Violation> out = new ArrayList<>();
        for (Violation v : xs) {
            if (budget.merge(v.code(), -1, Integer::sum) < 0) {
                out.add(v);
            }
        }
        return out;
    }
}
