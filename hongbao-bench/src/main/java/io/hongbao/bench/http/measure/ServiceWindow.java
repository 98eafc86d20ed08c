package io.hongbao.bench.http.measure;

/**
 * What the service itself counted over one measured window ({@link ServiceMeters}); NaN where the service does not
 * export the counter (an older build, or the peer).
 *
 * @param tokenChecks bearer tokens checked: answered from the verified-token cache or verified in full
 * @param tokenCacheHitRate the share of those the cache answered
 * @param grabScriptCalls grab-script calls to Redis (one per coalesced batch)
 * @param meanCoalescedBatch grabs per grab-script call
 */
public record ServiceWindow(
        double tokenChecks,
        double tokenCacheHits,
        double tokenCacheHitRate,
        double grabScriptCalls,
        double grabsInScriptCalls,
        double meanCoalescedBatch) {

    static ServiceWindow between(ServiceMeters.Counters begin, ServiceMeters.Counters end) {
        double hits = end.tokenCacheHits() - begin.tokenCacheHits();
        double checks = hits + end.tokenCacheMisses() - begin.tokenCacheMisses();
        double calls = end.scriptCalls() - begin.scriptCalls();
        double grabs = end.scriptGrabs() - begin.scriptGrabs();
        return new ServiceWindow(checks, hits, ratio(hits, checks), calls, grabs, ratio(grabs, calls));
    }

    private static double ratio(double part, double whole) {
        return whole > 0 ? part / whole : Double.NaN;
    }
}
