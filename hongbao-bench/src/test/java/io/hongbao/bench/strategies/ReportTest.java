package io.hongbao.bench.strategies;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportTest {

    private static final StrategyReport LUA = new StrategyReport(
            "lua-list", 1000, 40000, 250, 900, 100, 100, 0, 0, true, 0, 30, 870, 0, 12, 5, null, true);
    private static final StrategyReport BROKEN = new StrategyReport(
            "broken<&>", 1000, 500, 2000, 90000, 101, 99, 1, 1, false, 7, 30, 870, 2, 900, 0, 3.5, false);

    @Test
    void theJsonHoldsEveryFieldTheIssueNamesPerStrategy() {
        String json = ReportFiles.json(List.of(LUA, BROKEN));

        assertThat(json)
                .startsWith("[")
                .contains("\"strategy\" : \"lua-list\"")
                .contains("\"grabsPerSecond\" : 40000")
                .contains("\"p50Micros\" : 250")
                .contains("\"p99Micros\" : 900")
                .contains("\"granted\" : 101")
                .contains("\"persisted\" : 99")
                .contains("\"overIssued\" : 1")
                .contains("\"duplicateGrabs\" : 1")
                .contains("\"conserved\" : false")
                .contains("\"unfairMisses\" : 7");
    }

    @Test
    void theTableHasAHeaderAndOneLinePerStrategy() {
        String table = ReportTable.render(List.of(LUA, BROKEN));

        List<String> lines = table.lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).startsWith("strategy").contains("grabs/s").contains("unfairMiss");
        assertThat(lines.get(1)).startsWith("lua-list").contains("40000").contains("yes");
        assertThat(lines.get(2)).startsWith("broken<&>").contains("NO");
        assertThat(ReportTable.markdown(List.of(LUA)).lines().toList())
                .hasSize(3)
                .last()
                .asString()
                .startsWith("| `lua-list` | 40000 | 250 | 900 |");
    }

    @Test
    void theTablesShowTheMeanBatchOfACoalescingStrategyAndADashForTheOthers() {
        List<String> lines = ReportTable.render(List.of(LUA, BROKEN)).lines().toList();

        assertThat(lines.get(0)).endsWith("batch");
        assertThat(lines.get(1)).endsWith(" -");
        assertThat(lines.get(2)).endsWith(" 3.50");
        assertThat(ReportTable.markdown(List.of(BROKEN))).contains("| 900 | 0 | 3.50 |");
        assertThat(ReportFiles.json(List.of(LUA, BROKEN)))
                .contains("\"meanBatch\" : null")
                .contains("\"meanBatch\" : 3.5");
    }

    @Test
    void writesTheJsonAndASelfContainedChartNextToIt(@TempDir Path dir) throws Exception {
        Path html = ReportFiles.write(dir.resolve("run.json"), List.of(LUA, BROKEN), "2 cores");

        assertThat(html).isEqualTo(dir.resolve("run.html").toAbsolutePath());
        assertThat(Files.readString(dir.resolve("run.json"))).contains("lua-list");
        String page = Files.readString(html);
        assertThat(page)
                .contains("<svg")
                .contains("lua-list")
                .contains("broken&lt;&amp;&gt;")
                .contains("class=\"bad\"")
                .doesNotContain("<script")
                .doesNotContain("http://cdn")
                .doesNotContain("https://");
    }
}
