package org.topoplanner.app.desktop;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import javafx.scene.input.DragEvent;
import javafx.scene.input.TransferMode;
import org.topoplanner.app.desktop.dnd.JobShape;
import org.topoplanner.app.desktop.fabric.FabricView;
import org.topoplanner.app.desktop.fabric.GhostState;
import org.topoplanner.app.desktop.node.NodeView;
import org.topoplanner.app.desktop.state.PlanViewModel;
import org.topoplanner.app.plan.Advice;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.app.plan.Verdict;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;

/**
 * Drag and drop of jobs onto the fabric and node views: a palette shape places a new job, a job
 * dragged from the job list moves it, and a job grabbed by its GPUs in the fabric view moves that
 * host's share of it ({@link FabricJobMover}) or, in the node view, onto other GPUs ({@link NodeJobMover}). While dragging, the allocator's suggestion for the target under
 * the pointer is drawn as a ghost (green, amber, red) and its reason goes to the status bar; the
 * question is asked again only when the target changes.
 */
public final class FabricDropHandler {
    public static final String MOVE_PREFIX = "topoplanner-move:";
    private final PlanViewModel vm;
    private final Consumer<String> status;
    private DropTarget lastTarget;
    private String lastPayload;
    private Advice lastAdvice;

    public FabricDropHandler(PlanViewModel vm, Consumer<String> status) {
        this.vm = vm;
        this.status = status;
    }

    public void install(FabricView view) {
        view.setOnJobMove(new FabricJobMover(vm, status, view));
        view.setOnDragOver(e -> {
            String payload = payload(e);
            if (payload == null) {
                return;
            }
            DropTarget target = targetAt(view, e.getX(), e.getY());
            Advice a = advise(payload, target);
            if (a == null) {
                return;
            }
            e.acceptTransferModes(TransferMode.COPY_OR_MOVE);
            a.placementIfAny().ifPresentOrElse(p -> {
                Map<String, List<Integer>> gpus = new LinkedHashMap<>();
                p.hosts().forEach(h -> gpus.put(h.host(), h.gpus()));
                view.ghost(gpus.keySet(), gpus, ghost(a.verdict()));
            }, view::clearGhost);
            e.consume();
        });
        view.setOnDragExited(e -> {
            view.clearGhost();
            forget();
        });
        view.setOnDragDropped(e -> {
            String payload = payload(e);
            view.clearGhost();
            e.setDropCompleted(payload != null && drop(payload, targetAt(view, e.getX(), e.getY())));
            forget();
            e.consume();
        });
    }

    public void install(NodeView view) {
        view.setOnGpuMove(new NodeJobMover(vm, status, view));
        view.setOnDragOver(e -> {
            String payload = payload(e);
            if (payload == null || view.getHost() == null) {
                return;
            }
            Advice a = advise(payload, gpuTarget(view, e.getX(), e.getY()));
            if (a != null) {
                e.acceptTransferModes(TransferMode.COPY_OR_MOVE);
                view.ghost(a.placementIfAny().flatMap(p -> p.on(view.getHost())).map(HostAllocation::gpus)
                        .orElse(List.of()), ghost(a.verdict()));
            }
            e.consume();
        });
        view.setOnDragDropped(e -> {
            String payload = payload(e);
            view.clearGhost();
            e.setDropCompleted(payload != null && view.getHost() != null
                    && drop(payload, gpuTarget(view, e.getX(), e.getY())));
            forget();
            e.consume();
        });
        view.setOnDragExited(e -> {
            view.clearGhost();
            forget();
        });
    }

    /** GPUs under the pointer: the selection when the pointer is on it, else the GPU pointed at. */
    private static DropTarget gpuTarget(NodeView view, double x, double y) {
        int gpu = view.gpuAt(x, y);
        if (gpu < 0) {
            return new DropTarget.OnHost(view.getHost());
        }
        List<Integer> gpus = view.getSelectedGpus().contains(gpu) ? view.getSelectedGpus().stream().sorted().toList()
                : List.of(gpu);
        return new DropTarget.OnGpus(view.getHost(), gpus);
    }

    static DropTarget targetAt(FabricView view, double x, double y) {
        String host = view.hostAt(x, y);
        if (host != null) {
            return new DropTarget.OnHost(host);
        }
        String sw = view.switchAt(x, y);
        return sw != null ? new DropTarget.OnSwitch(sw) : DropTarget.ANYWHERE;
    }

    private static String payload(DragEvent e) {
        String s = e.getDragboard().hasString() ? e.getDragboard().getString() : null;
        return s != null && (s.startsWith(JobShape.DRAG_PREFIX) || s.startsWith(MOVE_PREFIX)) ? s : null;
    }

    private Advice advise(String payload, DropTarget target) {
        if (Objects.equals(payload, lastPayload) && Objects.equals(target, lastTarget)) {
            return lastAdvice;
        }
        JobRequest r = request(payload);
        if (r == null) {
            return null;
        }
        lastPayload = payload;
        lastTarget = target;
        lastAdvice = vm.advise(r, target);
        status.accept(describe(lastAdvice, target));
        return lastAdvice;
    }

    private boolean drop(String payload, DropTarget target) {
        JobRequest r = request(payload);
        if (r == null) {
            return false;
        }
        if (payload.startsWith(MOVE_PREFIX)) {
            // A move by hand is kept even when it violates something; the inspector explains it.
            Advice a = vm.advise(r, target);
            vm.clearAdvice();
            if (a.placementIfAny().isEmpty()) {
                status.accept("cannot move " + r.name() + " there: " + a.reason());
                return false;
            }
            Advice after = vm.move(r.name(), a.placement());
            status.accept("moved " + r.name() + ": " + (after.violations().isEmpty() ? "no violations"
                    : after.violations().size() + " violation(s), first " + after.reason()));
            vm.selectedJobProperty().set(r.name());
            return true;
        }
        boolean placed = vm.drop(r, target);
        status.accept(placed ? "placed " + vm.selectedJobProperty().get() : "not placed: "
                + (lastAdvice == null ? "no room" : lastAdvice.reason()));
        return placed;
    }

    private JobRequest request(String payload) {
        if (payload.startsWith(MOVE_PREFIX)) {
            String job = payload.substring(MOVE_PREFIX.length());
            return vm.plan().job(job).isPresent() ? vm.plan().request(job) : null;
        }
        try {
            return SbatchOptions.parseLine(payload.substring(JobShape.DRAG_PREFIX.length()), "job");
        } catch (JobRequestException e) {
            status.accept("bad job: " + String.join("; ", e.problems()));
            return null;
        }
    }

    private void forget() {
        lastTarget = null;
        lastPayload = null;
        lastAdvice = null;
        vm.clearAdvice();
    }

    static GhostState ghost(Verdict v) {
        return switch (v) {
            case VALID -> GhostState.VALID;
            case WARNINGS -> GhostState.WARNING;
            case IMPOSSIBLE -> GhostState.IMPOSSIBLE;
        };
    }

    /** The verdict as the status bar leads with it. */
    static String symbol(Advice a) {
        return switch (a.verdict()) {
            case VALID -> "\u2714";
            case WARNINGS -> "\u26a0";
            case IMPOSSIBLE -> "\u2716";
        };
    }

    static String describe(Advice a, DropTarget t) {
        String where = t instanceof DropTarget.OnSwitch s ? "under " + s.name()
                : t instanceof DropTarget.OnHost h ? "on " + h.name()
                : t instanceof DropTarget.OnGpus g ? "on " + g.host() + " GPUs " + g.gpus() : "anywhere";
        String nodes = a.placementIfAny().map(p -> org.topoplanner.model.hostlist.Hostlist.compressSorted(p.hostNames()))
                .orElse("");
        return switch (a.verdict()) {
            case VALID -> "\u2714 " + where + ": " + nodes;
            case WARNINGS -> "\u26a0 " + where + ": " + nodes + " \u2014 " + a.reason();
            case IMPOSSIBLE -> "\u2716 " + where + ": " + a.reason();
        };
    }

}
