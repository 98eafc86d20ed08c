package io.hongbao.lottery;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.LotteryApi;
import io.hongbao.support.LotteryApi.DrawItemJson;
import io.hongbao.support.LotteryApi.DrawJson;
import io.hongbao.support.LotteryApi.WheelJson;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** docs/api.md, Lottery wheels, through HTTP on the real clock. */
class WheelsIT extends LotteryIntegrationTest {

    private final Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);

    @Test
    void createsAWheelAndAnswersItsShapeWithTheElapsedHoursReleased() {
        Map<String, Object> body =
                LotteryApi.wheelBody(now.minus(Duration.ofDays(2)), now.minus(Duration.ofHours(1)), stock(3, 40));

        WheelJson wheel = lottery().createdWheel(body);

        assertThat(wheel.id()).isNotBlank();
        assertThat(wheel.name()).isEqualTo("Spring wheel");
        assertThat(wheel.drawCost()).isEqualTo(10);
        assertThat(wheel.consolation()).isEqualTo(new LotteryApi.ConsolationJson("3 points back", 3));
        assertThat(wheel.startsAt()).isEqualTo(now.minus(Duration.ofDays(2)).toString());
        assertThat(wheel.endsAt()).isEqualTo(now.minus(Duration.ofHours(1)).toString());
        assertThat(wheel.hourlyWeights()).containsExactlyInAnyOrderEntriesOf(Map.of("20", 3.0, "21", 3.0));
        assertThat(wheel.prizes()).extracting(LotteryApi.PrizeJson::name).containsExactly("Phone", "Coupon");
        // The campaign is over: everything is released at creation, nothing won yet.
        assertThat(wheel.prizes()).allMatch(p -> p.released() == p.stock() && p.won() == 0);
        assertThat(wheel.prize("Phone").stock()).isEqualTo(3);
        assertThat(lottery().wheelJson(wheel.id())).isEqualTo(wheel);
    }

    @Test
    void aCampaignLongOverIsReleasedWholeAtCreationOverSeveralTransactions() {
        Map<String, Object> body = new LinkedHashMap<>(
                LotteryApi.wheelBody(now.minus(Duration.ofDays(20)), now.minus(Duration.ofHours(1)), stock(7, 2_000)));
        body.put("hourlyWeights", Map.of("3", 2, "4", 0)); // whole numbers are weights too

        WheelJson wheel = lottery().createdWheel(body);

        assertThat(wheel.prizes()).allMatch(p -> p.released() == p.stock());
        assertThat(wheel.hourlyWeights()).containsExactlyInAnyOrderEntriesOf(Map.of("3", 2.0, "4", 0.0));
    }

    @Test
    void aDrawWinsTheEarliestReleasedPrizesThenTheConsolation() {
        WheelJson wheel = lottery()
                .createdWheel(LotteryApi.wheelBody(
                        now.minus(Duration.ofHours(5)), now.minus(Duration.ofSeconds(1)), stock(1, 2)));
        long user = newUser();
        api().grantPoints(user, 45).expectStatus().isOk();

        List<DrawJson> draws = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            draws.add(lottery().drawn(user, wheel.id()));
        }

        assertThat(draws.subList(0, 3)).allSatisfy(d -> {
            assertThat(d.prize()).isNotNull();
            assertThat(d.consolation()).isNull();
        });
        assertThat(draws.subList(0, 3))
                .extracting(d -> d.prize().name())
                .containsExactlyInAnyOrder("Phone", "Coupon", "Coupon");
        assertThat(draws.get(3).prize()).isNull();
        assertThat(draws.get(3).consolation()).isEqualTo(new LotteryApi.ConsolationJson("3 points back", 3));
        assertThat(draws).extracting(DrawJson::pointsLeft).containsExactly(35L, 25L, 15L, 8L);
        assertThat(api().pointsOf(user)).isEqualTo(8);
        WheelJson after = lottery().wheelJson(wheel.id());
        assertThat(after.prizes()).allMatch(p -> p.won() == p.stock());
    }

    @Test
    void drawingBeforeTheCampaignStartsWinsTheConsolation() {
        WheelJson wheel = lottery()
                .createdWheel(
                        LotteryApi.wheelBody(now.plus(Duration.ofDays(1)), now.plus(Duration.ofDays(2)), stock(5, 50)));
        long user = newUser();
        api().grantPoints(user, 10).expectStatus().isOk();

        DrawJson draw = lottery().drawn(user, wheel.id());

        assertThat(draw.prize()).isNull();
        assertThat(draw.consolation().points()).isEqualTo(3);
        assertThat(draw.pointsLeft()).isEqualTo(3);
        assertThat(lottery().wheelJson(wheel.id()).prizes()).allMatch(p -> p.released() == 0 && p.won() == 0);
    }

    @Test
    void myDrawsListsTheCallersDrawsNewestFirst() {
        WheelJson wheel = lottery()
                .createdWheel(LotteryApi.wheelBody(
                        now.minus(Duration.ofHours(2)), now.minus(Duration.ofSeconds(1)), stock(1, 0)));
        long user = newUser();
        long other = newUser();
        api().grantPoints(user, 30).expectStatus().isOk();
        api().grantPoints(other, 30).expectStatus().isOk();
        DrawJson first = lottery().drawn(user, wheel.id());
        lottery().drawn(other, wheel.id());
        DrawJson second = lottery().drawn(user, wheel.id());

        List<DrawItemJson> items = lottery().myDraws(user).items();

        assertThat(items).extracting(DrawItemJson::drawId).containsExactly(second.drawId(), first.drawId());
        assertThat(items).allMatch(i -> i.wheelId().equals(wheel.id()) && i.at() != null);
        assertThat(items.get(1).prize()).isEqualTo(first.prize());
        assertThat(items.get(0).consolation()).isEqualTo(second.consolation());
        assertThat(lottery().myDraws(newUser()).items()).isEmpty();
    }

    @Test
    void tooFewPointsIs409AndChangesNothing() {
        WheelJson wheel =
                lottery().createdWheel(LotteryApi.wheelBody(now.minus(Duration.ofHours(2)), now, stock(1, 5)));
        long user = newUser();
        api().grantPoints(user, 9).expectStatus().isOk();
        long stranger = newUser(); // no account at all

        for (long drawer : List.of(user, stranger)) {
            lottery()
                    .draw(drawer, wheel.id())
                    .expectStatus()
                    .isEqualTo(409)
                    .expectBody()
                    .jsonPath("$.code")
                    .isEqualTo("INSUFFICIENT_POINTS");
            lottery().draw(drawer, wheel.id(), "k-" + drawer).expectStatus().isEqualTo(409);
        }

        assertThat(api().pointsOf(user)).isEqualTo(9);
        assertThat(api().pointsOf(stranger)).isZero();
        assertThat(lottery().myDraws(user).items()).isEmpty();
        assertThat(lottery().wheelJson(wheel.id()).prizes()).allMatch(p -> p.won() == 0);
    }

    @Test
    void anUnknownWheelIs404ForReadingAndDrawingAndChangesNothing() {
        long user = newUser();
        api().grantPoints(user, 50).expectStatus().isOk();

        for (String id : List.of(UUID.randomUUID().toString(), "no-such-wheel", "1")) {
            lottery()
                    .wheel(user, id)
                    .expectStatus()
                    .isNotFound()
                    .expectBody()
                    .jsonPath("$.code")
                    .isEqualTo("NOT_FOUND");
            lottery()
                    .draw(user, id)
                    .expectStatus()
                    .isNotFound()
                    .expectBody()
                    .jsonPath("$.code")
                    .isEqualTo("NOT_FOUND");
        }
        assertThat(api().pointsOf(user)).isEqualTo(50);
    }

    private static Map<String, Integer> stock(int phones, int coupons) {
        Map<String, Integer> stock = new LinkedHashMap<>();
        stock.put("Phone", phones);
        stock.put("Coupon", coupons);
        return stock;
    }
}
