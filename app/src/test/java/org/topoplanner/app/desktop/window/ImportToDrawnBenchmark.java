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
import java.util.concurrent.atomic.AtomicLong;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.BigFabrics;
import org.topoplanner.app.desktop.Eventually;
import org.topoplanner.app.desktop.ExampleWindow;
import org.topoplanner.app.desktop.fabric.FabricView;

/**
 * Import to drawn, end to end, in the real window (1600x1000, headless Monocle, software pipeline): the
 * window's own Import (what File > Import…, a dropped file and a file named on the command line all call)
 * of ibsim's 16,384-host {@code ft3-16384.ibnetdiscover} with a node-type file for every host, from the
 * call until the fabric view has issued its first frame of the 16,384 hosts and that frame's pulse ran.
 * When the import has findings, the review dialog is accepted as soon as it shows, and the time the
 * dialog stood open is counted apart (a user reads it). The JVM is as a user's first import finds it:
 * the window open on the example cluster, nothing of the import warmed.
 *
 * <p>Phases are read from what the window shows, not from hooks inside the import: the status bar's
 * messages ("Read …" after the file, "Merging …" before the merge), the progress bar going away (the
 * result reached the FX thread), the plan changing (the window's own listeners ran first: tree, inspector,
 * node view), the fabric view's layout arriving, and the first pulse after its first frame.
 *
 * <p>Optional: reads the shared fabrics folder ({@code -Dtopoplanner.ibsim=DIR}) and is skipped, saying so,
 * when the file is not there. Not part of the normal test run; run with
 * {@code mvn -o -pl app -am test -Dtest=ImportToDrawnBenchmark -Dsurefire.failIfNoSpecifiedTests=false}.
 * Results to stdout and {@code app/target/benchmarks/import-to-drawn-16384.md}.
 */
@ExtendWith(ApplicationExtension.class)
class ImportToDrawnBenchmark {
    private static final Path FABRIC = BigFabrics.SHARED_16384;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final OperatingSystemMXBean OS = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    @TempDir
    Path home;
    private WindowController controller;
    private Stage stage;
    private final List<String> report = new ArrayList<>();

    @Start
    void start(Stage stage) {
        this.stage = stage;
        controller = ExampleWindow.open(stage, home);
        stage.setWidth(1600);
        stage.setHeight(1000);
    }

    @Test
    void importFatTreeOf16384HostsToTheFirstFrame(FxRobot robot) throws Exception {
        assumeTrue(Files.isReadable(FABRIC), FABRIC + " is not there: this optional benchmark reads the shared ibsim fabrics");
        ExampleWindow.awaitLayout(controller);
        Path nodeType = Path.of(getClass().getResource("/inputs/a100-sxm4-epyc7742-nps4-10nic.txt").toURI());
        long fxThread = Eventually.onFxThread(() -> Thread.currentThread().getId());
        FabricView fabric = controller.window().fabricView();
        Scene scene = stage.getScene();
        Label status = (Label) scene.lookup("#status");
        ProgressBar progress = (ProgressBar) scene.lookup(".progress-bar");
        AtomicLong read = new AtomicLong();
        AtomicLong merging = new AtomicLong();
        AtomicLong arrived = new AtomicLong();
        AtomicLong taken = new AtomicLong();
        AtomicLong laidOut = new AtomicLong();
        AtomicLong painted = new AtomicLong();
        AtomicLong framesAtLayout = new AtomicLong(Long.MAX_VALUE);
        AtomicLong fxCpuAtArrival = new AtomicLong();
        AtomicLong fxCpuAtPaint = new AtomicLong();
        AtomicLong processCpuAtPaint = new AtomicLong();
        robot.interact(() -> {
            status.textProperty().addListener((o, a, text) -> {
                if (text != null && text.startsWith("Read ") && read.get() == 0) {
                    read.set(System.nanoTime());
                } else if (text != null && text.startsWith("Merging ")) {
                    merging.set(System.nanoTime());
                }
            });
            progress.visibleProperty().addListener((o, a, shown) -> {
                if (!shown && arrived.get() == 0) {
                    arrived.set(System.nanoTime());
                    fxCpuAtArrival.set(THREADS.getCurrentThreadCpuTime());
                }
            });
            controller.viewModel().planProperty().addListener((o, a, p) -> {
                if (p.cluster().hostNames().size() == 16384 && taken.get() == 0) {
                    taken.set(System.nanoTime());
                }
            });
            fabric.layoutProperty().addListener((o, a, l) -> {
                if (l != null && l.hosts().size() == 16384 && laidOut.get() == 0) {
                    laidOut.set(System.nanoTime());
                    framesAtLayout.set(fabric.framesDrawn());
                }
            });
            // The first pulse after the new layout's first frame: the frame went to the scene graph then.
            scene.addPostLayoutPulseListener(() -> {
                if (painted.get() == 0 && fabric.framesDrawn() > framesAtLayout.get()) {
                    painted.set(System.nanoTime());
                    fxCpuAtPaint.set(THREADS.getCurrentThreadCpuTime());
                    processCpuAtPaint.set(OS.getProcessCpuTime());
                }
            });
        });
        line("load average at start: %.2f; %d cores", OS.getSystemLoadAverage(), Runtime.getRuntime().availableProcessors());
        long fx0 = THREADS.getThreadCpuTime(fxThread);
        long process0 = OS.getProcessCpuTime();
        ThreadSampler sampler = ThreadSampler.startNamed(List.of("JavaFX Application Thread", "import", "fabric-layout",
                "allocator-index"), 8);
        long t0 = System.nanoTime();
        robot.interact(() -> controller.importFiles(List.of(FABRIC, nodeType)));
        long reviewOpen = 0;
        long shown = 0;
        long enabled = 0;
        Eventually.until("the import's review dialog or the 16,384 hosts in the plan",
                () -> taken.get() != 0 || robot.lookup("#importReview").tryQuery().isPresent());
        if (taken.get() == 0) {
            shown = System.nanoTime();
            Button take = robot.lookup((Node n) -> n instanceof Button b && "Import".equals(b.getText())).queryAs(Button.class);
            // the hardware step's preview is computed in the background; Import waits for it, and so does this
            Eventually.until("the review's Import button enabled", () -> !take.isDisabled());
            enabled = System.nanoTime();
            robot.interact(take::fire);
            reviewOpen = System.nanoTime() - enabled;
        }
        Eventually.until("the first frame of the 16,384 hosts", () -> painted.get() != 0);
        WaitForAsyncUtils.waitForFxEvents();
        List<String> where = sampler.stop(30);
        long fxAfterSettled = THREADS.getThreadCpuTime(fxThread);
        line("## Import to drawn in the window: ft3-16384.ibnetdiscover + a node-type file (16,384 hosts)");
        line("");
        line("| phase | until (from the Import call) | phase wall |");
        line("|---|---|---|");
        phase("read the files (status: Read …)", t0, t0, read.get());
        phase("merge and build the cluster (status: Merging … until the result reached the FX thread)",
                t0, read.get(), arrived.get());
        if (reviewOpen > 0) {
            phase("the review dialog made and shown (FX thread)", t0, arrived.get(), shown);
            phase("its hardware step's preview (background) until Import can be pressed", t0, shown, enabled);
            line("| Import pressed by the robot (not counted) | | %s |", ms(reviewOpen));
            phase("the window takes the cluster (tree, inspector, node view, counts; FX thread)", t0 + reviewOpen,
                    enabled + reviewOpen, taken.get());
        } else {
            phase("the window takes the cluster (tree, inspector, node view, counts; FX thread)", t0, arrived.get(), taken.get());
        }
        phase("fabric layout (worker) until shown", t0 + reviewOpen, taken.get(), laidOut.get());
        phase("first frame issued and its pulse", t0 + reviewOpen, laidOut.get(), painted.get());
        line("| **import to drawn** (without the robot's press) | **%s** | |", ms(painted.get() - t0 - reviewOpen));
        line("");
        line("CPU: FX thread %s until drawn (%s after the result arrived), %s more until the queue settled; process"
                + " (all threads) %s until drawn", ms(fxCpuAtPaint.get() - fx0), ms(fxCpuAtPaint.get() - fxCpuAtArrival.get()),
                ms(fxAfterSettled - fxCpuAtPaint.get()), ms(processCpuAtPaint.get() - process0));
        line("merge started %s after the Import call; load average at end: %.2f", ms(merging.get() - t0), OS.getSystemLoadAverage());
        line("");
        line("CPU of the threads still alive (the import's own thread has ended):");
        for (long id : THREADS.getAllThreadIds()) {
            var info = THREADS.getThreadInfo(id);
            long cpu = THREADS.getThreadCpuTime(id);
            if (info != null && cpu > 50_000_000L) {
                line("    %s  %s", ms(cpu), info.getThreadName());
            }
        }
        line("");
        line("The FX thread and the import's workers from the Import call until drawn (samples every 20 ms; idle waits left out):");
        where.stream().filter(w -> !w.matches(".*(wait|park):-2 \\|$")).forEach(w -> line("    %s", w));
        Path out = Path.of("target", "benchmarks", "import-to-drawn-16384.md");
        Files.createDirectories(out.getParent());
        Files.write(out, report);
    }

    private void phase(String what, long t0, long from, long to) {
        line("| %s | %s | %s |", what, ms(to - t0), ms(to - from));
    }

    private void line(String format, Object... args) {
        String s = String.format(Locale.ROOT, format, args);
        System.out.println(s);
        report.add(s);
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.0f ms", nanos / 1e6);
    }
}
