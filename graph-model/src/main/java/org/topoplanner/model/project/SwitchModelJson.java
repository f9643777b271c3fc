package org.topoplanner.model.project;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.power.SwitchModel;

/**
 * Switch models with their data-sheet power as a JSON object {@code {"switchModels": [{"model", "speed",
 * "ports", "power": [...]}]}}: the shipped file the bill of materials reads.
 */
public final class SwitchModelJson {
    private SwitchModelJson() {
    }

    public static ObjectNode write(List<SwitchModel> models) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        ArrayNode a = root.putArray("switchModels");
        for (SwitchModel m : models) {
            a.addObject().put("model", m.model()).put("speed", m.speed().name()).put("ports", m.ports())
                    .set("power", PowerJson.write(m.power()));
        }
        return root;
    }

    public static List<SwitchModel> parse(String text, String path) throws ProjectFormatException {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            var loc = e.getLocation();
            throw new ProjectFormatException(List.of(Diagnostic.error(path,
                    loc == null ? 1 : Math.max(1, loc.getLineNr()), loc == null ? 1 : Math.max(1, loc.getColumnNr()),
                    "not a switch model list: " + e.getOriginalMessage())));
        }
        try {
            List<SwitchModel> out = new ArrayList<>();
            for (JsonFields m : new JsonFields(root, "").objects("switchModels")) {
                out.add(NodeTopologyJson.guard(m, "speed", () -> new SwitchModel(m.string("model"),
                        LinkSpeed.valueOf(m.string("speed")), m.integer("ports"), PowerJson.read(m, "power"))));
            }
            return out;
        } catch (JsonShapeException e) {
            int[] loc = JsonLocations.index(text).at(e.pointer());
            throw new ProjectFormatException(List.of(Diagnostic.error(path, loc[0], loc[1], e.getMessage())));
        }
    }
}
