package io.hongbao.bench.http.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class RealisticShapeTest {

    private static final RealisticShape DEFAULTS =
            new RealisticShape(1_000_000, 4_000, 1.0, 40, 1000, 5, 20, 0.9, 0, 100);

    @Test
    void packetsAreSizedFromTheExpectedGrabsSplitByTheGroupRanksShare() {
        // 10,000 req/s over 75 s with 25% headroom: 937,500 fresh grabs; the 40 group ranks draw 48.4% of them
        RealisticShape.Packets packets = DEFAULTS.packetsFor(10_000, Duration.ofSeconds(15), Duration.ofSeconds(60));
        double groupShare = DEFAULTS.popularity().shareOfTop(40);
        assertThat(packets.group()).isEqualTo(40 + (int) Math.ceil(937_500 * groupShare / 1000));
        assertThat(packets.small()).isEqualTo(3_960 + (int) Math.ceil(937_500 * (1 - groupShare) / 12.5));
        assertThat(packets.total()).isEqualTo(packets.group() + packets.small());
    }

    @Test
    void ninetyPercentOfUsersHoldAnAccount() {
        long holders =
                LongStream.range(0, 1_000_000).filter(DEFAULTS::holdsAccount).count();
        assertThat(holders).isEqualTo(900_000);
        assertThat(DEFAULTS.holdersPerMille()).isEqualTo(900);
    }

    @Test
    void describesItselfForTheReport() {
        assertThat(DEFAULTS.describe())
                .containsEntry("users", 1_000_000)
                .containsEntry("activePackets", 4_000)
                .containsEntry("smallPackets", "3960, 5–20 shares each")
                .containsEntry("accountHolders", 0.9)
                .containsKey("groupPackets");
        assertThat((String) DEFAULTS.describe().get("groupPackets")).startsWith("40 of the most popular, 1000 shares");
    }

    @Test
    void refusesAShapeThatCannotRun() {
        assertThatThrownBy(() -> new RealisticShape(999, 4_000, 1.0, 40, 1000, 5, 20, 0.9, 0, 100))
                .hasMessageContaining("users");
        assertThatThrownBy(() -> new RealisticShape(1_000_000, 4_000, 1.0, 40, 1001, 5, 20, 0.9, 0, 100))
                .hasMessageContaining("1000");
        assertThatThrownBy(() -> new RealisticShape(1_000_000, 4_000, 1.0, 40, 1000, 20, 5, 0.9, 0, 100))
                .hasMessageContaining("small");
        assertThatThrownBy(() -> new RealisticShape(1_000_000, 4_000, 1.0, 40, 1000, 5, 20, 1.1, 0, 100))
                .hasMessageContaining("account");
    }
}
