package io.hongbao.bench.strategies;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** Writes the report as JSON and, next to it with the same base name, as the HTML chart. */
final class ReportFiles {

    private static final JsonMapper JSON =
            JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private ReportFiles() {}

    static String json(List<StrategyReport> reports) {
        return JSON.writeValueAsString(reports);
    }

    /** Returns where the chart went. */
    static Path write(Path jsonFile, List<StrategyReport> reports, String subtitle) throws IOException {
        Path target = jsonFile.toAbsolutePath();
        Files.createDirectories(target.getParent());
        Files.writeString(target, json(reports));
        Path html = target.resolveSibling(baseName(target) + ".html");
        Files.writeString(html, ReportChart.render(reports, "Hongbao strategy lab", subtitle));
        return html;
    }

    private static String baseName(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
