package org.topoplanner.importers.hardware;

/** What an assignment does with a host the cluster already describes. */
public enum ExistingHardware {
    /**
     * The cluster's own sources named the host, so they are a per-host source: they win over a
     * rule for a set of hosts and over a template, and combine with a rule's file that names the
     * host. The command line's {@code --hardware} works so.
     */
    KEEP,
    /** The rules replace what the cluster says for every host they cover (a person's "Assign hardware…"). */
    REPLACE
}
