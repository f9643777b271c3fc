package org.topoplanner.allocator.dra;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.model.dra.DraDevice;

/** What the DRA allocator gives a claim on one node: devices per request, or why it cannot. */
public sealed interface DraAllocation {
    /** The devices of each request, in the claim's request order. */
    record Allocated(Map<String, List<DraDevice>> byRequest) implements DraAllocation {
        public Allocated {
            byRequest = Collections.unmodifiableMap(new LinkedHashMap<>(byRequest));
        }

        public List<DraDevice> all() {
            return byRequest.values().stream().flatMap(List::stream).toList();
        }
    }

    /** The claim cannot be allocated on the node; {@code reason} says which request or constraint failed. */
    record Unsatisfiable(String reason) implements DraAllocation {
    }
}
