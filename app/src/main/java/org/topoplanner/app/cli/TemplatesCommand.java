package org.topoplanner.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.concurrent.Callable;
import org.topoplanner.importers.merge.NodeInsides;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.power.PowerFigure;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code templates [--json]}: the node templates {@code --hardware} and New cluster use. */
@Command(name = "templates", mixinStandardHelpOptions = true,
        description = {"List the node templates that --hardware HOSTLIST=TEMPLATE and New cluster use:",
                "id, GPUs, sockets, cores, hardware threads, NICs, power (max, typical or estimate; --json gives",
                "each figure's source), and a title."})
public final class TemplatesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "Print the templates as a JSON array.")
    boolean json;

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        if (json) {
            ArrayNode all = JsonNodeFactory.instance.arrayNode();
            for (NodeTemplate t : ShippedData.templates()) {
                all.add(json(t, ShippedData.template(t)));
            }
            try {
                out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(all));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        } else {
            String row = "%-24s %4s %7s %5s %7s %4s  %-16s  %s";
            out.println(String.format(row, "ID", "GPUS", "SOCKETS", "CORES", "THREADS", "NICS", "POWER", "TITLE"));
            for (NodeTemplate t : ShippedData.templates()) {
                NodeTopology n = ShippedData.template(t);
                out.println(String.format(row, t.id(), n.gpus().size(), count(n.sockets()), count(n.cores()),
                        count(n.threads()), n.nics().size(), power(n), t.title()));
            }
        }
        out.flush();
        return TopoPlannerCommand.OK;
    }

    private static ObjectNode json(NodeTemplate t, NodeTopology n) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("id", t.id()).put("title", t.title()).put("gpus", n.gpus().size());
        o.put("sockets", n.sockets()).put("numaNodes", n.numaNodes()).put("cores", n.cores())
                .put("threads", n.threads()).put("nics", n.nics().size()).put("nvSwitches", n.nvSwitches().size());
        o.put("summary", NodeInsides.summary(n));
        ArrayNode power = o.putArray("power");
        for (PowerFigure p : n.power()) {
            power.addObject().put("watts", p.watts()).put("kind", p.kind().word()).put("source", p.source());
        }
        return o;
    }

    /** The template's figures ({@code 10.2 kW max}), or {@code -} when it gives none. */
    private static String power(NodeTopology n) {
        return n.power().isEmpty() ? "-" : n.power().stream().map(PowerFigure::toString)
                .collect(java.util.stream.Collectors.joining(", "));
    }

    private static String count(Integer n) {
        return n == null ? "-" : n.toString();
    }
}
