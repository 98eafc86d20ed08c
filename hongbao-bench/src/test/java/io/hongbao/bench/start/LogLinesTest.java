package io.hongbao.bench.start;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LogLinesTest {

    private static final String LOG = String.join(
            "\n",
            "2026-01-01T10:00:00.001Z  INFO 4242 --- [hongbao] [           main] i.h.HongbaoApplication : Starting",
            "2026-01-01T10:00:00.002Z  WARN 4242 --- [hongbao] [           main] o.s.b.Something        : first warning",
            "2026-01-01T10:00:00.003Z ERROR 4242 --- [hongbao] [           main] o.s.b.Other            : an error",
            "java.lang.IllegalStateException: WARN inside a stack trace is not a log line",
            "\tat io.hongbao.Foo.bar(Foo.java:1)",
            "2026-01-01T10:00:00.004Z  WARN 4242 --- [hongbao] [           main] o.s.b.Something        : second warning",
            "2026-01-01T10:00:00.005Z  INFO 4242 --- [hongbao] [           main] o.s.b.Other            : no ERROR here",
            "2026-01-01T10:00:00.006Z DEBUG 4242 --- [hongbao] [           main] o.s.b.Other            : a WARN in text");

    @Test
    void countsTheLinesWhoseLevelIsWarnOrError() {
        LogLines lines = LogLines.of(LOG);
        assertThat(lines.warnings()).isEqualTo(2);
        assertThat(lines.errors()).isEqualTo(1);
        assertThat(lines.firstWarnings()).hasSize(2).first().asString().endsWith("first warning");
        assertThat(lines.firstErrors()).singleElement().asString().endsWith("an error");
        assertThat(lines.clean()).isFalse();
    }

    @Test
    void keepsOnlyTheFirstFewOfEach() {
        String many = "2026-01-01T10:00:00.002Z  WARN 1 --- [main] x : w\n".repeat(LogLines.KEPT + 3);
        LogLines lines = LogLines.of(many);
        assertThat(lines.warnings()).isEqualTo(LogLines.KEPT + 3);
        assertThat(lines.firstWarnings()).hasSize(LogLines.KEPT);
    }

    @Test
    void aLogWithoutWarningsOrErrorsIsClean() {
        assertThat(LogLines.of("2026-01-01T10:00:00.001Z  INFO 1 --- [main] x : Started\n")
                        .clean())
                .isTrue();
        assertThat(LogLines.of("").clean()).isTrue();
    }
}
