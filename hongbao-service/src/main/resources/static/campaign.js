// Campaigns (红包雨, red-packet rain): the newest ones, and one campaign's page: a countdown to its round, a big button
// to grab that is on while the round is, the result, and the shares left, read from /live about once a second while
// the page is seen. TRY_AGAIN is part of the game: the button comes back by itself after the time the server asked.
import { t } from './i18n.js';
import { get, post } from './api.js';
import { h, messageBox } from './dom.js';
import { yuan } from './money.js';
import { list, onLeave } from './app.js';

const TICK_MILLIS = 200;
const LIVE_EVERY_MILLIS = 1000;

export async function campaignsView(root) {
  const { campaigns } = await get('/api/v1/campaigns?limit=20');
  const now = Date.now();
  root.append(h('section', { class: 'card' }, h('h1', {}, t('campaignsTitle')),
    h('p', { class: 'hint' }, t('campaignsIntro')),
    list(campaigns, (c) => h('li', { class: 'line', dataTest: 'campaign-item', 'data-id': c.id },
      h('span', {}, h('a', { href: '#/c/' + c.id }, c.greeting || t('campaignTitle')),
        h('small', {}, `${t('fromSponsor', { id: c.sponsor })} · ${phaseWords(phaseAt(roundsOf(c), now))}`)),
      h('strong', {}, yuan(c.total))), 'noCampaigns')));
}

/**
 * The campaign's rounds, with their times in milliseconds, in the order they start. A campaign that does not list
 * rounds is one round, on from openedAt to endsAt.
 */
export function roundsOf(campaign) {
  const rounds = campaign.rounds?.length ? campaign.rounds
    : [{ round: 0, startsAt: campaign.openedAt, endsAt: campaign.endsAt, shares: campaign.shares }];
  return rounds.map((r) => ({ round: r.round, startsAt: Date.parse(r.startsAt), endsAt: Date.parse(r.endsAt),
    shares: r.shares })).sort((a, b) => a.startsAt - b.startsAt);
}

/** Where the campaign is at that moment: a round on until it ends, waiting for the next one to start, or over. */
export function phaseAt(rounds, now) {
  const on = rounds.find((r) => r.startsAt <= now && now < r.endsAt);
  if (on) return { state: 'on', round: on, until: on.endsAt };
  const next = rounds.find((r) => now < r.startsAt);
  if (next) return { state: 'waiting', round: next, until: next.startsAt };
  return { state: 'over', round: rounds[rounds.length - 1], until: null };
}

function phaseWords(phase) {
  return phase.state === 'on' ? t('roundOn') : phase.state === 'waiting' ? t('roundSoon') : t('listOver');
}

/** 65 000 ms → "1:05", 3 725 000 ms → "1:02:05": whole seconds, rounded up, so 0:00 shows only when it is time. */
export function clock(millis) {
  const seconds = Math.max(0, Math.ceil(millis / 1000));
  const [hours, minutes, rest] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  const pad = (n) => String(n).padStart(2, '0');
  return hours ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
}

export async function campaignView(root, claims, id) {
  const campaign = await get('/api/v1/campaigns/' + id);
  const rounds = roundsOf(campaign);
  const perRound = campaign.oncePer === 'ROUND';
  const game = {
    // How far the server's clock is ahead of this browser's, learnt from a NOT_STARTED answer.
    skew: 0,
    // What each round (or, one share per campaign, the campaign) gave this person: GRABBED or ALREADY_GRABBED.
    got: new Map(),
    soldOut: new Set(),
    ended: false,
    grabbing: false,
    // TRY_AGAIN or a busy service: the button comes back at this time (browser clock).
    retryAt: 0,
    // The last answer shown under the button.
    said: null,
  };
  const now = () => Date.now() + game.skew;
  const keyOf = (round) => (perRound ? round.round : 'campaign');

  const state = h('p', { class: 'rain-state', dataTest: 'phase', 'aria-live': 'polite' });
  const countdown = h('p', { class: 'countdown', dataTest: 'countdown', role: 'timer', 'aria-atomic': 'true' });
  const button = h('button', { type: 'button', class: 'grab', dataTest: 'grab', 'aria-label': t('grabLabel'),
    onclick: () => grab() }, t('grabTap'));
  const prize = h('div', { class: 'prize', dataTest: 'campaign-prize', hidden: true });
  const result = h('p', { class: 'rain-result', dataTest: 'campaign-result', 'aria-live': 'polite' });
  const box = messageBox('campaign-message');
  const counter = liveCounter(campaign, rounds);
  root.append(h('section', { class: 'rain', dataTest: 'campaign' },
    h('p', { class: 'from' }, t('fromSponsor', { id: campaign.sponsor })),
    h('h1', { class: 'greeting', dataTest: 'campaign-greeting' }, campaign.greeting || t('campaignTitle')),
    rounds.length > 1 ? h('p', { class: 'round', dataTest: 'round' }) : null,
    state, countdown, button, prize, result),
  box, counter.element);

  const render = () => {
    const phase = game.ended ? { state: 'over', round: rounds[rounds.length - 1], until: null } : phaseAt(rounds, now());
    const got = game.got.get(keyOf(phase.round));
    setText(root.querySelector('[data-test=round]'), t('roundOf', { n: phase.round.round + 1, of: rounds.length }));
    setText(state, phase.state === 'on' ? t('endsIn') : phase.state === 'waiting' ? t('startsIn') : t('campaignOver'));
    state.dataset.state = phase.state;
    countdown.hidden = phase.until === null;
    setText(countdown, phase.until === null ? '' : clock(phase.until - now()));
    renderPrize(got);
    button.hidden = Boolean(got) || phase.state === 'over';
    button.disabled = phase.state !== 'on' || game.grabbing || Date.now() < game.retryAt
      || game.soldOut.has(phase.round.round);
    button.classList.toggle('spinning', game.grabbing);
    renderResult(phase);
    return phase;
  };

  const renderPrize = (got) => {
    prize.hidden = !got;
    // Redrawn only when the share shown changes: the amount's pop animation is for a new share.
    const shown = got && JSON.stringify([got.round, got.outcome, got.amount]);
    if (!got || prize.dataset.shown === shown) return;
    prize.dataset.shown = shown;
    prize.dataset.amount = String(got.amount);
    prize.replaceChildren(h('p', { class: 'caption' }, got.outcome === 'GRABBED' ? t('youGot') : t('alreadyGot')),
      h('p', { class: 'amount', dataTest: 'campaign-amount' }, yuan(got.amount)));
  };

  const renderResult = (phase) => {
    const said = game.said;
    result.dataset.outcome = said?.outcome ?? '';
    // A round sold out says nothing about the next one.
    if (!said || (said.outcome === 'SOLD_OUT' && said.round !== phase.round.round && phase.state !== 'over')) {
      return setText(result, '');
    }
    const waitMillis = game.retryAt - Date.now();
    const seconds = Math.max(1, Math.ceil(waitMillis / 1000));
    const words = {
      SOLD_OUT: rounds.length > 1 && phase.state !== 'over' ? t('roundSoldOut') : t('soldOut'),
      EXPIRED: t('campaignOver'),
      TRY_AGAIN: waitMillis > 0 ? t('crowded', { seconds }) : t('tapAgain'),
      BUSY: waitMillis > 0 ? t('busyTryAgain', { seconds }) : t('tapAgain'),
    }[said.outcome] ?? '';
    setText(result, words);
  };

  const grab = async () => {
    const phase = render();
    if (button.disabled) return;
    game.grabbing = true;
    game.said = null;
    box.clear();
    render();
    try {
      take(await post(`/api/v1/campaigns/${id}/grab`), phase.round);
    } catch (e) {
      // A busy or unreachable service decided nothing that a retry would not tell: the game goes on.
      if (e.status === 503 || e.status === 429 || e.status === 0) {
        game.retryAt = Date.now() + 1000 * Math.max(1, Number(e.retryAfter) || 1);
        game.said = { outcome: 'BUSY' };
      } else {
        box.show(e.code === 'NOT_A_MEMBER' ? t('notInAudience') : e.explain());
      }
    } finally {
      game.grabbing = false;
      render();
    }
  };

  const take = (answer, round) => {
    game.said = { ...answer, round: round.round };
    switch (answer.outcome) {
      case 'GRABBED':
      case 'ALREADY_GRABBED':
        game.got.set(keyOf(round), { ...answer, round: round.round });
        game.said = null;
        counter.soon();
        break;
      case 'SOLD_OUT':
        game.soldOut.add(round.round);
        break;
      case 'EXPIRED':
        game.ended = true;
        break;
      case 'TRY_AGAIN':
        game.retryAt = Date.now() + (answer.retryAfterMillis ?? 1000);
        break;
      case 'NOT_STARTED':
        // The server's clock is behind this browser's: count down to the start it says.
        game.skew = Math.min(game.skew, round.startsAt - (answer.retryAfterMillis ?? 0) - Date.now());
        game.said = null;
        break;
      default:
        break;
    }
  };

  render();
  const ticking = setInterval(render, TICK_MILLIS);
  onLeave(() => clearInterval(ticking));
  // A service whose campaigns have no rounds has no /live either: not asking spares a 404 in the console.
  if (campaign.rounds) counter.start(() => render().state === 'over');
}

/**
 * The shares left of the current round, read from GET /api/v1/campaigns/{id}/live about once a second while the page
 * is visible. Hidden until the first answer, and for good when the service has no such call (404).
 */
function liveCounter(campaign, rounds) {
  const text = h('p', { class: 'shares-left', dataTest: 'shares-left', id: 'shares-left' });
  const bar = h('progress', { dataTest: 'shares-bar', 'aria-labelledby': 'shares-left', max: 1, value: 0 });
  const element = h('section', { class: 'card live-counter', dataTest: 'live-counter', hidden: true },
    h('h2', {}, t('liveTitle')), text, bar);
  let timer = null;
  let asking = false;
  let askAgain = false;
  // Until start(), and for good after a 404 or leaving the page.
  let stopped = true;
  let over = () => false;

  const show = (live) => {
    const round = rounds.find((r) => r.round === live.round) ?? rounds[0];
    const shares = round?.shares ?? campaign.shares;
    const words = { left: live.sharesLeft.toLocaleString(), shares: shares.toLocaleString(), n: live.round + 1 };
    text.textContent = rounds.length > 1 ? t('sharesLeftInRound', words) : t('sharesLeft', words);
    text.dataset.left = String(live.sharesLeft);
    bar.max = Math.max(1, shares);
    bar.value = live.sharesLeft;
    element.hidden = false;
  };

  const poll = async () => {
    timer = null;
    if (stopped || document.visibilityState !== 'visible') return;
    asking = true;
    try {
      show(await get(`/api/v1/campaigns/${campaign.id}/live`));
    } catch (e) {
      if (e.status === 404) {
        // A service without the live figures: the page does without the counter.
        stopped = true;
        element.hidden = true;
      }
    } finally {
      asking = false;
    }
    if (askAgain) {
      askAgain = false;
      schedule(0);
    } else if (!over()) {
      // Once the campaign is over its figures no longer change: the last answer stays.
      schedule(LIVE_EVERY_MILLIS);
    }
  };
  // One question at a time, whoever asks for the next: the timer, the page coming back into view, a grab.
  const schedule = (millis) => {
    if (stopped || asking || timer !== null) return;
    timer = setTimeout(poll, millis);
  };
  const visible = () => { if (document.visibilityState === 'visible') schedule(0); };

  return {
    element,
    start(isOver) {
      over = isOver;
      stopped = false;
      document.addEventListener('visibilitychange', visible);
      onLeave(() => {
        stopped = true;
        clearTimeout(timer);
        document.removeEventListener('visibilitychange', visible);
      });
      schedule(0);
    },
    /** After this person's grab: show its effect now rather than at the next poll. */
    soon() {
      if (asking) { askAgain = true; return; }
      clearTimeout(timer);
      timer = null;
      schedule(0);
    },
  };
}

/** Changes an element's text only when it differs: screen readers announce live regions on every change. */
function setText(element, text) {
  if (element && element.textContent !== text) element.textContent = text;
}
