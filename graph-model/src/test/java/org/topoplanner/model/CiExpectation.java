package org.topoplanner.model;

import static org.assertj.core.api.Assertions.fail;

import org.junit.jupiter.api.Assumptions;

/**
 * What a test needs from the machine (a tool, a library): on a developer's machine a missing piece
 * skips the test, saying why; under CI ({@code CI=true}, which {@code .ci/run} sets up with these
 * tools) it fails the build, so a check that silently stopped running cannot look green.
 */
public final class CiExpectation {
    private CiExpectation() {
    }

    /** True when running under CI, which installs every tool the tests compare with. */
    public static boolean underCi() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    /** Skips (locally) or fails (under CI) with {@code why} unless {@code present}. */
    public static void require(boolean present, String why) {
        if (present) {
            return;
        }
        if (underCi()) {
            fail(why + " (CI=true: .ci/run installs it, so this check must run)");
        }
        Assumptions.abort(why);
    }
}
