package io.hongbao.bench.start;

import java.util.List;
import java.util.Map;

/**
 * What {@code bench start} writes as {@code report.json} and prints as {@code report.txt}.
 *
 * @param targets name → the folder or jar started
 */
public record StartReport(
        String startedAt,
        Map<String, Object> settings,
        Map<String, String> targets,
        StartSummary summary,
        List<StartRun> runs) {}
