package org.topoplanner.app.desktop.canvas;

import java.util.Objects;

/**
 * A placed job taken hold of in the fabric view, by its share on one host.
 *
 * @param job  the job
 * @param host the host it was grabbed on
 */
public record JobGrab(String job, String host) implements ShareGrab {
    public JobGrab {
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(host, "host");
    }

    @Override
    public String badgeText() {
        return "Move " + job + " \u00b7 from " + host;
    }
}
