package org.topoplanner.allocator.replay;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/** Builds the JSON lines of a replay in the real-Slurm harness's format. */
final class ReplayLine {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ReplayLine() {
    }

    static ObjectNode note(String text) {
        ObjectNode o = JSON.createObjectNode();
        o.put("type", "note");
        o.put("text", text);
        return o;
    }

    static ObjectNode job(String when, String name, String state, String reason, Placement p, List<String> leaves) {
        ObjectNode o = JSON.createObjectNode();
        o.put("type", "job");
        o.put("when", when);
        o.put("name", name);
        o.put("state", state);
        if (reason == null) {
            o.putNull("reason");
        } else {
            o.put("reason", reason);
        }
        ArrayNode nodes = o.putArray("nodes");
        ArrayNode alloc = o.putArray("alloc");
        ArrayNode lv = o.putArray("leaves");
        if (p != null) {
            // NodeList is a sorted hostlist, the per-node lines follow the placement (for slurm-tree:
            // Slurm's node table order); the harness reports both, so they can differ in order
            String nodelist = org.topoplanner.model.hostlist.Hostlist.compressSorted(p.hostNames());
            org.topoplanner.model.hostlist.Hostlist.expandOrEmpty(nodelist).forEach(nodes::add);
            for (HostAllocation h : p.hosts()) {
                ObjectNode a = alloc.addObject();
                a.put("node", h.host());
                ArrayNode cpus = a.putArray("cpus");
                h.cpus().stream().forEach(cpus::add);
                ArrayNode gpus = a.putArray("gpus");
                h.gpus().forEach(gpus::add);
            }
            leaves.forEach(lv::add);
            // The harness also prints Slurm's NodeList; its compare.py matches on it.
            o.put("nodelist", nodelist);
        } else {
            o.putNull("nodelist");
        }
        return o;
    }

    static ObjectNode rejected(String name, List<String> args, String error) {
        ObjectNode o = JSON.createObjectNode();
        o.put("type", "job");
        o.put("when", "submit");
        o.put("name", name);
        ArrayNode a = o.putArray("args");
        args.forEach(a::add);
        o.put("state", "REJECTED");
        o.put("submit_error", "sbatch: error: Batch job submission failed: " + error);
        return o;
    }

    static String text(ObjectNode o) {
        try {
            return JSON.writeValueAsString(o);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
