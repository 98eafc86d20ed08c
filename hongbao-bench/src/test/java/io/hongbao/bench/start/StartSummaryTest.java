package io.hongbao.bench.start;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.hongbao.bench.start.StartRun.Kind;
import io.hongbao.bench.start.StartRun.RestartLoad;
import io.hongbao.bench.start.StartSummary.FigureStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StartSummaryTest {

    @Test
    void eachFigureHasItsMedianItsRangeAndEveryRoundsValue() {
        List<StartRun> runs = new ArrayList<>();
        double[] candidateRestarts = {12.0, 10.0, 11.0};
        for (int round = 1; round <= 3; round++) {
            runs.addAll(round("candidate", round, 30.0 + round, candidateRestarts[round - 1], 20.0));
        }
        StartSummary summary = StartSummary.of(List.of("candidate"), 3, runs);
        FigureStats restart = summary.figures().get("candidate").get(Figure.RESTART_SECONDS.id);
        assertThat(restart.median()).isEqualTo(11.0);
        assertThat(restart.min()).isEqualTo(10.0);
        assertThat(restart.max()).isEqualTo(12.0);
        assertThat(restart.values()).containsExactly(12.0, 10.0, 11.0);
        assertThat(summary.figures()
                        .get("candidate")
                        .get(Figure.FIRST_START_SECONDS.id)
                        .median())
                .isEqualTo(32.0);
        assertThat(summary.candidateOverBaseline()).isEmpty();
    }

    @Test
    void theRatioIsTheCandidatesMedianOverTheBaselines() {
        List<StartRun> runs = new ArrayList<>();
        for (int round = 1; round <= 3; round++) {
            runs.addAll(round("candidate", round, 20.0, 8.0 + round, 15.0));
            runs.addAll(round("baseline", round, 40.0, 18.0 + round, 30.0));
        }
        StartSummary summary = StartSummary.of(List.of("candidate", "baseline"), 3, runs);
        Map<String, Double> ratio = summary.candidateOverBaseline();
        assertThat(ratio.get(Figure.FIRST_START_SECONDS.id)).isEqualTo(0.5);
        assertThat(ratio.get(Figure.RESTART_SECONDS.id)).isCloseTo(10.0 / 20.0, within(1e-9));
        assertThat(ratio.get(Figure.EXTERNAL_SECONDS.id)).isEqualTo(0.5);
        assertThat(ratio.get(Figure.FIRST_10_SECONDS_OVER_STEADY.id)).isEqualTo(1.0);
    }

    @Test
    void aFailedStartLeavesAGapNotAZero() {
        List<StartRun> runs = new ArrayList<>(round("candidate", 1, 30.0, 10.0, 20.0));
        runs.add(failed("candidate", 2, Kind.FIRST_START));
        runs.add(failed("candidate", 2, Kind.RESTART));
        runs.add(start("candidate", 2, Kind.EXTERNAL, 22.0, null));
        StartSummary summary = StartSummary.of(List.of("candidate"), 2, runs);
        FigureStats restart = summary.figures().get("candidate").get(Figure.RESTART_SECONDS.id);
        assertThat(restart.n()).isEqualTo(1);
        assertThat(restart.median()).isEqualTo(10.0);
        assertThat(restart.values()).containsExactly(10.0, null);
        assertThat(summary.figures()
                        .get("candidate")
                        .get(Figure.EXTERNAL_SECONDS.id)
                        .median())
                .isEqualTo(21.0);
    }

    @Test
    void noBaselineValueGivesNoRatio() {
        assertThat(StartSummary.ratio(10, Double.NaN)).isNaN();
        assertThat(StartSummary.ratio(10, 0)).isNaN();
        assertThat(StartSummary.ratio(10, 4)).isEqualTo(2.5);
    }

    private static List<StartRun> round(String target, int round, double first, double restart, double external) {
        RestartLoad load = new RestartLoad(List.of(), new RampUp(4000, 8000, 0.5), 600, 100_000, 0, Map.of(), 0);
        return List.of(
                start(target, round, Kind.FIRST_START, first, null),
                start(target, round, Kind.RESTART, restart, load),
                start(target, round, Kind.EXTERNAL, external, null));
    }

    private static StartRun start(String target, int round, Kind kind, double seconds, RestartLoad load) {
        return new StartRun(
                target, round, kind, seconds, 500, 4, LogLines.NONE, LogLines.NONE, "x.log", null, List.of(), load);
    }

    private static StartRun failed(String target, int round, Kind kind) {
        return new StartRun(
                target,
                round,
                kind,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                LogLines.NONE,
                LogLines.NONE,
                "x.log",
                "not ready within 180 s",
                List.of("last line"),
                null);
    }
}
