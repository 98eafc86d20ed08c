// The Hongbao web app: hash routes (#/, #/wallet, #/groups, #/g/<id>, #/send, #/p/<id>, #/wheels, #/w/<id>,
// #/campaigns, #/c/<id>), so a packet's shareable link is <origin>/#/p/<id> and a campaign's <origin>/#/c/<id>. No build
// step: native ES modules.
import { t, translatePage } from './i18n.js';
import { adoptTokenFromUrl, session, get, post, newKey } from './api.js';
import { h, field, messageBox, time, toast } from './dom.js';
import { yuan, parseYuan } from './money.js';
import { packetView } from './packet.js';
import { wheelsView, wheelView } from './wheel.js';
import { campaignsView, campaignView } from './campaign.js';
import { providerOffer, startSignIn, finishSignIn } from './signin.js';

const main = document.getElementById('main');
let leaving = [];

/** Views may register cleanups (a live stream to close) that run when the route changes. */
export function onLeave(cleanup) { leaving.push(cleanup); }

const routes = [
  [/^#?\/?$/, 'home', home],
  [/^#\/wallet$/, 'wallet', wallet],
  [/^#\/groups$/, 'groups', groups],
  [/^#\/g\/([\w-]+)$/, 'groups', group],
  [/^#\/send$/, 'send', send],
  [/^#\/p\/([\w-]+)$/, null, packetView],
  [/^#\/wheels$/, 'wheels', wheelsView],
  [/^#\/w\/([\w-]+)$/, 'wheels', wheelView],
  [/^#\/campaigns$/, 'campaigns', campaignsView],
  [/^#\/c\/([\w-]+)$/, 'campaigns', campaignView],
];

async function route() {
  leaving.forEach((cleanup) => cleanup());
  leaving = [];
  const claims = session.claims();
  renderChrome(claims);
  const hash = (location.hash || '#/').split('?')[0];
  main.replaceChildren();
  if (!claims) return signIn();
  const [pattern, tab, view] = routes.find(([p]) => p.test(hash)) ?? routes[0];
  for (const a of document.querySelectorAll('.tabs a')) {
    if (a.dataset.route === tab) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
  }
  try {
    await view(main, claims, ...(pattern.exec(hash) ?? []).slice(1));
  } catch (e) {
    main.append(h('p', { class: 'message error', role: 'alert', dataTest: 'page-error' }, e.explain?.() ?? String(e)));
  }
}

function renderChrome(claims) {
  const who = document.querySelector('.who');
  who.replaceChildren();
  document.querySelector('.tabs').hidden = !claims;
  if (!claims) return;
  who.append(h('span', { dataTest: 'signed-in-as' }, t('signedInAs', { id: claims.userId }),
    claims.admin ? h('span', { class: 'badge' }, t('admin')) : null),
  h('button', { type: 'button', class: 'link', dataTest: 'sign-out', onclick: () => { session.clear(); route(); } },
    t('signOut')));
}

async function signIn() {
  const section = h('section', { class: 'card', 'aria-labelledby': 'signin-title' },
    h('h1', { id: 'signin-title' }, t('signInTitle')));
  main.append(section);
  if (signInFailure) section.append(h('p', { class: 'message error', role: 'alert', dataTest: 'provider-message' },
    t('providerFailed', { message: signInFailure })));
  const provider = await providerOffer();
  if (provider) section.append(providerButton(provider));
  let demo = { enabled: false };
  try { demo = await get('/demo', { token: null }); } catch { /* no demo endpoint: external identity provider */ }
  if (demo?.enabled) section.append(demoForm());
  section.append(tokenForm());
}

/** "Sign in with <provider>": off to the provider's sign-in page (signin.js). */
function providerButton(provider) {
  return h('button', { type: 'button', class: 'primary', dataTest: 'provider-sign-in',
    onclick: () => startSignIn(provider) }, t('signInWith', { name: provider.name }));
}

function demoForm() {
  const user = h('input', { type: 'number', min: 1, step: 1, inputmode: 'numeric', required: true, value: 7,
    dataTest: 'demo-user' });
  const admin = h('input', { type: 'checkbox', id: 'demo-admin', dataTest: 'demo-admin' });
  const box = messageBox('demo-message');
  return h('form', { class: 'stack', dataTest: 'demo-form', onsubmit: async (e) => {
    e.preventDefault();
    const userId = Number(user.value);
    if (!Number.isSafeInteger(userId) || userId < 1) return box.show(t('badUser'));
    try {
      const answer = await post('/demo/token', { userId, admin: admin.checked }, { token: null });
      session.store(answer.token);
      route();
    } catch (err) { box.show(err.explain()); }
  } },
  h('h2', {}, t('demoTitle')), h('p', { class: 'hint' }, t('demoHint')),
  field('userId', user),
  h('div', { class: 'check' }, admin, h('label', { for: 'demo-admin' }, t('asAdmin'))),
  h('button', { type: 'submit', class: 'primary', dataTest: 'demo-sign-in' }, t('signIn')), box);
}

function tokenForm() {
  const input = h('input', { type: 'password', autocomplete: 'off', spellcheck: 'false', dataTest: 'token-input' });
  const box = messageBox('token-message');
  return h('form', { class: 'stack', dataTest: 'token-form', onsubmit: (e) => {
    e.preventDefault();
    if (input.value.trim().split('.').length !== 3) return box.show(t('badToken'));
    session.store(input.value);
    if (!session.claims()) { session.clear(); return box.show(t('badToken')); }
    route();
  } },
  h('h2', {}, t('tokenTitle')), field('token', input, t('tokenHint')),
  h('button', { type: 'submit', dataTest: 'token-sign-in' }, t('useToken')), box);
}

function home(root, claims) {
  root.append(h('section', { class: 'hero' },
    h('h1', { dataTest: 'hello' }, t('hello', { id: claims.userId })), h('p', {}, t('homeIntro')),
    h('div', { class: 'actions' },
      h('a', { class: 'button primary', href: '#/send' }, t('goSend')),
      h('a', { class: 'button', href: '#/wallet' }, t('goWallet')),
      h('a', { class: 'button', href: '#/campaigns' }, t('goCampaigns')),
      h('a', { class: 'button', href: '#/wheels' }, t('goWheels')),
      claims.admin ? h('a', { class: 'button', href: '/ops' }, t('goOps')) : null)));
  if (claims.admin) root.append(adminCard());
}

function adminCard() {
  const user = h('input', { type: 'number', min: 1, step: 1, required: true, dataTest: 'admin-user' });
  const amount = h('input', { type: 'text', inputmode: 'decimal', placeholder: '100.00', dataTest: 'topup-amount' });
  const points = h('input', { type: 'number', min: 1, step: 1, placeholder: '100', dataTest: 'grant-points' });
  const box = messageBox('admin-message');
  const target = () => {
    const id = Number(user.value);
    if (!Number.isSafeInteger(id) || id < 1) { box.show(t('badUser')); return null; }
    return id;
  };
  user.value = session.claims().userId;
  const topUp = async (button) => {
    const id = target();
    const cents = parseYuan(amount.value);
    if (id === null) return;
    if (!cents) return box.show(t('badAmount'));
    await busy(button, async () => {
      const account = await post(`/api/v1/admin/accounts/${id}/deposits`, { amount: cents }, { key: newKey() });
      box.show(t('toppedUp', { id, balance: yuan(account.balance) }), 'ok');
    }, box);
  };
  const grant = async (button) => {
    const id = target();
    const n = Number(points.value);
    if (id === null) return;
    if (!Number.isSafeInteger(n) || n < 1) return box.show(t('badPoints'));
    await busy(button, async () => {
      const account = await post(`/api/v1/admin/accounts/${id}/points`, { points: n }, { key: newKey() });
      box.show(t('granted', { id, points: account.points }), 'ok');
    }, box);
  };
  return h('section', { class: 'card stack', 'aria-labelledby': 'admin-title', dataTest: 'admin-card' },
    h('h2', { id: 'admin-title' }, t('adminTitle')), field('userId', user),
    h('div', { class: 'row' }, field('topUpAmount', amount),
      h('button', { type: 'button', dataTest: 'topup', onclick: (e) => topUp(e.currentTarget) }, t('topUp'))),
    h('div', { class: 'row' }, field('points', points),
      h('button', { type: 'button', dataTest: 'grant', onclick: (e) => grant(e.currentTarget) }, t('grant'))),
    box);
}

/** Runs work with the button disabled (so a double click acts once), showing any error in box. */
export async function busy(button, work, box, busyText) {
  if (button.disabled) return;
  const label = button.textContent;
  button.disabled = true;
  if (busyText) button.textContent = busyText;
  box?.clear();
  try {
    await work();
  } catch (e) {
    if (!box) throw e;
    box.show(e.explain?.() ?? String(e));
  } finally {
    button.disabled = false;
    button.textContent = label;
  }
}

async function wallet(root) {
  const [account, ledger, packets, grabs] = await Promise.all([
    get('/api/v1/me/account'), get('/api/v1/me/ledger?limit=20'),
    get('/api/v1/me/packets?limit=20'), get('/api/v1/me/grabs?limit=20')]);
  root.append(
    h('section', { class: 'card wallet' }, h('h1', {}, t('walletTitle')),
      h('dl', { class: 'figures' },
        h('div', {}, h('dt', {}, t('balance')), h('dd', { dataTest: 'balance' }, yuan(account.balance))),
        h('div', {}, h('dt', {}, t('points')), h('dd', { dataTest: 'points' }, String(account.points))))),
    h('section', { class: 'card' }, h('h2', {}, t('ledger')),
      list(ledger.entries, (e) => h('li', { class: 'line', dataTest: 'ledger-entry' },
        h('span', {}, e.packetId ? h('a', { href: '#/p/' + e.packetId }, t(e.kind)) : t(e.kind),
          h('small', {}, time(e.at))),
        h('strong', { class: e.amount < 0 ? 'out' : 'in' }, yuan(e.amount))))),
    h('section', { class: 'card' }, h('h2', {}, t('myPackets')), packetList(packets.items)),
    h('section', { class: 'card' }, h('h2', {}, t('myGrabs')),
      list(grabs.items, (g) => h('li', { class: 'line' },
        h('span', {}, h('a', { href: '#/p/' + g.packetId }, t('from', { id: g.senderId })),
          h('small', {}, time(g.grabbedAt))),
        h('strong', { class: 'in' }, yuan(g.amount))))));
}

export function list(items, row, empty = 'noEntries') {
  return items?.length ? h('ul', { class: 'lines' }, items.map(row)) : h('p', { class: 'hint' }, t(empty));
}

export function packetList(items) {
  return list(items, (p) => h('li', { class: 'line', dataTest: 'packet-item' },
    h('span', {}, h('a', { href: '#/p/' + p.id }, p.greeting || t('packetTitle')),
      h('small', {}, `${p.count - p.remainingCount}/${p.count} · ${t('status' + p.status)} · ${time(p.createdAt)}`)),
    h('strong', {}, yuan(p.totalAmount))));
}

async function myGroups() {
  try {
    return (await get('/api/v1/me/groups')).items ?? [];
  } catch (e) {
    if (e.status === 404) return [];
    throw e;
  }
}

async function groups(root, claims) {
  const name = h('input', { type: 'text', maxlength: 64, required: true, dataTest: 'group-name' });
  const members = h('input', { type: 'text', inputmode: 'numeric', placeholder: '2, 3, 4', dataTest: 'group-members' });
  const box = messageBox('group-message');
  const button = h('button', { type: 'submit', class: 'primary', dataTest: 'create-group' }, t('create'));
  const form = h('form', { class: 'card stack', dataTest: 'group-form', onsubmit: (e) => {
    e.preventDefault();
    const ids = members.value.split(/[\s,，]+/).filter(Boolean);
    if (!ids.every((id) => /^\d+$/.test(id) && Number.isSafeInteger(Number(id)) && Number(id) > 0)) return box.show(t('badMembers'));
    busy(button, async () => {
      const created = await post('/api/v1/groups', { name: name.value, members: ids.map(Number) }, { key: newKey() });
      toast(t('groupCreated', { name: created.name }));
      location.hash = '#/g/' + created.id;
    }, box);
  } }, h('h2', {}, t('createGroup')), field('groupName', name), field('groupMembers', members), button, box);
  const mine = await myGroups();
  root.append(h('section', { class: 'card' }, h('h1', {}, t('groupsTitle')),
    list(mine, (g) => h('li', { class: 'line', dataTest: 'group-item' },
      h('span', {}, h('a', { href: '#/g/' + g.id }, g.name), h('small', {}, `${t('members')}: ${g.members.length}`)),
      h('span', {}, '›')), 'noGroups')), form);
  void claims;
}

async function group(root, claims, id) {
  const g = await get('/api/v1/groups/' + id);
  let packets = [];
  try { packets = (await get(`/api/v1/groups/${id}/packets`)).items ?? []; } catch (e) { if (e.status !== 404) throw e; }
  root.append(h('section', { class: 'card', dataTest: 'group' }, h('h1', {}, g.name),
    h('h2', {}, t('members')),
    h('ul', { class: 'chips', dataTest: 'group-members-list' }, g.members.map((m) => h('li', {},
      m === claims.userId ? `${t('user', { id: m })} (${t('you')})` : t('user', { id: m })))),
    h('a', { class: 'button primary', href: '#/send?group=' + g.id }, t('goSend'))),
  h('section', { class: 'card' }, h('h2', {}, t('groupPackets')), packetList(packets)));
}

async function send(root) {
  const preselect = new URLSearchParams(location.hash.split('?')[1] ?? '').get('group');
  const mine = await myGroups();
  const to = h('select', { dataTest: 'send-to' }, h('option', { value: '' }, t('asLink')),
    mine.map((g) => h('option', { value: g.id, selected: g.id === preselect }, `${g.name} (${g.members.length})`)));
  const total = h('input', { type: 'text', inputmode: 'decimal', required: true, placeholder: '100.00',
    autocomplete: 'off', dataTest: 'send-total' });
  const count = h('input', { type: 'number', min: 1, step: 1, required: true, value: 10, dataTest: 'send-count' });
  const lucky = h('input', { type: 'radio', name: 'type', value: 'RANDOM', id: 'type-lucky', checked: true,
    dataTest: 'send-lucky' });
  const equal = h('input', { type: 'radio', name: 'type', value: 'EQUAL', id: 'type-equal', dataTest: 'send-equal' });
  const greeting = h('input', { type: 'text', maxlength: 100, value: t('defaultGreeting'), dataTest: 'send-greeting' });
  const expiry = h('select', { dataTest: 'send-expiry' },
    h('option', { value: 600 }, t('minutes', { n: 10 })), h('option', { value: 3600 }, t('hour')),
    h('option', { value: 86400, selected: true }, t('hours', { n: 24 })), h('option', { value: 604800 }, t('days', { n: 7 })));
  const box = messageBox('send-message');
  const button = h('button', { type: 'submit', class: 'primary big', dataTest: 'send-submit' }, t('send'));
  const form = h('form', { class: 'card stack send', dataTest: 'send-form', novalidate: true, onsubmit: (e) => {
    e.preventDefault();
    if (button.disabled) return;
    const cents = parseYuan(total.value);
    const shares = Number(count.value);
    if (!cents) return box.show(t('badAmount'));
    if (!Number.isSafeInteger(shares) || shares < 1) return box.show(t('badShares'));
    // One key per submission: a double click or a retry of this very submission sends once.
    const key = newKey();
    busy(button, async () => {
      const packet = await post('/api/v1/packets', {
        totalAmount: cents, count: shares, type: equal.checked ? 'EQUAL' : 'RANDOM', greeting: greeting.value,
        expiresInSeconds: Number(expiry.value), groupId: to.value || null }, { key });
      location.hash = '#/p/' + packet.id;
    }, box, t('sending'));
  } },
  h('h1', {}, t('sendTitle')), field('sendTo', to), field('total', total), field('shares', count),
  h('fieldset', {}, h('legend', {}, t('kind')),
    h('div', { class: 'check' }, lucky, h('label', { for: 'type-lucky' }, t('lucky'))),
    h('div', { class: 'check' }, equal, h('label', { for: 'type-equal' }, t('equal')))),
  field('greeting', greeting), field('expiry', expiry), button, box);
  root.append(form);
}

window.addEventListener('hongbao:unauthenticated', () => { session.clear(); toast(t('errUNAUTHENTICATED')); route(); });
window.addEventListener('hashchange', route);
/** Why the last sign-in with the provider failed, shown on the sign-in page; null when it did not. */
let signInFailure = null;

adoptTokenFromUrl();
translatePage();
finishSignIn().catch((e) => { session.clear(); signInFailure = e.message ?? String(e); }).finally(route);
