package org.topoplanner.app.desktop.inspector;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.topoplanner.app.plan.PolicyComparison;
import org.topoplanner.app.plan.Verdict;

/**
 * A row of the inspector's every-policy table: a policy and its answer, or, while the answer is
 * still being computed in the background (or could not be), a word saying so.
 *
 * @param policy  the policy's id
 * @param answer  the policy's answer, once computed
 * @param waiting what to show instead while there is no answer: {@link #COMPUTING} or a failure
 */
public record ComparisonLine(String policy, Optional<PolicyComparison.Row> answer, String waiting) {
    static final String COMPUTING = "computing\u2026";

    public ComparisonLine {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(answer, "answer");
        Objects.requireNonNull(waiting, "waiting");
    }

    static ComparisonLine computing(String policy) {
        return new ComparisonLine(policy, Optional.empty(), COMPUTING);
    }

    static ComparisonLine failed(String policy, String why) {
        return new ComparisonLine(policy, Optional.empty(), "failed: " + why);
    }

    static ComparisonLine of(PolicyComparison.Row row) {
        return new ComparisonLine(row.policy(), Optional.of(row), "");
    }

    /** The verdict, or for an impossible job the reason; the waiting word before there is an answer. */
    String verdict() {
        return answer.map(r -> r.advice().verdict() == Verdict.IMPOSSIBLE ? r.advice().reason()
                : r.advice().verdict().name().toLowerCase(Locale.ROOT)).orElse(waiting);
    }

    String nodes() {
        return answer.map(PolicyComparison.Row::nodes).orElse("");
    }

    String leaves() {
        return answer.map(PolicyComparison.Row::leaves).orElse("");
    }

    String spines() {
        return answer.map(PolicyComparison.Row::spines).orElse("");
    }

    String ring() {
        return answer.map(PolicyComparison.Row::ring).orElse("");
    }
}
