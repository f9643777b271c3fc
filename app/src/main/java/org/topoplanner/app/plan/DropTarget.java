package org.topoplanner.app.plan;

import java.util.List;
import java.util.Objects;

/**
 * Where a job shape is dropped: anywhere, inside a switch's subtree, on a host, or on a part of one
 * host (GPUs, a NUMA node, a socket) that the job's share there is confined to.
 */
public sealed interface DropTarget {
    record Anywhere() implements DropTarget {
    }

    record OnSwitch(String name) implements DropTarget {
        public OnSwitch {
            Objects.requireNonNull(name, "name");
        }
    }

    record OnHost(String name) implements DropTarget {
        public OnHost {
            Objects.requireNonNull(name, "name");
        }
    }

    /** A part of one host: the job runs on the host and its GPUs there come from this part. */
    sealed interface WithinHost extends DropTarget {
        String host();
    }

    /** GPUs pointed at (one, or the selection): exactly these when the job needs as many, else the nearest free around them. */
    record OnGpus(String host, List<Integer> gpus) implements WithinHost {
        public OnGpus {
            Objects.requireNonNull(host, "host");
            gpus = List.copyOf(gpus);
        }
    }

    /** A NUMA node (its box in the node view): the GPUs attached to it and its cores. */
    record OnNuma(String host, int numa) implements WithinHost {
        public OnNuma {
            Objects.requireNonNull(host, "host");
        }
    }

    /** A socket (package): the GPUs attached to its NUMA nodes and its cores. */
    record OnSocket(String host, int socket) implements WithinHost {
        public OnSocket {
            Objects.requireNonNull(host, "host");
        }
    }

    DropTarget ANYWHERE = new Anywhere();
}
