package org.topoplanner.app.desktop;

import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.geometry.Point2D;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.fabric.HoverCard;

/**
 * Rests the pointer on an item of a view until its hover card is up. A card shows only after the pointer
 * rests on the item, and anything that changes the view meanwhile (a late redraw with new jobs, a
 * re-fit) hides it or moves the item from under a pointer that no longer moves, so no new event ever
 * aims it again: on a loaded machine a test that moved once and waited could wait forever. Here, whenever
 * no card is up or coming, the pointer goes to where the item is now.
 */
public final class PointerRest {
    private PointerRest() {
    }

    /** @param where the item's screen point now, read on the FX thread */
    public static void until(FxRobot robot, HoverCard card, Supplier<Point2D> where, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Eventually.HANG_GUARD_SECONDS);
        boolean nudge = false;
        while (!Eventually.onFxThread(card::isShowing)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no hover card after " + Eventually.HANG_GUARD_SECONDS + " s: " + what);
            }
            if (!Eventually.onFxThread(card::isPending)) {
                // one pixel apart on alternate tries, so that the move is a real pointer event
                Point2D p = Eventually.onFxThread(where).add(nudge ? 1 : 0, 0);
                nudge = !nudge;
                robot.moveTo(p);
            }
            // polling interval, not a wait for time to pass
            WaitForAsyncUtils.sleep(15, TimeUnit.MILLISECONDS);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }
}
