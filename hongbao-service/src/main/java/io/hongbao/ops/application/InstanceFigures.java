package io.hongbao.ops.application;

import java.time.Instant;

/**
 * One service instance's figures of its last interval, as it publishes them for the whole deployment to see.
 *
 * @param id unique per process start (host, process id and a random part), so two instances on one host, or a
 *     restarted one, are told apart
 * @param lastSeenAt when it published them: an instance not seen for a while is down
 */
public record InstanceFigures(String id, String host, Instant startedAt, Instant lastSeenAt, Figures figures) {}
