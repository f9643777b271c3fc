package org.topoplanner.model.project;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.List;
import org.topoplanner.model.power.PowerFigure;
import org.topoplanner.model.power.PowerKind;

/**
 * Power figures as a JSON array of {@code {"watts": 10200, "kind": "MAXIMUM", "source": "..."}}, in node
 * templates, project node types and the shipped switch models.
 */
final class PowerJson {
    private PowerJson() {
    }

    static ArrayNode write(List<PowerFigure> figures) {
        ArrayNode a = JsonNodeFactory.instance.arrayNode();
        for (PowerFigure p : figures) {
            a.addObject().put("watts", p.watts()).put("kind", p.kind().name()).put("source", p.source());
        }
        return a;
    }

    /** The figures under {@code field}; none when the field is absent or null. */
    static List<PowerFigure> read(JsonFields o, String field) {
        List<PowerFigure> out = new ArrayList<>();
        for (JsonFields p : o.objects(field)) {
            out.add(NodeTopologyJson.guard(p, "kind", () -> new PowerFigure(p.integer("watts"),
                    PowerKind.valueOf(p.string("kind")), p.string("source"))));
        }
        return out;
    }
}
