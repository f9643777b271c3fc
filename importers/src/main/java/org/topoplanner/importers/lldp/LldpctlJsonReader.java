package org.topoplanner.importers.lldp;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.lldp.LldpSighting.Role;

/**
 * {@code lldpctl -f json} and {@code -f json0} ({@code lldpcli show neighbors}), whose shapes are
 * pinned by lldpd's own tests ({@code tests/integration/test_lldpcli.py}): in {@code json} the
 * interface and chassis names are keys ({@code "interface": {"eth0": {"chassis": {"leaf01": {...}}}}},
 * an array of such objects when there are several interfaces); in {@code json0} every value is
 * an array of objects with {@code name}/{@code value}. The local host is not in the output: it is
 * the pdsh prefix of each line, or else the file name up to its first dot.
 */
public final class LldpctlJsonReader extends LldpReaderBase {
    /** Made on first read, not when the registry lists this reader: detecting a format must not load Jackson, which a convert of a dump never needs. */
    private static final class Mapper {
        static final ObjectMapper JSON = new ObjectMapper();
    }

    @Override
    public Format format() {
        return Format.LLDPCTL_JSON;
    }

    @Override
    public int detect(SourceText source) {
        String t = source.text();
        if (!t.contains("\"lldp\"")) {
            return 0;
        }
        return t.contains("\"chassis\"") || t.contains("\"interface\"") ? 90 : 50;
    }

    @Override
    public LldpRead sightings(SourceText source) {
        Diagnostics d = new Diagnostics(source.path());
        List<LldpSighting> out = new ArrayList<>();
        for (HostText h : HostText.of(source)) {
            JsonNode root;
            try {
                root = Mapper.JSON.readTree(h.text());
            } catch (JsonProcessingException e) {
                JsonLocation at = e.getLocation();
                int line = at == null ? 1 : Math.max(1, at.getLineNr());
                int col = at == null ? 1 : Math.max(1, at.getColumnNr());
                d.error(h.fileLine(line), h.fileColumn(col), "not lldpctl JSON" + (h.named() ? " for " + h.host() : "")
                        + ": " + e.getOriginalMessage());
                continue;
            }
            if (root == null || !root.has("lldp")) {
                d.error(h.fileLine(1), h.fileColumn(1), "no \"lldp\" object" + (h.named() ? " for " + h.host() : "")
                        + ": not lldpctl -f json output");
                continue;
            }
            new Walk(h, source.path(), d, out).interfaces(root.get("lldp"));
        }
        return new LldpRead(out, d);
    }

    private static final class Walk {
        private final HostText host;
        private final String path;
        private final Diagnostics d;
        private final List<LldpSighting> out;
        private int cursor;

        Walk(HostText host, String path, Diagnostics d, List<LldpSighting> out) {
            this.host = host;
            this.path = path;
            this.d = d;
            this.out = out;
        }

        void interfaces(JsonNode lldp) {
            JsonNode top = lldp.isArray() ? lldp.path(0) : lldp;
            JsonNode ifs = top.path("interface");
            if (ifs.isArray()) {
                for (JsonNode e : ifs) {
                    if (e.has("name") && !e.path("name").isObject()) {
                        one(value(e.get("name")), e);
                    } else {
                        named(e);
                    }
                }
            } else if (ifs.isObject()) {
                named(ifs);
            }
        }

        private void named(JsonNode object) {
            for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                one(e.getKey(), e.getValue());
            }
        }

        private void one(String ifname, JsonNode itf) {
            int[] at = locate(ifname);
            int line = host.fileLine(at[0]);
            int col = host.fileColumn(at[1]);
            JsonNode chassis = first(itf.path("chassis"));
            JsonNode port = first(itf.path("port"));
            String peer = chassisName(chassis);
            String peerPort = portName(port);
            if (peer == null || peerPort == null) {
                d.warning(line, col, "interface " + ifname + " of " + host.host() + " has a neighbour without "
                        + (peer == null ? "a chassis name or id" : "a port id") + "; skipped");
                return;
            }
            int gbps = EthernetPort.gbps(value(first(port.path("auto-negotiation")).path("current")));
            out.add(new LldpSighting(host.host(), ifname, Role.UNSAID, peer, EthernetPort.canonical(peerPort),
                    role(chassis), gbps, path, line, col));
        }

        private int[] locate(String ifname) {
            int i = host.text().indexOf('"' + ifname + '"', cursor);
            if (i < 0) {
                return host.position(cursor);
            }
            cursor = i + ifname.length() + 2;
            return host.position(i + 1);
        }

        /** json: {@code {"leaf01": {"id": ...}}} or {@code {"id": ...}} without a name; json0: {@code name: [{value}]}. */
        private static String chassisName(JsonNode c) {
            if (c.has("name")) {
                return value(c.get("name"));
            }
            if (c.has("id") && !c.path("id").has("id")) {
                return value(first(c.get("id")).path("value"));
            }
            Iterator<String> names = c.fieldNames();
            return names.hasNext() ? names.next() : null;
        }

        private static String portName(JsonNode p) {
            JsonNode id = first(p.path("id"));
            String type = value(id.path("type"));
            String v = value(id.path("value"));
            String descr = value(p.path("descr"));
            if (("ifname".equals(type) || "local".equals(type)) && v != null) {
                return v;
            }
            return descr != null && !descr.isBlank() ? descr : v;
        }

        private static Role role(JsonNode chassis) {
            JsonNode c = chassis.has("capability") || chassis.has("id") ? chassis : first(chassis.elements().hasNext()
                    ? chassis.elements().next() : chassis);
            boolean bridge = false;
            boolean station = false;
            for (JsonNode cap : c.path("capability")) {
                boolean on = cap.path("enabled").asBoolean(false);
                String t = cap.path("type").asText();
                bridge |= on && (t.equals("Bridge") || t.equals("Router"));
                station |= on && t.equals("Station");
            }
            return bridge ? Role.SWITCH : station ? Role.HOST : Role.UNSAID;
        }

        /** json0 wraps every object in a one-element array, and json wraps a named chassis in an object. */
        private static JsonNode first(JsonNode n) {
            if (n.isArray()) {
                return n.path(0);
            }
            return n;
        }

        /** A string however it is wrapped: {@code "x"}, {@code [{"value": "x"}]}, {@code {"value": "x"}}. */
        private static String value(JsonNode n) {
            JsonNode v = first(n);
            if (v.isObject()) {
                v = v.path("value");
            }
            return v.isValueNode() && !v.isNull() ? v.asText() : null;
        }
    }
}
