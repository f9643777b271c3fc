package org.topoplanner.app.plan;

import java.util.List;
import java.util.Objects;

/** Where a job shape is dropped: anywhere, inside a switch's subtree, on a host, or on GPUs of a host. */
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

    record OnGpus(String host, List<Integer> gpus) implements DropTarget {
        public OnGpus {
            Objects.requireNonNull(host, "host");
            gpus = List.copyOf(gpus);
        }
    }

    DropTarget ANYWHERE = new Anywhere();
}
