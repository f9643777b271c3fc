package org.topoplanner.importers.hardware;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.hostlist.HostlistSyntaxException;
import org.topoplanner.model.node.NodeTopology;

/**
 * One {@code HOSTLIST=SOURCE} rule: the hosts (Slurm hostlist syntax, {@code node[0001-4096]})
 * and where their inside comes from.
 *
 * @param text     the rule as written, for messages
 * @param hostlist the hostlist expression as written
 * @param hosts    the names it expands to, in order
 */
public record HardwareRule(String text, String hostlist, List<String> hosts, HardwareSource source) {
    public HardwareRule {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(source, "source");
        hosts = List.copyOf(hosts);
    }

    /** A rule for these hosts, made in code (the window's host groups); {@code text} reads {@code HOSTLIST=LABEL}. */
    public static HardwareRule of(List<String> hosts, HardwareSource source) {
        String hostlist = HostNames.hostlist(hosts);
        return new HardwareRule(hostlist + "=" + source.label(), hostlist, hosts, source);
    }

    /**
     * Parses {@code HOSTLIST=SOURCE}. {@code SOURCE} is a template id when {@code templates} knows it,
     * else a file or folder, read now (what reading finds is in {@link HardwareSource.Described#problems}).
     *
     * @throws HardwareRuleException when there is no {@code =}, the hostlist is empty or invalid, or the
     *                               source is neither a template nor an existing file
     */
    public static HardwareRule parse(String text, HardwareTemplates templates) throws HardwareRuleException {
        int eq = text.indexOf('=');
        if (eq < 0) {
            throw new HardwareRuleException(text, 1, "expected HOSTLIST=SOURCE (a template id or a file), "
                    + "like node[0001-0032]=hgx-h100-sxm");
        }
        String hostlist = text.substring(0, eq).strip();
        int hostlistColumn = leading(text.substring(0, eq)) + 1;
        if (hostlist.isEmpty()) {
            throw new HardwareRuleException(text, 1, "no hosts before '='");
        }
        List<String> hosts;
        try {
            hosts = Hostlist.expand(hostlist);
        } catch (HostlistSyntaxException e) {
            throw new HardwareRuleException(text, hostlistColumn + e.offset(), "bad hostlist: " + e.reason());
        }
        if (hosts.isEmpty()) {
            throw new HardwareRuleException(text, hostlistColumn, "the hostlist names no host");
        }
        String after = text.substring(eq + 1);
        String source = after.strip();
        int sourceColumn = eq + 2 + leading(after);
        if (source.isEmpty()) {
            throw new HardwareRuleException(text, eq + 2, "no source after '=': give a template id ("
                    + ids(templates) + ") or a file");
        }
        Optional<NodeTopology> template = templates.find(source);
        if (template.isPresent()) {
            return new HardwareRule(text, hostlist, hosts, HardwareSource.template(source, template.get()));
        }
        Path path;
        try {
            path = Path.of(source);
        } catch (InvalidPathException e) {
            throw new HardwareRuleException(text, sourceColumn, "'" + source + "' is not a template id ("
                    + ids(templates) + ") and not a valid path: " + e.getReason());
        }
        if (!Files.exists(path)) {
            throw new HardwareRuleException(text, sourceColumn, "'" + source + "' is neither a template id ("
                    + ids(templates) + ") nor an existing file");
        }
        return new HardwareRule(text, hostlist, hosts, HardwareSource.read(path));
    }

    /** Where diagnostics about a rule point: {@code --hardware RULE}. */
    static String origin(String text) {
        return "--hardware " + text;
    }

    String origin() {
        return origin(text);
    }

    private static int leading(String s) {
        int i = 0;
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        return i;
    }

    private static String ids(HardwareTemplates templates) {
        return templates.ids().isEmpty() ? "none known" : String.join(", ", templates.ids());
    }
}
