package io.hongbao.bench.http.targets;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import tools.jackson.databind.JsonNode;

/** The seed peer: packets through its unauthenticated set-up endpoint, nothing to persist. */
public final class PeerTarget implements Target {

    private final String baseUrl;
    private final OptionalLong pid;
    private final SetupApi api;

    public PeerTarget(String baseUrl, OptionalLong pid) {
        this.baseUrl = baseUrl;
        this.pid = pid;
        this.api = new SetupApi(baseUrl);
    }

    @Override
    public String name() {
        return "peer";
    }

    @Override
    public String baseUrl() {
        return baseUrl;
    }

    @Override
    public OptionalLong pid() {
        return pid;
    }

    @Override
    public List<String> createPackets(int count, int shares, long centsPerShare) throws InterruptedException {
        String body = "{\"totalAmount\":" + shares * centsPerShare + ",\"count\":" + shares + "}";
        List<String> ids = new ArrayList<>(count);
        for (JsonNode created : api.postMany(count, "/peer/packets", () -> null, () -> body)) {
            ids.add(created.get("id").asString());
        }
        return ids;
    }

    @Override
    public Persistence awaitPersisted(List<String> packetIds, long granted, long loadStoppedNanos) {
        return null;
    }
}
