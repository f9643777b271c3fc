package org.topoplanner.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.topoplanner.allocator.dra.ClaimPlacementCheck;
import org.topoplanner.allocator.dra.ClaimPlacementCheck.HostVerdict;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.dra.DraDocumentReader;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.dra.ClaimSpec;
import org.topoplanner.model.dra.DraObjects;
import org.topoplanner.model.input.InputLimits;
import org.topoplanner.model.input.InputRefusal;
import org.topoplanner.model.job.Placement;

/** {@code validate --claim F...}: the DRA objects read, and each placement's hosts as the DRA allocator serves the claim. */
final class DraClaimReport {
    private final DraObjects objects;
    private final ClaimSpec claim;

    private DraClaimReport(DraObjects objects, ClaimSpec claim) {
        this.objects = objects;
        this.claim = claim;
    }

    /** Reads the files; null (after printing why) when one cannot be read, has errors, or none holds a claim. */
    static DraClaimReport load(List<Path> files, InputLimits limits, PrintWriter err) {
        DraObjects all = DraObjects.empty();
        boolean errors = false;
        for (Path f : files) {
            SourceText text;
            try {
                text = SourceText.read(f, limits.limit(InputLimits.MEDIUM), "a DRA file");
            } catch (InputRefusal r) {
                err.println(r.toDiagnostic());
                return null;
            }
            DraDocumentReader.Read read = DraDocumentReader.read(text);
            read.diagnostics().list().forEach(err::println);
            errors |= read.diagnostics().hasErrors();
            all = all.plus(read.objects());
        }
        if (errors) {
            return null;
        }
        if (all.claims().isEmpty()) {
            err.println(Diagnostic.error(files.get(0).toString(), 1, 1,
                    "no ResourceClaim or ResourceClaimTemplate in the --claim files"));
            return null;
        }
        return new DraClaimReport(all, all.claims().get(0));
    }

    List<HostVerdict> verdicts(Placement p) {
        return ClaimPlacementCheck.check(objects, claim, p);
    }

    boolean satisfied(Placement p) {
        return verdicts(p).stream().allMatch(HostVerdict::ok);
    }

    List<String> lines(Placement p) {
        List<String> out = new ArrayList<>();
        for (HostVerdict v : verdicts(p)) {
            String head = "  claim " + claim.kind() + "/" + claim.name() + " on " + v.host() + ": ";
            out.add(head + switch (v.kind()) {
                case AS_PLANNED -> "ok, the DRA allocator takes the planned GPUs " + v.planned() + " (" + String.join(", ",
                        v.allocatorDevices()) + ")";
                case OTHER_CHOICE -> "ok, " + v.reason();
                case PLAN_VIOLATES_CLAIM -> "error: planned GPUs " + v.planned() + " cannot satisfy the claim: " + v.reason();
                case UNSATISFIABLE -> "error: the node cannot satisfy the claim: " + v.reason();
            });
        }
        return out;
    }

    ArrayNode json(Placement p) {
        ArrayNode a = new ObjectMapper().createArrayNode();
        for (HostVerdict v : verdicts(p)) {
            var o = a.addObject().put("host", v.host()).put("verdict", v.kind().name()).put("ok", v.ok());
            v.planned().forEach(o.putArray("planned")::add);
            v.allocatorGpus().forEach(o.putArray("allocatorGpus")::add);
            v.allocatorDevices().forEach(o.putArray("allocatorDevices")::add);
            o.put("reason", v.reason());
        }
        return a;
    }
}
