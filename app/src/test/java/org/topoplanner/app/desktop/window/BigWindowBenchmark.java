package org.topoplanner.app.desktop.window;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import javafx.geometry.Point2D;
import javafx.geometry.VerticalDirection;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.input.DragEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.cli.ShippedTemplates;
import org.topoplanner.app.desktop.BigFabrics;
import org.topoplanner.app.desktop.Eventually;
import org.topoplanner.app.desktop.ExampleWindow;
import org.topoplanner.app.desktop.fabric.FabricView;
import org.topoplanner.app.desktop.inspector.ComparisonLine;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.app.plan.PlanEdits;
import org.topoplanner.importers.ReadSources;
import org.topoplanner.importers.hardware.ExistingHardware;
import org.topoplanner.importers.hardware.HardwareAssignment;
import org.topoplanner.importers.hardware.HardwareResult;
import org.topoplanner.importers.hardware.HardwareRule;
import org.topoplanner.importers.merge.MergeChoices;
import org.topoplanner.importers.pipeline.ClusterImport;
import org.topoplanner.importers.pipeline.ImportOutcome;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;

/**
 * The real window (1600x1000, headless Monocle, software pipeline) on ibsim's 16,384-host fat tree
 * {@code ft3-16384.ibnetdiscover} with every host an HGX H100 (the {@code hgx-h100-sxm} template, as
 * {@code --hardware node[00001-16384]=hgx-h100-sxm} gives it), about 60% of the GPUs taken by 38 jobs
 * of 256 hosts: where import-to-drawn goes, and the FX thread's CPU per pointer move while a palette
 * job is dragged over the switches, per pointer move while a placed job's share is moved by hand, per
 * pan step and per wheel step. Optional: it reads the shared fabrics folder
 * ({@code -Dtopoplanner.ibsim=DIR}, default /work/shared/fabrics/ibsim) and is skipped, saying so,
 * when the file is not there. Not part of the normal test run (the name does not end in Test); run with
 * {@code mvn -o -pl app -am test -Dtest=BigWindowBenchmark -Dsurefire.failIfNoSpecifiedTests=false}; add
 * {@code -Dtopoplanner.bigwindow.tableOnly=true} (passed to the forked JVM through {@code headless.argLine}) to stop
 * after the import and the every-policy table.
 * Results to stdout and {@code app/target/benchmarks/window-16384.md}.
 *
 * <p>"FX CPU" is the FX application thread's CPU time (ThreadMXBean) over a run of events divided by
 * the events: every handler, hit test, redraw and pulse they caused, not the software rasteriser's
 * own thread. "process CPU" is all threads of the JVM over the same run (the robot, the rasteriser, the
 * policy worker and the garbage collector included).
 */
@ExtendWith(ApplicationExtension.class)
class BigWindowBenchmark {
    private static final Path FABRIC = BigFabrics.SHARED_16384;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final OperatingSystemMXBean OS = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    @TempDir
    Path home;
    private WindowController controller;
    private final List<String> report = new ArrayList<>();

    @Start
    void start(Stage stage) {
        controller = ExampleWindow.open(stage, home);
        stage.setWidth(1600);
        stage.setHeight(1000);
    }

    @Test
    void importPanZoomAndDragAt16384Hosts(FxRobot robot) throws Exception {
        assumeTrue(Files.isReadable(FABRIC), FABRIC + " is not there: this optional benchmark reads the shared ibsim fabrics");
        long fxThread = Eventually.onFxThread(() -> Thread.currentThread().getId());
        line("load average at start: %.2f", OS.getSystemLoadAverage());

        // -- import to drawn, step by step
        long t0 = System.nanoTime();
        ClusterImport importer = ClusterImport.standard();
        ReadSources read = importer.read(List.of(FABRIC), Optional.empty(), (done, total, file) -> true);
        ImportOutcome outcome = importer.merge(read, MergeChoices.none());
        long t1 = System.nanoTime();
        HardwareRule hgx = HardwareRule.parse("node[00001-16384]=hgx-h100-sxm", new ShippedTemplates());
        HardwareResult given = new HardwareAssignment(List.of(hgx)).apply(outcome.cluster(), ExistingHardware.KEEP);
        Cluster cluster = given.cluster();
        long t2 = System.nanoTime();
        FabricView fabric = controller.window().fabricView();
        AtomicLong fxCpu = new AtomicLong();
        long fxBefore = THREADS.getThreadCpuTime(fxThread);
        ThreadSampler sampler = ThreadSampler.start(fxThread);
        robot.interact(() -> {
            long c = THREADS.getCurrentThreadCpuTime();
            controller.viewModel().perform(PlanEdits.replaceCluster(cluster, "Import " + cluster.name()));
            fxCpu.set(THREADS.getCurrentThreadCpuTime() - c);
        });
        long t3 = System.nanoTime();
        List<String> where = sampler.stop(12);
        long handOverFx = THREADS.getThreadCpuTime(fxThread) - fxBefore;
        Eventually.until("16,384 hosts laid out", () -> fabric.getLayout().hosts().size() == 16384);
        long t4 = System.nanoTime();
        WaitForAsyncUtils.waitForFxEvents();
        long t5 = System.nanoTime();
        line("## Import to drawn, ft3-16384 + hgx-h100-sxm (%d hosts)", cluster.hostNames().size());
        line("| step | wall |");
        line("|---|---|");
        line("| read + merge the ibnetdiscover dump | %s |", ms(t1 - t0));
        line("| hardware template for every host | %s |", ms(t2 - t1));
        line("| the window takes the cluster (FX thread; FX CPU %s) | %s |", ms(fxCpu.get()), ms(t3 - t2));
        line("| fabric layout (worker) until shown | %s |", ms(t4 - t3));
        line("| first frames drawn | %s |", ms(t5 - t4));
        line("| **total** | **%s** |", ms(t5 - t0));
        line("");
        line("FX thread CPU from the hand-over until the import's events settled: %s; where it was (samples every 20 ms,"
                + " innermost frame | our frames):", ms(handOverFx));
        where.forEach(w -> line("    %s", w));

        // -- occupancy: 38 jobs of 256 hosts x 8 GPUs, every fifth block of 256 hosts left free
        List<String> hosts = cluster.hostNames();
        WorkerCpu placing = WorkerCpu.start();
        robot.interact(() -> BigFabrics.occupy(controller.viewModel(), cluster, 38, 256));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(fabric::zoomToFit);
        WaitForAsyncUtils.waitForFxEvents();
        line("");
        line("jobs placed: %d; load average now %.2f; CPU from the first placement until the table is asked (the plan's"
                + " warm-up under way or done): %s", controller.viewModel().plan().jobs().size(), OS.getSystemLoadAverage(),
                placing.stop());
        everyPolicyTable(robot);
        if (Boolean.getBoolean("topoplanner.bigwindow.tableOnly")) {
            line("(gestures skipped: -Dtopoplanner.bigwindow.tableOnly=true)");
            writeReport();
            return;
        }

        // -- dragging a palette job over the switch rows at fit
        List<Point2D> overSwitches = screenPoints(fabric, p -> fabric.switchAt(p.getX(), p.getY()) != null, 60);
        AtomicInteger dragOvers = new AtomicInteger();
        fabric.addEventFilter(DragEvent.DRAG_OVER, e -> dragOvers.incrementAndGet());
        Label chip = robot.lookup((Node n) -> n instanceof Label l && l.getStyleClass().contains("job-chip")
                && "4 nodes \u00d7 8 GPUs".equals(l.getText())).queryAs(Label.class);
        robot.drag(chip).moveTo(overSwitches.get(0));
        WaitForAsyncUtils.waitForFxEvents();
        dragOvers.set(0);
        Run drag = Run.start(fxThread);
        for (Point2D p : overSwitches) {
            robot.moveTo(p);
        }
        WaitForAsyncUtils.waitForFxEvents();
        drag.stop(dragOvers.get());
        robot.drop();
        WaitForAsyncUtils.waitForFxEvents();
        line("");
        line("## Per event (FX CPU is the FX thread; process CPU all threads)");
        line("| gesture, 16,384 hosts at fit | events | FX CPU per event | process CPU per event | wall per event |");
        line("|---|---|---|---|---|");
        line(drag.row("palette job dragged over the switch rows (DRAG_OVER)"));
        line(beforeAnswersMovedOff(robot, fxThread, overSwitches, fabric));

        // -- panning: the background dragged in small steps
        Point2D empty = screenPoints(fabric, p -> fabric.switchAt(p.getX(), p.getY()) == null
                && fabric.hostsAt(p.getX(), p.getY()).isEmpty(), 1).get(0);
        AtomicInteger drags = new AtomicInteger();
        fabric.addEventFilter(MouseEvent.MOUSE_DRAGGED, e -> drags.incrementAndGet());
        robot.interact(() -> fabric.zoomAt(6, fabric.getWidth() / 2, fabric.getHeight() / 2));
        WaitForAsyncUtils.waitForFxEvents();
        robot.drag(empty, MouseButton.PRIMARY);
        drags.set(0);
        Run pan = Run.start(fxThread);
        for (int i = 0; i < 60; i++) {
            robot.moveBy(i % 20 < 10 ? 6 : -6, 2);
        }
        WaitForAsyncUtils.waitForFxEvents();
        pan.stop(drags.get());
        robot.drop();
        line(pan.row("pan at 6x zoom (MOUSE_DRAGGED on the background)"));

        // -- wheel steps, around the centre, in then out
        robot.interact(fabric::zoomToFit);
        WaitForAsyncUtils.waitForFxEvents();
        AtomicInteger scrolls = new AtomicInteger();
        fabric.addEventFilter(ScrollEvent.SCROLL, e -> scrolls.incrementAndGet());
        robot.moveTo(fabric.localToScreen(fabric.getWidth() / 2, fabric.getHeight() / 2));
        List<Long> perStep = new ArrayList<>();
        Run zoom = Run.start(fxThread);
        for (int i = 0; i < 40; i++) {
            long c = THREADS.getThreadCpuTime(fxThread);
            robot.scroll(1, i < 20 ? VerticalDirection.UP : VerticalDirection.DOWN);
            WaitForAsyncUtils.waitForFxEvents();
            perStep.add(THREADS.getThreadCpuTime(fxThread) - c);
        }
        zoom.stop(scrolls.get());
        line(zoom.row("wheel step, 20 in then 20 out from fit (SCROLL)"));
        long[] steps = perStep.stream().mapToLong(Long::longValue).sorted().toArray();
        line("");
        line("wheel step FX CPU: median %s, p10 %s, p90 %s, max %s", ms(steps[steps.length / 2]),
                ms(steps[steps.length / 10]), ms(steps[steps.length * 9 / 10]), ms(steps[steps.length - 1]));

        // -- a placed job's share moved by hand over the switch rows (MoveGesture, policy on the worker)
        robot.interact(fabric::zoomToFit);
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> {
            controller.viewModel().selectionProperty().set(hosts.get(0));
            fabric.zoomToSelection();
        });
        WaitForAsyncUtils.waitForFxEvents();
        Point2D grab = screenPoints(fabric, p -> fabric.jobAt(p.getX(), p.getY()) != null, 1).get(0);
        List<Point2D> overSwitchesNear = screenPoints(fabric, p -> fabric.switchAt(p.getX(), p.getY()) != null, 60);
        drags.set(0);
        robot.drag(grab, MouseButton.PRIMARY).moveBy(20, 0);
        WaitForAsyncUtils.waitForFxEvents();
        drags.set(0);
        Run share = Run.start(fxThread);
        for (Point2D p : overSwitchesNear) {
            robot.moveTo(p);
        }
        WaitForAsyncUtils.waitForFxEvents();
        share.stop(drags.get());
        robot.type(javafx.scene.input.KeyCode.ESCAPE);
        robot.drop();
        WaitForAsyncUtils.waitForFxEvents();
        line(share.row("a job's share moved by hand over the switch rows, rack zoom (MOUSE_DRAGGED)"));
        line("");
        line("load average at end: %.2f; %d cores", OS.getSystemLoadAverage(), Runtime.getRuntime().availableProcessors());

        writeReport();
    }

    private void writeReport() throws java.io.IOException {
        Path out = Path.of("target", "benchmarks", "window-16384.md");
        Files.createDirectories(out.getParent());
        Files.write(out, report);
    }

    /**
     * The inspector's every-policy table for a placed 256-host job: when each policy's row got its answer
     * after the job was selected (rows fill as each policy answers, off the FX thread), then the same for
     * another job selected while the first one's rows are still coming (the old question is dropped), and for a
     * job asked after an edit and a pause in which the edited plan's warm-up ran.
     */
    @SuppressWarnings("unchecked")
    private void everyPolicyTable(FxRobot robot) throws Exception {
        TableView<ComparisonLine> table = robot.lookup("#comparison").queryAs(TableView.class);
        List<String> jobs = controller.viewModel().plan().jobs().stream().map(j -> j.name()).toList();
        line("");
        line("## Every-policy table, a placed job of 256 hosts x 8 GPUs selected (%d policies)",
                org.topoplanner.allocator.catalog.PolicyCatalog.policies().size());
        for (String job : List.of(jobs.get(0), jobs.get(1))) {
            question(robot, table, job, job);
        }
        // a job changed while its rows are coming: the first question's late rows must not land
        WorkerCpu switched = WorkerCpu.start();
        robot.interact(() -> controller.viewModel().selectedJobProperty().set(jobs.get(2)));
        AtomicLong t1 = new AtomicLong();
        robot.interact(() -> {
            t1.set(System.nanoTime()); // when it is selected: interact returns only after the FX events settled
            controller.viewModel().selectedJobProperty().set(jobs.get(3));
        });
        Eventually.until("every policy's row answered for the second job", () -> Eventually.onFxThread(() ->
                table.getItems().stream().noneMatch(l -> l.waiting().startsWith("computing"))));
        line("%s selected right after %s: all rows in %s; CPU meanwhile: %s", jobs.get(3), jobs.get(2),
                ms(System.nanoTime() - t1.get()), switched.stop());
        // the plan edited (its last job deleted), then a pause as a user's before the next selection: the new
        // plan's warm-up runs meanwhile, so this is the first question on that plan with its tables made
        robot.interact(() -> controller.viewModel().selectedJobProperty().set(null));
        WorkerCpu pause = WorkerCpu.start();
        robot.interact(() -> controller.viewModel().perform(PlanEdits.remove(jobs.get(jobs.size() - 1))));
        long edited = System.nanoTime();
        untilWarmUpIdle();
        line("%s deleted, then a pause until the plan's warm-up was done (%s): CPU %s", jobs.get(jobs.size() - 1),
                ms(System.nanoTime() - edited), pause.stop());
        question(robot, table, jobs.get(4), jobs.get(4) + ", first question on the edited plan after the pause");
        robot.interact(() -> controller.viewModel().selectedJobProperty().set(null));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * Selects {@code job} and reports when each policy's row answered (was handed to the table on the FX thread),
     * when the layout pulse after the last one ran (the table then shows every row; the software rasteriser
     * draws that frame next), when the harness saw every row and the FX events settle ("all rows in", which adds
     * the robot's polling and settling), and the CPU used meanwhile.
     */
    private void question(FxRobot robot, TableView<ComparisonLine> table, String job, String label) throws Exception {
        List<String> answered = new java.util.concurrent.CopyOnWriteArrayList<>();
        AtomicLong t0 = new AtomicLong();
        AtomicLong laidOut = new AtomicLong();
        int policies = org.topoplanner.allocator.catalog.PolicyCatalog.policies().size();
        Runnable pulse = () -> {
            if (answered.size() == policies && laidOut.get() == 0) {
                laidOut.set(System.nanoTime() - t0.get());
            }
        };
        javafx.collections.ListChangeListener<ComparisonLine> watch = c -> {
            while (c.next()) {
                for (ComparisonLine l : c.getAddedSubList()) {
                    if (!l.waiting().startsWith("computing") && t0.get() != 0) {
                        answered.add(String.format(Locale.ROOT, "%s %s", l.policy(), ms(System.nanoTime() - t0.get())));
                    }
                }
            }
        };
        WorkerCpu workers = WorkerCpu.start();
        double load = OS.getSystemLoadAverage();
        ThreadSampler fx = ThreadSampler.start(Eventually.onFxThread(() -> Thread.currentThread().getId()));
        robot.interact(() -> {
            table.getItems().addListener(watch);
            table.getScene().addPostLayoutPulseListener(pulse);
            t0.set(System.nanoTime());
            controller.viewModel().selectedJobProperty().set(job);
        });
        Eventually.until("every policy's row answered", () -> Eventually.onFxThread(() -> !table.getItems().isEmpty()
                && table.getItems().stream().noneMatch(l -> l.waiting().startsWith("computing"))));
        long all = System.nanoTime() - t0.get();
        String cpu = workers.stop();
        List<String> fxWhere = fx.stop(15);
        robot.interact(() -> {
            table.getItems().removeListener(watch);
            table.getScene().removePostLayoutPulseListener(pulse);
        });
        line("%s: all rows in %s (load %.2f); as they came: %s; laid out in the pulse at %s; CPU meanwhile: %s", label,
                ms(all), load, String.join(", ", answered), ms(laidOut.get()), cpu);
        line("  where the FX thread was over that question (samples every 20 ms, running or not): %s",
                String.join("; ", fxWhere));
    }

    /** Waits (up to 30 s, at least 1 s) until the plan's warm-up thread has used no CPU for half a second. */
    private static void untilWarmUpIdle() throws InterruptedException {
        long start = System.nanoTime();
        long last = -1;
        int still = 0;
        while (System.nanoTime() - start < 30_000_000_000L) {
            Thread.sleep(250);
            long cpu = 0;
            for (var info : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
                if (info != null && info.getThreadName().equals("policy-warm-up")) {
                    cpu += THREADS.getThreadCpuTime(info.getThreadId());
                }
            }
            still = cpu == last ? still + 1 : 0;
            last = cpu;
            if (still >= 2 && System.nanoTime() - start > 1_000_000_000L) {
                return;
            }
        }
    }

    /**
     * What each new target under the pointer cost the FX thread while the ghost's question was answered
     * there (before it moved to a worker): the chosen policy's suggestion for the dragged job on a switch.
     */
    private String beforeAnswersMovedOff(FxRobot robot, long fxThread, List<Point2D> screenPoints, FabricView fabric) {
        List<String> switches = Eventually.onFxThread(() -> screenPoints.stream().map(fabric::screenToLocal)
                .map(p -> fabric.switchAt(p.getX(), p.getY())).filter(java.util.Objects::nonNull).distinct().limit(20).toList());
        JobRequest r = JobRequest.nodesWithGpus("j", 4, 8);
        Run asked = Run.start(fxThread);
        robot.interact(() -> switches.forEach(sw -> controller.viewModel().adviceLater(r, new DropTarget.OnSwitch(sw)).get()));
        asked.stop(switches.size());
        return asked.row("for comparison: the planner's answer for a new switch target, as the FX thread paid it before");
    }

    /** Up to {@code count} screen points of the fabric view where {@code hit} holds, spread over it. */
    private static List<Point2D> screenPoints(FabricView fabric, Predicate<Point2D> hit, int count) {
        return Eventually.onFxThread(() -> {
            List<Point2D> all = new ArrayList<>();
            for (double y = 2; y < fabric.getHeight(); y += 3) {
                for (double x = 80; x < fabric.getWidth() - 200; x += 7) {
                    Point2D p = new Point2D(x, y);
                    if (hit.test(p)) {
                        all.add(p);
                    }
                }
            }
            List<Point2D> picked = new ArrayList<>();
            for (int i = 0; i < count && !all.isEmpty(); i++) {
                picked.add(fabric.localToScreen(all.get((int) ((long) i * all.size() / count))));
            }
            return picked;
        });
    }

    private void line(String format, Object... args) {
        String s = String.format(Locale.ROOT, format, args);
        System.out.println(s);
        report.add(s);
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
    }

    /**
     * The CPU time the window's background threads used over a question: the table's rows
     * ({@code policy-comparison}), the plan's warm-up ({@code policy-warm-up}), the jobs' checks
     * ({@code job-checks}), the FX thread and the whole process. A thread that ends meanwhile (idle workers
     * end after a few seconds) loses its share, so the figures are a floor.
     */
    private static final class WorkerCpu {
        private static final List<String> NAMES = List.of("policy-comparison", "policy-warm-up", "job-checks",
                "JavaFX Application Thread");
        private final java.util.Map<Long, Long> before;
        private final long process0 = OS.getProcessCpuTime();
        private final TaskCpu tasks0 = TaskCpu.now();

        private WorkerCpu(java.util.Map<Long, Long> before) {
            this.before = before;
        }

        static WorkerCpu start() {
            return new WorkerCpu(now());
        }

        /** Thread id to CPU time, for the threads named in {@link #NAMES}. */
        private static java.util.Map<Long, Long> now() {
            java.util.Map<Long, Long> out = new java.util.HashMap<>();
            for (var info : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
                if (info != null && NAMES.contains(info.getThreadName())) {
                    out.put(info.getThreadId(), THREADS.getThreadCpuTime(info.getThreadId()));
                }
            }
            return out;
        }

        String stop() {
            java.util.Map<Long, Long> after = now();
            long process = OS.getProcessCpuTime() - process0;
            java.util.Map<String, Long> byName = new java.util.LinkedHashMap<>();
            NAMES.forEach(n -> byName.put(n, 0L));
            for (var info : THREADS.getThreadInfo(after.keySet().stream().mapToLong(Long::longValue).toArray())) {
                if (info != null) {
                    long id = info.getThreadId();
                    byName.merge(info.getThreadName(), Math.max(0, after.get(id) - before.getOrDefault(id, 0L)), Long::sum);
                }
            }
            List<String> parts = new ArrayList<>();
            byName.forEach((n, c) -> parts.add((n.startsWith("JavaFX") ? "FX thread" : n) + " " + ms(c)));
            parts.add("process " + ms(process));
            return String.join(", ", parts) + "; every thread (/proc/self/task): " + TaskCpu.now().since(tasks0, 8);
        }
    }

    /** The CPU and wall time of a run of events. */
    private static final class Run {
        private final long fxThread;
        private final long fx0;
        private final long process0;
        private final long wall0;
        private long fx;
        private long process;
        private long wall;
        private int events;

        private Run(long fxThread) {
            this.fxThread = fxThread;
            fx0 = THREADS.getThreadCpuTime(fxThread);
            process0 = OS.getProcessCpuTime();
            wall0 = System.nanoTime();
        }

        static Run start(long fxThread) {
            return new Run(fxThread);
        }

        /** Ends the run; {@code eventsSoFar} is the event counter's value now (it was 0 or less at the start). */
        void stop(int eventsSoFar) {
            fx = THREADS.getThreadCpuTime(fxThread) - fx0;
            process = OS.getProcessCpuTime() - process0;
            wall = System.nanoTime() - wall0;
            events = Math.max(1, eventsSoFar);
        }

        String row(String what) {
            return String.format(Locale.ROOT, "| %s | %d | %s | %s | %s |", what, events, ms(fx / events),
                    ms(process / events), ms(wall / events));
        }
    }
}
