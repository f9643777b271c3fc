package org.topoplanner.importers.hardware;

import java.util.List;
import java.util.Optional;
import org.topoplanner.model.node.NodeTopology;

/**
 * The node templates a rule may name. The shipped ones live in {@code src-resources}, which the
 * importers do not depend on, so the caller hands them in ({@code ShippedData} in the app).
 */
public interface HardwareTemplates {
    Optional<NodeTopology> find(String id);

    /** Every id, in menu order, to say which exist when one is unknown. */
    List<String> ids();

    HardwareTemplates NONE = new HardwareTemplates() {
        @Override
        public Optional<NodeTopology> find(String id) {
            return Optional.empty();
        }

        @Override
        public List<String> ids() {
            return List.of();
        }
    };
}
