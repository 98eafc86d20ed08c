package io.hongbao.bench.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.bench.BenchMain;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class HttpCommandTest {

    private static HttpCommand parse(String... args) {
        HttpCommand command = new HttpCommand();
        new CommandLine(command).parseArgs(args);
        return command;
    }

    @Test
    void defaultsAreTheIssuesSetUp() {
        HttpCommand command = parse();
        command.validate();
        assertThat(command.connections).isEqualTo(64);
        assertThat(command.duration).isEqualTo(Duration.ofSeconds(60));
        assertThat(command.warmup).isEqualTo(Duration.ofSeconds(15));
        assertThat(command.runs).isEqualTo(3);
        assertThat(command.shares).isEqualTo(1000);
        assertThat(command.rate).isZero();
        assertThat(command.loadSettings(2).closedLoop()).isTrue();
        assertThat(command.loadSettings(1).warmup()).isEqualTo(Duration.ofSeconds(60));
        assertThat(command.loadSettings(2).warmup()).isEqualTo(Duration.ofSeconds(15));
        assertThat(command.url).isNull();
        assertThat(command.baselines).isEmpty();
    }

    @Test
    void theAnnotatedControllerIsABaselineTheBenchStartsItself() {
        HttpCommand command = parse("--baseline", "annotated-controller", "--skip-peer", "--skip-hongbao");
        command.validate();
        assertThat(command.baselines).containsExactly("annotated-controller");
        assertThat(command.annotatedControllerJar.toString())
                .isEqualTo("hongbao-bench/target/hongbao-bench-annotated-controller.jar");

        assertThatThrownBy(() -> parse("--baseline", "uncoalesced").validate())
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("annotated-controller");
        assertThatThrownBy(() -> parse("--baseline", "annotated-controller", "--url", "http://localhost:8080")
                        .validate())
                .hasMessageContaining("--url");
    }

    @Test
    void readsEveryOption() {
        HttpCommand command = parse(
                "--url",
                "http://x:8080",
                "--secret",
                "s",
                "--skip-peer",
                "--connections",
                "8",
                "--duration",
                "2m",
                "--warmup",
                "500ms",
                "--runs",
                "5",
                "--users",
                "2000",
                "--packets",
                "7",
                "--shares",
                "100",
                "--rate",
                "5000",
                "--json",
                "out/r.json",
                "--service-env",
                "HONGBAO_REDPACKET_COALESCING_MAX_BATCH=16");
        command.validate();
        assertThat(command.skipPeer).isTrue();
        assertThat(command.duration).isEqualTo(Duration.ofMinutes(2));
        assertThat(command.warmup).isEqualTo(Duration.ofMillis(500));
        assertThat(command.loadSettings(1).closedLoop()).isFalse();
        assertThat(command.settingsForReport()).containsEntry("model", "open at 5000.0 req/s");
        assertThat(command.json.toString()).isEqualTo("out/r.json");
        assertThat(command.serviceEnv).containsEntry("HONGBAO_REDPACKET_COALESCING_MAX_BATCH", "16");
    }

    @Test
    void refusesSettingsThatCannotMakeAFairRun() {
        assertThatThrownBy(() -> parse("--shares", "1001").validate())
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("--shares");
        assertThatThrownBy(() -> parse("--users", "10", "--shares", "100").validate())
                .hasMessageContaining("--users");
        assertThatThrownBy(() -> parse("--duplicates", "1").validate()).hasMessageContaining("--duplicates");
        assertThatThrownBy(() -> parse("--skip-peer", "--skip-hongbao").validate())
                .hasMessageContaining("nothing to measure");
        assertThatThrownBy(() -> parse("--duration", "0s").validate()).hasMessageContaining("--duration");
    }

    @Test
    void isASubcommandOfTheBench() {
        CommandLine bench = new CommandLine(new BenchMain());
        assertThat(bench.getSubcommands()).containsKey("http");
    }

    @Test
    void thePeerUsesTheNextRedisDatabase() {
        assertThat(BenchEnvironment.peerRedisUrl("redis://127.0.0.1:6379")).isEqualTo("redis://127.0.0.1:6379/1");
        assertThat(BenchEnvironment.peerRedisUrl("redis://127.0.0.1:6379/14")).isEqualTo("redis://127.0.0.1:6379/15");
    }

    @Test
    void theAnnotatedBaselineKeepsItsStateApartFromTheService() {
        assertThat(BenchEnvironment.redisInDatabase("redis://127.0.0.1:6379", 2))
                .isEqualTo("redis://127.0.0.1:6379/2");
        assertThat(BenchEnvironment.siblingDatabase(
                        "jdbc:mariadb://127.0.0.1:3306/hongbao?createDatabaseIfNotExist=true", "_annotated"))
                .isEqualTo("jdbc:mariadb://127.0.0.1:3306/hongbao_annotated?createDatabaseIfNotExist=true");
        assertThat(BenchEnvironment.siblingDatabase("jdbc:mariadb://db:3306/hongbao", "_annotated"))
                .isEqualTo("jdbc:mariadb://db:3306/hongbao_annotated?createDatabaseIfNotExist=true");
        assertThat(BenchEnvironment.siblingDatabase("jdbc:mariadb://db/hongbao?useSsl=true", "_x"))
                .isEqualTo("jdbc:mariadb://db/hongbao_x?useSsl=true&createDatabaseIfNotExist=true");
        assertThatThrownBy(() -> BenchEnvironment.siblingDatabase("jdbc:mariadb://db:3306/", "_x"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
