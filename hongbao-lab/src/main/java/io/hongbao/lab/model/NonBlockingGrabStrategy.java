package io.hongbao.lab.model;

import java.util.concurrent.CompletionStage;

/**
 * A strategy whose grab holds no thread while it waits, as the production path runs behind its event loops: the
 * caller gets a stage and goes on. Driving it from blocked threads would measure the threads, not the strategy, and
 * would starve it of what it is built on, several attempts of one shard waiting together so that one Redis call
 * carries them all. The bench therefore keeps as many of its attempts in flight at once as the other strategies get
 * calling threads (ADR 0031).
 */
public interface NonBlockingGrabStrategy extends GrabStrategy {

    /** One attempt; the stage completes, on whatever thread answers, with the outcome {@link #grab} would return. */
    CompletionStage<LabOutcome> grabLater(long packetId, long userId);

    /** Blocks until {@link #grabLater} answers, for callers that want one attempt at a time. */
    @Override
    default LabOutcome grab(long packetId, long userId) {
        return grabLater(packetId, userId).toCompletableFuture().join();
    }

    /**
     * Attempts carried per call to Redis since {@link #prepare}: 1.0 when every attempt went alone, more when
     * concurrent attempts were coalesced; 0 before any call.
     */
    double meanBatch();
}
