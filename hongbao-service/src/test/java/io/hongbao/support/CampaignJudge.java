package io.hongbao.support;

import io.hongbao.support.GrabStorm.Attempt;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import javax.sql.DataSource;

/**
 * What a campaign's crowd under a fault must leave behind (ADR 0103), judged from the answers the people got and the
 * databases the service wrote. A campaign's pools are red packets, so {@link StormJudge} judges them as packets: no
 * person twice in a pool, no share given twice, no pool over its count or total, every grant written whole with its
 * ledger legs, each pool's money conserved, the audit ok and the health UP. What only a campaign promises is judged
 * here, across its pools: one share per person per campaign; every person answered GRABBED or ALREADY_GRABBED holds
 * exactly that amount in one row (0 lost), and nobody told SOLD_OUT or never told anything holds one (unless they were
 * given up on: their grab is unknown); no more grants than shares, and the campaign's total conserved: what was
 * granted, what was refunded and what the pools' escrows still hold add up to it.
 */
public final class CampaignJudge {

    /** How many examples of each failure the summary names. */
    private static final int EXAMPLES = 5;

    private final List<DataSource> databases;
    private final StormJudge poolJudge;

    /**
     * @param databases the service's database shards, each read directly
     * @param poolJudge the packets' judge of the same service, for the pools
     */
    public CampaignJudge(List<DataSource> databases, StormJudge poolJudge) {
        this.databases = List.copyOf(databases);
        this.poolJudge = poolJudge;
    }

    /** The verdict. {@link #held()} when every invariant held; {@link #summary()} for the fault report. */
    public record Verdict(
            int people,
            long answeredWithAmount,
            long unknown,
            long rows,
            long lost,
            long wrongAmount,
            long twoAmounts,
            long personTwice,
            long heldUntold,
            int shares,
            long total,
            long granted,
            long refunded,
            long escrowHeld,
            boolean conserved,
            StormJudge.Verdict pools,
            List<String> examples) {

        public boolean held() {
            return lost == 0
                    && wrongAmount == 0
                    && twoAmounts == 0
                    && personTwice == 0
                    && heldUntold == 0
                    && rows <= shares
                    && granted <= total
                    && conserved
                    && pools.held();
        }

        public String summary() {
            return String.format(
                            "%d people, %d answered an amount, %d unknown (given up on); %d grants of %d shares: lost"
                                    + " %d, wrong amount %d, answered two amounts %d, person with two shares %d, held"
                                    + " but told none %d, over-granted %d; granted %d + refunded %d + left in the pools"
                                    + " %d = %d of %d (conserved %s); pools as packets: %s",
                            people,
                            answeredWithAmount,
                            unknown,
                            rows,
                            shares,
                            lost,
                            wrongAmount,
                            twoAmounts,
                            personTwice,
                            heldUntold,
                            Math.max(0, rows - shares),
                            granted,
                            refunded,
                            escrowHeld,
                            granted + refunded + escrowHeld,
                            total,
                            conserved,
                            pools.summary())
                    + (examples.isEmpty() ? "" : "; e.g. " + String.join(", ", examples));
        }
    }

    /** The packet ids of the campaign's pools (campaign_pools, on the campaign's home database). */
    public List<String> pools(String campaign) throws SQLException {
        return StormJudge.query(
                databases,
                "SELECT packet_id FROM campaign_pools WHERE campaign_id IN (%s) ORDER BY pool",
                List.of(campaign),
                rs -> rs.getString(1));
    }

    /**
     * Waits until every person answered an amount has a row in the campaign's pools (the persister drains the streams
     * asynchronously) and returns how long that took; gives up after {@code limit} (the verdict then counts them lost).
     */
    public Duration awaitRecorded(String campaign, Collection<Attempt> answers, Duration limit) throws Exception {
        long start = System.nanoTime();
        List<String> pools = pools(campaign);
        Set<Long> answeredAnAmount = new HashSet<>(amountsAnswered(answers).keySet());
        while (System.nanoTime() - start < limit.toNanos()) {
            Set<Long> recorded = new HashSet<>();
            rows(pools).forEach(row -> recorded.add(row.user()));
            if (recorded.containsAll(answeredAnAmount)) {
                break;
            }
            Thread.sleep(100);
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    /**
     * Judges campaign {@code campaign} after its crowd: {@code answers} are every tap (their {@code packetId} the
     * campaign's id), {@code gaveUp} the people whose grab is unknown. The pools' judge runs first: its audit waits for
     * the streams to drain, so the rows read after it are the persister's last word.
     */
    public Verdict judge(String campaign, Collection<Attempt> answers, Set<Long> gaveUp) throws Exception {
        List<String> pools = pools(campaign);
        StormJudge.Verdict asPackets = poolJudge.judge(List.of(), pools);
        List<Row> rows = rows(pools);
        Map<Long, Set<Long>> amounts = amountsAnswered(answers);
        Set<Long> people = new HashSet<>();
        answers.forEach(a -> people.add(a.user()));
        List<String> examples = new ArrayList<>();

        Map<Long, List<Row>> rowsOf = new HashMap<>();
        rows.forEach(row ->
                rowsOf.computeIfAbsent(row.user(), u -> new ArrayList<>()).add(row));
        long personTwice = count(rowsOf.entrySet(), e -> e.getValue().size() > 1, "two shares", examples);
        long twoAmounts = count(amounts.entrySet(), e -> e.getValue().size() > 1, "answered two amounts", examples);
        long lost = count(amounts.keySet(), person -> !rowsOf.containsKey(person), "lost", examples);
        long wrongAmount = count(
                amounts.keySet(),
                person -> rowsOf.containsKey(person)
                        && !amounts.get(person)
                                .contains(rowsOf.get(person).get(0).amount()),
                "wrong amount",
                examples);
        long heldUntold = count(
                rowsOf.keySet(),
                person -> !amounts.containsKey(person) && !gaveUp.contains(person),
                "held but told none",
                examples);
        Money money = money(campaign, pools, rows);
        return new Verdict(
                people.size(),
                amounts.size(),
                gaveUp.size(),
                rows.size(),
                lost,
                wrongAmount,
                twoAmounts,
                personTwice,
                heldUntold,
                money.shares(),
                money.total(),
                money.granted(),
                money.refunded(),
                money.escrowHeld(),
                money.conserved(),
                asPackets,
                examples);
    }

    private record Row(String pool, long user, long amount) {}

    private record Pool(long total, long refunded) {}

    private record Money(int shares, long total, long granted, long refunded, long escrowHeld, boolean conserved) {}

    /** Per person, the amounts their answers named (GRABBED, ALREADY_GRABBED): one, unless a share went twice. */
    private static Map<Long, Set<Long>> amountsAnswered(Collection<Attempt> answers) {
        Map<Long, Set<Long>> amounts = new HashMap<>();
        for (Attempt answer : answers) {
            if (answer.holdsAmount()) {
                amounts.computeIfAbsent(answer.user(), u -> new TreeSet<>()).add(answer.amount());
            }
        }
        return amounts;
    }

    private List<Row> rows(List<String> pools) throws SQLException {
        return StormJudge.query(
                databases,
                "SELECT packet_id, user_id, amount FROM packet_grabs WHERE packet_id IN (%s)",
                pools,
                rs -> new Row(rs.getString(1), rs.getLong(2), rs.getLong(3)));
    }

    /**
     * The campaign's money: its total and shares as opened, what its rows granted, what its pools refunded and what
     * their escrows still hold; conserved when the pools' totals add up to the campaign's and the three parts add up
     * to it too, with no escrow below zero.
     */
    private Money money(String campaign, List<String> pools, List<Row> rows) throws SQLException {
        List<long[]> opened = StormJudge.query(
                databases, "SELECT total, shares FROM campaigns WHERE id IN (%s)", List.of(campaign), rs ->
                        new long[] {rs.getLong(1), rs.getLong(2)});
        if (opened.size() != 1) {
            throw new IllegalStateException("campaign " + campaign + " is stored " + opened.size() + " times");
        }
        long total = opened.get(0)[0];
        long granted = rows.stream().mapToLong(Row::amount).sum();
        List<Pool> stored = StormJudge.query(
                databases,
                "SELECT total_amount, COALESCE(refunded_amount, 0) FROM red_packets WHERE id IN (%s)",
                pools,
                rs -> new Pool(rs.getLong(1), rs.getLong(2)));
        long poolTotals = stored.stream().mapToLong(Pool::total).sum();
        long refunded = stored.stream().mapToLong(Pool::refunded).sum();
        List<Long> escrows = StormJudge.query(
                databases,
                "SELECT SUM(amount) FROM ledger_entries WHERE account IN (%s) GROUP BY account",
                pools.stream().map(pool -> "escrow:" + pool).toList(),
                rs -> rs.getLong(1));
        long escrowHeld = escrows.stream().mapToLong(Long::longValue).sum();
        boolean conserved = stored.size() == pools.size()
                && poolTotals == total
                && escrows.stream().allMatch(held -> held >= 0)
                && granted + refunded + escrowHeld == total;
        return new Money((int) opened.get(0)[1], total, granted, refunded, escrowHeld, conserved);
    }

    /** How many of {@code items} fail, naming the first few in {@code examples}. */
    private static <T> long count(Collection<T> items, Predicate<T> fails, String what, List<String> examples) {
        long failed = 0;
        for (T item : items) {
            if (fails.test(item)) {
                failed++;
                if (examples.size() < EXAMPLES) {
                    examples.add(what + " " + item);
                }
            }
        }
        return failed;
    }
}
