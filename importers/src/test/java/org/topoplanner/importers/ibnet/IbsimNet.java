package org.topoplanner.importers.ibnet;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Test-side reader of ibsim {@code .net} files, the inputs that define the simulated fabrics: the
 * truth the dump readers are checked against. Kept independent of the production readers.
 *
 * <pre>
 * Switch	36 "leaf1"	# "leaf1" enhanced port 0
 * [1]	"node001_mlx5_0"[1]
 * Hca	1 "node001_mlx5_0"	# "node001 mlx5_0"
 * </pre>
 */
public record IbsimNet(Map<String, Node> nodes, List<Link> links) {
    public record Node(String id, boolean isSwitch, String description) {
        /** The host of an HCA: the first word of its description. */
        public String host() {
            return description.split("\\s+")[0];
        }
    }

    /** One port line, as seen from {@code a}; every link appears from both ends. */
    public record Link(String a, int aPort, String b, int bPort) {
    }

    private static final Pattern NODE = Pattern.compile("^(Switch|Hca|Ca)\\s+\\d+\\s+\"([^\"]+)\"\\s*(?:#\\s*\"([^\"]*)\")?.*");
    private static final Pattern PORT = Pattern.compile("^\\[(\\d+)]\\s+\"([^\"]+)\"\\[(\\d+)].*");

    public static IbsimNet parse(String text) {
        Map<String, Node> nodes = new LinkedHashMap<>();
        List<Link> links = new ArrayList<>();
        String current = null;
        for (String line : text.lines().toList()) {
            Matcher n = NODE.matcher(line);
            Matcher p = PORT.matcher(line);
            if (n.matches()) {
                current = n.group(2);
                String description = n.group(3) != null ? n.group(3) : current;
                nodes.put(current, new Node(current, n.group(1).equals("Switch"), description));
            } else if (p.matches() && current != null) {
                links.add(new Link(current, Integer.parseInt(p.group(1)), p.group(2), Integer.parseInt(p.group(3))));
            }
        }
        return new IbsimNet(nodes, links);
    }

    public List<Node> switches() {
        return nodes.values().stream().filter(Node::isSwitch).toList();
    }

    public List<Node> hcas() {
        return nodes.values().stream().filter(x -> !x.isSwitch()).toList();
    }

    /** Each physical link once (the .net file lists it from both ends). */
    public long cableCount() {
        return links.stream().filter(l -> (l.a + "/" + l.aPort).compareTo(l.b + "/" + l.bPort) < 0).count();
    }
}
