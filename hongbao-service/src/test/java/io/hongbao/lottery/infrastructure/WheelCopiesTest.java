package io.hongbao.lottery.infrastructure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WheelCopiesTest {

    @Test
    void copiesThatAgreeEverywhereAreNotNamed() {
        WheelCopies.Page page =
                WheelCopies.compare(List.of(Map.of("a", "d1", "b", "d2"), Map.of("a", "d1", "b", "d2")), 10);

        assertThat(page.differing()).isEmpty();
        assertThat(page.last()).isEmpty();
    }

    @Test
    void aWheelMissingFromOneDatabaseOrDifferentThereIsNamedWithEachDatabasesCopy() {
        WheelCopies.Page page = WheelCopies.compare(
                List.of(Map.of("a", "11111111aa", "b", "22222222bb"), Map.of("b", "33333333cc")), 10);

        assertThat(page.differing()).containsExactly("a", "b");
        assertThat(WheelCopies.describe("a", List.of(Map.of("a", "11111111aa"), Map.of())))
                .contains("wheel a differs between its copies: database 0 11111111, database 1 missing");
    }

    @Test
    void aFullPageSettlesOnlyTheIdsUpToTheSmallestLastIdTheRestAreComparedOnTheNextPage() {
        // Both pages are full: database 0 read up to "c" and has no "b"; database 1 read only up to "b", so whether it
        // holds "c" is for the next page to tell.
        WheelCopies.Page page = WheelCopies.compare(List.of(Map.of("a", "x", "c", "z"), Map.of("a", "x", "b", "y")), 2);

        assertThat(page.differing()).containsExactly("b");
        assertThat(page.last()).isEqualTo(Optional.of("b"));
    }
}
