package org.topoplanner.importers.hardware;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/** The shipped templates as the app hands them in (src-resources is a test dependency of the importers). */
final class ShippedTemplates implements HardwareTemplates {
    @Override
    public Optional<NodeTopology> find(String id) {
        return Arrays.stream(NodeTemplate.values()).filter(t -> t.id().equals(id)).findFirst()
                .map(ShippedData::template);
    }

    @Override
    public List<String> ids() {
        return Arrays.stream(NodeTemplate.values()).map(NodeTemplate::id).toList();
    }
}
