package org.topoplanner.app.desktop.dnd;

import org.topoplanner.app.desktop.state.BackgroundRefresh;
import org.topoplanner.app.desktop.state.DroppablePlan;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.scene.input.DragEvent;
import javafx.scene.input.TransferMode;
import org.topoplanner.app.desktop.fabric.FabricView;
import org.topoplanner.app.desktop.node.NodeView;
import org.topoplanner.app.plan.Advice;
import org.topoplanner.app.plan.DropFeedback;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.model.job.JobRequest;

/**
 * Drag and drop of jobs onto the fabric and node views, as event plumbing: a palette shape places a
 * new job, a job dragged from the job list moves it (both arrive as a {@link DragPayload}), and a job
 * grabbed by its GPUs in either view moves that host's share of it ({@link ShareMover}). While
 * dragging, the allocator's suggestion for the target under the pointer is drawn as a ghost (green,
 * amber, red) and {@link DropFeedback}'s sentence goes to the status bar; the question is asked again
 * only when the target changes, and the Dragboard is read once per drag.
 *
 * <p>The policy answers on a worker thread, never on the FX thread: on a 16,384-host fabric one answer
 * can take longer than many pointer moves, so only the newest target's question is answered (those
 * overtaken before they start are skipped) and an answer for a target the pointer has left is dropped
 * ({@link BackgroundRefresh}). The ghost of the previous target stays until the new answer lands.
 */
public final class FabricDropHandler {
    private final DroppablePlan vm;
    private final Consumer<String> status;
    /** Answers the drag's questions; shared by both views, as one pointer is over only one of them. */
    private final BackgroundRefresh<Advice> answers;
    /** Answers the questions of shares moved by hand, in both views. */
    private final BackgroundRefresh<Optional<Advice>> shareAnswers;
    /** The Dragboard text of the drag under way and what it reads as. */
    private String lastText;
    private Optional<DragPayload> payload = Optional.empty();
    private DropTarget lastTarget;
    private Advice lastAdvice;
    /** Whether the drag under way has been well inside the fabric view (edge panning starts then). */
    private boolean edgeArmed;

    /** Drops answered on one daemon worker (the window's). */
    public FabricDropHandler(DroppablePlan vm, Consumer<String> status) {
        this(vm, status, BackgroundRefresh.daemonWorker("drag-advice"));
    }

    /** Drops answered on {@code worker}, handed over on the FX thread. */
    public FabricDropHandler(DroppablePlan vm, Consumer<String> status, Executor worker) {
        this.vm = vm;
        this.status = status;
        this.answers = BackgroundRefresh.onWorker(worker);
        this.shareAnswers = BackgroundRefresh.onWorker(worker);
    }

    public void install(FabricView view) {
        view.setOnJobMove(new ShareMover<>(vm, status, new FabricJobMover(view), shareAnswers));
        view.setOnDragOver(e -> {
            Optional<DragPayload> p = payload(e);
            if (p.isEmpty()) {
                return;
            }
            // near an edge the view moves, so a target off screen is reached mid-drag; only once the
            // pointer has been well inside, or every drag from the palette would pan on its way in
            if (edgeArmed) {
                view.panNearEdge(e.getX(), e.getY());
            } else {
                edgeArmed = e.getX() > 2 * FabricView.EDGE_PAN_BAND && e.getY() > 2 * FabricView.EDGE_PAN_BAND
                        && e.getX() < view.getWidth() - 2 * FabricView.EDGE_PAN_BAND
                        && e.getY() < view.getHeight() - 2 * FabricView.EDGE_PAN_BAND;
            }
            DropTarget target = targetAt(view, e.getX(), e.getY());
            if (!ask(p.get(), target, f -> {
                if (f.ghost().isEmpty()) {
                    view.clearGhost();
                } else {
                    view.ghost(f.ghost().keySet(), f.ghost(), GhostVerdicts.of(f.verdict()));
                }
            })) {
                return;
            }
            e.acceptTransferModes(TransferMode.COPY_OR_MOVE);
            e.consume();
        });
        view.setOnDragExited(e -> {
            view.clearGhost();
            forget();
        });
        view.setOnDragDropped(e -> {
            Optional<DragPayload> p = payload(e);
            view.clearGhost();
            e.setDropCompleted(p.isPresent() && drop(p.get(), targetAt(view, e.getX(), e.getY())));
            forget();
            e.consume();
        });
    }

    public void install(NodeView view) {
        view.setOnGpuMove(new ShareMover<>(vm, status, new NodeJobMover(vm, view), shareAnswers));
        view.setOnDragOver(e -> {
            Optional<DragPayload> p = payload(e);
            if (p.isEmpty() || view.getHost() == null) {
                return;
            }
            DropTarget target = gpuTarget(view, e.getX(), e.getY());
            if (ask(p.get(), target, f -> view.ghost(f.ghost().getOrDefault(view.getHost(), List.of()),
                    GhostVerdicts.of(f.verdict())))) {
                e.acceptTransferModes(TransferMode.COPY_OR_MOVE);
            }
            e.consume();
        });
        view.setOnDragDropped(e -> {
            Optional<DragPayload> p = payload(e);
            view.clearGhost();
            e.setDropCompleted(p.isPresent() && view.getHost() != null
                    && drop(p.get(), gpuTarget(view, e.getX(), e.getY())));
            forget();
            e.consume();
        });
        view.setOnDragExited(e -> {
            view.clearGhost();
            forget();
        });
    }

    /** The GPUs, NUMA node, socket or host under the pointer ({@link NodeDropTargets}). */
    private static DropTarget gpuTarget(NodeView view, double x, double y) {
        return NodeDropTargets.at(view.getHost(), view.boxesAt(x, y), view.getSelectedGpus());
    }

    /** The GPU cell, else the host, else the switch, drawn at a local point of the fabric view; the background is anywhere. */
    static DropTarget targetAt(FabricView view, double x, double y) {
        String host = view.hostAt(x, y);
        if (host != null) {
            int gpu = view.gpuAt(x, y);
            return gpu < 0 ? new DropTarget.OnHost(host) : new DropTarget.OnGpus(host, List.of(gpu));
        }
        String sw = view.switchAt(x, y);
        return sw != null ? new DropTarget.OnSwitch(sw) : DropTarget.ANYWHERE;
    }

    /** What the drag carries, read from the Dragboard once per drag (the text stays the same all along). */
    private Optional<DragPayload> payload(DragEvent e) {
        String text = e.getDragboard().hasString() ? e.getDragboard().getString() : null;
        if (!Objects.equals(text, lastText)) {
            lastText = text;
            payload = DragPayload.decode(text);
            lastTarget = null;
            lastAdvice = null;
        }
        return payload;
    }

    /**
     * Asks the policy about the payload at a target on the worker, unless that target was the last one
     * asked about; {@code ghost} draws the answer when it lands, on the FX thread. False when the payload
     * is no job.
     */
    private boolean ask(DragPayload p, DropTarget target, Consumer<DropFeedback> ghost) {
        if (Objects.equals(target, lastTarget)) {
            return true;
        }
        JobRequest r = request(p);
        if (r == null) {
            return false;
        }
        lastTarget = target;
        answers.request(vm.adviceLater(r, target), a -> {
            lastAdvice = a;
            vm.showAdvice(a);
            DropFeedback f = DropFeedback.over(a, target);
            status.accept(f.sentence());
            ghost.accept(f);
        }, e -> status.accept("cannot ask about " + r.name() + ": " + e.getMessage()));
        return true;
    }

    /**
     * Places (or moves) what {@code p} carries on {@code target} as a drop there would, without a drag:
     * the keyboard's way (Enter on a palette chip); the status bar says what happened.
     */
    public boolean place(DragPayload p, DropTarget target) {
        lastAdvice = null;
        return drop(p, target);
    }

    private boolean drop(DragPayload p, DropTarget target) {
        JobRequest r = request(p);
        if (r == null) {
            return false;
        }
        if (p instanceof DragPayload.MoveJob) {
            // A move by hand is kept even when it violates something; the inspector explains it.
            Advice a = vm.adviceLater(r, target).get();
            vm.clearAdvice();
            if (a.placementIfAny().isEmpty()) {
                status.accept(DropFeedback.cannotMove(r.name(), a));
                return false;
            }
            Advice after = vm.move(r.name(), a.placement());
            status.accept(DropFeedback.moved(r.name(), after));
            vm.selectedJobProperty().set(r.name());
            return true;
        }
        boolean placed = vm.drop(r, target);
        if (!placed && lastAdvice == null) {
            // placed from the keyboard, no drag asked before: the policy's own reason (a partition's MaxNodes,
            // a pending reason), not a "no room" it never gave
            lastAdvice = vm.adviceLater(r, target).get();
        }
        status.accept(DropFeedback.dropped(placed ? vm.selectedJobProperty().get() : null, lastAdvice));
        return placed;
    }

    /** The job a payload stands for: the palette's request, the listed job's own; {@code null} for none. */
    private JobRequest request(DragPayload p) {
        if (p instanceof DragPayload.NewJob n) {
            return n.request();
        }
        if (p instanceof DragPayload.MoveJob m) {
            return vm.plan().job(m.job()).isPresent() ? vm.plan().request(m.job()) : null;
        }
        status.accept(DropFeedback.badJob(((DragPayload.Unreadable) p).problems()));
        return null;
    }

    private void forget() {
        answers.cancel();
        edgeArmed = false;
        lastText = null;
        payload = Optional.empty();
        lastTarget = null;
        lastAdvice = null;
        vm.clearAdvice();
    }
}
