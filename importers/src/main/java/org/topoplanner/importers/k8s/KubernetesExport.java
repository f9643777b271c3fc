package org.topoplanner.importers.k8s;

import java.util.List;
import org.topoplanner.importers.FormatWriter;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;

/**
 * A Kubernetes export: writes its documents and says beforehand what the real consumers would reject
 * (errors: refuse to export) or what the export loses (warnings), checking the rules the CRD schemas
 * cannot express: label syntax, one selector per member, hostname last, names that are DNS subdomains.
 */
public interface KubernetesExport extends FormatWriter {
    /** Problems of exporting {@code cluster}; the export should not be written when one is an error. */
    @Override
    List<Diagnostic> check(Cluster cluster);

    /** The label prefix and cluster label every export shares, so that they select the same nodes. */
    String CLUSTER_LABEL = "topoplanner.org/cluster";

    /** The label value naming the cluster. */
    static String clusterValue(Cluster cluster) {
        return LabelSyntax.toLabelValue(cluster.name());
    }

    /** The tier label key for fabric tier {@code tier} (1 = leaf). */
    static String tierKey(int tier) {
        return TopologyLabelFamily.TOPOPLANNER_TIER_PREFIX + tier;
    }
}
