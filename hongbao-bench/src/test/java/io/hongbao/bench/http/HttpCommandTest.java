package io.hongbao.bench.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.bench.BenchMain;
import io.hongbao.bench.http.load.HotProfile;
import io.hongbao.bench.http.load.LoadProfile;
import io.hongbao.bench.http.load.RealisticShape;
import io.hongbao.bench.http.targets.HongbaoTarget;
import io.hongbao.platform.security.JwtSecret;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class HttpCommandTest {

    private static final JwtSecret SECRET =
            new JwtSecret("a-secret-of-at-least-thirty-two-bytes!".getBytes(StandardCharsets.UTF_8));

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
        assertThat(command.profile).isEqualTo("realistic");
        assertThat(command.users()).isEqualTo(1_000_000);
        assertThat(command.duplicates()).isZero();
        assertThat(command.rate).isZero();
        assertThat(command.loadSettings(2).closedLoop()).isTrue();
        assertThat(command.loadSettings(1).warmup()).isEqualTo(Duration.ofSeconds(60));
        assertThat(command.loadSettings(2).warmup()).isEqualTo(Duration.ofSeconds(15));
        assertThat(command.url).isNull();
        assertThat(command.baselines).isEmpty();
        assertThat(command.draws).as("a draw phase after the grabs").isTrue();
        assertThat(command.drawUsers).isEqualTo(20_000);
        assertThat(command.settingsForReport(null)).containsEntry("draws", true).containsEntry("drawUsers", 20_000);
    }

    @Test
    void theIndependentProfileIsTheRealisticLoadInTheIndependentMeasurementsShape() {
        HttpCommand command = parse("--profile", "independent");
        command.validate();

        RealisticShape shape = command.realisticShape();
        assertThat(command.users()).isEqualTo(300_000);
        assertThat(shape.users()).isEqualTo(300_000);
        assertThat(shape.activePackets()).isEqualTo(400);
        assertThat(shape.groupPackets()).as("every packet a big one").isEqualTo(400);
        assertThat(shape.groupShares()).isEqualTo(1000);
        assertThat(shape.exponent()).as("equally popular").isZero();
        assertThat(shape.accountHolders()).isZero();
        assertThat(parse("--profile", "independent", "--users", "50000")
                        .realisticShape()
                        .users())
                .isEqualTo(50_000);
    }

    @Test
    void anotherBuildIsComparedOnlyWhenTheBenchStartsBoth() {
        assertThatThrownBy(() -> parse("--also-jar", "no-such.jar").validate()).hasMessageContaining("--also-jar");
        assertThatThrownBy(
                        () -> parse("--also-jar", "pom.xml", "--skip-hongbao").validate())
                .hasMessageContaining("--also-jar");
        HttpCommand command = parse("--also-jar", "pom.xml");
        command.validate();
        assertThat(command.settingsForReport(null).get("alsoJar").toString()).endsWith("pom.xml");
    }

    @Test
    void theDrawPhaseCanBeLeftOutAndNeedsADrawerPerConnectionAtLeast() {
        HttpCommand command = parse("--no-draws");
        command.validate();
        assertThat(command.draws).isFalse();
        assertThat(command.settingsForReport(null))
                .containsEntry("draws", false)
                .doesNotContainKey("drawUsers");

        assertThatThrownBy(() -> parse("--draw-users", "63").validate()).hasMessageContaining("--draw-users");
        parse("--draw-users", "63", "--no-draws").validate();
    }

    @Test
    void keyedDrawsBesideUnkeyedNeedTheDrawPhaseAndChooseTheKeysThemselves() {
        parse("--also-keyed-draws").validate();
        assertThat(parse("--also-keyed-draws").alsoKeyedDraws).isTrue();
        assertThatThrownBy(() -> parse("--also-keyed-draws", "--no-draws").validate())
                .hasMessageContaining("--also-keyed-draws");
        assertThatThrownBy(() ->
                        parse("--also-keyed-draws", "--draw-idempotency-keys").validate())
                .hasMessageContaining("--also-keyed-draws");
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
                "--profile",
                "hot",
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
        assertThat(command.settingsForReport(null)).containsEntry("model", "open at 5000.0 req/s");
        assertThat(command.json.toString()).isEqualTo("out/r.json");
        assertThat(command.serviceEnv).containsEntry("HONGBAO_REDPACKET_COALESCING_MAX_BATCH", "16");
    }

    @Test
    void refusesSettingsThatCannotMakeAFairRun() {
        assertThatThrownBy(() -> parse("--profile", "hot", "--shares", "1001").validate())
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("--shares");
        assertThatThrownBy(() -> parse("--profile", "hot", "--users", "10", "--shares", "100")
                        .validate())
                .hasMessageContaining("--users");
        assertThatThrownBy(() -> parse("--profile", "cold").validate()).hasMessageContaining("--profile");
        assertThatThrownBy(() -> parse("--shares", "100").validate()).hasMessageContaining("hot profile");
        assertThatThrownBy(() -> parse("--users", "500").validate()).hasMessageContaining("users");
        assertThatThrownBy(() -> parse("--small-shares", "20-5").validate()).hasMessageContaining("small");
        assertThatThrownBy(() -> parse("--group-packets", "5000").validate()).hasMessageContaining("group");
        assertThatThrownBy(() -> parse("--duplicates", "1").validate()).hasMessageContaining("--duplicates");
        assertThatThrownBy(() -> parse("--skip-peer", "--skip-hongbao").validate())
                .hasMessageContaining("nothing to measure");
        assertThatThrownBy(() -> parse("--duration", "0s").validate()).hasMessageContaining("--duration");
    }

    @Test
    void theHotProfileKeepsTheDefaultsOfEveryEarlierFigure() {
        HttpCommand command = parse("--profile", "hot");
        command.validate();
        assertThat(command.users()).isEqualTo(100_000);
        assertThat(command.shares()).isEqualTo(1000);
        assertThat(command.duplicates()).isEqualTo(0.05);
        assertThat(command.expectedRate()).isEqualTo(15_000);
        assertThat(command.packets).isZero();
        assertThat(command.centsPerShare).isEqualTo(100);
        LoadProfile profile = command.profile(null, null);
        assertThat(profile).isInstanceOf(HotProfile.class);
        assertThat(command.settingsForReport(profile))
                .containsEntry("profile", "hot")
                .containsEntry(
                        "profileParameters",
                        Map.of(
                                "users",
                                100_000,
                                "packets",
                                "auto",
                                "shares",
                                1000,
                                "centsPerShare",
                                100L,
                                "duplicates",
                                0.05));
    }

    @Test
    void theRealisticProfileIsTheDefaultWithAMillionUsersOverThousandsOfPackets() {
        HttpCommand command = parse();
        command.validate();
        RealisticShape shape = command.realisticShape();
        assertThat(shape).isEqualTo(new RealisticShape(1_000_000, 4_000, 1.0, 40, 1000, 5, 20, 0.9, 0, 100));
        assertThat(command.expectedRate()).isEqualTo(10_000);
        assertThat(parse("--small-shares", "8-8", "--users", "2000", "--group-shares", "500")
                        .realisticShape())
                .extracting(RealisticShape::smallSharesMin, RealisticShape::smallSharesMax, RealisticShape::users)
                .containsExactly(8, 8, 2000);
        LoadProfile profile = command.profile(null, SECRET);
        assertThat(profile.name()).isEqualTo("realistic");
        assertThat(command.settingsForReport(profile))
                .containsEntry("profile", "realistic")
                .extractingByKey("profileParameters")
                .isEqualTo(shape.describe());
    }

    @Test
    void providerTokensAreRs256OrEs256OnTheRealisticProfileBesideHongbao() {
        HttpCommand command = parse("--skip-peer", "--also-provider-tokens", "RS256");
        command.validate();
        assertThat(command.settingsForReport(null)).containsEntry("alsoProviderTokens", "RS256");
        parse("--also-provider-tokens", "es256").validate();
        assertThat(HongbaoTarget.providerTokensTargetName("ES256")).isEqualTo("hongbao-provider-es256");

        assertThatThrownBy(() -> parse("--also-provider-tokens", "HS256").validate())
                .hasMessageContaining("RS256 or ES256");
        assertThatThrownBy(() -> parse("--also-provider-tokens", "RS256", "--profile", "hot")
                        .validate())
                .hasMessageContaining("realistic");
        assertThatThrownBy(() -> parse("--also-provider-tokens", "RS256", "--skip-hongbao")
                        .validate())
                .hasMessageContaining("--skip-hongbao");
        assertThatThrownBy(() -> parse("--also-provider-tokens", "RS256", "--url", "http://localhost:8080")
                        .validate())
                .hasMessageContaining("--url");
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
