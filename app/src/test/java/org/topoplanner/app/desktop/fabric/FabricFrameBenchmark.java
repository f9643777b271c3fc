package org.topoplanner.app.desktop.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.canvas.Occupancy;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;
import org.topoplanner.app.desktop.fabric.layout.FatTreeFixture;
import org.topoplanner.app.desktop.fabric.layout.HostBox;
import org.topoplanner.model.cluster.Cluster;

/**
 * Frame times of the fabric view on the 16,384-host fabric, headless (Monocle, software
 * pipeline), in a 1600x1000 view. Not part of the normal test run (the name does not end in
 * Test); run it with
 * {@code mvn -B -o -pl app -am verify -Dtest=FabricFrameBenchmark -Dsurefire.failIfNoSpecifiedTests=false}.
 * Results go to stdout and {@code app/target/benchmarks/views-frames.md}.
 *
 * <p>"issue" is the FX-thread time to paint a frame into the canvas command buffer (our code);
 * "frame" adds rasterising that buffer and reading the 1600x1000 result back (a canvas snapshot);
 * "readback" is a snapshot with nothing new drawn, the floor of "frame"; "frame, process CPU" is
 * the CPU time all threads spent per frame (averaged over the run, so the 10 ms tick of the
 * counter does not matter), which a loaded machine inflates much less than wall time.
 * Each measured frame pans by half a pixel, so nothing is reused; "same view again" is the
 * redraw after a hover or selection change, which reuses the link density image.
 */
@ExtendWith(ApplicationExtension.class)
class FabricFrameBenchmark {
    private static final int WARMUP = 40;
    private static final int RUNS = 120;
    private Stage stage;
    private FabricView view;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        view = new FabricView();
        stage.setScene(new Scene(view, 1600, 1000));
        stage.show();
    }

    @Test
    void measuresLayoutAndFramesAt16kHosts(FxRobot robot) throws IOException {
        List<String> out = new ArrayList<>();
        Cluster big = FatTreeFixture.large();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();

        long t0 = System.nanoTime();
        FabricLayout layout = FabricLayout.compute(big);
        double cold = (System.nanoTime() - t0) / 1e6;
        double[] wall = new double[10];
        double[] cpu = new double[10];
        for (int i = 0; i < 10; i++) {
            long c0 = mx.getCurrentThreadCpuTime();
            long w0 = System.nanoTime();
            layout = FabricLayout.compute(big);
            wall[i] = (System.nanoTime() - w0) / 1e6;
            cpu[i] = (mx.getCurrentThreadCpuTime() - c0) / 1e6;
        }
        out.add(String.format(Locale.ROOT, "layout 16k: first %.0f ms; then wall %s; thread CPU %s", cold, stats(wall),
                stats(cpu)));
        Occupancy jobs = FatTreeFixture.someJobs(big, 0.55, 5);
        FabricLayout l = layout;
        double[] counts = new double[20];
        double[] countsCpu = new double[20];
        for (int i = 0; i < counts.length; i++) {
            long c0 = mx.getCurrentThreadCpuTime();
            long w0 = System.nanoTime();
            FabricCounts.of(l, jobs);
            counts[i] = (System.nanoTime() - w0) / 1e6;
            countsCpu[i] = (mx.getCurrentThreadCpuTime() - c0) / 1e6;
        }
        out.add("counts for an occupancy change: wall " + stats(counts) + "; thread CPU " + stats(countsCpu));

        robot.interact(() -> {
            view.setLayout(l);
            view.setOccupancy(jobs);
        });
        WaitForAsyncUtils.waitForFxEvents();
        Canvas canvas = findCanvas();
        out.add(String.format(Locale.ROOT, "view %.0fx%.0f, %d switches, %d racks, %d hosts, %d bundles, java %s",
                canvas.getWidth(), canvas.getHeight(), l.switches().size(), l.racks().size(), l.hosts().size(),
                l.links().size(), System.getProperty("java.version")));
        double[] sub = l.subtreeBounds(l.switchIndex("p03-spine01"));
        int host = l.hostIndex("gpu02060");
        HostBox hb = l.hosts().get(host);
        record Zoom(String name, Viewport vp) {
        }
        Viewport fit = view.viewport();
        List<Zoom> zooms = List.of(new Zoom("fit (racks as blocks)", fit),
                new Zoom("mid: one pod (hosts as tiles)", fit.showing(sub[0], 0, sub[2], l.height(), 4)),
                new Zoom("near: racks (hosts with names, GPU bars)",
                        fit.showing(hb.x() - 700, hb.y() - 300, hb.x() + 700, hb.y() + 300, 4)));
        List<Double> medians = new ArrayList<>();
        for (Zoom z : zooms) {
            double[] issue = new double[RUNS];
            double[] issueCpu = new double[RUNS];
            double[] frame = new double[RUNS];
            double[] readback = new double[RUNS];
            double[] hover = new double[RUNS];
            com.sun.management.OperatingSystemMXBean os =
                    (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            String[] lod = new String[1];
            long[] totalCpu = new long[2];
            robot.interact(() -> {
                view.setViewport(z.vp());
                WritableImage img = new WritableImage((int) canvas.getWidth(), (int) canvas.getHeight());
                for (int i = 0; i < WARMUP + RUNS; i++) {
                    // A half-pixel pan each frame: every frame is a full redraw, nothing cached.
                    Viewport v = z.vp();
                    view.setViewport(new Viewport(v.width(), v.height(), v.worldW(), v.worldH(), v.sx(),
                            v.ox() + (i % 2) * 0.5 / v.sx(), v.oy()));
                    long cpu0 = os.getProcessCpuTime();
                    long t0c = mx.getCurrentThreadCpuTime();
                    long a = System.nanoTime();
                    view.redraw();
                    long b = System.nanoTime();
                    long t1c = mx.getCurrentThreadCpuTime();
                    canvas.snapshot(null, img);
                    long c = System.nanoTime();
                    canvas.snapshot(null, img);
                    long d = System.nanoTime();
                    if (i == WARMUP) {
                        totalCpu[0] = cpu0;
                    }
                    if (i >= WARMUP) {
                        issue[i - WARMUP] = (b - a) / 1e6;
                        issueCpu[i - WARMUP] = (t1c - t0c) / 1e6;
                        frame[i - WARMUP] = (c - a) / 1e6;
                        readback[i - WARMUP] = (d - c) / 1e6;
                    }
                }
                totalCpu[1] = os.getProcessCpuTime();
                lod[0] = view.levelOfDetail().toString();
                for (int i = 0; i < WARMUP + RUNS; i++) {
                    long a = System.nanoTime();
                    view.redraw();
                    canvas.snapshot(null, img);
                    if (i >= WARMUP) {
                        hover[i - WARMUP] = (System.nanoTime() - a) / 1e6;
                    }
                }
            });
            out.add("");
            out.add(z.name() + String.format(Locale.ROOT, " sx=%.4f sy=%.3f", z.vp().sx(), z.vp().sy()) + " " + lod[0]);
            out.add("  issue    " + stats(issue));
            out.add("  issue, FX thread CPU " + stats(issueCpu));
            out.add("  frame    " + stats(frame));
            out.add("  readback " + stats(readback));
            out.add(String.format(Locale.ROOT, "  frame, process CPU per frame over %d frames: %.2f ms "
                    + "(includes the second, readback-only snapshot)", RUNS, (totalCpu[1] - totalCpu[0]) / 1e6 / RUNS));
            out.add("  same view again (hover, selection): frame " + stats(hover));
            medians.add(median(issue));
        }
        out.forEach(System.out::println);
        Path dir = Paths.get("target/benchmarks");
        Files.createDirectories(dir);
        Files.write(dir.resolve("views-frames.md"), out);
        // A loose guard against regressions only; the figures are in the file.
        assertThat(medians).allSatisfy(m -> assertThat(m).isLessThan(50));
    }

    private Canvas findCanvas() {
        return (Canvas) view.getChildrenUnmodifiable().stream().filter(n -> n instanceof Canvas).findFirst().orElseThrow();
    }

    static String stats(double[] ms) {
        double[] s = ms.clone();
        Arrays.sort(s);
        return String.format(Locale.ROOT, "median %.2f ms (p10 %.2f, p90 %.2f, max %.2f, n=%d)", median(s),
                s[(int) (s.length * 0.1)], s[(int) Math.min(s.length - 1, s.length * 0.9)], s[s.length - 1], s.length);
    }

    static double median(double[] ms) {
        double[] s = ms.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
