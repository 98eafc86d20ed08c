package io.hongbao.platform.db;

import java.util.function.Supplier;

/**
 * A database transaction boundary that use cases can ask for without depending on Spring. Nested calls join the
 * outer transaction, so a use case run inside an idempotent request commits together with its recorded answer.
 */
public interface Transactions {

    <T> T inTransaction(Supplier<T> work);
}
