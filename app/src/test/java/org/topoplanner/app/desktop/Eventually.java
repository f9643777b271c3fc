package org.topoplanner.app.desktop;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Waits in window tests for something to have happened (the background check finished, the import
 * done, the node drawn), never for a time to pass. The condition is evaluated on the FX thread, where
 * the state it reads is written, until it holds.
 *
 * <p>The only clock here is a guard against a hang: a condition that has not held after
 * {@link #HANG_GUARD_SECONDS} is broken, not slow (the slowest wait, a 4,096-host import, takes a few
 * seconds even with both cores of the CI machine busy), and fails with what was awaited.
 */
public final class Eventually {
    public static final long HANG_GUARD_SECONDS = 180;
    private static final long POLL_MILLIS = 15;

    private Eventually() {
    }

    /** Returns once {@code condition} holds on the FX thread and the events it caused are handled. */
    public static void until(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(HANG_GUARD_SECONDS);
        while (!onFxThread(condition::getAsBoolean)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("still waiting after " + HANG_GUARD_SECONDS + " s (a hang, not a slow machine): "
                        + what);
            }
            // polling interval, not a wait for time to pass
            WaitForAsyncUtils.sleep(POLL_MILLIS, TimeUnit.MILLISECONDS);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** {@code value} computed on the FX thread. */
    public static <T> T onFxThread(Supplier<T> value) {
        try {
            return WaitForAsyncUtils.asyncFx((java.util.concurrent.Callable<T>) value::get).get(HANG_GUARD_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("the FX thread did not answer in " + HANG_GUARD_SECONDS + " s", e);
        }
    }
}
