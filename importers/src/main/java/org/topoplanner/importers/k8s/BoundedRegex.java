package org.topoplanner.importers.k8s;

import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Matches a user-supplied pattern against node names the way Volcano does (Go's
 * {@code regexp.MatchString}: a match anywhere in the name), but with a step budget, because Java's
 * backtracking engine can take exponential time on patterns that RE2 runs in linear time.
 */
final class BoundedRegex {
    /** Characters the engine may look at per name before the match is given up. */
    static final int STEP_BUDGET = 200_000;

    private final Pattern pattern;

    private BoundedRegex(Pattern pattern) {
        this.pattern = pattern;
    }

    /** The compiled pattern, or the reason it does not compile. */
    static BoundedRegex compile(String regex) throws PatternSyntaxException {
        return new BoundedRegex(Pattern.compile(regex));
    }

    /** True or false when decided within the budget, empty when the budget ran out. */
    Optional<Boolean> find(String name) {
        try {
            return Optional.of(pattern.matcher(new Budgeted(name)).find());
        } catch (BudgetExceeded e) {
            return Optional.empty();
        }
    }

    private static final class BudgetExceeded extends RuntimeException {
        BudgetExceeded() {
            super(null, null, false, false);
        }
    }

    /** A string that stops the regex engine after {@link #STEP_BUDGET} character reads. */
    private static final class Budgeted implements CharSequence {
        private final String s;
        private int reads;

        Budgeted(String s) {
            this.s = s;
        }

        @Override
        public int length() {
            return s.length();
        }

        @Override
        public char charAt(int index) {
            if (++reads > STEP_BUDGET) {
                throw new BudgetExceeded();
            }
            return s.charAt(index);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return s.subSequence(start, end);
        }

        @Override
        public String toString() {
            return s;
        }
    }
}
