package io.hongbao.bench.engine;

import java.time.Duration;

/** One way of grabbing, driven for a warm-up and then a measured window against the same Redis. */
interface Contender {

    String name();

    /** Puts this contender's packets into Redis. */
    void prepare();

    /** Grabs until {@code warmup + measure} has passed, recording only after the warm-up. */
    Measurement run(Duration warmup, Duration measure) throws InterruptedException;

    /** Grabs per script call, 1.0 where every grab is its own call. */
    default double meanBatchSize() {
        return 1.0;
    }
}
