package io.hongbao.bench.strategies;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.bench.strategies.Workload.Plan;
import io.hongbao.lab.model.GrabStrategy;
import io.hongbao.lab.model.LabAudit;
import io.hongbao.lab.model.LabOutcome;
import io.hongbao.lab.model.LabRun;
import io.hongbao.lab.model.NonBlockingGrabStrategy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import org.junit.jupiter.api.Test;

class StormTest {

    private static final int CALLERS = 8;

    private final Workload workload = new Workload(5, 8, 300, 2, 0.25, 7);
    private final LabRun run = workload.packetsFor(1);
    private final Plan plan = workload.plan();

    @Test
    void aNonBlockingStrategyGetsAsManyAttemptsInFlightAsTheOthersGetThreadsAndNeverMore() throws Exception {
        AnsweredLater strategy = new AnsweredLater();
        Thread answering = new Thread(strategy::answerOnceEveryCallerWaits, "answering");
        answering.start();

        Storm.Result result = storm(strategy);
        answering.join(5_000);

        assertThat(result.attempts()).hasSize(plan.size());
        assertThat(result.errors()).isZero();
        assertThat(strategy.mostInFlight.get()).isEqualTo(CALLERS);
    }

    @Test
    void aNonBlockingStrategyThatAnswersAtOnceIsDrivenThroughTheWholePlanWithoutGrowingTheStack() throws Exception {
        Workload big = new Workload(5, 8, 20_000, 2, 0, 7);

        Storm.Result result;
        try (ProgressBar bar = quietBar()) {
            result = Storm.run(new AnsweredAtOnce(), big.packetsFor(1), big.plan(), 1, Duration.ofSeconds(30), bar);
        }

        assertThat(result.attempts()).hasSize(big.plan().size());
        assertThat(result.errors()).isZero();
    }

    @Test
    void aFailedAttemptIsCountedAsAnErrorAndTheCallerGoesOn() throws Exception {
        AnsweredAtOnce strategy = new AnsweredAtOnce();
        strategy.failEvery = 3;

        Storm.Result result = storm(strategy);

        assertThat(result.errors()).isEqualTo(plan.size() / 3);
        assertThat(result.attempts()).hasSize(plan.size() - plan.size() / 3);
        assertThat(result.firstError()).contains("refused");
    }

    private Storm.Result storm(GrabStrategy strategy) throws InterruptedException {
        try (ProgressBar bar = quietBar()) {
            return Storm.run(strategy, run, plan, CALLERS, Duration.ofSeconds(30), bar);
        }
    }

    private static ProgressBar quietBar() {
        return new ProgressBarBuilder().setInitialMax(1).continuousUpdate().build();
    }

    /** Answers from a thread of its own, and only once every caller has an attempt waiting. */
    private final class AnsweredLater extends Fake {
        final BlockingQueue<CompletableFuture<LabOutcome>> waiting = new LinkedBlockingQueue<>();
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger mostInFlight = new AtomicInteger();

        @Override
        public CompletionStage<LabOutcome> grabLater(long packetId, long userId) {
            mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            CompletableFuture<LabOutcome> answer = new CompletableFuture<>();
            waiting.add(answer);
            return answer;
        }

        void answerOnceEveryCallerWaits() {
            try {
                while (waiting.size() < CALLERS) {
                    Thread.onSpinWait();
                }
                for (int answered = 0; answered < plan.size(); answered++) {
                    CompletableFuture<LabOutcome> next = waiting.poll(5, TimeUnit.SECONDS);
                    if (next == null) {
                        return;
                    }
                    inFlight.decrementAndGet();
                    next.complete(LabOutcome.SOLD_OUT);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Answers on the calling thread, before grabLater returns; every {@code failEvery}th attempt fails. */
    private static final class AnsweredAtOnce extends Fake {
        final AtomicInteger calls = new AtomicInteger();
        int failEvery;

        @Override
        public CompletionStage<LabOutcome> grabLater(long packetId, long userId) {
            int call = calls.incrementAndGet();
            if (failEvery > 0 && call % failEvery == 0) {
                return CompletableFuture.failedFuture(new IllegalStateException("refused"));
            }
            return CompletableFuture.completedFuture(LabOutcome.SOLD_OUT);
        }
    }

    private abstract static class Fake implements NonBlockingGrabStrategy {
        @Override
        public String name() {
            return "fake";
        }

        @Override
        public void prepare(LabRun run) {}

        @Override
        public boolean awaitPersisted(Duration timeout) {
            return true;
        }

        @Override
        public LabAudit audit() {
            return new LabAudit(List.of(), List.of());
        }

        @Override
        public double meanBatch() {
            return 1;
        }

        @Override
        public void close() {}
    }
}
