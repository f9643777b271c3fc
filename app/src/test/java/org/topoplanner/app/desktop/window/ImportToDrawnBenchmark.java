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
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
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
import org.topoplanner.app.desktop.fabric.ViewShots;

/**
 * Import to drawn, end to end, in the real window (1600x1000, headless Monocle, software pipeline): the
 * window's own Import (what File > Import…, a dropped file and a file named on the command line all call)
 * of ibsim's 16,384-host {@code ft3-16384.ibnetdiscover} with a node-type file for every host, from the
 * call until the fabric view has issued its first frame of the 16,384 hosts and that frame's pulse ran.
 * When the import has findings, the review dialog's Import is pressed as soon as it can be (its hardware
 * step computes a preview first); only the robot's press itself is left out (a user reads the dialog).
 * The JVM is as a user's first import finds it: the window open on the example cluster, nothing warmed.
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
 *
 * <p>{@code -Dtopoplanner.importToDrawn=FILE} imports another dump instead (fabrics of other shapes, issue 15):
 * the phases then end when the window holds that file's hosts, whatever their number, and the report is
 * {@code import-to-drawn-<file name>.md}.
 */
@ExtendWith(ApplicationExtension.class)
class ImportToDrawnBenchmark {
    private static final String OTHER = System.getProperty("topoplanner.importToDrawn");
    private static final Path FABRIC = OTHER != null ? Path.of(OTHER) : BigFabrics.SHARED_16384;
    private static final String LABEL = OTHER != null ? FABRIC.getFileName().toString() : "16384";
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
        // the example's hosts are in the plan until the import is taken: any other count is the imported file's
        int exampleHosts = Eventually.onFxThread(() -> controller.viewModel().planProperty().get().cluster().hostNames().size());
        AtomicLong importedHosts = new AtomicLong(-1);
        Label status = (Label) scene.lookup("#status");
        ProgressBar progress = (ProgressBar) scene.lookup(".progress-bar");
        Moments at = new Moments(fxThread);
        AtomicLong framesAtLayout = new AtomicLong(Long.MAX_VALUE);
        robot.interact(() -> {
            status.textProperty().addListener((o, a, text) -> {
                if (text != null && text.startsWith("Read ")) {
                    at.markOnce("read");
                } else if (text != null && text.startsWith("Merging ")) {
                    at.markOnce("merging");
                }
            });
            progress.visibleProperty().addListener((o, a, shown) -> {
                if (!shown) {
                    at.markOnce("arrived");
                }
            });
            controller.viewModel().planProperty().addListener((o, a, p) -> {
                if (p.cluster().hostNames().size() != exampleHosts) {
                    importedHosts.compareAndSet(-1, p.cluster().hostNames().size());
                    at.markOnce("taken");
                }
            });
            fabric.layoutProperty().addListener((o, a, l) -> {
                if (l != null && l.hosts().size() == importedHosts.get() && !at.has("laidOut")) {
                    at.markOnce("laidOut");
                    framesAtLayout.set(fabric.framesDrawn());
                }
            });
            // The first pulse after the new layout's first frame: the frame went to the scene graph then.
            scene.addPostLayoutPulseListener(() -> {
                if (fabric.framesDrawn() > framesAtLayout.get()) {
                    at.markOnce("painted");
                }
            });
        });
        line("load average at start: %.2f; %d cores", OS.getSystemLoadAverage(), Runtime.getRuntime().availableProcessors());
        ThreadSampler sampler = ThreadSampler.startNamed(List.of("JavaFX Application Thread", "import", "fabric-layout",
                "allocator-index"), 8);
        at.markOnce("start");
        robot.interact(() -> controller.importFiles(List.of(FABRIC, nodeType)));
        Eventually.until("the import's review dialog or the imported hosts in the plan",
                () -> at.has("taken") || robot.lookup("#importReview").tryQuery().isPresent());
        boolean reviewed = !at.has("taken");
        if (reviewed) {
            at.markOnce("shown");
            Button take = robot.lookup((Node n) -> n instanceof Button b && "Import".equals(b.getText())).queryAs(Button.class);
            // the hardware step's preview is computed in the background; Import waits for it, and so does this
            Eventually.until("the review's Import button enabled", () -> !take.isDisabled());
            at.markOnce("enabled");
            // pressed: when the FX thread takes the press (what follows, the window taking the cluster, counts)
            robot.interact(() -> {
                at.markOnce("pressed");
                take.fire();
            });
        }
        Eventually.until("the first frame of the imported hosts", () -> at.has("painted"));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> where = sampler.stop(30);
        at.markOnce("settled");
        long pressing = reviewed ? at.wall("pressed") - at.wall("enabled") : 0;
        line("## Import to drawn in the window: %s + a node-type file (%,d hosts)", FABRIC.getFileName(), importedHosts.get());
        line("");
        line("| phase | until (from the Import call) | phase wall | FX thread CPU in the phase |");
        line("|---|---|---|---|");
        phase(at, "read the files (status: Read …)", "start", "read", 0);
        phase(at, "merge and build the cluster, until the result reached the FX thread", "read", "arrived", 0);
        if (reviewed) {
            phase(at, "the review dialog made and shown", "arrived", "shown", 0);
            phase(at, "its hardware step's preview (background) until Import can be pressed", "shown", "enabled", 0);
            line("| Import pressed by the robot (not counted) | | %s | |", ms(pressing));
            phase(at, "the window takes the cluster (tree, inspector, node view, counts)", "pressed", "taken", pressing);
        } else {
            phase(at, "the window takes the cluster (tree, inspector, node view, counts)", "arrived", "taken", 0);
        }
        phase(at, "fabric layout (worker) until shown", "taken", "laidOut", pressing);
        phase(at, "first frame issued and its pulse", "laidOut", "painted", pressing);
        line("| **import to drawn** (without the robot's press) | **%s** | | %s |",
                ms(at.wall("painted") - at.wall("start") - pressing), ms(at.fx("painted") - at.fx("start")));
        line("");
        line("process CPU (all threads) until drawn: %s; FX thread %s more until its queue settled; load average at end: %.2f",
                ms(at.process("painted") - at.process("start")), ms(at.fx("settled") - at.fx("painted")),
                OS.getSystemLoadAverage());
        line("of the process's time until drawn: %s", at.jitAndGc("start", "painted"));
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
        // the window as the import left it, to look at (target/shots/, with the other window shots)
        Path shot = Eventually.onFxThread(() -> ViewShots.save(scene, "window-import-" + LABEL));
        line("");
        line("the window after the import: %s", shot);
        Path out = Path.of("target", "benchmarks", "import-to-drawn-" + LABEL + ".md");
        Files.createDirectories(out.getParent());
        Files.write(out, report);
    }

    private void phase(Moments at, String what, String from, String to, long pressing) {
        line("| %s | %s | %s | %s |", what, ms(at.wall(to) - at.wall("start") - pressing), ms(at.wall(to) - at.wall(from)),
                ms(at.fx(to) - at.fx(from)));
    }

    /** Named moments of the run: wall time, the FX thread's CPU and the process's CPU when each first happened. */
    private static final class Moments {
        private record Moment(long wall, long fx, long process, long jitMillis, long gcMillis) {
        }

        private final long fxThread;
        private final Map<String, Moment> moments = new ConcurrentHashMap<>();

        Moments(long fxThread) {
            this.fxThread = fxThread;
        }

        void markOnce(String name) {
            moments.computeIfAbsent(name, n -> new Moment(System.nanoTime(), THREADS.getThreadCpuTime(fxThread),
                    OS.getProcessCpuTime(), ManagementFactory.getCompilationMXBean().getTotalCompilationTime(),
                    ManagementFactory.getGarbageCollectorMXBeans().stream().mapToLong(g -> g.getCollectionTime()).sum()));
        }

        boolean has(String name) {
            return moments.containsKey(name);
        }

        long wall(String name) {
            return moments.get(name).wall();
        }

        long fx(String name) {
            return moments.get(name).fx();
        }

        long process(String name) {
            return moments.get(name).process();
        }

        /** The JIT compilers' and the garbage collectors' time (milliseconds, as the JVM counts it) between two moments. */
        String jitAndGc(String from, String to) {
            return String.format(Locale.ROOT, "JIT compiling %d ms, garbage collection %d ms",
                    moments.get(to).jitMillis() - moments.get(from).jitMillis(),
                    moments.get(to).gcMillis() - moments.get(from).gcMillis());
        }
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
