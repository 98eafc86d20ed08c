package io.hongbao.redpacket.infrastructure.grab;

import io.hongbao.redpacket.model.GrabOutcome;
import java.util.List;
import java.util.concurrent.CompletionStage;

/** Decides a batch of grabs of one shard in one atomic step ({@link GrabScript} on Redis). */
public interface ShardBatchGrabs {

    /** One outcome per request, in request order. */
    CompletionStage<List<GrabOutcome>> grab(int shard, List<GrabScript.Request> requests);
}
