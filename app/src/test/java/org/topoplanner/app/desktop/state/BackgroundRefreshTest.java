package org.topoplanner.app.desktop.state;

import org.topoplanner.app.desktop.Eventually;
import org.topoplanner.app.desktop.QueuedExecutor;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Newest-wins background computation, driven step by step through queued executors; no toolkit. */
class BackgroundRefreshTest {
    private final QueuedExecutor worker = new QueuedExecutor();
    private final QueuedExecutor fx = new QueuedExecutor();
    private final BackgroundRefresh<String> refresh = new BackgroundRefresh<>(worker, fx);
    private final List<String> shown = new ArrayList<>();
    private final List<String> computed = new ArrayList<>();

    private void request(String value) {
        refresh.request(() -> {
            computed.add(value);
            return value;
        }, shown::add, e -> shown.add("failed: " + e.getMessage()));
    }

    @Test
    void theResultArrivesOnlyWhenTheWorkerAndThenTheFxThreadHaveRun() {
        request("a");
        assertThat(computed).isEmpty();
        assertThat(shown).isEmpty();
        worker.runAll();
        assertThat(computed).containsExactly("a");
        assertThat(shown).as("not before the hand-over runs").isEmpty();
        fx.runAll();
        assertThat(shown).containsExactly("a");
    }

    @Test
    void aResultThatArrivesAfterANewerRequestIsDropped() {
        request("old");
        worker.runAll();
        assertThat(fx.size()).isEqualTo(1);
        request("new");
        fx.runAll();
        assertThat(shown).as("the old answer reached the FX thread after the new request").isEmpty();
        worker.runAll();
        fx.runAll();
        assertThat(computed).containsExactly("old", "new");
        assertThat(shown).containsExactly("new");
    }

    @Test
    void workOvertakenBeforeItStartsIsNotComputedAtAll() {
        request("1");
        request("2");
        request("3");
        worker.runAll();
        fx.runAll();
        assertThat(computed).containsExactly("3");
        assertThat(shown).containsExactly("3");
    }

    @Test
    void cancelDropsWhatIsUnderWay() {
        request("a");
        worker.runAll();
        refresh.cancel();
        fx.runAll();
        assertThat(shown).isEmpty();
    }

    @Test
    void aFailureIsHandedOverLikeAResult() {
        refresh.request(() -> {
            throw new IllegalStateException("policy bug");
        }, shown::add, e -> shown.add("failed: " + e.getMessage()));
        worker.runAll();
        fx.runAll();
        assertThat(shown).containsExactly("failed: policy bug");
    }

    @Test
    void computesOnTheWorkerThreadNotTheCallersOne() throws InterruptedException {
        ExecutorService pool = Executors.newSingleThreadExecutor(r -> new Thread(r, "worker-under-test"));
        try {
            BackgroundRefresh<String> real = new BackgroundRefresh<>(pool, Runnable::run);
            AtomicReference<String> thread = new AtomicReference<>();
            CountDownLatch done = new CountDownLatch(1);
            real.request(() -> Thread.currentThread().getName(), name -> {
                thread.set(name);
                done.countDown();
            }, e -> done.countDown());
            assertThat(done.await(Eventually.HANG_GUARD_SECONDS, TimeUnit.SECONDS)).isTrue();
            assertThat(thread.get()).isEqualTo("worker-under-test").isNotEqualTo(Thread.currentThread().getName());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void eachPartIsShownWhenItIsReadyAndAFailingPartDoesNotStopTheOthers() {
        refresh.requestEach(List.of("a", "boom", "c"), part -> {
            computed.add(part);
            if (part.equals("boom")) {
                throw new IllegalStateException("no answer");
            }
            return part.toUpperCase();
        }, (part, value) -> shown.add(part + "=" + value), (part, e) -> shown.add(part + " failed: " + e.getMessage()));
        worker.runNext();
        fx.runAll();
        assertThat(shown).as("the first part, before the others ran").containsExactly("a=A");
        worker.runAll();
        fx.runAll();
        assertThat(shown).containsExactly("a=A", "boom failed: no answer", "c=C");
    }

    @Test
    void aNewerRequestSkipsThePartsNotYetStarted() {
        refresh.requestEach(List.of("1", "2", "3"), part -> {
            computed.add(part);
            return part;
        }, (part, value) -> shown.add(value), (part, e) -> shown.add("failed"));
        worker.runNext();
        request("new");
        worker.runAll();
        fx.runAll();
        assertThat(computed).containsExactly("1", "new");
        assertThat(shown).containsExactly("new");
    }

    @Test
    void withTwoWorkersTheNewestQuestionStartsWhileAnOvertakenOneIsStillRunning() throws Exception {
        CountDownLatch oldRunning = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch newDone = new CountDownLatch(1);
        List<String> handedOver = java.util.Collections.synchronizedList(new ArrayList<>());
        BackgroundRefresh<String> two = new BackgroundRefresh<>(BackgroundRefresh.daemonWorkers("two-test", 2), Runnable::run);
        two.request(() -> {
            oldRunning.countDown();
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return "old";
        }, handedOver::add, e -> handedOver.add("failed"));
        assertThat(oldRunning.await(30, TimeUnit.SECONDS)).isTrue();
        two.request(() -> "new", v -> {
            handedOver.add(v);
            newDone.countDown();
        }, e -> handedOver.add("failed"));
        assertThat(newDone.await(30, TimeUnit.SECONDS)).as("the new question answered while the old still runs").isTrue();
        release.countDown();
        Thread.sleep(50);
        assertThat(handedOver).containsExactly("new");
    }
}
