package io.hongbao.redpacket.application;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.EscrowAccounts;
import io.hongbao.account.model.EscrowPayout;
import io.hongbao.account.model.UserId;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Balances and escrow accounts in memory; funding is refused, changing nothing, when the balance is short. */
public final class InMemoryEscrowAccounts implements EscrowAccounts {

    private final Map<UserId, Long> balances = new HashMap<>();
    private final Map<String, Long> escrows = new HashMap<>();

    public void deposit(UserId user, long cents) {
        balances.merge(user, cents, Long::sum);
    }

    public long balance(UserId user) {
        return balances.getOrDefault(user, 0L);
    }

    public long escrowed() {
        return escrows.values().stream().mapToLong(Long::longValue).sum();
    }

    @Override
    public boolean fund(UserId sender, Cents amount, String escrowAccount, String packetId, Instant at) {
        if (balance(sender) < amount.value()) {
            return false;
        }
        balances.merge(sender, -amount.value(), Long::sum);
        escrows.merge(escrowAccount, amount.value(), Long::sum);
        return true;
    }

    @Override
    public void payOut(List<EscrowPayout> payouts) {
        throw new UnsupportedOperationException("sending and grabbing never pay out");
    }

    @Override
    public void receive(List<EscrowPayout> inTransit) {
        throw new UnsupportedOperationException("sending and grabbing never pay out");
    }

    @Override
    public List<EscrowPayout> notReceived(List<EscrowPayout> inTransit) {
        throw new UnsupportedOperationException("sending and grabbing never pay out");
    }
}
