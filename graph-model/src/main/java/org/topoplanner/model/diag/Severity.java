package org.topoplanner.model.diag;

/** How bad a diagnostic is; ordered from worst to mildest. */
public enum Severity {
    /** The input (or part of it) could not be understood; what depends on it is missing. */
    ERROR,
    /** Understood, but suspicious or lossy: a dangling peer, a degraded cable, a skipped keyword. */
    WARNING,
    /** Worth knowing, nothing lost. */
    INFO;

    /** The lower-case word used in JSON documents and on the command line. */
    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
