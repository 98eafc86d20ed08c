// A red packet's page: sealed with its 開 button until opened, then the amount; the grabs list follows the packet's
// event stream live, so another person's grab shows without a reload.
import { t } from './i18n.js';
import { get, post, follow } from './api.js';
import { h, time, messageBox, toast } from './dom.js';
import { yuan } from './money.js';
import { onLeave } from './app.js';

export async function packetView(root, claims, id) {
  const me = claims.userId;
  const state = { packet: null, forbidden: false, outcome: null };
  const envelope = h('section', { class: 'envelope', dataTest: 'envelope', 'aria-live': 'polite' });
  const details = h('section', { class: 'card details', dataTest: 'packet-details' });
  const status = h('p', { class: 'live-state', dataTest: 'live-state' });
  const box = messageBox('packet-message');
  root.append(envelope, box, details);
  const firstSeen = new Map();

  const render = () => {
    renderEnvelope();
    renderDetails();
  };

  let shown = null;
  const renderEnvelope = () => {
    const p = state.packet;
    const mine = p?.grabs?.find((g) => g.userId === me);
    // Redrawn only when what it shows changes: a live update must not take the focus off the 開 button.
    const key = JSON.stringify([p?.senderId, p?.greeting, p?.status, mine?.amount, state.outcome, state.forbidden]);
    if (key === shown) return;
    shown = key;
    envelope.replaceChildren();
    envelope.classList.toggle('opened', Boolean(mine || state.outcome));
    envelope.append(h('p', { class: 'from' }, p ? t('fromUser', { id: p.senderId }) : t('packetTitle')),
      h('p', { class: 'greeting', dataTest: 'greeting' }, p?.greeting || ''));
    if (mine || state.outcome?.amount !== undefined) {
      const amount = mine?.amount ?? state.outcome.amount;
      const already = state.outcome?.outcome === 'ALREADY_GRABBED' || (mine && !state.outcome);
      envelope.append(h('p', { class: 'caption' }, already ? t('alreadyGot') : t('youGot')),
        h('p', { class: 'amount', dataTest: 'my-amount' }, yuan(amount)));
      return;
    }
    const closed = state.outcome?.outcome ?? (p?.status === 'ACTIVE' || state.forbidden ? null : p?.status);
    if (closed === 'SOLD_OUT' || closed === 'EXPIRED') {
      envelope.append(h('p', { class: 'closed', dataTest: 'closed' }, closed === 'SOLD_OUT' ? t('soldOut') : t('expired')));
      return;
    }
    const button = h('button', { type: 'button', class: 'open', dataTest: 'open', 'aria-label': t('openLabel'),
      onclick: () => grab(button) }, t('open'));
    envelope.append(button);
  };

  const grab = async (button) => {
    if (button.disabled) return;
    button.disabled = true;
    button.classList.add('spinning');
    box.clear();
    const started = performance.now();
    try {
      const outcome = await post(`/api/v1/packets/${id}/grab`);
      // When the answer came: the browser tests measure the live latency from here to the sender's page.
      envelope.dataset.answeredAt = String(Date.now());
      // Let the coin turn at least once: the opening is part of the fun.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 600 - (performance.now() - started))));
      state.outcome = outcome;
      envelope.classList.add('opening');
      render();
      refresh();
    } catch (e) {
      button.disabled = false;
      button.classList.remove('spinning');
      box.show(e.explain());
    }
  };

  const renderDetails = () => {
    const p = state.packet;
    details.replaceChildren();
    if (!p) {
      if (state.forbidden) details.append(h('p', { class: 'hint', dataTest: 'forbidden' }, t('packetForbidden')));
      return;
    }
    const taken = p.totalAmount - p.remainingAmount - p.refundedAmount;
    details.append(...[
      h('div', { class: 'summary' },
        h('p', { dataTest: 'progress' }, t('progress', {
          x: p.count - p.remainingCount, y: p.count, a: yuan(taken), b: yuan(p.totalAmount) })),
        h('span', { class: 'badge status-' + p.status, dataTest: 'status' }, t('status' + p.status))),
      p.refundedAmount > 0 ? h('p', { class: 'refund', dataTest: 'refund' }, t('refunded', { amount: yuan(p.refundedAmount) })) : null,
      h('h2', {}, t('grabs')), status,
      p.grabs.length ? h('ol', { class: 'lines grabs', dataTest: 'grabs' }, p.grabs.map((g) => grabRow(p, g)))
        : h('p', { class: 'hint', dataTest: 'no-grabs' }, t('noGrabs')),
      shareBox(id)].filter(Boolean));
  };

  const grabRow = (p, g) => {
    const luckiest = p.luckiestUserId === g.userId;
    const row = h('li', { class: 'line' + (g.userId === me ? ' me' : ''), dataTest: 'grab-row', 'data-user': g.userId,
      'data-amount': g.amount },
    h('span', {}, g.userId === me ? `${t('user', { id: g.userId })} (${t('you')})` : t('user', { id: g.userId }),
      luckiest ? h('span', { class: 'badge luckiest', dataTest: 'luckiest' }, t('luckiest')) : null,
      h('small', {}, time(g.grabbedAt))),
    h('strong', {}, yuan(g.amount)));
    // When this grab first reached the page: the browser tests measure live latency from it.
    if (!firstSeen.has(g.userId)) firstSeen.set(g.userId, String(Date.now()));
    row.dataset.renderedAt = firstSeen.get(g.userId);
    return row;
  };

  const refresh = async () => {
    try {
      state.packet = await get('/api/v1/packets/' + id);
      state.forbidden = false;
    } catch (e) {
      if (e.status === 403) state.forbidden = true;
      else throw e;
    }
    render();
  };

  await refresh();
  if (state.forbidden) return;
  const stream = follow(`/api/v1/packets/${id}/events`, (name, data) => {
    if (name !== 'packet') return;
    state.packet = JSON.parse(data);
    render();
  }, (s) => {
    status.textContent = s === 'live' ? t('live') : s === 'retrying' ? t('reconnecting') : '';
    status.className = 'live-state ' + s;
  }, () => finished(state.packet));
  onLeave(stream.stop);
}

// Sold out, or its refund recorded: the server ended its stream after this state, and nothing changes any more.
function finished(packet) {
  return !!packet && (packet.remainingCount === 0 || packet.refundedAmount > 0);
}

function shareBox(id) {
  const link = location.origin + '/#/p/' + id;
  const input = h('input', { type: 'text', readonly: true, value: link, id: 'share-link', dataTest: 'share-link' });
  return h('div', { class: 'share' }, h('label', { for: 'share-link' }, t('shareLink')), input,
    h('button', { type: 'button', dataTest: 'copy-link', onclick: async () => {
      try { await navigator.clipboard.writeText(link); } catch { input.select(); }
      toast(t('copied'));
    } }, t('copy')));
}
