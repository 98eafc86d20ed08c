/**
 * The red-packet use cases, and the service's public entry point for running its production path without HTTP.
 *
 * <p>Every class here is a Spring bean of the service ({@code RedPacketConfiguration}) with a stable public API, and
 * code that embeds the service (the strategy lab's {@code hongbao} strategy, the bench) calls them directly:
 * {@link io.hongbao.redpacket.application.SendingRedPacket} debits the sender and stores the packet with its shares
 * in one transaction, {@link io.hongbao.redpacket.application.PublishingRedPacket} puts the committed packet into
 * Redis, {@link io.hongbao.redpacket.application.GrabbingRedPacket} is the grab path the HTTP route takes, and
 * {@link io.hongbao.redpacket.model.HotPackets} reads a packet's live grabs. Money comes in through
 * {@code io.hongbao.account.application.DepositingMoney}.
 *
 * <p>They are safe for concurrent callers: the grab is non-blocking and answers on a Redis or database thread, so a
 * caller can keep many grabs in flight at once, as the HTTP route does. The same invariants hold as through HTTP; the
 * web layer adds authentication, idempotency keys and the JSON contract, nothing that decides money.
 */
package io.hongbao.redpacket.application;
