package io.hongbao.platform.startup;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.platform.startup.SlowestBeans.Step;
import java.util.List;
import org.junit.jupiter.api.Test;

class SlowestBeansTest {

    private static final long MS = 1_000_000;

    @Test
    void aBeanIsTimedWithoutTheBeansCreatedInsideItAndTheSlowestComeFirst() {
        List<Step> steps = List.of(
                bean(1, null, "dataSource", 100),
                bean(2, 1L, "migrations", 70),
                bean(3, null, "packetKeys", 40),
                new Step(4, null, "spring.context.refresh", null, 900 * MS));

        assertThat(SlowestBeans.slowest(steps, 3)).isEqualTo("migrations 70 ms, packetKeys 40 ms, dataSource 30 ms");
        assertThat(SlowestBeans.slowest(steps, 1)).isEqualTo("migrations 70 ms");
    }

    @Test
    void stepsThatCreateNoBeanAreNeitherListedNorTakenOffTheirParent() {
        List<Step> steps = List.of(
                bean(1, null, "dataSource", 100), new Step(2, 1L, "spring.data.repository.scanning", null, 60 * MS));

        assertThat(SlowestBeans.slowest(steps, 5)).isEqualTo("dataSource 100 ms");
    }

    private static Step bean(long id, Long parent, String name, long millis) {
        return new Step(id, parent, SlowestBeans.INSTANTIATE, name, millis * MS);
    }
}
