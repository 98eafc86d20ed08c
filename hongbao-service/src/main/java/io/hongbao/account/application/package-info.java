/**
 * The account use cases. Public beans with a stable API: code that embeds the service without HTTP (the strategy
 * lab's {@code hongbao} strategy, the bench) funds its senders with
 * {@link io.hongbao.account.application.DepositingMoney}, as an operator does through the admin API.
 */
package io.hongbao.account.application;
