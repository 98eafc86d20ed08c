package io.hongbao.lab.application;

import io.hongbao.lab.model.LabOutcome;

/** One grab attempt as the caller saw it: who tried which packet, the answer, and when (System.nanoTime). */
public record Attempt(long packetId, long userId, LabOutcome outcome, long startedNanos, long answeredNanos) {}
