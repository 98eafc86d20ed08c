package io.hongbao.bench.http.report;

import io.hongbao.bench.http.measure.OutboxDrain;
import io.hongbao.bench.http.measure.OutboxWindow;

/**
 * The outbox of a run of the service publishing its money events (ADR 0096).
 *
 * @param publishing the service's publishing meters over the measured window, null when it could not be read
 * @param drain the rows waiting when the load stopped and when the outbox was empty again
 */
public record EventsRun(OutboxWindow publishing, OutboxDrain.Drained drain) {}
