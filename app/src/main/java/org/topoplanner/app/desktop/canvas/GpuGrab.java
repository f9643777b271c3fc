package org.topoplanner.app.desktop.canvas;

import java.util.Objects;

/**
 * A placed job taken hold of in the node view, by one of its GPUs on the host shown.
 *
 * @param job  the job
 * @param host the host shown
 * @param gpu  the GPU pressed on; the job's other GPUs on the host keep their distance from it
 */
public record GpuGrab(String job, String host, int gpu) implements ShareGrab {
    public GpuGrab {
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(host, "host");
    }

    @Override
    public String badgeText() {
        return "Move " + job + " \u00b7 GPUs of " + host;
    }
}
