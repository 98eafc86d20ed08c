package io.hongbao.platform.db;

import java.util.function.Supplier;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Read-only work that must see ONE consistent state of the database (InnoDB REPEATABLE READ: every read of the
 * transaction sees the snapshot taken at its first read), such as the audit adding up balances while grabs commit.
 */
public final class Snapshots {

    private final TransactionTemplate template;

    Snapshots(PlatformTransactionManager transactions) {
        this.template = new TransactionTemplate(transactions);
        template.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);
        template.setReadOnly(true);
    }

    public <T> T read(Supplier<T> work) {
        return template.execute(status -> work.get());
    }
}
