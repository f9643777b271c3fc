package org.topoplanner.allocator.dra;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.topoplanner.model.dra.AttributeValue;
import org.topoplanner.model.dra.ClaimSpec;
import org.topoplanner.model.dra.DraDevice;
import org.topoplanner.model.dra.DraObjects;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * Checks a planned placement against a claim, host by host: what the DRA allocator would give the
 * claim there, and whether the planned GPUs (identified by the NVIDIA driver's {@code index}
 * attribute, the same number as Slurm's GRES index and {@code nvidia-smi}'s) could be what it gives.
 */
public final class ClaimPlacementCheck {
    /** The attribute the NVIDIA DRA driver publishes as its GPU index. */
    public static final String GPU_INDEX = "gpu.nvidia.com/index";

    private ClaimPlacementCheck() {
    }

    /** How one host's planned GPUs fare under the claim. */
    public enum Kind {
        /** The allocator picks exactly the planned GPUs. */
        AS_PLANNED,
        /** The allocator's first choice differs, but the planned GPUs (with their NICs) also satisfy the claim. */
        OTHER_CHOICE,
        /** The planned GPUs cannot satisfy the claim (wrong count, or no NIC on their PCIe root). */
        PLAN_VIOLATES_CLAIM,
        /** The node cannot satisfy the claim at all. */
        UNSATISFIABLE
    }

    /** One host's verdict: the allocator's GPUs and devices, and why when it fails. */
    public record HostVerdict(String host, Kind kind, List<Integer> planned, List<Integer> allocatorGpus,
                              List<String> allocatorDevices, String reason) {
        public boolean ok() {
            return kind == Kind.AS_PLANNED || kind == Kind.OTHER_CHOICE;
        }
    }

    public static List<HostVerdict> check(DraObjects objects, ClaimSpec claim, Placement placement) {
        DraAllocator allocator = new DraAllocator(objects);
        List<HostVerdict> out = new ArrayList<>();
        for (HostAllocation h : placement.hosts()) {
            List<DraDevice> devices = objects.devicesOf(h.host());
            List<Integer> planned = h.gpus();
            if (devices.isEmpty()) {
                out.add(new HostVerdict(h.host(), Kind.UNSATISFIABLE, planned, List.of(), List.of(),
                        "no ResourceSlice publishes devices for node " + h.host()));
                continue;
            }
            DraAllocation first = allocator.allocate(claim, devices);
            if (first instanceof DraAllocation.Unsatisfiable u) {
                out.add(new HostVerdict(h.host(), Kind.UNSATISFIABLE, planned, List.of(), List.of(), u.reason()));
                continue;
            }
            DraAllocation.Allocated a = (DraAllocation.Allocated) first;
            List<Integer> gpus = gpuIndices(a.all());
            List<String> names = a.all().stream().map(DraDevice::name).toList();
            if (gpus.equals(planned)) {
                out.add(new HostVerdict(h.host(), Kind.AS_PLANNED, planned, gpus, names, ""));
                continue;
            }
            Set<Integer> plannedSet = Set.copyOf(planned);
            List<DraDevice> onlyPlanned = devices.stream().filter(d -> gpuIndex(d).map(plannedSet::contains).orElse(true))
                    .toList();
            DraAllocation restricted = allocator.allocate(claim, onlyPlanned);
            if (restricted instanceof DraAllocation.Allocated r && gpuIndices(r.all()).equals(planned)) {
                out.add(new HostVerdict(h.host(), Kind.OTHER_CHOICE, planned, gpus, names,
                        "the allocator's first choice is GPUs " + gpus + "; the planned GPUs satisfy the claim once those are taken"));
            } else {
                String why = restricted instanceof DraAllocation.Unsatisfiable u ? u.reason()
                        : "the claim takes GPUs " + gpuIndices(((DraAllocation.Allocated) restricted).all())
                        + " of the planned " + planned;
                out.add(new HostVerdict(h.host(), Kind.PLAN_VIOLATES_CLAIM, planned, gpus, names, why));
            }
        }
        return out;
    }

    static Optional<Integer> gpuIndex(DraDevice d) {
        return d.attribute(GPU_INDEX).filter(v -> v instanceof AttributeValue.Int)
                .map(v -> (int) ((AttributeValue.Int) v).value());
    }

    private static List<Integer> gpuIndices(List<DraDevice> devices) {
        TreeSet<Integer> out = new TreeSet<>();
        devices.forEach(d -> gpuIndex(d).ifPresent(out::add));
        return List.copyOf(out);
    }
}
