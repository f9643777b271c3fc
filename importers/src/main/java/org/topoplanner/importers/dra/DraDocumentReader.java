package org.topoplanner.importers.dra;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.dra.AttributeValue;
import org.topoplanner.model.dra.ClaimSpec;
import org.topoplanner.model.dra.ComputeDomain;
import org.topoplanner.model.dra.DeviceClass;
import org.topoplanner.model.dra.DeviceConstraint;
import org.topoplanner.model.dra.DeviceRequest;
import org.topoplanner.model.dra.DraDevice;
import org.topoplanner.model.dra.DraObjects;
import org.topoplanner.model.dra.ResourceSlice;

/**
 * Reads DRA documents from YAML or JSON, several per file ({@code ---}) or in a {@code kind: List}
 * ({@code kubectl get resourceslices -o yaml}): {@code resource.k8s.io/v1} ResourceSlice,
 * ResourceClaim, ResourceClaimTemplate and DeviceClass, and {@code resource.nvidia.com/v1beta1}
 * ComputeDomain. Other kinds are skipped with an info. Requests with {@code firstAvailable} are
 * read as their first alternative (a warning says so). Diagnostics carry the line and column where
 * the document starts.
 */
public final class DraDocumentReader {
    /** Made on first read, not when the registry lists this reader: detecting a format must not load Jackson, which a convert of a dump never needs. */
    private static final class Mapper {
        static final YAMLMapper YAML = new YAMLMapper();
    }

    private DraDocumentReader() {
    }

    /** What the file holds, with diagnostics. */
    public record Read(DraObjects objects, Diagnostics diagnostics) {
    }

    public static Read read(SourceText source) {
        Diagnostics d = new Diagnostics(source.path());
        Collector c = new Collector(d);
        try (JsonParser p = new YAMLFactory().createParser(source.text())) {
            while (true) {
                JsonToken t;
                try {
                    t = p.nextToken();
                } catch (IOException e) {
                    located(d, e, "not YAML");
                    break;
                }
                if (t == null) {
                    break;
                }
                JsonLocation at = p.currentTokenLocation();
                JsonNode doc;
                try {
                    doc = Mapper.YAML.readTree(p);
                } catch (IOException e) {
                    located(d, e, "not YAML");
                    break;
                }
                if (doc != null && doc.isObject()) {
                    c.document(doc, Math.max(1, at.getLineNr()), Math.max(1, at.getColumnNr()));
                }
            }
        } catch (IOException e) {
            located(d, e, "not YAML");
        }
        return new Read(c.objects(), d);
    }

    private static void located(Diagnostics d, IOException e, String what) {
        int line = 1;
        int col = 1;
        if (e instanceof com.fasterxml.jackson.core.JsonProcessingException j && j.getLocation() != null) {
            line = Math.max(1, j.getLocation().getLineNr());
            col = Math.max(1, j.getLocation().getColumnNr());
        }
        String m = e.getMessage() == null ? "" : e.getMessage().lines().findFirst().orElse("");
        d.error(line, col, what + ": " + m);
    }

    private static final class Collector {
        private final Diagnostics d;
        private final List<ResourceSlice> slices = new ArrayList<>();
        private final List<ClaimSpec> claims = new ArrayList<>();
        private final List<DeviceClass> classes = new ArrayList<>();
        private final List<ComputeDomain> domains = new ArrayList<>();

        Collector(Diagnostics d) {
            this.d = d;
        }

        DraObjects objects() {
            return new DraObjects(slices, claims, classes, domains);
        }

        void document(JsonNode doc, int line, int col) {
            String kind = doc.path("kind").asText("");
            String api = doc.path("apiVersion").asText("");
            if (kind.endsWith("List") && doc.path("items").isArray()) {
                for (JsonNode item : doc.path("items")) {
                    document(item, line, col);
                }
                return;
            }
            String name = doc.path("metadata").path("name").asText("");
            boolean resourceV1 = api.equals("resource.k8s.io/v1");
            if (resourceV1 && kind.equals("ResourceSlice")) {
                slice(doc, name, line, col);
            } else if (resourceV1 && kind.equals("ResourceClaim")) {
                claim(kind, name, doc.path("spec"), line, col);
            } else if (resourceV1 && kind.equals("ResourceClaimTemplate")) {
                claim(kind, name, doc.path("spec").path("spec"), line, col);
            } else if (resourceV1 && kind.equals("DeviceClass")) {
                classes.add(new DeviceClass(name, selectors(doc.path("spec").path("selectors"))));
            } else if (api.startsWith("resource.nvidia.com/") && kind.equals("ComputeDomain")) {
                JsonNode spec = doc.path("spec");
                domains.add(new ComputeDomain(name, doc.path("metadata").path("namespace").asText(""),
                        spec.path("numNodes").asInt(0),
                        spec.path("channel").path("resourceClaimTemplate").path("name").asText("")));
            } else if (api.startsWith("resource.k8s.io/")) {
                d.warning(line, col, kind + " of " + api + " is not read: only resource.k8s.io/v1 (GA) is");
            } else {
                d.info(line, col, "skipped " + (kind.isEmpty() ? "a document without kind" : kind + " " + name)
                        + ": not a DRA object");
            }
        }

        private void slice(JsonNode doc, String name, int line, int col) {
            JsonNode spec = doc.path("spec");
            String driver = spec.path("driver").asText("");
            String node = spec.path("nodeName").asText("");
            String pool = spec.path("pool").path("name").asText(node);
            if (driver.isEmpty()) {
                d.error(line, col, "ResourceSlice " + name + " has no spec.driver; skipped");
                return;
            }
            if (node.isEmpty()) {
                d.warning(line, col, "ResourceSlice " + name + " is not for one node (no spec.nodeName): its devices"
                        + " are not tied to a host and are not used");
            }
            List<DraDevice> devices = new ArrayList<>();
            for (JsonNode dev : spec.path("devices")) {
                Map<String, AttributeValue> attrs = new LinkedHashMap<>();
                for (Iterator<Map.Entry<String, JsonNode>> it = dev.path("attributes").fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    String q = e.getKey().contains("/") ? e.getKey() : driver + "/" + e.getKey();
                    AttributeValue v = value(e.getValue());
                    if (v == null) {
                        d.warning(line, col, "ResourceSlice " + name + " device " + dev.path("name").asText()
                                + " attribute " + e.getKey() + " has none of string, int, bool, version; skipped");
                    } else {
                        attrs.put(q, v);
                    }
                }
                devices.add(new DraDevice(driver, pool, dev.path("name").asText(""), attrs));
            }
            slices.add(new ResourceSlice(name, node.isEmpty() ? null : node, driver, pool, devices));
        }

        private static AttributeValue value(JsonNode v) {
            if (v.has("string")) {
                return new AttributeValue.Text(v.get("string").asText());
            }
            if (v.has("int") && v.get("int").canConvertToLong()) {
                return new AttributeValue.Int(v.get("int").asLong());
            }
            if (v.has("bool") && v.get("bool").isBoolean()) {
                return new AttributeValue.Bool(v.get("bool").asBoolean());
            }
            if (v.has("version")) {
                return new AttributeValue.Version(v.get("version").asText());
            }
            return null;
        }

        private void claim(String kind, String name, JsonNode spec, int line, int col) {
            JsonNode devices = spec.path("devices");
            List<DeviceRequest> requests = new ArrayList<>();
            for (JsonNode r : devices.path("requests")) {
                String rname = r.path("name").asText("");
                JsonNode exactly = r.path("exactly");
                if (exactly.isMissingNode() && r.path("firstAvailable").isArray() && !r.path("firstAvailable").isEmpty()) {
                    d.warning(line, col, kind + " " + name + " request " + rname + ": firstAvailable is read as its"
                            + " first alternative only");
                    exactly = r.path("firstAvailable").get(0);
                }
                if (exactly.isMissingNode()) {
                    d.error(line, col, kind + " " + name + " request " + rname + " has neither exactly nor firstAvailable"
                            + " (resource.k8s.io/v1 moved deviceClassName under exactly); skipped");
                    continue;
                }
                boolean all = exactly.path("allocationMode").asText("ExactCount").equals("All");
                int count = exactly.path("count").asInt(1);
                if (!all && count < 1) {
                    d.error(line, col, kind + " " + name + " request " + rname + ": count " + count + " is not positive");
                    continue;
                }
                requests.add(new DeviceRequest(rname, exactly.path("deviceClassName").asText(""),
                        selectors(exactly.path("selectors")), all ? DeviceRequest.Mode.ALL : DeviceRequest.Mode.EXACT_COUNT,
                        all ? 0 : count));
            }
            List<DeviceConstraint> constraints = new ArrayList<>();
            for (JsonNode c : devices.path("constraints")) {
                if (!c.has("matchAttribute")) {
                    d.warning(line, col, kind + " " + name + ": a constraint without matchAttribute is not checked");
                    continue;
                }
                List<String> names = new ArrayList<>();
                c.path("requests").forEach(n -> names.add(n.asText()));
                constraints.add(new DeviceConstraint(names, c.get("matchAttribute").asText()));
            }
            if (requests.isEmpty()) {
                d.warning(line, col, kind + " " + name + " requests no device");
            }
            claims.add(new ClaimSpec(kind, name, requests, constraints));
        }

        private static List<String> selectors(JsonNode list) {
            List<String> out = new ArrayList<>();
            for (JsonNode s : list) {
                String e = s.path("cel").path("expression").asText("");
                if (!e.isBlank()) {
                    out.add(e);
                }
            }
            return out;
        }
    }
}
