// Progressive enhancement of the account area: every form works without this file.
'use strict';
// The page's words for what this file writes (layout.eta: the "words" island), `{{name}}` filled.
const WORDS = JSON.parse(document.getElementById('words')?.textContent || '{}');
const say = (key, vars = {}) => (WORDS[key] ?? key).replace(/{{(\w+)}}/g, (_, v) => vars[v] ?? '');
document.addEventListener('click', async (e) => {
  const button = e.target.closest('[data-copy]');
  if (!button) return;
  const source = document.querySelector(button.dataset.copy);
  const text = source.href || source.textContent;
  try {
    await navigator.clipboard.writeText(text.trim());
    const label = button.textContent;
    button.textContent = say('Copied');
    setTimeout(() => (button.textContent = label), 1500);
  } catch {
    // No clipboard permission: select the text so the person can copy it.
    getSelection().selectAllChildren(source);
  }
});

// A toast confirms what was just done: it can be closed, and leaves by itself after a while
// unless the pointer or the focus is on it (the words stay readable for as long as needed).
document.addEventListener('DOMContentLoaded', () => {
  for (const toast of document.querySelectorAll('.toast')) {
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'secondary';
    close.textContent = '×';
    close.setAttribute('aria-label', say('Close'));
    close.addEventListener('click', () => toast.remove());
    toast.append(close);
    let held = false;
    const hold = (on) => () => (held = on);
    toast.addEventListener('pointerenter', hold(true));
    toast.addEventListener('pointerleave', hold(false));
    toast.addEventListener('focusin', hold(true));
    toast.addEventListener('focusout', hold(false));
    const timer = setInterval(() => {
      if (held) return;
      clearInterval(timer);
      toast.classList.add('leaving');
      setTimeout(() => toast.remove(), 400);
    }, 10_000);
  }
});

// The form's question, or the question of the button that sent it (one form, two actions).
document.addEventListener('submit', (e) => {
  const message = e.submitter?.dataset.confirm ?? e.target.dataset.confirm;
  if (message && !confirm(message)) e.preventDefault();
});

// Charts: a canvas with data-chart="<name>" and a JSON island with id "<name>-data".
document.addEventListener('DOMContentLoaded', () => {
  const canvases = document.querySelectorAll('canvas[data-chart]');
  if (!canvases.length || !window.Chart) return;
  // The theme's accent, whether the system's or the one the reader chose.
  const color = getComputedStyle(document.documentElement).getPropertyValue('--accent').trim();
  for (const canvas of canvases) {
    const data = JSON.parse(document.getElementById(`${canvas.dataset.chart}-data`).textContent);
    new window.Chart(canvas, {
      type: 'bar',
      data: {
        labels: data.labels,
        datasets: [{ label: data.label, data: data.values, backgroundColor: color }],
      },
      options: {
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: false } },
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    });
  }
});

// The country map (jsvectormap): a div with data-map="<name>" and a JSON island
// "<name>-data" of { values: { DE: 12 }, visits: label }; the top list below says the same in words.
document.addEventListener('DOMContentLoaded', () => {
  const box = document.querySelector('[data-map]');
  if (!box || !window.jsVectorMap) return;
  const data = JSON.parse(document.getElementById(`${box.dataset.map}-data`).textContent);
  const css = getComputedStyle(document.documentElement);
  const accent = css.getPropertyValue('--accent').trim();
  new window.jsVectorMap({
    selector: box,
    map: 'world',
    zoomButtons: false,
    regionStyle: { initial: { fill: css.getPropertyValue('--panel').trim() } },
    // A value of 0 (under a code no region has) starts the scale at none: shades grow from zero,
    // and one country alone is not drawn in jsvectormap's broken "all values equal" colour.
    visualizeData: {
      scale: [css.getPropertyValue('--line').trim(), accent],
      values: { ...data.values, '': 0 },
    },
    onRegionTooltipShow(event, tooltip, code) {
      const n = data.values[code] ?? 0;
      tooltip.text(
        `${tooltip.text()}: ${n.toLocaleString(document.documentElement.lang)} ${data.visits}`,
      );
    },
  });
});

// Uploads: each file its own request to the API (as this browser, CSRF token in a header), with
// a progress bar, then its address ready to copy.
const csrf = () => document.querySelector('meta[name="csrf-token"]')?.content ?? '';
// When the last upload of a batch is done, the list below is fetched again and swapped in, so
// the new files show up there (one way to draw the list: the server's).
let uploading = 0;
function uploadEnded() {
  uploading -= 1;
  if (uploading > 0) return;
  fetch(location.href, { credentials: 'same-origin', headers: { Accept: 'text/html' } })
    .then((res) => (res.ok ? res.text() : Promise.reject(new Error(String(res.status)))))
    .then((html) => {
      const fresh = new DOMParser().parseFromString(html, 'text/html').getElementById('file-list');
      const shown = document.getElementById('file-list');
      if (fresh && shown) shown.replaceWith(fresh);
    })
    .catch(() => undefined);
}

// The upload options (domain, slug, password, expiry in UTC, private) as upload fields. Not a
// form of their own: Enter in one of them must not send a password in a page address.
function uploadOptions() {
  const out = [];
  for (const field of document.querySelectorAll('[data-upload-options] [name]')) {
    const { name, value } = field;
    if (value === '' || (field.type === 'checkbox' && !field.checked)) continue;
    out.push([name, name === 'expire_at' ? String(Date.parse(`${value}Z`) / 1000) : value]);
  }
  return out;
}

// Resolves with the new file's id once it is stored (null when it failed). `skip`: option names
// left out (a drop shared as one link gives its slug to the bundle, not to each file).
function upload(file, list, max, skip = []) {
  return new Promise((resolve) => uploadOne(file, list, max, skip, resolve));
}

function uploadOne(file, list, max, skip, resolve) {
  const item = document.createElement('li');
  const name = document.createElement('span');
  name.textContent = file.name || say('pasted file');
  const bar = document.createElement('progress');
  bar.max = 100;
  bar.value = 0;
  bar.setAttribute('aria-label', say('Uploading {{name}}', { name: name.textContent }));
  item.append(name, bar);
  list.append(item);
  const fail = (message) => {
    resolve(null);
    bar.remove();
    const why = document.createElement('p');
    why.className = 'failed';
    why.textContent = `${name.textContent}: ${message}`;
    item.append(why);
  };
  if (max && file.size > max) return fail(say('larger than your plan allows'));
  uploading += 1;
  const body = new FormData();
  body.append('file', file, file.name || 'pasted');
  for (const [name, value] of uploadOptions()) if (!skip.includes(name)) body.append(name, value);
  const xhr = new XMLHttpRequest();
  xhr.open('POST', '/api/v1/file/upload');
  xhr.setRequestHeader('X-CSRF-Token', csrf());
  xhr.responseType = 'json';
  xhr.upload.onprogress = (e) => {
    if (e.lengthComputable) bar.value = Math.round((e.loaded / e.total) * 100);
  };
  xhr.onload = () => {
    if (xhr.status !== 200) return fail(xhr.response?.message ?? `HTTP ${xhr.status}`);
    bar.value = 100;
    bar.setAttribute('aria-label', say('Uploaded {{name}}', { name: name.textContent }));
    const link = document.createElement('a');
    link.href = xhr.response.data.page;
    link.textContent = xhr.response.data.page;
    link.id = `uploaded-${xhr.response.data.file_id}`;
    const copy = document.createElement('button');
    copy.type = 'button';
    copy.textContent = say('Copy');
    copy.dataset.copy = `#${link.id}`;
    copy.setAttribute('aria-label', say('Copy the link to {{name}}', { name: name.textContent }));
    item.append(' ', link, ' ', copy);
    resolve(xhr.response.data.file_id);
  };
  xhr.onloadend = uploadEnded;
  xhr.onerror = () => fail(say('the connection failed'));
  xhr.send(body);
}

function shareAsOne(fileIds, list) {
  if (!fileIds.length) return;
  const options = Object.fromEntries(uploadOptions().filter(([n]) => n !== 'is_private'));
  if (options.expire_at) options.expire_at = Number(options.expire_at);
  const item = document.createElement('li');
  list.append(item);
  fetch('/api/v1/bundles', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf() },
    body: JSON.stringify({ ...options, file_ids: fileIds }),
  })
    .then((res) => res.json().then((body) => ({ ok: res.ok, body })))
    .then(({ ok, body }) => {
      if (!ok) throw new Error(body.message);
      const link = document.createElement('a');
      link.href = body.data.short_url;
      link.textContent = body.data.short_url;
      link.id = `bundle-${body.data.id}`;
      const copy = document.createElement('button');
      copy.type = 'button';
      copy.textContent = say('Copy');
      copy.dataset.copy = `#${link.id}`;
      item.append(say('One link for all: '), link, ' ', copy);
    })
    .catch((e) => {
      item.className = 'failed';
      item.textContent = say('The files could not be shared as one link: {{why}}', {
        why: e.message,
      });
    });
}

document.addEventListener('DOMContentLoaded', () => {
  const zone = document.querySelector('[data-upload]');
  if (!zone) return;
  const list = document.querySelector('.uploads');
  const max = Number(zone.dataset.max);
  const oneLink = document.querySelector('[data-one-link]');
  const send = (files) => {
    files = [...files];
    if (!oneLink?.checked || files.length < 2) return files.forEach((f) => upload(f, list, max));
    // One link for all: the files, then a bundle of those stored, with the drop's options.
    const bundled = ['custom_slug', 'domain', 'password', 'expire_at'];
    Promise.all(files.map((f) => upload(f, list, max, bundled))).then((ids) =>
      shareAsOne(
        ids.filter((id) => id !== null),
        list,
      ),
    );
  };
  zone.querySelector('input[type=file]').addEventListener('change', (e) => {
    send(e.target.files);
    e.target.value = '';
  });
  zone.addEventListener('dragover', (e) => {
    e.preventDefault();
    zone.classList.add('over');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('over'));
  zone.addEventListener('drop', (e) => {
    e.preventDefault();
    zone.classList.remove('over');
    send(e.dataTransfer.files);
  });
  document.addEventListener('paste', (e) => {
    const files = [...(e.clipboardData?.files ?? [])];
    if (files.length) send(files);
  });
});

// Tag inputs (`input[data-tags]`, names separated by commas): the browser's own suggestions
// complete the name being typed, after the ones already given, and leave out those.
document.addEventListener('DOMContentLoaded', () => {
  for (const input of document.querySelectorAll('input[data-tags]')) {
    const list = input.list;
    if (!list) continue;
    const names = [...list.options].map((o) => o.value);
    input.addEventListener('input', () => {
      const cut = input.value.lastIndexOf(',') + 1;
      const before = input.value.slice(0, cut);
      const given = new Set(before.split(',').map((n) => n.trim()));
      const prefix = before ? `${before.trimEnd()} ` : '';
      list.replaceChildren(
        ...names
          .filter((n) => !given.has(n))
          .map((n) => Object.assign(document.createElement('option'), { value: prefix + n })),
      );
    });
  }
});

// Bio page links: ↑ and ↓ move a row; the place numbers (the no-script way) follow, hidden.
document.addEventListener('DOMContentLoaded', () => {
  for (const rows of document.querySelectorAll('[data-bio-rows]')) {
    const renumber = () =>
      rows.querySelectorAll('.bio-row').forEach((row, i) => {
        row.querySelector('.order').value = String(i + 1);
      });
    for (const row of rows.querySelectorAll('.bio-row')) {
      row.querySelector('.move').hidden = false;
      for (const el of row.querySelectorAll('.order, label[for^="lo-"]')) el.hidden = true;
    }
    rows.addEventListener('click', (e) => {
      const button = e.target.closest('[data-move]');
      if (!button) return;
      const row = button.closest('.bio-row');
      const other =
        button.dataset.move === '-1' ? row.previousElementSibling : row.nextElementSibling;
      if (!other || !other.classList.contains('bio-row')) return;
      if (button.dataset.move === '-1') other.before(row);
      else other.after(row);
      renumber();
      button.focus();
    });
  }
});

// Installable: the service worker keeps the offline page (assets/sw.js says what it keeps).
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/assets/sw.js', { scope: '/' }).catch(() => undefined);
}

// The files gallery's lightbox: a tile with data-large opens its picture here, with the one
// before and after (buttons, ← →), instead of the file's page; Esc or Close goes back.
document.addEventListener('DOMContentLoaded', () => {
  const tiles = [...document.querySelectorAll('.gallery a.tile[data-large]')];
  if (!tiles.length || !window.HTMLDialogElement) return;
  const box = document.createElement('dialog');
  box.className = 'lightbox';
  box.innerHTML =
    '<img alt=""><div class="bar"><a></a><span>' +
    '<button type="button" class="secondary" data-step="-1"></button> ' +
    '<button type="button" class="secondary" data-step="1"></button> ' +
    '<button type="button" data-close></button></span></div>';
  const [prev, next, close] = box.querySelectorAll('button');
  prev.textContent = say('Previous file');
  next.textContent = say('Next file');
  close.textContent = say('Close');
  document.body.append(box);
  let at = 0;
  const show = (i) => {
    at = (i + tiles.length) % tiles.length;
    const tile = tiles[at];
    const img = box.querySelector('img');
    img.src = tile.dataset.large;
    img.alt = tile.dataset.name;
    const link = box.querySelector('a');
    link.href = tile.href;
    link.textContent = tile.dataset.name;
    box.setAttribute('aria-label', tile.dataset.name);
  };
  for (const [i, tile] of tiles.entries()) {
    tile.addEventListener('click', (e) => {
      if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
      e.preventDefault();
      show(i);
      box.showModal();
    });
  }
  box.addEventListener('click', (e) => {
    const step = e.target.closest('[data-step]')?.dataset.step;
    if (step) show(at + Number(step));
    else if (e.target.closest('[data-close]') || e.target === box) box.close();
  });
  box.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowLeft') show(at - 1);
    if (e.key === 'ArrowRight') show(at + 1);
  });
});

// Passkeys (webauthn.js: @simplewebauthn/browser): add one on the security page; sign in with
// one on the log-in page, or as the second step. The server's refusal, or the browser's, is
// shown beside the button.
document.addEventListener('click', async (e) => {
  const button = e.target.closest('button[data-passkey]');
  if (!button || !window.SimpleWebAuthnBrowser) return;
  e.preventDefault();
  const { startRegistration, startAuthentication } = window.SimpleWebAuthnBrowser;
  const token = button.dataset.csrf || csrf();
  const post = async (url, body) => {
    const r = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
      body: JSON.stringify(body),
    });
    const answer = await r.json().catch(() => ({}));
    if (!r.ok) throw new Error(answer.message || r.statusText);
    return answer;
  };
  const problem = document.getElementById('passkey-error');
  if (problem) problem.hidden = true;
  button.disabled = true;
  try {
    if (button.dataset.passkey === 'add') {
      const name = document.getElementById('passkey-name')?.value ?? '';
      const optionsJSON = await post('/account/passkeys/options', {});
      const response = await startRegistration({ optionsJSON });
      await post('/account/passkeys', { name, response });
      location.assign('/account/security?passkey=added');
    } else {
      const challenge = button.dataset.challenge || undefined;
      const optionsJSON = await post('/login/passkey/options', { challenge });
      const response = await startAuthentication({ optionsJSON });
      const done = await post('/login/passkey', { response, challenge, next: button.dataset.next });
      location.assign(done.next);
    }
  } catch (err) {
    if (problem) {
      problem.textContent = say('The passkey did not work: {{why}}', { why: err.message });
      problem.hidden = false;
    }
  } finally {
    button.disabled = false;
  }
});

// The UTM builder: the address visitors will reach, shown as its fields are filled.
{
  const preview = document.querySelector('[data-utm-preview]');
  const form = preview?.closest('form');
  if (form) {
    const show = () => {
      try {
        const url = new URL(form.elements.target_url.value);
        for (const f of ['source', 'medium', 'campaign', 'term', 'content']) {
          const v = form.elements[`utm_${f}`].value.trim();
          if (v) url.searchParams.set(`utm_${f}`, v);
        }
        preview.textContent = url.href;
      } catch {
        preview.textContent = '';
      }
    };
    form.addEventListener('input', show);
  }
}
