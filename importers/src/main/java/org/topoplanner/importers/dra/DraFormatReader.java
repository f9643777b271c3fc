package org.topoplanner.importers.dra;

import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.dra.DraObjects;

/**
 * DRA documents in an import: recognised and summarised (they describe devices and requests, not the
 * cluster's shape); {@code validate --claim} is where they are used.
 */
public final class DraFormatReader implements FormatReader {
    @Override
    public Format format() {
        return Format.DRA_OBJECTS;
    }

    @Override
    public int detect(SourceText source) {
        String t = source.text();
        boolean api = t.contains("resource.k8s.io/") || t.contains("resource.nvidia.com/");
        boolean kind = t.contains("ResourceSlice") || t.contains("ResourceClaim") || t.contains("DeviceClass")
                || t.contains("ComputeDomain");
        return api && kind ? 80 : 0;
    }

    @Override
    public ImportResult read(SourceText source) {
        DraDocumentReader.Read r = DraDocumentReader.read(source);
        Diagnostics d = r.diagnostics();
        DraObjects o = r.objects();
        long devices = o.slices().stream().mapToLong(s -> s.devices().size()).sum();
        if (o.slices().isEmpty() && o.claims().isEmpty() && o.classes().isEmpty() && o.computeDomains().isEmpty()) {
            d.error(1, 1, "no DRA object (ResourceSlice, ResourceClaim, ResourceClaimTemplate, DeviceClass, ComputeDomain)");
        } else {
            d.info(1, 1, "DRA: " + o.slices().size() + " ResourceSlice(s) with " + devices + " device(s) on "
                    + o.slices().stream().map(s -> s.node()).filter(n -> n != null).distinct().count() + " node(s), "
                    + o.claims().size() + " claim(s) or template(s), " + o.classes().size() + " DeviceClass(es), "
                    + o.computeDomains().size() + " ComputeDomain(s); use them with validate --claim");
        }
        return new ImportResult(source, format(), ClusterPart.empty(), d.list());
    }
}
