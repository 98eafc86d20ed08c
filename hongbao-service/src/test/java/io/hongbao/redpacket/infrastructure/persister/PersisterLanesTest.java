package io.hongbao.redpacket.infrastructure.persister;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.platform.db.DatabaseShards;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PersisterLanesTest {

    @Test
    void withOneDatabaseTheWorkersAreExactlyTheSetting() {
        assertThat(PersisterLanes.workersPerDatabase(4, 1)).isEqualTo(4);
        assertThat(PersisterLanes.workersPerDatabase(1, 1)).isEqualTo(1);
    }

    @Test
    void theWorkersAreSpreadOverTheDatabasesRoundedUpWithAtLeastTwoEachSoOneDrainsWhileAnotherRunsThePeriodicWork() {
        assertThat(PersisterLanes.workersPerDatabase(4, 2)).isEqualTo(2);
        assertThat(PersisterLanes.workersPerDatabase(4, 4)).isEqualTo(2);
        assertThat(PersisterLanes.workersPerDatabase(8, 3)).isEqualTo(3);
        assertThat(PersisterLanes.workersPerDatabase(16, 4)).isEqualTo(4);
        assertThat(PersisterLanes.workersPerDatabase(1, 8)).isEqualTo(2);
    }

    @Test
    void aLaneServesExactlyTheVirtualShardsOfItsDatabase() {
        DatabaseShards databases = new DatabaseShards(4);
        IntPredicate third = PersisterLanes.shardsOf(databases, 2);

        assertThat(IntStream.range(0, 16).filter(third).boxed().toList()).containsExactly(2, 6, 10, 14);
    }

    @Test
    void withOneDatabaseItsLaneServesEveryShard() {
        IntPredicate only = PersisterLanes.shardsOf(new DatabaseShards(1), 0);

        assertThat(IntStream.range(0, 16).allMatch(only)).isTrue();
    }
}
