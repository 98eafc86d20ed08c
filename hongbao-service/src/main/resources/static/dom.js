// A tiny element builder: h('button', {type: 'submit', dataTest: 'send'}, 'Send'). Attributes only, never inline
// styles or handlers in markup (the content security policy forbids both); listeners are attached with on*.
import { t } from './i18n.js';

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) el.addEventListener(name.slice(2).toLowerCase(), value);
    else if (name === 'dataTest') el.dataset.test = value;
    else if (name === 'class') el.className = value;
    else el.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

let nextId = 0;

/** A labelled input: the label names the control for screen readers and is clickable. */
export function field(labelKey, input, hint) {
  input.id ||= 'f' + ++nextId;
  return h('div', { class: 'field' },
    h('label', { for: input.id }, t(labelKey)), input, hint ? h('p', { class: 'hint' }, hint) : null);
}

/** A message box under a form; role=alert so screen readers announce errors. */
export function messageBox(test) {
  const box = h('p', { class: 'message', role: 'alert', dataTest: test, hidden: true });
  box.show = (text, kind = 'error') => {
    box.textContent = text;
    box.className = 'message ' + kind;
    box.hidden = false;
    // On a phone the message may sit below the fold or under the tab bar (scroll-margin in app.css).
    box.scrollIntoView({ block: 'nearest' });
  };
  box.clear = () => { box.hidden = true; box.textContent = ''; };
  return box;
}

export function time(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString(undefined, {
    month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

let toastTimer;
export function toast(text) {
  const el = document.querySelector('.toast');
  el.textContent = text;
  el.classList.add('shown');
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove('shown'), 2500);
}
