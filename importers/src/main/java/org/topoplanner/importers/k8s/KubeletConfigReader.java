package org.topoplanner.importers.k8s;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;

/**
 * Reads a kubelet {@code KubeletConfiguration} (what {@code kubelet --config} takes, and what the
 * export writes as {@code k8s/kubelet-config.yaml}). The cluster model has no place for kubelet
 * settings, so the file adds nothing to the cluster: an info says which Topology, CPU and Memory
 * Manager settings it holds, and how to use them when placing ({@code --tm-policy}, {@code --tm-scope}).
 */
public final class KubeletConfigReader implements FormatReader {
    private static final Pattern KIND = Pattern.compile("(?m)^kind:\\s*[\"']?KubeletConfiguration[\"']?\\s*$");
    private static final Pattern FOR_HOSTS = Pattern.compile("(?m)^#.*KubeletConfiguration for (\\S+)");
    private static final List<String> SETTINGS = List.of("topologyManagerPolicy", "topologyManagerScope",
            "cpuManagerPolicy", "memoryManagerPolicy", "reservedSystemCPUs");

    @Override
    public Format format() {
        return Format.KUBELET_CONFIG;
    }

    @Override
    public int detect(SourceText source) {
        return KIND.matcher(source.text()).find() ? 95 : 0;
    }

    @Override
    public ImportResult read(SourceText source) {
        Diagnostics d = new Diagnostics(source.path());
        int found = 0;
        for (YamlDocument doc : SafeYaml.parse(source.text(), d)) {
            Optional<YamlValue.Mapping> root = doc.mapping();
            if (root.isEmpty() || !doc.kind().equals("KubeletConfiguration")) {
                continue;
            }
            found++;
            List<String> said = new ArrayList<>();
            for (String key : SETTINGS) {
                root.get().text(key).ifPresent(v -> said.add(key + " " + v));
            }
            root.get().sequence("reservedMemory").ifPresent(s -> said.add("reservedMemory on " + s.items().size()
                    + " NUMA node(s)"));
            Matcher hosts = FOR_HOSTS.matcher(source.text());
            String forWhom = hosts.find() ? " for " + hosts.group(1) : "";
            String policy = root.get().text("topologyManagerPolicy").orElse(TopologyManagerPolicy.DEFAULT.flag());
            String scope = root.get().text("topologyManagerScope").orElse(TopologyManagerScope.DEFAULT.flag());
            d.info(doc.line(), 1, "KubeletConfiguration" + forWhom + ": " + (said.isEmpty() ? "no Topology, CPU or "
                    + "Memory Manager setting" : String.join(", ", said)) + ". The cluster keeps no kubelet "
                    + "settings; place with them as --tm-policy " + policy + " --tm-scope " + scope);
        }
        if (found == 0) {
            d.error(0, 0, "no KubeletConfiguration document found");
        }
        return new ImportResult(source, format(), ClusterPart.empty(), d.list());
    }
}
