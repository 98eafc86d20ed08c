package io.hongbao.platform.db;

import java.util.function.Supplier;
import javax.sql.DataSource;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** {@link Transactions} on Spring's transaction manager (propagation REQUIRED: nested calls join). */
public final class SpringTransactions implements Transactions {

    /**
     * Transactions on one plain DataSource of their own, beside the service's: for code that keeps tables of its own
     * in one physical database (the strategy lab), outside ShardingSphere's rules.
     */
    public static Transactions on(DataSource dataSource) {
        return new SpringTransactions(new TransactionTemplate(new JdbcTransactionManager(dataSource)));
    }

    private final TransactionTemplate template;

    SpringTransactions(TransactionTemplate template) {
        this.template = template;
    }

    @Override
    public <T> T inTransaction(Supplier<T> work) {
        return template.execute(status -> work.get());
    }
}
