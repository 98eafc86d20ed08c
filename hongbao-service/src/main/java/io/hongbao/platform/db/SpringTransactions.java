package io.hongbao.platform.db;

import java.util.function.Supplier;
import org.springframework.transaction.support.TransactionTemplate;

/** {@link Transactions} on Spring's transaction manager (propagation REQUIRED: nested calls join). */
final class SpringTransactions implements Transactions {

    private final TransactionTemplate template;

    SpringTransactions(TransactionTemplate template) {
        this.template = template;
    }

    @Override
    public <T> T inTransaction(Supplier<T> work) {
        return template.execute(status -> work.get());
    }
}
