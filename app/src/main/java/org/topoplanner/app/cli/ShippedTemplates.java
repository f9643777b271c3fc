package org.topoplanner.app.cli;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.topoplanner.importers.hardware.HardwareTemplates;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/** The shipped node templates by id, for {@code --hardware} and {@code templates}. */
public final class ShippedTemplates implements HardwareTemplates {
    @Override
    public Optional<NodeTopology> find(String id) {
        return Arrays.stream(NodeTemplate.values()).filter(t -> t.id().equals(id)).findFirst()
                .map(ShippedData::template);
    }

    @Override
    public List<String> ids() {
        return ShippedData.templates().stream().map(NodeTemplate::id).toList();
    }
}
